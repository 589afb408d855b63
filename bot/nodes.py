"""The graph's deciding nodes: read the message, interview, run the deterministic tools.

Each node takes the typed state (`bot.state`) and returns the keys it changes; the first node,
`understand`, upgrades a checkpoint written before the state was typed. One node, `compute`, calls
the estimator once per turn that needs numbers; the recommendation it returns carries the filled
workload, the only source of users, charts and follow-ups. A node that answers the turn leaves a
typed outcome (`bot/outcomes.py`) and writes no sentence: the graph's last node (`bot/wording/outcomes.py`)
words it once. Tools are plain function calls on validated models (no LLM picks them); the SLM, when
configured, only reads facts the parser missed and rewords questions/summaries behind a guard. A
node that fails raises, the checkpointer keeps the previous state, and the engine answers with an
error line: a bad message never corrupts a conversation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import ValidationError

from bot.interview import LOAD_SLOTS, next_question
from bot.llm.base import LanguageModel
from bot.nlu import HardwareMatcher, ModelLookup, ParseResult, check_fact, parse_message
from bot.nlu.lang import chinese_script, script_evidence
from bot.nlu.validate import Problem, SlotValues
from bot.outcomes import Clarification, NoRecommendation, Outcome, Question, Recommended, Reset
from bot.settings import READING_BUDGET_S
from bot.state import (
    MODEL_FACTS,
    MODEL_OPTION,
    Computed,
    ConversationState,
    HardwareRef,
    ProblemRef,
    TurnReading,
    facts_from,
    facts_of,
    interview_facts,
    stated,
    turn_of,
    unsized_model,
    upgrade,
)
from bot.wording import error_text
from estimator.advice.evaluate import evaluate_option
from estimator.advice.options import preferred_model, weigh
from estimator.catalog import Catalog
from estimator.errors import SiliconsultError
from estimator.physics.model_shape import implied_facts
from estimator.said import Said
from estimator.schemas import Option, Recommendation
from estimator.workload import Workload


class RecommendFn(Protocol):
    """`estimator.advice.recommend.recommend`: findings, worded where they are shown (`bot.wording`)."""

    def __call__(self, workload: Workload, catalog: Catalog) -> Recommendation: ...


class FillDefaultsFn(Protocol):
    """`estimator.advice.assume.fill_defaults`: the filled workload and its assumptions (findings)."""

    def __call__(self, workload: Workload, catalog: Catalog) -> tuple[Workload, list[Said]]: ...

class EvaluateFn(Protocol):
    """`estimator.advice.evaluate.evaluate_option`: one device at the count the user named, judged on the targets."""

    def __call__(self, workload: Workload, catalog: Catalog, hardware_id: str, count: int | None = None) -> Option: ...


class ExtractFn(Protocol):
    """The model's reading job (`bot.llm.extract.extract_workload_facts`): text, known slots, lang →
    facts; `parsed` what the parser read in this message, `answering` the pending question's field."""

    def __call__(self, text: str, known: SlotValues, lang: str, *, parsed: SlotValues | None = None,
                 answering: str | None = None) -> SlotValues: ...


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
            self.hardware = HardwareMatcher(self.catalog.hardware, self.catalog.host_chassis)


# The reading job bounds its own call (`settings.READING_BUDGET_S`, its share of a model turn's 1.5 s): a
# turn never waits longer for the model, which on timeout reads nothing, and the parser's facts stand.
READING_TIMEOUT_S = READING_BUDGET_S
# Fields per reading: each costs ~10 output tokens (~0.6 s for the bundled model on a loaded 2-core machine).
READING_MAX_FIELDS = 2


def model_helpers(model: LanguageModel | None, *, reading_timeout_s: float = READING_TIMEOUT_S,
                  phrasing: bool = False) -> tuple[ExtractFn | None, PhraseFn | None]:
    """The SLM's two uses as plain callables (None without a model; phrasing None unless asked for)."""
    if model is None:
        return None, None
    from bot.llm.extract import extract_workload_facts
    from bot.llm.phrasing import phrase_reply

    def extract(text: str, known: SlotValues, lang: str, *, parsed: SlotValues | None = None,
                answering: str | None = None) -> SlotValues:
        return extract_workload_facts(model, text, known, lang, parsed=parsed, answering=answering,
                                      timeout_s=reading_timeout_s, max_fields=READING_MAX_FIELDS)

    def phrase(template: str, grounding: str, lang: str, purpose: str) -> str:
        return phrase_reply(model, template, grounding, lang, purpose)

    return extract, phrase if phrasing else None


def decided(state: ConversationState, outcome: Outcome) -> ConversationState:
    """The update of a node that decides the turn: commits this turn's facts and leaves the outcome
    for the wording step (`bot/wording/outcomes.py`)."""
    return {"slots": facts_of(state), "outcome": outcome}


_PLAIN_WORD = re.compile(r"(?<![\w.])[A-Za-z][a-z]+(?![\w.])")  # "context", "What"; not "KV", "FP8"


def _thread_lang(current: str | None, detected: str | None, text: str) -> str:
    """Switch language only on a clear signal: a Chinese thread stays Chinese on "Q4_K_M, 8k context"."""
    if detected is None:
        return current or "en"
    if current and current.startswith("zh"):
        # "Q4_K_M, 8k context" is shorthand, not English; "what are the risks?" is a sentence in English,
        # answered in English: three or more plain words (letters only) make a short message a sentence.
        if detected == "en" and len(text.split()) < 5 and len(_PLAIN_WORD.findall(text)) < 3:
            return current
        # One script-specific character is weak evidence: a Traditional thread's "直接推荐" (the
        # eval runner's fixed Simplified phrase) or a single variant form must not flip its script.
        if detected.startswith("zh") and (chinese_script(text) is None or script_evidence(text) < 2):
            return current
    return detected


class Nodes:
    """The interview and tool nodes, closed over the deps (follow-ups: `bot.followups`)."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    # --- reading -----------------------------------------------------------------------------------
    def understand(self, state: ConversationState) -> ConversationState:
        state = upgrade(state)  # a checkpoint from before the typed state: validated once, here
        previous = state.get("slots") or facts_from({})
        slots = stated(previous)
        line = _line_taken(slots)
        parsed = parse_message(state.get("message") or "", pending_slot=state.get("pending_slot"),
                               find_model=self.deps.find_model, hardware=self.deps.hardware,
                               batch_job=slots.get("arrival_pattern") == "batch", device_line=line,
                               rates=self.deps.catalog.fx_rates, shapes=self.deps.catalog.request_shapes)
        lang = _thread_lang(state.get("lang"), parsed.lang, parsed.text)
        facts, problems = dict(parsed.facts), list(parsed.problems)
        if state.get("recommendation") is None and "named_devices" not in facts:
            facts.update(_devices_to_weigh(parsed))
        if line is not None:
            _answer_line(facts, slots)
        for slot, factor in parsed.relative.items():  # "what if users double?" scales the known value
            known = slots.get(slot, _recommended_capex(state) if slot == "budget_usd" else None)
            if slot not in facts and isinstance(known, int | float) and known:
                # a count stays a whole number (at least one); a rate, volume or budget keeps its fraction
                facts[slot] = max(1, round(known * factor)) if isinstance(known, int) else known * factor
        for slot, source in parsed.same_as.items():  # "every request uses the full context": prompt = context
            rec = state.get("recommendation")
            known = facts.get(source, slots.get(source, getattr(rec.workload, source, None) if rec else None))
            if slot not in facts and isinstance(known, int | float) and known:
                facts[slot] = known
        for slot, amount in parsed.added.items():  # "50 more users" adds to it
            known = slots.get(slot, _ADDED_TO_DEFAULT.get(slot))
            if slot not in facts and isinstance(known, int | float) and known:
                facts[slot] = round(known + amount)
        if parsed.unqualified_users:
            _headcount_keeps_its_share(facts, slots)
        _grow_total_with_peak(facts, slots)
        if self._model_may_read(parsed, slots, facts, problems, state.get("pending_slot")):
            # The model reads what the parser left: the pending question's answer, unread numbers.
            read = self._model_facts(parsed.text, slots, lang, facts, state.get("pending_slot"))
            facts.update({slot: value for slot, value in read.items() if slot not in facts})
        merged = _merge(slots, facts)
        invalid = _contract_problems(merged)
        merged_facts = facts_from(merged) if facts and not invalid else None
        problems += invalid
        turn = TurnReading(
            text=parsed.text, truncated=parsed.truncated, empty=parsed.is_empty, blank=parsed.is_blank, facts=facts,
            problems=[ProblemRef(slot=p.slot, value=p.value, low=p.low, high=p.high, reason=p.reason, unit=p.unit) for p in problems],
            intents=parsed.intents, correction=parsed.correction,
            hardware=[HardwareRef(hardware_ids=list(h.hardware_ids), kind=h.kind, count=h.count, alias=h.alias,
                                  vendor=h.vendor)
                      for h in parsed.hardware],
            gpu_count=parsed.gpu_count, more_devices=parsed.more_devices, model_name=parsed.model_name,
            unknown_model=parsed.unknown_model,
            previous_slots=previous,
            # A problem with one value keeps the message's other facts (facts are never lost).
            merged=merged_facts,
            implied=implied_facts(merged_facts if merged_facts is not None else previous, self.deps.catalog),
        )
        update: ConversationState = {"turn": turn, "lang": lang, "computed": None, "outcome": None, "reply": None}
        if parsed.options:  # "FP8 or INT4?": each value is sized when the recommendation is computed
            update["weighing"] = parsed.options
        elif any((MODEL_FACTS[0] if slot == MODEL_OPTION else slot) in facts for slot in state.get("weighing") or {}):
            update["weighing"] = None  # the user settled the choice
        if parsed.unknown_model and "model_params_b" not in facts:
            update["unsized_model"] = parsed.unknown_model  # asked for by name before anything is sized
        elif "model_params_b" in facts or parsed.model_name:
            update["unsized_model"] = None
        if state.get("recommendation") is None and "explain_cloud" in parsed.intents:
            update["rent_asked"] = True  # answered with the first recommendation (`words._recommended`)
        # The upgraded persistent values are written back, so the following nodes see models.
        if "slots" in state:
            update["slots"] = state["slots"]
        if "recommendation" in state:
            update["recommendation"] = state["recommendation"]
        if "rec_slots" in state:
            update["rec_slots"] = state["rec_slots"]
        return update

    def _model_may_read(self, parsed: ParseResult, slots: SlotValues, facts: SlotValues, problems: list[Problem],
                        pending: str | None) -> bool:
        """Whether the model has something to read: the parser read nothing, or it left the pending
        question unanswered or a number that a field's words claim (`fields_to_read`)."""
        if self.deps.extract is None or problems or parsed.hardware or parsed.is_empty:
            return False
        if not set(parsed.intents) <= _MODEL_MAY_READ:
            return False
        from bot.llm.extract import fields_to_read

        return not facts or bool(fields_to_read(parsed.text, slots, facts, pending))

    def _model_facts(self, text: str, slots: SlotValues, lang: str, parsed: SlotValues,
                     pending: str | None) -> SlotValues:
        """What the SLM reads that the parser did not; re-checked here, since model output is untrusted."""
        if self.deps.extract is None:
            return {}
        read = self.deps.extract(text, slots, lang, parsed=parsed, answering=pending)
        return {slot: value for slot, value in read.items() if check_fact(slot, value) is None}

    # --- interview ---------------------------------------------------------------------------------
    def ask(self, state: ConversationState) -> ConversationState:
        asked = list(state.get("asked") or [])
        pending, turn = state.get("pending_slot"), turn_of(state)
        if name := unsized_model(state):  # never sized with a default: its size is asked for, by name, until given
            return {"asked": list(dict.fromkeys([*asked, "model_params_b"])), "pending_slot": "model_params_b",
                    **decided(state, Question(slot="model_params_b", model_name=name))}
        if pending and turn.intent in ("compare", "why_not") and pending not in interview_facts(state):
            # "why not an NPU?" instead of an answer: the open question again (it was not answered, nor skipped)
            return decided(state, Question(slot=pending))
        slot = next_question(interview_facts(state), asked)
        if slot is None:
            return decided(state, Question())
        return {"asked": [*asked, slot], "pending_slot": slot, **decided(state, Question(slot=slot))}

    def clarify(self, state: ConversationState) -> ConversationState:
        update = decided(state, Clarification())
        vague = [p for p in turn_of(state).problems if p.reason == "vague"]
        if vague:  # "几十个人": the question names the count, so a bare "about 40" answers it
            update["pending_slot"] = vague[0].slot
        return update

    def reset(self, state: ConversationState) -> ConversationState:
        turn = turn_of(state)
        kept = turn.facts if turn.merged is not None else {}  # "start over: a 13B model for 50 people"
        return {"slots": facts_from(kept), "asked": [], "pending_slot": None, "recommendation": None,
                "rec_slots": None, "rec_lang": None, "echoed": False, "rent_asked": False, "unsized_model": None,
                "outcome": Reset()}

    # --- tools -------------------------------------------------------------------------------------
    def compute(self, state: ConversationState) -> ConversationState:
        """The turn's one call of the estimator: it fills the defaults, sizes and ranks the options."""
        lang = state.get("lang") or "en"
        try:
            weighing = {slot: values for slot, values in (state.get("weighing") or {}).items() if len(values) > 1}
            if weighing:
                return {"computed": self._weighed(facts_of(state), weighing)}
            rec = self.deps.recommend(facts_of(state), self.deps.catalog)
        except SiliconsultError as exc:
            return {"computed": Computed(error=error_text(exc, lang))}
        return {"computed": Computed(recommendation=rec)}

    def _weighed(self, facts: Workload, weighing: dict[str, list[Any]]) -> Computed:
        """The question inside the question: the workload sized once per value of the fact asked about (the
        first such fact), side by side; the recommendation is the chosen value's (`estimator.advice.options`)."""
        slot, values = next(iter(weighing.items()))
        if slot == MODEL_OPTION:  # "32B or 70B?": each model with its own shape, the rest of the workload alike
            base = {k: v for k, v in stated(facts).items() if k not in MODEL_FACTS}
            runs = [(str(value["label"]), self.deps.recommend(
                facts_from({**base, **{k: v for k, v in value.items() if k in MODEL_FACTS}}), self.deps.catalog))
                for value in values]
            target = next((i for i, value in enumerate(values) if value.get("target")), None)
            # "either will do": the purchase decides, on cost per served token (`chosen_index`); else the model the
            # lead moves to or the larger, whose hardware serves either
            either = target is None and any(value.get("either") for value in values)
            options, index = weigh(slot, runs, preferred=None if either else preferred_model(
                [v["model_params_b"] for v in values], target))
            return Computed(recommendation=runs[index][1], weighed=options)
        runs = [(str(value), self.deps.recommend(facts_from({**stated(facts), slot: value}), self.deps.catalog))
                for value in values]
        options, index = weigh(slot, runs, accuracy_critical=bool(facts.accuracy_critical))
        return Computed(recommendation=runs[index][1], weighed=options)

    def respond(self, state: ConversationState) -> ConversationState:
        """The computed recommendation becomes the current one; the outcome keeps what it replaces."""
        computed = state.get("computed") or Computed()
        new = computed.recommendation
        if new is None:
            return decided(state, NoRecommendation(error=computed.error))
        outcome = Recommended(previous=state.get("recommendation"), previous_slots=state.get("rec_slots"),
                              echo=not state.get("echoed"), weighed=computed.weighed)
        return {"recommendation": new, "rec_slots": facts_of(state), "rec_lang": state.get("lang") or "en",
                "echoed": True, "pending_slot": None, "weighing": None,
                "computed": None, **decided(state, outcome)}


def filled_workload(rec: Recommendation, facts: Workload | None = None) -> Workload:
    """The workload the recommendation was computed for, defaults filled (users, quantization, targets).

    `facts` stand in for a recommendation stored without its workload (an old checkpoint)."""
    if rec.workload:
        return Workload.model_validate(rec.workload)
    return facts if facts is not None else Workload()


def _recommended_capex(state: ConversationState) -> float | None:
    """"Budget got cut in half" before any budget was stated halves the money the thread is about: what the
    recommendation's primary option costs to buy."""
    rec = state.get("recommendation")
    primary = rec.primary if rec is not None else None
    return primary.capex_usd if primary is not None and primary.capex_usd else None


def _headcount_keeps_its_share(facts: SlotValues, slots: SlotValues) -> None:
    """"What if 500 users?" in a thread that stated a head count and a smaller peak ("200 engineers, 40 at once"):
    the count is the head count (the noun the thread used for everyone), and at the same use per person the
    peak keeps its share of it (Little's law: streams scale with arrivals, arrivals with people)."""
    count, total, peak = facts.get("total_users"), slots.get("total_users"), slots.get("concurrent_users")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (count, total, peak)):
        return
    assert isinstance(count, int) and isinstance(total, int) and isinstance(peak, int)
    if 1 <= peak < total and facts.get("concurrent_users") == count:
        facts["concurrent_users"] = max(1, round(count * peak / total))


def _grow_total_with_peak(facts: SlotValues, slots: SlotValues) -> None:
    """A peak scaled or added to ("users double", "50 more users") grows the head count in total by as
    much when this message says nothing of it: never fewer people in total than at once."""
    peak, total, before = facts.get("concurrent_users"), slots.get("total_users"), slots.get("concurrent_users")
    if "total_users" in facts or not all(isinstance(v, int | float) for v in (peak, total, before)):
        return
    assert isinstance(peak, int | float) and isinstance(total, int | float) and isinstance(before, int | float)
    if peak > total:
        facts["total_users"] = round(total + (peak - before)) if total >= before else round(peak)


def _line_taken(slots: SlotValues) -> tuple[bool, bool] | None:
    """(owned, asked about) when the thread took a product line named without its chip or memory ("a MacBook
    Pro") as one configuration: the reply asked which it is, so the next device named answers it."""
    owned, named = (any(isinstance(d, Mapping) and d.get("line") for d in _devices(slots, slot))
                    for slot in ("owned_devices", "named_devices"))
    return (owned, named) if owned or named else None


def _devices(facts: SlotValues, slot: str) -> list[Any]:
    """The owned or asked-about devices of the facts (a list of mappings; anything else is none)."""
    devices = facts.get(slot)
    return list(devices) if isinstance(devices, list) else []


def _answer_line(facts: SlotValues, slots: SlotValues) -> None:
    """"It's an M4 Max with 128GB": the device named replaces the configuration the line was taken as, in both
    lists it stood in (owned and asked about), keeping the count said before."""
    answer = next(iter(_devices(facts, "owned_devices") or _devices(facts, "named_devices")), None)
    if not isinstance(answer, Mapping) or not answer.get("hardware_id") or answer.get("line"):
        return
    for slot in ("owned_devices", "named_devices"):
        before = _devices(slots, slot)
        if any(isinstance(d, Mapping) and d.get("line") for d in before):
            facts[slot] = [{**{k: v for k, v in answer.items() if k in _DEVICE_KEYS[slot]}, "count": d.get("count", 1)}
                           if isinstance(d, Mapping) and d.get("line") else d for d in before]


# The fields of an owned and of an asked-about device (`estimator.workload.OwnedDevice`, `NamedDevice`).
_DEVICE_KEYS = {"owned_devices": ("hardware_id", "kind", "memory_gb", "label"), "named_devices": ("hardware_id", "memory_gb")}


def _devices_to_weigh(parsed: ParseResult) -> SlotValues:
    """"What about an RTX 5090?" or "why not Tenstorrent?" before there is a recommendation to compare
    with: the devices to answer about in the first recommendation (`named_devices`, one unless a count
    is stated; a shared alias names its first variant, as the parser's own reading does)."""
    if parsed.intent not in ("compare", "why_not"):
        return {}
    named = list({h.hardware_ids[0]: {"hardware_id": h.hardware_ids[0], "count": h.count or 1}
                  for h in parsed.hardware if h.hardware_ids and not h.family}.values())
    return {"named_devices": named} if named else {}


# What an addition adds to when the thread never stated the figure: one model is served unless said otherwise
# (DESIGN.md `models_served`), so "add a second model" makes two.
_ADDED_TO_DEFAULT: dict[str, int] = {"models_served": 1}


# Turns whose intent words leave room for facts the parser missed ("what if the whole floor joins?").
_MODEL_MAY_READ = {"what_if", "greeting"}


_SINGLE_USER_SCALES = ("personal", "edge")


def _merge(slots: SlotValues, facts: SlotValues) -> SlotValues:
    """The facts after this message. The newer statement wins a contradiction: "it's just for me" after
    "200 users" forgets the head count, "200 users" after "personal use" forgets the scale."""
    merged = {**slots, **facts}
    if "model_params_b" in facts and "model_id" not in facts:
        # A size without a model name is another model: forget the catalog model named before (its
        # shape and active parameters), unless this message states active parameters of its own.
        merged.pop("model_id", None)
        if "active_params_b" not in facts:
            merged.pop("active_params_b", None)
    _newer_load_wins(merged, facts)
    single = merged.get("deployment_scale") in _SINGLE_USER_SCALES
    users = merged.get("concurrent_users")
    if single and isinstance(users, int | float) and users > 1:
        if "deployment_scale" in facts and "concurrent_users" not in facts:
            for slot in ("concurrent_users", "total_users"):
                merged.pop(slot, None)
        elif "concurrent_users" in facts and "deployment_scale" not in facts:
            merged.pop("deployment_scale")
    return merged


# Forms of the same load: a newer one replaces the older ("what if we hit 30 req/s?" after "200 concurrent users",
# "what if 800 concurrent?" after "9,000 requests/hour"). A monthly spend keeps its own line in the comparison.
_RATE_FORMS = ("requests_per_s", "requests_per_day", "peak_factor", "peak_hour_share", "tokens_per_day", "tokens_per_s_total")


def _newer_load_wins(merged: SlotValues, facts: SlotValues) -> None:
    if any(slot in facts for slot in LOAD_SLOTS):
        if "concurrent_users" not in facts:
            merged.pop("concurrent_users", None)
            merged.pop("base_concurrent_users", None)
        for slot in _RATE_FORMS:  # one rate at a time: the one just stated
            if slot not in facts and slot not in ("peak_factor", "peak_hour_share"):
                merged.pop(slot, None)
    elif "concurrent_users" in facts:
        for slot in _RATE_FORMS:
            merged.pop(slot, None)


def _contract_problems(facts: SlotValues) -> list[Problem]:
    """A combination of facts the Workload contract rejects: one problem for the first bad field."""
    try:
        Workload.model_validate(facts)
    except ValidationError as exc:
        where = exc.errors()[0]["loc"] if exc.errors() else ()
        slot = str(where[0]) if where else "workload"
        return [Problem(slot, facts.get(slot))]
    return []


__all__ = ["READING_MAX_FIELDS", "READING_TIMEOUT_S", "Deps", "EvaluateFn", "ExtractFn", "FillDefaultsFn", "Nodes",
           "PhraseFn", "RecommendFn", "decided", "filled_workload", "model_helpers"]
