"""The graph's nodes: read the message, interview, run the deterministic tools, answer.

Each node takes the typed state (`bot.state`) and returns the keys it changes; the first node,
`understand`, upgrades a checkpoint written before the state was typed. One node, `compute`, calls the
estimator once per turn that needs numbers; the recommendation it returns carries the filled workload,
the only source of users, charts and follow-ups. Tools are plain function calls on validated models (no LLM picks them); the SLM, when
configured, only reads facts the parser missed and rewords questions/summaries behind a guard. A node
that fails raises, the checkpointer keeps the previous state, and the engine answers with an error
line: a bad message never corrupts a conversation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import ValidationError

from bot.interview import next_question, question_text
from bot.llm.base import LanguageModel
from bot.nlu import HardwareMatcher, ModelLookup, check_fact, parse_message
from bot.nlu.lang import chinese_script, script_evidence
from bot.nlu.parser import MAX_MESSAGE_CHARS
from bot.nlu.validate import Problem
from bot.prompts.templates import t
from bot.render_text import (
    calibration_rows,
    fact_phrase,
    fact_phrases,
    join_list,
    recommendation_changes,
    recommendation_headline,
    render_recommendation,
    slot_changes,
    slot_name,
)
from bot.state import (
    Computed,
    ConversationState,
    HardwareRef,
    ProblemRef,
    TurnReading,
    TurnReply,
    facts_from,
    facts_of,
    stated,
    turn_of,
    upgrade,
)
from estimator.catalog import Catalog
from estimator.errors import SiliconsultError
from estimator.evaluate import evaluate_option
from estimator.schemas import Option, Recommendation
from estimator.workload import Workload


class RecommendFn(Protocol):
    """`estimator.recommend.recommend`: sentences in `lang` (en, zh-Hans, zh-Hant)."""

    def __call__(self, workload: Workload, catalog: Catalog, *, lang: str = "en") -> Recommendation: ...


class FillDefaultsFn(Protocol):
    """`estimator.assume.fill_defaults`: the assumption notes in `lang`."""

    def __call__(self, workload: Workload, *, lang: str = "en") -> tuple[Workload, list[str]]: ...

class EvaluateFn(Protocol):
    """`estimator.evaluate.evaluate_option`: one device at the count the user named, judged on the targets."""

    def __call__(self, workload: Workload, catalog: Catalog, hardware_id: str, count: int | None = None, *,
                 lang: str = "en") -> Option: ...


ExtractFn = Callable[[str, dict[str, Any], str], dict[str, Any]]  # text, known slots, lang → facts
PhraseFn = Callable[[str, str, str, str], str]  # template, grounding, lang, purpose → text


@dataclass
class Deps:
    """Collaborators of the nodes, built once by the composition root (`bot.wiring`)."""

    catalog: Catalog
    recommend: RecommendFn
    # Unused by the graph since the compute step fills defaults once (inside `recommend`); accepted so
    # callers that wire it keep working.
    fill_defaults: FillDefaultsFn | None = None
    find_model: ModelLookup | None = None
    extract: ExtractFn | None = None
    phrase: PhraseFn | None = None
    hardware: HardwareMatcher | None = None
    evaluate: EvaluateFn = evaluate_option

    def __post_init__(self) -> None:
        if self.hardware is None:
            self.hardware = HardwareMatcher(self.catalog.hardware)


def model_helpers(model: LanguageModel | None) -> tuple[ExtractFn | None, PhraseFn | None]:
    """The SLM's two uses as plain callables (None without a model)."""
    if model is None:
        return None, None
    from bot.llm.extract import extract_workload_facts
    from bot.llm.phrasing import phrase_reply

    def extract(text: str, known: dict[str, Any], lang: str) -> dict[str, Any]:
        return extract_workload_facts(model, text, known, lang)

    def phrase(template: str, grounding: str, lang: str, purpose: str) -> str:
        return phrase_reply(model, template, grounding, lang, purpose)

    return extract, phrase


def make_reply(state: ConversationState, text: str, **extra: Any) -> TurnReply:
    """This turn's reply without the facts and recommendation (the engine adds those from the state)."""
    return TurnReply(text=text, lang=state.get("lang") or "en", intent=turn_of(state).intent, **extra)


def answer(state: ConversationState, text: str, **extra: Any) -> dict[str, Any]:
    """The update of a node that answers the turn: commits this turn's facts and sets the reply."""
    return {"slots": facts_of(state), "reply": make_reply(state, text, **extra)}


def _notices(turn: TurnReading, lang: str) -> list[str]:
    return [t("truncated", lang, limit=MAX_MESSAGE_CHARS)] if turn.truncated else []


def _thread_lang(current: str | None, detected: str | None, text: str) -> str:
    """Switch language only on a clear signal: a Chinese thread stays Chinese on "Q4_K_M, 8k context"."""
    if detected is None:
        return current or "en"
    if current and current.startswith("zh"):
        if detected == "en" and len(text.split()) < 5:
            return current
        # One script-specific character is weak evidence: a Traditional thread's "直接推荐" (the
        # eval runner's fixed Simplified phrase) or a single variant form must not flip its script.
        if detected.startswith("zh") and (chinese_script(text) is None or script_evidence(text) < 2):
            return current
    return detected


def _understood(turn: TurnReading, lang: str) -> str:
    """"Understood: Llama 3 8B (8.03B model), 200 concurrent users.": the facts this message gave."""
    phrases = fact_phrases(turn.facts, lang)
    if turn.model_name and "model_params_b" in turn.facts:  # show where the size came from
        phrases[0] = f"{turn.model_name} ({phrases[0]})"
    return t("understood", lang, facts=join_list(phrases, lang))


def _correction_note(turn: TurnReading, slots: dict[str, Any], lang: str) -> list[str]:
    changed = slot_changes(stated(turn.previous_slots), slots, lang)
    return [t("corrected", lang, changes=join_list(changed, lang))] if changed else []


class Nodes:
    """The interview and tool nodes, closed over the deps (follow-ups: `bot.followups`)."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    # --- reading -----------------------------------------------------------------------------------
    def understand(self, state: ConversationState) -> dict[str, Any]:
        state = upgrade(state)  # a checkpoint from before the typed state: validated once, here
        previous = state.get("slots") or facts_from({})
        slots = stated(previous)
        parsed = parse_message(state.get("message") or "", pending_slot=state.get("pending_slot"),
                               find_model=self.deps.find_model, hardware=self.deps.hardware)
        lang = _thread_lang(state.get("lang"), parsed.lang, parsed.text)
        facts, problems = dict(parsed.facts), list(parsed.problems)
        for slot, factor in parsed.relative.items():  # "what if users double?" scales the known value
            if slot not in facts and slots.get(slot):
                facts[slot] = max(1, round(slots[slot] * factor))
        if not (facts or problems or parsed.hardware or parsed.is_empty) and set(parsed.intents) <= _MODEL_MAY_READ:
            facts.update(self._model_facts(parsed.text, slots, lang))
        merged = _merge(slots, facts)
        invalid = _contract_problems(merged)
        merged_facts = facts_from(merged) if facts and not invalid else None
        problems += invalid
        turn = TurnReading(
            text=parsed.text, truncated=parsed.truncated, empty=parsed.is_empty, blank=parsed.is_blank, facts=facts,
            problems=[ProblemRef(slot=p.slot, value=p.value, low=p.low, high=p.high, reason=p.reason) for p in problems],
            intents=parsed.intents, correction=parsed.correction,
            hardware=[HardwareRef(hardware_ids=list(h.hardware_ids), kind=h.kind, count=h.count, alias=h.alias)
                      for h in parsed.hardware],
            gpu_count=parsed.gpu_count, model_name=parsed.model_name, previous_slots=previous,
            # A problem with one value keeps the message's other facts (issue 14: facts are never lost).
            merged=merged_facts,
        )
        persistent = {k: state[k] for k in ("slots", "recommendation", "rec_slots") if k in state}  # type: ignore[literal-required]
        return {**persistent, "turn": turn, "lang": lang, "computed": None, "reply": None}

    def _model_facts(self, text: str, slots: dict[str, Any], lang: str) -> dict[str, Any]:
        """What the SLM reads where the parser read nothing; re-checked here, since model output is untrusted."""
        if self.deps.extract is None:
            return {}
        return {slot: value for slot, value in self.deps.extract(text, slots, lang).items()
                if check_fact(slot, value) is None}

    # --- interview ---------------------------------------------------------------------------------
    def ask(self, state: ConversationState) -> dict[str, Any]:
        turn, lang = turn_of(state), state.get("lang") or "en"
        slots, asked = stated(facts_of(state)), list(state.get("asked") or [])
        parts = _notices(turn, lang)
        if turn.intent in ("greeting", "help") and not turn.facts:
            parts.append(t("intro", lang))
        elif turn.correction and turn.previous_slots:
            parts += _correction_note(turn, slots, lang) or [_understood(turn, lang)]
        elif turn.facts:
            parts.append(_understood(turn, lang))
        elif turn.intent == "dont_know":
            parts.append(t("skip_ok", lang))
        slot = next_question(slots, asked)
        if slot is None:
            return answer(state, "\n".join([*parts, t("intro", lang)]))
        question = question_text(slot, slots, lang)
        if self.deps.phrase is not None:  # the SLM may reword the question; the examples stay as written
            mark = "？" if lang.startswith("zh") else "?"
            head, _, examples = question.partition(mark)
            grounding = "\n".join([question, *fact_phrases(slots, lang)])
            question = self.deps.phrase(head + mark, grounding, lang, "question") + examples
        parts.append(question)
        return {"asked": [*asked, slot], "pending_slot": slot, **answer(state, "\n".join(parts), asked_slot=slot)}

    def clarify(self, state: ConversationState) -> dict[str, Any]:
        turn, lang = turn_of(state), state.get("lang") or "en"
        parts = _notices(turn, lang)
        kept = bool(turn.problems and turn.facts and turn.merged is not None)
        if kept:  # the other facts of the message are kept: say which
            parts.append(_understood(turn, lang))
        for problem in turn.problems:
            parts.append(_problem_text(problem, lang))
        if turn.problems and not kept:
            parts.append(t("unchanged", lang))
        else:
            hint = self._hint(state, lang)
            parts.append(t("empty" if turn.blank else "not_understood", lang, hint=hint))
        pending = state.get("pending_slot")
        return answer(state, "\n".join(parts), asked_slot=pending, suggestions=_suggestions(state, lang))

    def _hint(self, state: ConversationState, lang: str) -> str:
        if state.get("recommendation"):
            return t("followup_hint", lang)
        pending = state.get("pending_slot")
        return t("q." + pending, lang) if pending else t("intro", lang)

    def reset(self, state: ConversationState) -> dict[str, Any]:
        lang = state.get("lang") or "en"
        turn = turn_of(state)
        kept = turn.facts if turn.merged is not None else {}  # "start over: a 13B model for 50 people"
        cleared: dict[str, Any] = {"slots": facts_from(kept), "asked": [], "pending_slot": None, "recommendation": None,
                                   "rec_slots": None, "echoed": False}
        text = "\n".join([t("reset", lang), t("intro", lang)])
        return {**cleared, "reply": make_reply(state, text)}

    # --- tools -------------------------------------------------------------------------------------
    def compute(self, state: ConversationState) -> dict[str, Any]:
        """The turn's one call of the estimator: it fills the defaults, sizes and ranks the options."""
        try:
            rec = self.deps.recommend(facts_of(state), self.deps.catalog, lang=state.get("lang") or "en")
        except SiliconsultError as exc:
            return {"computed": Computed(error=exc.user_message)}
        return {"computed": Computed(recommendation=rec)}

    def respond(self, state: ConversationState) -> dict[str, Any]:
        turn, lang = turn_of(state), state.get("lang") or "en"
        facts = facts_of(state)
        slots = stated(facts)
        computed = state.get("computed") or Computed()
        parts = _notices(turn, lang)
        new = computed.recommendation
        if new is None:
            parts.append(computed.error or t("rec.none", lang))
            return answer(state, "\n".join(parts))
        old = state.get("recommendation")
        changes = slot_changes(stated(state.get("rec_slots")), slots, lang) + recommendation_changes(old, new, lang)
        understood = [] if state.get("echoed") else fact_phrases(slots, lang)
        users = filled_workload(new).concurrent_users
        provenance = calibration_rows(new, self.deps.catalog)
        body = render_recommendation(new, lang, users=users, understood=understood, changes=changes,
                                     provenance=provenance)
        if self.deps.phrase is not None and new.primary is not None:
            # The SLM may reword the headline only, grounded on the whole computed reply.
            headline = self.deps.phrase(recommendation_headline(new, lang), body, lang, "summary")
            body = render_recommendation(new, lang, users=users, understood=understood, changes=changes,
                                         provenance=provenance, headline=headline)
        if old is not None and not changes:
            parts.append(t("rec.no_change", lang))
        parts.append(body)
        if old is None:
            parts.append(t("rec.followups", lang, hint=t("followup_hint", lang)))
        return {"recommendation": new, "rec_slots": facts, "echoed": True, "pending_slot": None, "computed": None,
                **answer(state, "\n".join(parts), changes=changes,
                         suggestions=_suggestions({**state, "recommendation": new}, lang))}


def filled_workload(rec: Recommendation, facts: Workload | None = None) -> Workload:
    """The workload the recommendation was computed for, defaults filled (users, quantization, targets).

    `facts` stand in for a recommendation stored without its workload (an old checkpoint)."""
    if rec.workload:
        return Workload.model_validate(rec.workload)
    return facts if facts is not None else Workload()


# Turns whose intent words leave room for facts the parser missed ("what if the whole floor joins?").
_MODEL_MAY_READ = {"what_if", "greeting"}


_SINGLE_USER_SCALES = ("personal", "edge")


def _merge(slots: dict[str, Any], facts: dict[str, Any]) -> dict[str, Any]:
    """The facts after this message. The newer statement wins a contradiction: "it's just for me" after
    "200 users" forgets the head count, "200 users" after "personal use" forgets the scale."""
    merged = {**slots, **facts}
    single = merged.get("deployment_scale") in _SINGLE_USER_SCALES
    if single and (merged.get("concurrent_users") or 1) > 1:
        if "deployment_scale" in facts and "concurrent_users" not in facts:
            for slot in ("concurrent_users", "total_users"):
                merged.pop(slot, None)
        elif "concurrent_users" in facts and "deployment_scale" not in facts:
            merged.pop("deployment_scale")
    return merged


def _contract_problems(facts: dict[str, Any]) -> list[Problem]:
    """A combination of facts the Workload contract rejects: one problem for the first bad field."""
    try:
        Workload.model_validate(facts)
    except ValidationError as exc:
        where = exc.errors()[0]["loc"] if exc.errors() else ()
        slot = str(where[0]) if where else "workload"
        return [Problem(slot, facts.get(slot))]
    return []


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def _problem_text(problem: ProblemRef, lang: str) -> str:
    what = slot_name(problem.slot, lang)
    if problem.reason == "currency":
        return t("problem.currency", lang)
    if problem.reason == "conflict":
        values = problem.value if isinstance(problem.value, list) else [problem.value]
        return t("problem.conflict", lang, what=what, values=" / ".join(fact_phrase(problem.slot, v, lang) for v in values))
    low = "" if problem.low is None else _fmt(problem.low)
    high = "∞" if problem.high is None else _fmt(problem.high)
    return t("problem.range", lang, what=what, value=_fmt(problem.value), range=f"{low} – {high}")


_SUGGESTIONS = {
    "en": ("What if {users} concurrent users?", "Explain the cost", "What are the risks?", "Why not an NPU?"),
    "zh-Hans": ("如果增加到 {users} 人同时在线呢？", "解释成本", "有什么风险？", "为什么不用 NPU？"),
    "zh-Hant": ("如果增加到 {users} 人同時在線呢？", "解釋成本", "有什麼風險？", "為什麼不用 NPU？"),
}


def _suggestions(state: ConversationState, lang: str) -> list[str]:
    """Follow-up prompts a UI can offer as buttons (empty while interviewing); each one the parser reads."""
    rec = state.get("recommendation")
    if rec is None:
        return []
    users = filled_workload(rec, facts_of(state)).concurrent_users or 1
    return [s.format(users=users * 2) for s in _SUGGESTIONS.get(lang, _SUGGESTIONS["en"])]


__all__ = ["Deps", "EvaluateFn", "ExtractFn", "FillDefaultsFn", "Nodes", "PhraseFn", "RecommendFn", "answer", "filled_workload",
           "make_reply", "model_helpers"]
