"""Counters of how each language model did, for `siliconsult eval --llm X` model comparison.

`extract_workload_facts` and `phrase_reply` record into the `LLMStats` of the model they were given
(looked up by `model.name` in a module-level registry), so an eval run can read call counts, guard
pass rate, fallbacks and latency per model without threading a collector through the engine.
Thread-safe: Slack listeners run on a thread pool.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TypedDict


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    # Nearest-rank percentile: with few samples it reports an observed latency, not an interpolation.
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


class LLMCounters(TypedDict):
    """A model's counters as JSON (the eval report's `llm`): `StatsSnapshot` without the raw latencies."""

    model: str
    extract_calls: int
    extract_facts_kept: int
    extract_facts_dropped: int
    phrase_calls: int
    guard_passes: int
    guard_rejects: int
    fallbacks: int
    errors: int
    timeouts: int
    skipped_language: int
    guard_pass_rate: float | None
    latency_ms_p50: float | None
    latency_ms_p95: float | None


class StatsSnapshot(LLMCounters):
    """`LLMStats.snapshot()`: the counters, then every call's latency."""

    latency_ms: list[float]


@dataclass
class LLMStats:
    """What one model did: calls per use, guard outcomes, fallbacks, and per-call latency in ms.

    `fallbacks` counts calls whose result was the deterministic fallback ({} for extraction, the
    template for phrasing) because the model failed, timed out, or its output was rejected.
    `skipped_language` counts calls not made because the backend does not handle the language.
    """

    model_name: str
    extract_calls: int = 0
    extract_facts_kept: int = 0
    extract_facts_dropped: int = 0
    phrase_calls: int = 0
    guard_passes: int = 0
    guard_rejects: int = 0
    fallbacks: int = 0
    errors: int = 0
    timeouts: int = 0
    skipped_language: int = 0
    latency_ms: list[float] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, *, latency_ms: float | None = None, **increments: int) -> None:
        """Add to counters by name (`add(phrase_calls=1, guard_passes=1, latency_ms=812.0)`)."""
        with self._lock:
            for name, amount in increments.items():
                if name.startswith("_") or not isinstance(getattr(self, name, None), int):
                    raise AttributeError(f"LLMStats has no counter {name!r}")
                setattr(self, name, getattr(self, name) + amount)
            if latency_ms is not None:
                self.latency_ms.append(latency_ms)

    @property
    def guard_pass_rate(self) -> float | None:
        checked = self.guard_passes + self.guard_rejects
        return self.guard_passes / checked if checked else None

    def snapshot(self) -> StatsSnapshot:
        """A JSON-ready copy: the counters plus pass rate and p50/p95 latency, then the latencies."""
        with self._lock:
            latencies = list(self.latency_ms)
            return {**self._counters(latencies), "latency_ms": latencies}

    def counters(self) -> LLMCounters:
        """The snapshot without the raw latency list."""
        with self._lock:
            return self._counters(self.latency_ms)

    def _counters(self, latencies: list[float]) -> LLMCounters:
        return {
            "model": self.model_name,
            "extract_calls": self.extract_calls, "extract_facts_kept": self.extract_facts_kept,
            "extract_facts_dropped": self.extract_facts_dropped, "phrase_calls": self.phrase_calls,
            "guard_passes": self.guard_passes, "guard_rejects": self.guard_rejects, "fallbacks": self.fallbacks,
            "errors": self.errors, "timeouts": self.timeouts, "skipped_language": self.skipped_language,
            "guard_pass_rate": self.guard_pass_rate,
            "latency_ms_p50": _percentile(latencies, 0.50),
            "latency_ms_p95": _percentile(latencies, 0.95),
        }


_REGISTRY: dict[str, LLMStats] = {}
_REGISTRY_LOCK = threading.Lock()


def stats_for(model_name: str) -> LLMStats:
    """The (shared) counters of the model named `model_name`, created on first use."""
    with _REGISTRY_LOCK:
        if model_name not in _REGISTRY:
            _REGISTRY[model_name] = LLMStats(model_name)
        return _REGISTRY[model_name]


def all_stats() -> dict[str, StatsSnapshot]:
    """Snapshots of every model's counters, keyed by model name."""
    with _REGISTRY_LOCK:
        models = list(_REGISTRY.values())
    return {stats.model_name: stats.snapshot() for stats in models}


def reset_stats(model_name: str | None = None) -> None:
    """Forget the counters of one model, or of all (an eval run starts from zero)."""
    with _REGISTRY_LOCK:
        if model_name is None:
            _REGISTRY.clear()
        else:
            _REGISTRY.pop(model_name, None)


__all__ = ["LLMCounters", "LLMStats", "StatsSnapshot", "all_stats", "reset_stats", "stats_for"]
