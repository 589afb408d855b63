"""The reading eval: how many workload facts the product reads from messages as infra leads write them.

Each message of the reading set (`evals/reading/*.jsonl`) goes through the conversation's reading
step (`Nodes.understand`: the parser, then the language model's narrow reading job when one is
configured), on a fresh thread whose pending question is the message's `pending_slot`. The facts it
reads are compared with the facts written by hand for that message:

- right: an expected fact read with its value (numbers within 5 %, DESIGN.md's tolerance;
  quantization by bit width);
- wrong: an expected fact read with another value, or a number or quantization read that the
  message does not state (a spurious fact misleads the sizing as much as a wrong one);
- missed: an expected fact not read.

Categories and yes/no facts are scored only where expected: "our team" may or may not describe who
uses the service, so reading a scale nobody wrote down is not counted against the reader.
The turn latency is the reading step's wall time per message (model calls included).
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

READING_DIR = Path(__file__).parent / "reading"
SPLITS = ("dev", "heldout")
# Facts whose unexpected reading counts as wrong: numbers and the weight format size the hardware.
SPURIOUS_SCORED = frozenset({
    "model_params_b", "quantization", "concurrent_users", "total_users", "prompt_tokens", "output_tokens",
    "context_length", "ttft_target_ms", "e2e_target_ms", "tokens_per_s_target", "power_budget_w", "budget_usd", "models_served",
    "batch_items", "batch_window_hours", "tokens_per_s_total", "models_compared", "shared_prefix_tokens",
    "shared_prefix_share",
    # "only the named devices can be bought" read where the lead said nothing of the kind ("we can't buy anything, only
    # what we have" is owned hardware and no purchase): a wrong limit on the purchase.
    "named_only",
})
_RELATIVE_TOLERANCE = 0.05  # DESIGN.md: scenario numbers match within 5 %

Reader = Callable[[str, str | None], Mapping[str, Any]]  # text, pending slot -> facts read


@dataclass(frozen=True)
class ReadingCase:
    id: str
    lang: str
    text: str
    expect: dict[str, Any]
    pending_slot: str | None = None


def load_cases(splits: Iterable[str] = SPLITS, directory: Path = READING_DIR) -> dict[str, list[ReadingCase]]:
    """The reading set's cases per split name."""
    cases: dict[str, list[ReadingCase]] = {}
    for split in splits:
        rows = (json.loads(line) for line in (directory / f"{split}.jsonl").read_text(encoding="utf-8").splitlines()
                if line.strip())
        cases[split] = [ReadingCase(id=r["id"], lang=r["lang"], text=r["text"], expect=r["expect"],
                                    pending_slot=r.get("pending_slot")) for r in rows]
    return cases


def quantization_bits(value: Any) -> int | None:
    """The weight width a quantization names: "Q4_K_M", "INT4", "4bit" -> 4; "FP16", "BF16" -> 16."""
    found = re.search(r"(\d+)", str(value))
    return int(found.group(1)) if found else None


def same_value(field_name: str, expected: Any, read: Any) -> bool:
    """Whether a read value matches the expected one (numbers within 5 %, quantization by bits)."""
    if field_name == "quantization":
        return quantization_bits(expected) == quantization_bits(read)
    if isinstance(expected, bool) or isinstance(read, bool):
        return expected is read
    if isinstance(expected, int | float) and isinstance(read, int | float):
        return math.isclose(float(expected), float(read), rel_tol=_RELATIVE_TOLERANCE)
    if isinstance(expected, list) and isinstance(read, list) and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in (*expected, *read)):
        # numbers compared as a set, each within the tolerance ("32B or 70B?": the sizes weighed)
        return len(expected) == len(read) and all(
            same_value(field_name, e, r) for e, r in zip(sorted(expected), sorted(read), strict=True))
    if isinstance(expected, list) or isinstance(read, list):
        return sorted(map(str, _as_said(expected))) == sorted(map(str, _as_said(read)))
    return bool(expected == read)


# A device's note of what the message left unsaid ("line": a MacBook Pro named without its chip, taken as one
# configuration and asked about), its kind and the user's words for it ("label") are the reader's, not facts the
# message states: devices compare by catalog id and count.
_READER_NOTES = ("line", "label", "kind")


def _as_said(value: Any) -> list[Any]:
    values = value if isinstance(value, list) else [value]
    return [{k: v for k, v in item.items() if k not in _READER_NOTES} if isinstance(item, dict) else item
            for item in values]


@dataclass
class CaseScore:
    id: str
    lang: str
    right: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    read: dict[str, Any] = field(default_factory=dict)
    latency_ms: float = 0.0


def score_case(case: ReadingCase, read: Mapping[str, Any]) -> CaseScore:
    """Right, wrong and missed facts of one message (see the module docstring)."""
    score = CaseScore(case.id, case.lang, read=dict(read))
    for name, expected in case.expect.items():
        if expected is None:
            # A fact the message denies ("no RAG", "不需要检索"): right when nothing is read for it.
            if read.get(name) is None:
                score.right.append(name)
            else:
                score.wrong.append(f"{name}={read[name]!r} (denied)")
        elif name not in read:
            score.missed.append(name)
        elif same_value(name, expected, read[name]):
            score.right.append(name)
        else:
            score.wrong.append(f"{name}={read[name]!r} (expected {expected!r})")
    users = {case.expect.get("concurrent_users"), case.expect.get("total_users")} - {None}
    for name, value in read.items():
        if name in case.expect or name not in SPURIOUS_SCORED:
            continue
        # A head count read for both peak and total is the contract's assumption, not a misreading.
        if name in ("concurrent_users", "total_users") and any(same_value(name, u, value) for u in users):
            continue
        score.wrong.append(f"{name}={value!r} (not stated)")
    return score


class LanguageTotals(TypedDict):
    messages: int
    expected: int
    right: int
    wrong: int
    missed: int


class SplitResult(TypedDict):
    by_language: dict[str, LanguageTotals]
    total: LanguageTotals
    latency_ms_p50: float | None
    latency_ms_p95: float | None


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(1, min(len(ordered), math.ceil(q * len(ordered)))) - 1]  # nearest rank


def _totals(scores: list[CaseScore], expected: int) -> LanguageTotals:
    return {"messages": len(scores), "expected": expected, "right": sum(len(s.right) for s in scores),
            "wrong": sum(len(s.wrong) for s in scores), "missed": sum(len(s.missed) for s in scores)}


def summarize(cases: list[ReadingCase], scores: list[CaseScore]) -> SplitResult:
    by_language: dict[str, LanguageTotals] = {}
    # The languages the cases are written in, in the order they first appear: the languages themselves are
    # the wording layer's (`bot.wording.sentences.Language`), which the eval harness does not import.
    for lang in dict.fromkeys(c.lang for c in cases):
        picked = [(c, s) for c, s in zip(cases, scores, strict=True) if c.lang == lang]
        if picked:
            by_language[lang] = _totals([s for _, s in picked], sum(len(c.expect) for c, _ in picked))
    latencies = [s.latency_ms for s in scores]
    return {"by_language": by_language, "total": _totals(scores, sum(len(c.expect) for c in cases)),
            "latency_ms_p50": _percentile(latencies, 0.5), "latency_ms_p95": _percentile(latencies, 0.95)}


def run_reading(reader: Reader, cases: list[ReadingCase]) -> tuple[SplitResult, list[CaseScore]]:
    """Read every case with `reader` (timed) and score it."""
    scores = []
    for case in cases:
        started = time.perf_counter()
        read = reader(case.text, case.pending_slot)
        elapsed_ms = (time.perf_counter() - started) * 1000
        score = score_case(case, read)
        score.latency_ms = elapsed_ms
        scores.append(score)
    return summarize(cases, scores), scores


def nodes_reader(nodes: Any) -> Reader:
    """The conversation's own reading step: `Nodes.understand` on a fresh thread with a pending question."""

    def read(text: str, pending_slot: str | None) -> Mapping[str, Any]:
        update = nodes.understand({"message": text, "pending_slot": pending_slot})
        read = dict(update["turn"].facts)
        # A question inside the question ("32B or 70B?") is read as the models to weigh side by side.
        models = (update.get("weighing") or {}).get("model")
        if models:
            read["models_compared"] = [m.get("model_params_b") for m in models]
        return read

    return read


__all__ = ["READING_DIR", "SPLITS", "SPURIOUS_SCORED", "CaseScore", "Reader", "ReadingCase",
           "SplitResult", "load_cases", "nodes_reader", "quantization_bits", "run_reading", "same_value",
           "score_case", "summarize"]
