"""The one wording step: the turn's typed outcome (`bot/outcomes.py`) → this turn's reply, once.

The turn's last node calls it (`bot.graph.worded`), after the node decided, and it is the only place a
reply's text, "what changed" lines and suggestions are written (from `bot/wording/render_text.py` and the catalogs in
`bot/wording/catalog/replies.py`). With a language model configured it may reword the next question and a
recommendation's headline, through `phrase_reply`'s grounding guard; every number is the estimator's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.interview import question_text
from bot.nlu import normalize
from bot.nlu.lexicon import RISK_WORDS
from bot.nlu.parser import MAX_MESSAGE_CHARS
from bot.nlu.validate import field_choices
from bot.nodes import Deps, filled_workload
from bot.outcomes import (
    Clarification,
    Comparison,
    Explanation,
    HardwareRef,
    NoRecommendation,
    Outcome,
    Question,
    Recommended,
    Reset,
)
from bot.routers import EXPLAIN_INTENTS
from bot.state import (
    ConversationState,
    ProblemRef,
    TurnReading,
    TurnReply,
    facts_of,
    rent_asked,
    stated,
    turn_of,
)
from bot.wording import word, worded
from bot.wording.accelerators import accelerator_outcome_line
from bot.wording.k8s import manifest_text
from bot.wording.render_text import (
    calibration_rows,
    cloud_lines,
    device_ids,
    fact_changes,
    fact_phrase,
    fact_phrases,
    join_list,
    money,
    option_lines,
    option_title,
    recommendation_changes,
    recommendation_headline,
    render_recommendation,
    risk_line,
    slot_changes,
    slot_name,
)
from bot.wording.sentences import t
from estimator.advice.accelerator_rank import unmet_conditions
from estimator.advice.assume import load_note
from estimator.advice.options import WeighedOption
from estimator.catalog import FxRate
from estimator.schemas import Option, Recommendation


class Words:
    """Words a turn's outcome in the thread's language (closed over the deps: catalog, phrasing)."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        # Catalog ids in the echo by name: devices ("6× NVIDIA L40S") and the named model.
        self.names = {**{m.id: m.name for m in deps.catalog.models}, **{hw.id: hw.name for hw in deps.catalog.hardware}}
        # The dated exchange rates an amount in another currency was converted at (the echo says rate and date).
        self.rates = deps.catalog.fx_rates

    def reply(self, state: ConversationState, outcome: Outcome) -> TurnReply:
        said = self._reply(state, outcome)
        slots = stated(state.get("slots"))
        ids = device_ids(slots)
        codes = {slots.get("budget_currency"), slots.get("api_spend_currency")}
        return said.model_copy(update={"device_names": {i: self.names[i] for i in sorted(ids) if i in self.names},
                                       "fx_rates": [r for r in self.rates if r.currency in codes]})

    def _reply(self, state: ConversationState, outcome: Outcome) -> TurnReply:
        lang = state.get("lang") or "en"
        if isinstance(outcome, Comparison):  # the options compared: findings said in this reply's language
            outcome = worded(outcome, lang)
        elif isinstance(outcome, Recommended) and outcome.comparison is not None:
            outcome = outcome.model_copy(update={"comparison": worded(outcome.comparison, lang)})
        turn = turn_of(state)
        said = TurnReply(text="", lang=lang, intent=turn.intent)
        if isinstance(outcome, Question):
            return self._question(state, outcome, turn, said)
        if isinstance(outcome, Recommended):
            return self._recommended(state, outcome, turn, said)
        if isinstance(outcome, Clarification):
            return said.model_copy(update={"text": _clarification(state, turn, lang, self.names, self.rates),
                                           "asked_slot": state.get("pending_slot"),
                                           "suggestions": _suggestions(state, lang)})
        if isinstance(outcome, Reset):
            text = "\n".join([t("reset", lang), t("intro", lang)])
        elif isinstance(outcome, NoRecommendation):
            text = "\n".join([*_notices(turn, lang), outcome.error or t("rec.none", lang)])
        elif isinstance(outcome, Comparison):
            text = _comparison(_current(state, lang), outcome, lang, turn.text)
        else:
            text = _explanation(state, outcome, turn, lang, self.rates)
        return said.model_copy(update={"text": text})

    # --- interview ---------------------------------------------------------------------------------
    def _question(self, state: ConversationState, outcome: Question, turn: TurnReading,
                  said: TurnReply) -> TurnReply:
        lang = said.lang
        slots = stated(state.get("slots"))
        parts = _notices(turn, lang)
        if turn.intent in ("greeting", "help") and not turn.facts:
            parts.append(t("intro", lang))
        elif turn.correction and stated(turn.previous_slots):
            parts += _correction_note(turn, slots, lang) or [_understood(turn, lang, self.names, self.rates)]
        elif turn.facts:
            parts.append(_understood(turn, lang, self.names, self.rates))
        elif turn.intent == "dont_know":
            parts.append(t("skip_ok", lang))
        if turn.intent in ("compare", "why_not") and turn.hardware and not turn.facts and state.get("recommendation") is None:
            parts.append(t("compare.later", lang, target=_label(turn.hardware[0], turn.text)))
        elif "explain_cloud" in turn.intents and not turn.facts and state.get("recommendation") is None:
            parts.append(t("rent.later", lang))
        slot = outcome.slot
        if slot is None:
            return said.model_copy(update={"text": "\n".join([*parts, t("intro", lang)])})
        question = (t("q.model_params_b.named", lang, name=outcome.model_name) if outcome.model_name
                    else question_text(slot, slots, lang))
        if self.deps.phrase is not None:  # the SLM may reword the question; the examples stay as written
            mark = "？" if lang.startswith("zh") else "?"
            head, _, examples = question.partition(mark)
            grounding = "\n".join([question, *fact_phrases(slots, lang, rates=self.rates)])
            question = self.deps.phrase(head + mark, grounding, lang, "question") + examples
        parts.append(question)
        return said.model_copy(update={"text": "\n".join(parts), "asked_slot": slot})

    # --- a recommendation --------------------------------------------------------------------------
    def _recommended(self, state: ConversationState, outcome: Recommended, turn: TurnReading,
                     said: TurnReply) -> TurnReply:
        lang = said.lang
        new, old = _current(state, lang), outcome.previous
        slots = stated(state.get("slots"))
        facts_changed = (fact_changes(stated(outcome.previous_slots), slots, old.workload or {}, lang) if old is not None
                         else slot_changes(stated(outcome.previous_slots), slots, lang))
        changes = facts_changed + recommendation_changes(old, new, lang)
        conversion = new.load_conversion if outcome.echo else None
        # The rate / volume as streams, before the numbers; it restates the figure, so the figure is said once.
        echoed = {k: v for k, v in slots.items() if conversion is None or k not in _CONVERTED_SLOTS}
        understood = fact_phrases(echoed, lang, self.names, self.rates) if outcome.echo else []
        if conversion is not None:
            understood.append(word(load_note(conversion), lang))
        assumed = _assumed(slots, new, conversion is not None, lang, self.names) if outcome.echo else []
        users = filled_workload(new, facts_of(state)).concurrent_users
        provenance = calibration_rows(new, self.deps.catalog)
        # "What would renting … cost?" first, in this message or before the facts to size it were known.
        rent_first = old is None and rent_asked(state)
        # "FP8 or INT4?": the options side by side, after the yes/no on any device asked about, then the recommendation
        weighed = weighed_lines(outcome.weighed, lang, self.names) if outcome.weighed else []
        body = render_recommendation(new, lang, users=users, understood=understood, assumed=assumed, changes=changes,
                                     provenance=provenance, rent_first=rent_first, weighed=weighed)
        if self.deps.phrase is not None and new.primary is not None:
            # The SLM may reword the headline only, grounded on the whole computed reply.
            headline = self.deps.phrase(recommendation_headline(new, lang), body, lang, "summary")
            body = render_recommendation(new, lang, users=users, understood=understood, assumed=assumed, changes=changes,
                                         provenance=provenance, headline=headline, rent_first=rent_first, weighed=weighed)
        parts = _notices(turn, lang)
        if old is not None and not changes:
            parts.append(t("rec.no_change", lang))
        parts.append(body)
        if old is None:
            parts.append(t("rec.followups", lang, hint=t("followup_hint", lang)))
        text = "\n".join(parts)
        if outcome.comparison is not None:  # "what if 300 users on L40S?": the re-run, then the comparison
            return said.model_copy(update={"text": text + "\n\n" + _comparison(new, outcome.comparison, lang, turn.text),
                                           "changes": changes})
        return said.model_copy(update={"text": text, "changes": changes, "suggestions": _suggestions(state, lang)})


def weighed_lines(options: list[WeighedOption], lang: str, names: Mapping[str, str] | None = None) -> list[str]:
    """The options a question asked to weigh, each with its sized primary, and the one chosen with why."""
    lines = [t("weighed.head", lang, slot=t("weighed.slot." + options[0].slot, lang))]
    for o in options:
        if o.hardware_id is None:
            lines.append(t("weighed.none", lang, value=o.value))
            continue
        lines.append(t("weighed.line", lang, value=o.value, count=o.count,
                       hardware=(names or {}).get(o.hardware_id, o.hardware_name or o.hardware_id),
                       tps=f"{o.decode_tokens_per_s_per_user or 0:.1f}", ttft=f"{o.ttft_ms or 0:,.0f}",
                       memory=f"{o.memory_required_gb or 0:,.1f}", capex=money(o.capex_usd),
                       cpm=money(o.cost_per_million_tokens_usd),
                       slo=t(("weighed.meets" if o.first_token_within else "weighed.meets_but_first_token")
                             if o.meets_slo else "weighed.misses", lang)))
    chosen = next(o for o in options if o.chosen)
    lines.append(t(f"weighed.chosen.{chosen.reason or 'cost'}", lang, value=chosen.value))
    return lines


def _current(state: ConversationState, lang: str) -> Recommendation:
    """The thread's recommendation, its findings worded in `lang` (a language switch re-words them)."""
    rec = state.get("recommendation")
    if rec is None:
        raise ValueError("an outcome about a recommendation without one in the state")
    return worded(rec, lang)


def _notices(turn: TurnReading, lang: str) -> list[str]:
    return [t("truncated", lang, limit=MAX_MESSAGE_CHARS)] if turn.truncated else []


# The defaults a recommendation's numbers rest on, echoed before them when the user did not state them.
_SIZING_DEFAULTS = ("model_params_b", "quantization", "concurrent_users", "prompt_tokens", "output_tokens",
                    "ttft_target_ms", "tokens_per_s_target", "hours_per_day")


def _assumed(slots: Mapping[str, Any], rec: Recommendation, converted: bool, lang: str,
             names: Mapping[str, str] | None) -> list[str]:
    """The defaults applied to the facts, as facts ("prompts ~512 tokens"); the streams a load conversion
    gave are in its own sentence already."""
    filled = rec.workload or {}
    defaulted = {s: filled[s] for s in _SIZING_DEFAULTS
                 if s not in slots and filled.get(s) is not None and not (converted and s == "concurrent_users")}
    basis = filled.get("speed_basis")
    if "tokens_per_s_target" not in defaulted or basis is None:
        return fact_phrases(defaulted, lang, names)
    # the speed sized for says why: seed 1's comfortable default, the band said in words, batch or personal use
    speed = t("assumed.speed", lang, tps=f"{defaulted.pop('tokens_per_s_target'):g}", why=t(f"assumed.speed.{basis}", lang))
    phrases = fact_phrases(defaulted, lang, names)
    at = sum(1 for s in _SIZING_DEFAULTS[:_SIZING_DEFAULTS.index("tokens_per_s_target")] if s in defaulted)
    return [*phrases[:at], speed, *phrases[at:]]


# Slots the load conversion's sentence states itself ("9,000 requests/hour ≈ 2.5/s × …").
_CONVERTED_SLOTS = ("requests_per_s", "requests_per_day", "peak_factor", "peak_hour_share", "tokens_per_day", "tokens_per_s_total")


def _understood(turn: TurnReading, lang: str, names: Mapping[str, str] | None = None,
                rates: Sequence[FxRate] = ()) -> str:
    """"Understood: Llama 3 8B (8.03B model), 200 concurrent users.": the facts this message gave."""
    phrases = fact_phrases(turn.facts, lang, names, rates)
    # Show where the size came from: the catalog model it is, not a name of another size ("deepseek r1
    # distill 32b" names no 671B model; the stated size is sized with a generic shape).
    if turn.model_name and "model_params_b" in turn.facts and "model_id" in turn.facts and turn.model_name != phrases[0]:
        phrases[0] = f"{turn.model_name} ({phrases[0]})"
    if turn.unknown_model:  # a name the catalog does not know: say so, and that the size alone is sized
        key = "model_unknown" if "model_params_b" in turn.facts else "model_unknown_no_size"
        phrases.append(t(key, lang, name=turn.unknown_model))
    return t("understood", lang, facts=join_list(phrases, lang))


def _correction_note(turn: TurnReading, slots: Mapping[str, Any], lang: str) -> list[str]:
    changed = slot_changes(stated(turn.previous_slots), slots, lang)
    return [t("corrected", lang, changes=join_list(changed, lang))] if changed else []


# --- clarifications --------------------------------------------------------------------------------
def _clarification(state: ConversationState, turn: TurnReading, lang: str, names: Mapping[str, str] | None = None,
                   rates: Sequence[FxRate] = ()) -> str:
    parts = _notices(turn, lang)
    kept = bool(turn.problems and turn.facts and turn.merged is not None)
    if kept:  # the other facts of the message are kept: say which
        parts.append(_understood(turn, lang, names, rates))
    for problem in turn.problems:
        parts.append(_problem_text(problem, lang))
    if turn.problems and not kept:
        parts.append(t("unchanged", lang))
    elif not turn.problems:  # a problem beside kept facts asks for its value: nothing more to say
        parts.append(t("empty" if turn.blank else "not_understood", lang, hint=_hint(state, lang)))
    return "\n".join(parts)


def _hint(state: ConversationState, lang: str) -> str:
    if state.get("recommendation"):
        return t("followup_hint", lang)
    pending = state.get("pending_slot")
    return t("q." + pending, lang) if pending else t("intro", lang)


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def _problem_text(problem: ProblemRef, lang: str) -> str:
    what = slot_name(problem.slot, lang)
    if problem.unit and problem.slot == "budget_usd":  # an amount never converted is named in its own currency
        what = t("problem.budget_in", lang, currency=problem.unit)
    if problem.reason == "currency":
        return t("problem.currency.api_spend" if problem.slot == "api_spend_usd_per_month" else "problem.currency", lang)
    if problem.reason == "per_what":
        return t("problem.per_what", lang, value=_fmt(problem.value))
    if problem.reason == "monthly":
        return t("problem.monthly", lang, value=_fmt(problem.value))
    if problem.reason == "vague":
        return t("problem.vague", lang, what=what, value=_fmt(problem.value), low=_fmt(problem.low), high=_fmt(problem.high))
    if problem.reason == "whole":
        return t("problem.whole", lang, what=what, value=_fmt(problem.value))
    if problem.reason == "unknown":
        return t("problem.unknown", lang, what=what, value=_fmt(problem.value),
                 choices=", ".join(field_choices(problem.slot)))
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


# --- follow-ups ------------------------------------------------------------------------------------
def _comparison(rec: Recommendation, outcome: Comparison, lang: str, said: str = "") -> str:
    targets, users = outcome.targets, outcome.users
    if not targets:
        return t("compare.not_found", lang)
    primary = rec.primary
    if outcome.rent:
        return _rental(rec, outcome, lang, said)
    if outcome.primary_named and primary is not None:
        lines = [f"    {line}" for line in option_lines(primary, users, lang)]
        return "\n".join([t("why_not.primary", lang, target=_label(targets[0], said)), "• " + option_title(primary, lang),
                          *lines])
    parts = [t("why_not.head" if outcome.why_not else "compare.head", lang, target=_label(targets[0], said))]
    options: list[Option] = []
    for entry in outcome.entries:
        option, target = entry.option, entry.target
        if option is None:
            key = "compare.uncosted" if entry.costing_only else "compare.infeasible"
            parts.append("• " + t(key, lang, target=_label(target, said), reason=entry.reason))
            continue
        options.append(option)
        parts.append("• " + option_title(option, lang))
        parts += [f"    {line}" for line in option_lines(option, users, lang)]
        asked = f"{target.count}× {option.hardware_name or option.hardware_id}"
        if entry.board is not None and entry.sized is not None:  # "two H100 SXM": no purchase anyone can make
            key = "compare.board_meets" if option.meets_slo else "compare.board"
            parts.append("    " + t(key, lang, asked=asked, board=entry.board, count=entry.sized,
                                    capex=money(entry.sized_capex_usd or 0.0)))
        elif entry.unit is not None and entry.unit_count is not None:
            parts.append("    " + t("compare.whole_units", lang, asked=asked, unit=entry.unit, count=entry.unit_count,
                                    capex=money(entry.unit_capex_usd or 0.0), watts=f"{entry.unit_power_w or 0:,.0f}"))
        elif entry.sized is not None:
            key = "compare.sized_batch" if option.batch_hours is not None else "compare.sized"  # a job has no users
            parts.append("    " + t(key, lang, asked=asked, count=entry.sized, users=users))
    baseline = rec.primary if len(targets) == 1 or len(options) < 2 else options[0]
    if baseline is not None and len(targets) == 1:
        parts.append("• " + option_title(baseline, lang) + " (" + t("rec.primary", lang, option="").strip(" .:：。") + ")")
        parts += [f"    {line}" for line in option_lines(baseline, users, lang)]
    parts += _verdicts(options, baseline, lang)
    shown = {option.hardware_id for option in options}
    if (verdict_line := accelerator_outcome_line(rec.accelerator_first, shown, users, lang)) is not None:
        parts.append(verdict_line)
    held = rec.accelerator_held_back
    if held is not None and held.hardware_id in shown:
        parts.append(t("why_not.held_back", lang, unmet=word(unmet_conditions(held.conditions, held.model), lang)))
    return "\n".join(parts)


def _rental(rec: Recommendation, outcome: Comparison, lang: str, said: str = "") -> str:
    """"Should we rent H100s instead?": for each named device, buying vs renting vs an API for it at the
    count this workload needs (the estimator's own sentences), then what buying the recommendation costs."""
    parts: list[str] = []
    for entry in outcome.entries:
        option = entry.option
        if option is None:
            parts.append("• " + t("compare.infeasible", lang, target=_label(entry.target, said), reason=entry.reason))
            continue
        parts.append(t("rent.head", lang, target=_label(entry.target, said), option=option_title(option, lang)))
        lines = entry.cloud.lines if entry.cloud is not None and entry.cloud.lines else [t("rent.none", lang)]
        parts += [f"  • {line}" for line in lines]
    if rec.primary is not None and rec.cloud is not None and rec.cloud.lines:
        parts.append(t("rent.baseline", lang, option=option_title(rec.primary, lang), buy=rec.cloud.lines[0]))
    return "\n".join(parts)


def _explanation(state: ConversationState, outcome: Explanation, turn: TurnReading, lang: str,
                 rates: Sequence[FxRate] = ()) -> str:
    rec = _current(state, lang)
    users = filled_workload(rec, facts_of(state)).concurrent_users
    intent = outcome.intent if outcome.intent in EXPLAIN_INTENTS else "just_recommend"
    primary = rec.primary
    if intent == "thanks":
        return "\n".join([t("thanks", lang), t("followup_hint", lang)])
    if intent == "report":  # the Slack adapter attaches the document to this reply (bot/slack/report_upload.py)
        return t("report.ready", lang)
    if intent == "k8s_manifest":
        return manifest_text(outcome.k8s, lang)
    if intent == "explain_cloud":
        return "\n".join(cloud_lines(rec, lang)) or t("explain.cloud_none", lang)
    if intent == "explain_risk":
        return _risks_text(rec, normalize(turn.text), lang)
    if intent == "show_assumptions":
        return "\n".join([t("rec.assumptions", lang), *(f"  • {a}" for a in rec.assumptions)])
    if intent == "explain_cost" and primary is not None:
        # The TCO tool's own working (price basis, host servers, power, energy, operations, $/M tokens).
        return "\n".join([t("explain.cost", lang, option=option_title(primary, lang),
                            cost=option_lines(primary, users, lang)[-1], basis=""),
                          *(f"  • {line}" for line in primary.tco_assumptions),
                          t("rec.alternatives", lang),
                          *(f"  • {option_title(o, lang)}: {option_lines(o, users, lang)[-1]}" for o in rec.alternatives)])
    if intent == "explain_why" and primary is not None:
        return "\n".join([recommendation_headline(rec, lang), *(f"  • {line}" for line in option_lines(primary, users, lang)),
                          t("rec.why", lang, text=rec.rationale or primary.rationale or "")])
    body = render_recommendation(rec, lang, users=users)
    # "what about FP8?" when FP8 is in force: say so before the recommendation that stands (a device
    # asked about again is answered by the recommendation's own lines about it).
    restated = {slot: v for slot, v in turn.facts.items() if slot not in _DEVICE_SLOTS}
    if restated:
        return "\n".join([t("rec.in_force", lang, facts=join_list(fact_phrases(restated, lang, rates=rates), lang)), body])
    return body


_DEVICE_SLOTS = ("named_devices", "owned_devices", "existing_hardware", "existing_hardware_ids")


def _risks_text(rec: Recommendation, normalized: str, lang: str) -> str:
    """The risk checklist, or only the risks the question names ("the dynamic shapes risk", "功耗风险")."""
    risks = rec.risks or (rec.primary.risks if rec.primary else [])
    asked = [risk_id for risk_id, words in RISK_WORDS.items() if words.search(normalized)]
    named = [r for r in risks if r.id in asked]
    unflagged = [risk_id for risk_id in asked if risk_id not in {r.id for r in risks}]
    shown = named or risks
    if not shown:
        return t("explain.no_risks", lang)
    head = t("explain.not_flagged", lang, risks=", ".join(unflagged)) if unflagged and not named else t("rec.risks", lang)
    return "\n".join([head, *(f"  • {risk_line(r, lang)}" for r in shown)])


def _label(target: HardwareRef, said: str = "") -> str:
    """The user's own words as a name: as the user cased them in `said` ("Mac Studio", "Tenstorrent"),
    else short words and model numbers upper-cased ("NPU", "L40S", "RTX 4090"), longer words
    capitalized ("Accelerator", "Gaudi 3"), never "ACCELERATOR"."""
    if said and (m := re.search(r"[\s-]*".join(map(re.escape, target.alias.split())), said, re.IGNORECASE)):
        if any(ch.isupper() for ch in m.group(0)):
            return m.group(0)
    return " ".join(
        word.upper() if len(word) <= 4 or any(ch.isdigit() for ch in word) else word.capitalize()
        for word in target.alias.split()
    )


def _verdicts(options: list[Option], baseline: Option | None, lang: str) -> list[str]:
    """One line per compared option against the baseline: cost per token ratio, or a missed SLO."""
    lines = []
    for option in options:
        if baseline is None or option is baseline:
            continue
        if not option.meets_slo:  # past a power cap or budget only is not missing the targets
            key = "past_limits_slo" if option.verdict == "past_limits" else "fails_slo"
            lines.append(t(key, lang, a=option_title(option, lang)))
        a, b = option.tco.cost_per_million_tokens_usd, baseline.tco.cost_per_million_tokens_usd
        if a and b and not (option.unpriced or baseline.unpriced):  # power-only costs are no price to compare
            lines.append(t("cheaper", lang, a=option_title(option, lang), b=option_title(baseline, lang),
                           ratio=f"{a / b:.2f}"))
    return lines


__all__ = ["Words"]
