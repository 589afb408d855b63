"""Follow-up nodes on an existing recommendation: compare named hardware, "why not X", explain.

Comparisons run the same deterministic tools on a catalog narrowed to the named device (or kind), so
"compare with two L40S" and "why not an NPU?" answer with estimated numbers for this workload, not
with general statements; a count the user names is judged at that count (`estimator.evaluate`). Nothing here changes the stored facts or recommendation.
"""

from __future__ import annotations

from typing import Any

from bot.nlu import normalize
from bot.nlu.lexicon import RISK_WORDS
from bot.nodes import Deps, answer, filled_workload
from bot.prompts.templates import t
from bot.render_text import (
    cloud_lines,
    option_lines,
    option_title,
    recommendation_headline,
    render_recommendation,
    risk_line,
)
from bot.routers import EXPLAIN_INTENTS
from bot.state import ConversationState, HardwareRef, facts_of, turn_of
from estimator.errors import SiliconsultError
from estimator.schemas import Option, Recommendation
from estimator.workload import Workload

MAX_TARGETS = 2


class FollowupNodes:
    deps: Deps

    def _targets(self, state: ConversationState, rec: Recommendation) -> list[HardwareRef]:
        turn = turn_of(state)
        targets = list(turn.hardware[:MAX_TARGETS])
        if not targets and turn.gpu_count and rec.primary is not None:  # "what if we use 8 GPUs?"
            targets = [HardwareRef(hardware_ids=[rec.primary.hardware_id], kind=rec.primary.kind,
                                   count=turn.gpu_count, alias=rec.primary.hardware_name or rec.primary.hardware_id)]
        return targets

    def _option_for(self, workload: Workload, target: HardwareRef, rec: Recommendation,
                    lang: str = "en") -> tuple[Option | None, str]:
        """The best option using the target's device (or kind) for this workload, or None with the reason."""
        known = [o for o in [rec.primary, *rec.alternatives] if o is not None]
        ids = target.hardware_ids
        for option in known:  # reuse the recommendation's own numbers when it already sized this device
            if option.hardware_id in ids and target.count in (None, option.count):
                return option, ""
        if ids:
            preferred = next((o.hardware_id for o in known if o.hardware_id in ids), ids[0])
            pool = tuple(h for h in self.deps.catalog.hardware if h.id == preferred)
        else:
            pool = tuple(h for h in self.deps.catalog.hardware if h.kind == target.kind)
        if not pool:
            return None, ""
        narrowed = self.deps.catalog.model_copy(update={"hardware": pool})
        try:
            result = self.deps.recommend(workload, narrowed, lang=lang)
        except SiliconsultError as exc:
            return None, exc.user_message
        return result.primary, " ".join([result.rationale, *result.relax]).strip()

    def _at_count(self, workload: Workload, option: Option, count: int, lang: str) -> Option:
        """The same device at the count the user named ("two L40S", "8 GPUs"), judged against the targets."""
        try:
            return self.deps.evaluate(workload, self.deps.catalog, option.hardware_id, count, lang=lang)
        except SiliconsultError:  # a count the estimator refuses: the sized option stands, the "sized" line explains
            return option

    def compare(self, state: ConversationState) -> dict[str, Any]:
        lang = state.get("lang") or "en"
        turn = turn_of(state)
        rec = _current(state)
        targets = self._targets(state, rec)
        if not targets:
            return answer(state, t("compare.not_found", lang))
        workload = filled_workload(rec, facts_of(state))  # the card's workload: the same users and targets
        users = workload.concurrent_users
        why_not = "why_not" in turn.intents
        primary = rec.primary
        if why_not and primary is not None and len(targets) == 1 and _names(targets[0], primary):
            lines = [f"    {line}" for line in option_lines(primary, users, lang)]
            return answer(state, "\n".join([t("why_not.primary", lang, target=_label(targets[0])),
                                              "• " + option_title(primary, lang), *lines]))
        parts = [t("why_not.head" if why_not else "compare.head", lang, target=_label(targets[0]))]
        options: list[Option] = []
        for target in targets:
            option, reason = self._option_for(workload, target, rec, lang)
            if option is None:
                parts.append("• " + t("compare.infeasible", lang, target=_label(target), reason=reason))
                continue
            sized = option.count
            if target.count and target.count != sized:
                option = self._at_count(workload, option, target.count, lang)
            options.append(option)
            parts.append("• " + option_title(option, lang))
            parts += [f"    {line}" for line in option_lines(option, users, lang)]
            if target.count and target.count != sized:
                parts.append("    " + t("compare.sized", lang, asked=f"{target.count}× {option.hardware_name or option.hardware_id}",
                                              count=sized, users=users))
        baseline = rec.primary if len(targets) == 1 or len(options) < 2 else options[0]
        if baseline is not None and len(targets) == 1:
            parts.append("• " + option_title(baseline, lang) + " (" + t("rec.primary", lang, option="").strip(" .:：。") + ")")
            parts += [f"    {line}" for line in option_lines(baseline, users, lang)]
        parts += _verdicts(options, baseline, lang)
        earlier = state.get("reply")  # after a re-run this turn ("300 users on L40S?"): keep its answer
        if earlier is not None and earlier.text:
            return answer(state, earlier.text + "\n\n" + "\n".join(parts), changes=earlier.changes)
        return answer(state, "\n".join(parts))

    def explain(self, state: ConversationState) -> dict[str, Any]:
        lang = state.get("lang") or "en"
        turn = turn_of(state)
        rec = _current(state)
        users = filled_workload(rec, facts_of(state)).concurrent_users
        intent = next((i for i in turn.intents if i in EXPLAIN_INTENTS), "just_recommend")
        primary = rec.primary
        if intent == "thanks":
            text = "\n".join([t("thanks", lang), t("followup_hint", lang)])
        elif intent == "report":  # the Slack adapter attaches the document to this reply (bot/slack/report_upload.py)
            text = t("report.ready", lang)
        elif intent == "explain_cloud":
            text = "\n".join(cloud_lines(rec, lang)) or t("explain.cloud_none", lang)
        elif intent == "explain_risk":
            text = _risks_text(rec, normalize(turn.text), lang)
        elif intent == "show_assumptions":
            text = "\n".join([t("rec.assumptions", lang), *(f"  • {a}" for a in rec.assumptions)])
        elif intent == "explain_cost" and primary is not None:
            # The TCO tool's own working (price basis, host servers, power, energy, operations, $/M tokens).
            text = "\n".join([t("explain.cost", lang, option=option_title(primary, lang),
                                 cost=option_lines(primary, users, lang)[-1], basis=""),
                               *(f"  • {line}" for line in primary.tco_assumptions),
                               t("rec.alternatives", lang),
                               *(f"  • {option_title(o, lang)}: {option_lines(o, users, lang)[-1]}" for o in rec.alternatives)])
        elif intent == "explain_why" and primary is not None:
            text = "\n".join([recommendation_headline(rec, lang), *(f"  • {line}" for line in option_lines(primary, users, lang)),
                               t("rec.why", lang, text=rec.rationale or primary.rationale or "")])
        else:
            text = render_recommendation(rec, lang, users=users)
        return answer(state, text)


def _current(state: ConversationState) -> Recommendation:
    """The recommendation a follow-up is about (the router sends follow-ups only once there is one)."""
    rec = state.get("recommendation")
    if rec is None:
        raise ValueError("a follow-up node ran without a recommendation")
    return rec


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


def _names(target: HardwareRef, option: Option) -> bool:
    """Whether the mention names the option's device (or, for a bare kind, its kind)."""
    if target.hardware_ids:
        return option.hardware_id in target.hardware_ids
    return target.kind == option.kind


def _label(target: HardwareRef) -> str:
    """"NPU" for a kind, the user's own words ("l40s") upper-cased for a device."""
    return target.alias.upper()


def _verdicts(options: list[Option], baseline: Option | None, lang: str) -> list[str]:
    """One line per compared option against the baseline: cost per token ratio, or a missed SLO."""
    lines = []
    for option in options:
        if baseline is None or option is baseline:
            continue
        if not option.meets_slo:
            lines.append(t("fails_slo", lang, a=option_title(option, lang)))
        a, b = option.tco.cost_per_million_tokens_usd, baseline.tco.cost_per_million_tokens_usd
        if a and b:
            lines.append(t("cheaper", lang, a=option_title(option, lang), b=option_title(baseline, lang),
                           ratio=f"{a / b:.2f}"))
    return lines


__all__ = ["FollowupNodes"]
