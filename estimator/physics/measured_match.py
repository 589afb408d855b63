"""Exact measured matches: when a public benchmark row answers the request, quote it instead of the model.

A row matches when it was measured on the same catalog device, the same device count, a model within
5 % of the parameter count, the same quantization, the same backend (when the request names one), and
the metric answers the question: `tg` (single-stream decode) for one user, `pp` for prefill, and
`total_tps` at the same concurrency and the same prompt/output lengths for many users.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from estimator.catalog import Benchmark

PARAMS_TOLERANCE = 0.05

MatchKey = tuple[str, int, str]


def index_benchmarks(rows: Iterable[Benchmark]) -> dict[MatchKey, tuple[Benchmark, ...]]:
    """Rows on catalog devices grouped by (hardware_id, device_count, QUANT) for constant-time lookup."""
    grouped: dict[MatchKey, list[Benchmark]] = defaultdict(list)
    for row in rows:
        if row.hardware_id:
            grouped[(row.hardware_id, row.device_count, row.quant.upper())].append(row)
    return {key: tuple(rows) for key, rows in grouped.items()}


def _same_workload(row: Benchmark, params_b: float, backend: str | None) -> bool:
    if abs(row.params_b - params_b) > PARAMS_TOLERANCE * params_b:
        return False
    return backend is None or row.backend == backend


def find_measured(
    candidates: tuple[Benchmark, ...],
    *,
    params_b: float,
    backend: str | None,
    concurrency: int,
    prompt_tokens: int,
    output_tokens: int,
    exclude_row: int | None = None,
) -> tuple[Benchmark | None, Benchmark | None]:
    """(decode row, prefill row) that exactly answer the request; either may be None.

    The decode row is a `tg` row for one user or a `total_tps` row at the same concurrency and the
    same prompt/output lengths for several; the prefill row is a `pp` row.
    """
    decode: Benchmark | None = None
    prefill: Benchmark | None = None
    for row in candidates:
        if row.row_id == exclude_row or not _same_workload(row, params_b, backend):
            continue
        if row.metric == "pp" and prefill is None:
            prefill = row
        elif decode is None and concurrency == 1 and row.metric == "tg" and (row.concurrency or 1) == 1:
            decode = row
        elif (
            decode is None and concurrency > 1 and row.metric == "total_tps" and row.concurrency == concurrency
            and row.prompt_tokens == prompt_tokens and row.gen_tokens == output_tokens
        ):
            decode = row
    return decode, prefill


__all__ = ["PARAMS_TOLERANCE", "MatchKey", "find_measured", "index_benchmarks"]
