"""The expectation checker: expectations × one reply → failures worded "expected … got …".

Pure: no engine, no clock. `check_reply` is what the runner calls after each checked turn; an empty
list means the reply meets every expectation. Slot numbers match within 5 % (DESIGN.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from estimator.schemas import Option, Recommendation
from evals.scenario import Expect, RecommendationExpect

SLOT_TOLERANCE = 0.05


class EvalReply(Protocol):
    """What the checks read from one engine turn. `bot.reply.Reply` satisfies it; evals never imports bot,
    the caller (`bot/cli/eval_cmd.py`) injects the engine."""

    @property
    def text(self) -> str: ...
    @property
    def slots(self) -> Mapping[str, Any]: ...
    @property
    def recommendation(self) -> Recommendation | None: ...
    @property
    def intent(self) -> str | None: ...


@dataclass
class CheckResult:
    """Failures of one reply, plus the slot tally the slot-accuracy figure is built from."""

    failures: list[str] = field(default_factory=list)
    slots_expected: int = 0
    slots_matched: int = 0


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    return str(value)


def slot_matches(expected: Any, actual: Any) -> bool:
    """Numbers within 5 % of the expected value; lists as sets; everything else exactly."""
    if actual is None:
        return False
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        if expected == 0:
            return actual == 0
        return abs(actual - expected) <= SLOT_TOLERANCE * abs(expected)
    if isinstance(expected, list) and isinstance(actual, list):
        return set(map(str, expected)) == set(map(str, actual))
    return str(expected) == str(actual)


def _check_slots(expected: dict[str, Any], actual: Mapping[str, Any], result: CheckResult) -> None:
    for name, want in expected.items():
        result.slots_expected += 1
        got = actual.get(name)
        if slot_matches(want, got):
            result.slots_matched += 1
        else:
            result.failures.append(f"expected slot {name} = {_fmt(want)}, got {_fmt(got) if got is not None else 'unset'}")


def _option_label(option: Option) -> str:
    return f"{option.count}× {option.hardware_id} ({option.kind}, ${option.capex_usd:,.0f})"


def _check_primary(want: RecommendationExpect, primary: Option) -> list[str]:
    failures: list[str] = []
    label = _option_label(primary)
    if want.kind_in and primary.kind not in want.kind_in:
        failures.append(f"expected primary kind in {_fmt(list(want.kind_in))}, got {primary.kind}: {label}")
    if primary.kind in want.kind_not_in:
        failures.append(f"expected primary kind not in {_fmt(list(want.kind_not_in))}, got {primary.kind}: {label}")
    if want.hardware_in and primary.hardware_id not in want.hardware_in:
        failures.append(f"expected primary hardware in {_fmt(want.hardware_in)}, got {label}")
    if primary.hardware_id in want.hardware_not_in:
        failures.append(f"expected primary hardware not in {_fmt(want.hardware_not_in)}, got {label}")
    if want.max_capex_usd is not None and primary.capex_usd > want.max_capex_usd:
        failures.append(f"expected primary capex <= ${want.max_capex_usd:,.0f}, got {label}")
    if want.min_capex_usd is not None and primary.capex_usd < want.min_capex_usd:
        failures.append(f"expected primary capex >= ${want.min_capex_usd:,.0f}, got {label}")
    if want.min_count is not None and primary.count < want.min_count:
        failures.append(f"expected at least {want.min_count} devices, got {label}")
    if want.max_count is not None and primary.count > want.max_count:
        failures.append(f"expected at most {want.max_count} devices, got {label}")
    if want.meets_slo is not None and primary.meets_slo is not want.meets_slo:
        failures.append(f"expected primary meets_slo = {want.meets_slo}, got {primary.meets_slo}: {label}")
    # A draw of 0 W is a missing figure, not a device that fits every power budget.
    power_known = primary.power_w is not None and primary.power_w > 0
    if want.max_power_w is not None and (not power_known or (primary.power_w or 0) > want.max_power_w):
        got = f"{primary.power_w:,.0f} W" if power_known else "no power figure"
        failures.append(f"expected primary power <= {want.max_power_w:,.0f} W, got {got}: {label}")
    if want.min_memory_required_gb is not None:
        needed = primary.estimate.memory_required_gb
        if needed is None or needed < want.min_memory_required_gb:
            got = "no memory figure" if needed is None else f"{needed:.1f} GB"
            failures.append(f"expected memory required >= {want.min_memory_required_gb:g} GB, got {got}: {label}")
    return failures


def _check_recommendation(want: RecommendationExpect, rec: Recommendation | None, reply: EvalReply) -> list[str]:
    if rec is None:
        return [f"expected a recommendation, got none (bot said: {_snippet(reply.text)})"]
    if rec.primary is None:
        relax = "; ".join(str(line) for line in rec.relax) or "no relax hint"  # worded by the engine's reply
        return [f"expected a primary option, got none (nothing feasible: {relax})"]
    return _check_primary(want, rec.primary)


def flagged_risks(rec: Recommendation | None) -> list[str]:
    """Risk ids the reply flags: the recommendation's list plus the primary option's own."""
    if rec is None:
        return []
    risks = list(rec.risks) + (list(rec.primary.risks) if rec.primary else [])
    return sorted({risk.id for risk in risks})


def _check_risks(expect: Expect, rec: Recommendation | None) -> list[str]:
    if not (expect.risks_include or expect.risks_exclude):
        return []
    if rec is None:
        return [] if expect.recommendation else ["expected a recommendation with risks, got none"]
    flagged = flagged_risks(rec)
    failures = [
        f"expected risk {risk} flagged, got {_fmt(flagged)}" for risk in expect.risks_include if risk not in flagged
    ]
    failures += [
        f"expected risk {risk} not flagged, got {_fmt(flagged)}" for risk in expect.risks_exclude if risk in flagged
    ]
    return failures


def _snippet(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def check_reply(expect: Expect, reply: EvalReply) -> CheckResult:
    """Check one reply against `expect`; each failure reads "expected … got …"."""
    result = CheckResult()
    _check_slots(expect.slots, reply.slots, result)
    rec = reply.recommendation
    if expect.recommendation is not None:
        result.failures += _check_recommendation(expect.recommendation, rec, reply)
    result.failures += _check_risks(expect, rec)
    lowered = reply.text.casefold()
    result.failures += [
        f"expected the reply to contain {needle!r}, got: {_snippet(reply.text)}"
        for needle in expect.reply_contains
        if needle.casefold() not in lowered
    ]
    result.failures += [f"expected the reply not to contain {needle!r}, got: {_snippet(reply.text)}"
                        for needle in expect.reply_excludes if needle.casefold() in lowered]
    result.failures += _check_order(expect.reply_order, lowered, reply.text)
    return result


def _check_order(needles: list[str], lowered: str, text: str) -> list[str]:
    """Each needle found after the previous one (the first occurrence after it)."""
    position = 0
    for needle in needles:
        found = lowered.find(needle.casefold(), position)
        if found < 0:
            where = "at all" if needle.casefold() not in lowered else "in the expected order"
            return [f"expected the reply to show {needle!r} {where} ({' -> '.join(map(repr, needles))}), got: {_snippet(text)}"]
        position = found + len(needle)
    return []


__all__ = ["SLOT_TOLERANCE", "CheckResult", "check_reply", "flagged_risks", "slot_matches"]
