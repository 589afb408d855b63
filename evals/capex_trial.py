"""Capex-vs-expert trial: questions the team never tuned on, the product's capex against an expert's.

Each question (`evals/capex_trial/questions.yaml` = dev, `held_out.yaml` and `held_out_2.yaml` = held-out) carries a Slack-style
message and the answer a senior infra engineer worked out from first principles before the product ran:
a capex range, or the verdict that he would ask first, that nothing fits, or that owned hardware does.
The trial sends the message in a fresh thread, sends the stated follow-up ("just recommend" / "直接推荐"
/ "直接推薦") once when the product asks instead of recommending, and compares the primary option.

The factor against the expert is max(a/b, b/a) of the product's capex and the expert's midpoint, the
geometric middle √(low × high) of his range (ranges span up to 4×, so the multiplicative middle is the
fair one). Both sides are floored at `CAPEX_FLOOR_USD` so that "buy nothing" ($0, owned hardware) compares
with a number: $0 against $0 is 1×, $6,000 against $0 is 60×.

Pure apart from the engine the caller injects (`evals` never imports `bot`): `siliconsult eval
--capex-trial [--held-out | --split held_out_2]` builds the engine; `python -m evals.capex_trial` runs that command.
"""

from __future__ import annotations

import csv
import functools
import math
import subprocess
import sys
import uuid
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from evals.checks import EvalReply
from evals.runner import ConversationEngine
from evals.trial_splits import TRIAL_DIR, TRIAL_SPLITS
from knowledge.loader import default_data_dir

Expect = Literal["size", "use_owned", "ask", "nothing_fits"]
LoadForm = Literal[
    "headcount", "concurrency", "request_rate", "tokens_per_day", "documents_per_window", "api_spend",
    "single_user", "none",
]
CAPEX_FLOOR_USD = 100.0
WITHIN_FACTOR = 3.0
# Issue "read any workload": questions nobody tuned on answered within 0.67–1.5× of the expert's capex.
CLOSE_FACTOR = 1.5
WORST_SHOWN = 5
# The facts the product read, kept with each result so a miss can be traced to reading or to sizing.
READ_SLOTS = (
    "model_id", "model_params_b", "active_params_b", "quantization", "concurrent_users", "total_users",
    "requests_per_s", "tokens_per_day", "api_spend_usd_per_month", "prompt_tokens", "output_tokens",
    "context_length", "budget_usd", "power_budget_w", "existing_hardware", "deployment_scale", "arrival_pattern",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExpertAnswer(_Strict):
    """What the expert would sign: a capex range on acceptable devices, or a verdict instead of a purchase."""

    expect: Expect
    devices: list[str] = []
    count: tuple[int, int] = (0, 0)
    capex_low: float = Field(ge=0)
    capex_high: float = Field(ge=0)

    @property
    def compares_capex(self) -> bool:
        return self.expect in ("size", "use_owned")

    @property
    def midpoint_usd(self) -> float:
        return math.sqrt(self.capex_low * self.capex_high)


class TrialQuestion(_Strict):
    id: str
    lang: str  # one of the wording layer's languages (tests/test_closed_vocabularies.py checks the files)
    load_form: LoadForm
    message: str
    followup: str
    expert: ExpertAnswer
    derivation: str


class QuestionResult(BaseModel):
    """One question's outcome: what the product bought against what the expert would."""

    id: str
    lang: str
    load_form: str
    expect: Expect
    expert_low_usd: float
    expert_high_usd: float
    asked_first: bool
    sent_followup: bool
    asked_slot: str | None = None  # the fact the first reply asked for, when it named one
    error: str | None = None
    hardware_id: str | None = None
    kind: str | None = None
    count: int | None = None
    capex_usd: float | None = None
    within_limits: bool | None = None
    meets_slo: bool | None = None
    device_acceptable: bool | None = None
    factor: float | None = None
    within_range: bool = False
    within_3x: bool = False
    verdict_matched: bool | None = None  # ask / nothing_fits: did the product give the expert's verdict?
    reply_excerpt: str = ""
    slots_read: dict[str, object] = {}


def capex_factor(product_usd: float, expert_midpoint_usd: float) -> float:
    """max(a/b, b/a), both floored at CAPEX_FLOOR_USD (so $0 compares with a number)."""
    a, b = max(product_usd, CAPEX_FLOOR_USD), max(expert_midpoint_usd, CAPEX_FLOOR_USD)
    return max(a / b, b / a)


def load_questions(path: Path) -> list[TrialQuestion]:
    """The questions of one trial file; a malformed file raises with its path."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not isinstance(raw.get("questions"), list):
        raise ValueError(f"{path}: expected a mapping with a `questions:` list")
    return [TrialQuestion.model_validate(item) for item in raw["questions"]]


# Each split's file (evals/trial_splits.py): dev is tuned on; each held-out file was drawn at random from a batch
# written before any run (scripts/split_capex_trial.py) and is only ever scored.


def trial_path(split: bool | str) -> Path:
    """The file of one split: a name of TRIAL_SPLITS, or True / False for held_out / dev (the first flag)."""
    name = ("held_out" if split else "dev") if isinstance(split, bool) else split
    if name not in TRIAL_SPLITS:
        raise ValueError(f"unknown capex-trial split {name!r}: one of {', '.join(TRIAL_SPLITS)}")
    return TRIAL_DIR / TRIAL_SPLITS[name]


def _send(engine: ConversationEngine, thread: str, text: str) -> EvalReply | str:
    try:
        reply = engine.handle(thread, text)
    except Exception as exc:  # noqa: BLE001 - one crashing question is that question's result, not the trial's
        return f"{type(exc).__name__}: {exc}"
    if reply.intent == "error":
        return f"error reply: {reply.text[:200]}"
    return reply


def _verdict(question: TrialQuestion, asked_first: bool, reply: EvalReply) -> bool | None:
    rec = reply.recommendation
    if question.expert.expect == "ask":
        return asked_first
    if question.expert.expect == "nothing_fits":
        return rec is None or rec.primary is None or not rec.within_limits or not rec.primary.meets_slo
    return None


@functools.cache
def laptop_chips() -> dict[str, str]:
    """Laptop configuration id -> the catalog chip it carries (`knowledge/data/laptop_configs.csv`)."""
    path = default_data_dir() / "laptop_configs.csv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        return {row["id"]: row["hardware_id"] for row in csv.DictReader(handle)}


def run_question(engine: ConversationEngine, question: TrialQuestion, run_id: str) -> QuestionResult:
    """Send the message in a fresh thread (and the follow-up once if asked); compare the primary option."""
    expert = question.expert
    result = QuestionResult(
        id=question.id, lang=question.lang, load_form=question.load_form, expect=expert.expect,
        expert_low_usd=expert.capex_low, expert_high_usd=expert.capex_high, asked_first=False, sent_followup=False,
    )
    thread = f"capex-trial-{run_id}-{question.id}"
    reply = _send(engine, thread, question.message)
    if not isinstance(reply, str) and reply.recommendation is None:
        result.asked_first, result.sent_followup = True, True
        asked = getattr(reply, "asked_slot", None)  # `bot.reply.Reply` names it; the EvalReply protocol does not
        result.asked_slot = asked if isinstance(asked, str) else None
        reply = _send(engine, thread, question.followup)
    if isinstance(reply, str):
        result.error = reply
        return result
    result.reply_excerpt = " ".join(reply.text.split())[:240]
    result.verdict_matched = _verdict(question, result.asked_first, reply)
    result.slots_read = {name: reply.slots[name] for name in READ_SLOTS if reply.slots.get(name) is not None}
    rec = reply.recommendation
    primary = rec.primary if rec is not None else None
    if rec is None or primary is None:
        return result
    result.hardware_id, result.kind, result.count = primary.hardware_id, primary.kind, primary.count
    # A fleet of one box per site is bought once per site: the expert's figure is the whole fleet's.
    capex = rec.fleet.capex_usd if rec.fleet is not None else primary.capex_usd
    result.capex_usd, result.meets_slo, result.within_limits = capex, primary.meets_slo, rec.within_limits
    # A laptop configuration is its chip as sold in a laptop: the expert names the chip ("apple-m4-max").
    device = laptop_chips().get(primary.hardware_id, primary.hardware_id)
    result.device_acceptable = device in expert.devices if expert.devices else None
    if expert.compares_capex:
        result.factor = round(capex_factor(capex, expert.midpoint_usd), 3)
        result.within_range = expert.capex_low <= capex <= expert.capex_high
        result.within_3x = result.factor <= WITHIN_FACTOR
    return result


def run_trial(engine: ConversationEngine, questions: Iterable[TrialQuestion]) -> list[QuestionResult]:
    run_id = uuid.uuid4().hex[:8]
    return [run_question(engine, question, run_id) for question in questions]


def _share(hits: int, total: int) -> float | None:
    return None if total == 0 else round(hits / total, 3)


def _expert_middle(result: QuestionResult) -> float:
    return math.sqrt(result.expert_low_usd * result.expert_high_usd)


def _capex_totals(results: Sequence[QuestionResult]) -> dict[str, object]:
    """Shares within range / within 3× and the typical factor, over questions with an expert capex.

    A question the product left without a priced primary counts as outside both (it bought nothing the
    expert could compare); the geometric mean is over the questions that have a factor.
    """
    compared = [r for r in results if r.expect in ("size", "use_owned")]
    factors = [r.factor for r in compared if r.factor is not None]
    # Which way the misses lean (a held-out split reports its bias without opening its questions).
    misses = [r for r in compared if r.factor is not None and r.factor > CLOSE_FACTOR]
    over = sum(1 for r in misses if (r.capex_usd or 0.0) > _expert_middle(r))
    geo = math.exp(sum(math.log(f) for f in factors) / len(factors)) if factors else None
    return {
        "questions": len(compared),
        "within_range": _share(sum(r.within_range for r in compared), len(compared)),
        "within_3x": _share(sum(r.within_3x for r in compared), len(compared)),
        "within_1_5x": _share(sum(r.factor is not None and r.factor <= CLOSE_FACTOR for r in compared), len(compared)),
        "geometric_mean_factor": None if geo is None else round(geo, 3),
        "without_capex": sum(1 for r in compared if r.factor is None),
        "over_1_5x": over,
        "under_1_5x": len(misses) - over,
        "device_acceptable": _share(sum(bool(r.device_acceptable) for r in compared), len(compared)),
    }


def summarize(results: Sequence[QuestionResult]) -> dict[str, object]:
    """The trial's figures: overall, by language and by load form, the worst five, and the verdict questions."""
    by_lang: dict[str, list[QuestionResult]] = defaultdict(list)
    by_form: dict[str, list[QuestionResult]] = defaultdict(list)
    by_expect: dict[str, list[QuestionResult]] = defaultdict(list)
    for result in results:
        by_lang[result.lang].append(result)
        by_form[result.load_form].append(result)
        by_expect[result.expect].append(result)
    compared = [r for r in results if r.expect in ("size", "use_owned")]
    worst = sorted(compared, key=lambda r: -(r.factor if r.factor is not None else math.inf))[:WORST_SHOWN]
    verdicts = [r for r in results if r.expect in ("ask", "nothing_fits")]
    return {
        "total": _capex_totals(results),
        "by_language": {lang: _capex_totals(group) for lang, group in sorted(by_lang.items())},
        "by_load_form": {form: _capex_totals(group) for form, group in sorted(by_form.items())},
        "by_expect": {expect: _capex_totals(group) for expect, group in sorted(by_expect.items())},
        "worst": [{"id": r.id, "factor": r.factor, "capex_usd": r.capex_usd, "hardware_id": r.hardware_id,
                   "count": r.count, "expert": [r.expert_low_usd, r.expert_high_usd]} for r in worst],
        "verdicts": {"questions": len(verdicts), "matched": sum(bool(r.verdict_matched) for r in verdicts)},
    }


def _money(value: float | None) -> str:
    return "-" if value is None else f"${value:,.0f}"


def _pct(value: object) -> str:
    return "-" if not isinstance(value, float) else f"{value:.0%}"


def format_report(results: Sequence[QuestionResult], summary: dict[str, object]) -> str:
    """A plain-text report: one line per question, then the totals and their breakdowns."""
    lines = ["id  lang  load  expect  product primary  capex  expert range  factor  in range  in 3x"]
    for r in results:
        product = f"{r.count}× {r.hardware_id}" if r.hardware_id else (r.error or "no primary")
        verdict = "" if r.verdict_matched is None else f"  verdict {'matched' if r.verdict_matched else 'MISSED'}"
        factor = "-" if r.factor is None else f"{r.factor:.2f}×"
        lines.append(f"{r.id}  {r.lang}  {r.load_form}  {r.expect}  {product}  {_money(r.capex_usd)}  "
                     f"{_money(r.expert_low_usd)}–{_money(r.expert_high_usd)}  {factor}  "
                     f"{'yes' if r.within_range else 'no'}  {'yes' if r.within_3x else 'no'}{verdict}")
    total = summary["total"]
    assert isinstance(total, dict)
    lines += ["", f"capex questions {total['questions']}: within range {_pct(total['within_range'])}, within 3× "
              f"{_pct(total['within_3x'])}, within 1.5× {_pct(total['within_1_5x'])}, geometric-mean factor {total['geometric_mean_factor']}, "
              f"no priced primary {total['without_capex']}, device acceptable {_pct(total['device_acceptable'])}, "
              f"outside 1.5×: {total['over_1_5x']} over, {total['under_1_5x']} under"]
    for title in ("by_language", "by_load_form", "by_expect"):
        groups = summary[title]
        assert isinstance(groups, dict)
        for name, group in groups.items():
            if not group["questions"]:
                continue
            lines.append(f"  {title[3:]} {name}: n={group['questions']} in range {_pct(group['within_range'])}, "
                         f"within 3× {_pct(group['within_3x'])}, typical factor {group['geometric_mean_factor']}")
    worst = summary["worst"]
    assert isinstance(worst, list)
    lines.append("worst: " + "; ".join(f"{w['id']} {w['factor']}×" for w in worst))
    verdicts = summary["verdicts"]
    assert isinstance(verdicts, dict)
    lines.append(f"ask / nothing-fits verdicts matched: {verdicts['matched']} of {verdicts['questions']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m evals.capex_trial [--held-out] [--json]`: runs `siliconsult eval --capex-trial`, which
    builds the engine (evals never imports bot, so the command that owns the wiring runs the trial)."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = [sys.executable, "-m", "bot.cli.main", "eval", "--capex-trial", "--llm", "none", *args]
    return subprocess.run(command, check=False).returncode  # noqa: S603 - our own CLI, fixed argv prefix


__all__ = [
    "CAPEX_FLOOR_USD",
    "TRIAL_SPLITS",
    "ExpertAnswer",
    "QuestionResult",
    "TrialQuestion",
    "capex_factor",
    "format_report",
    "load_questions",
    "run_question",
    "run_trial",
    "summarize",
    "trial_path",
]


if __name__ == "__main__":
    sys.exit(main())
