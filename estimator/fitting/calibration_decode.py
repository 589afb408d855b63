"""The single-stream decode fit of one calibration key: (η_bw, per-token overhead, k-quant unpacking c_k).

Split from `calibration_fit` (which reduces rows to `Sample`s and runs every step in order). A `tg` row's
step time is a · memory_ms + o · layers/32 + c_k · unpack units + comm, a = 1 / η_bw ≥ 1, o ≥ 0, c_k ≥ 0,
by least squares on the *relative* error (each row counts equally, whatever its speed); c_k only where
the key has rows of GGUF k-quants and of other formats (`memory.is_k_quant`), alternating with (a, o).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from estimator.catalog import Benchmark
from estimator.physics import roofline
from estimator.physics.calibration import PRIORS

MIN_ROWS_FOR_OVERHEAD = 3
ALTERNATING_ROUNDS = 200


@dataclass(frozen=True, slots=True)
class Sample:
    """One row reduced to the terms its fit needs."""

    row: Benchmark
    keys: tuple[str, str]  # exact and pooled
    measured_ms: float  # step time (tg) or prompt time (pp)
    x: float  # memory ms at peak (tg), FLOP-ms at peak compute or at 1 FLOP/byte (pp)
    overhead_units: float
    comm_ms: float
    derived: bool
    quantized: bool = False  # weight-only quantized format (pp rows)
    kquant_params_b: float = 0.0  # GGUF k-quant parameters one step reads (tg rows), billions
    listed_tflops: float | None = None  # the device's listed rate for the format (None: derived)
    bandwidth_gbs: float = 0.0
    derived_cap_tflops: float | None = None
    # `overhead_units` as a kernel-bound engine pays them (clock-scaled); differs from `overhead_units` only
    # for engines whose own overhead is host work (`device.HOST_STEP_BACKENDS`), used when such a key has
    # too few rows for its own overhead and borrows the pool's, a figure quoted at the reference clock.
    borrowed_overhead_units: float | None = None
    alu: bool = False  # pp rows: the listed rate is a vector-ALU rate (`DeviceSpec.vector_alu_rate`)


def fit_decode_at(samples: Sequence[Sample], overhead_prior: float, extra_ms: Sequence[float]) -> tuple[float, float]:
    """(η_bw, overhead_ms) minimizing Σ(predicted / measured − 1)², with η_bw ≤ 1 and overhead ≥ 0, each
    row's fixed `extra_ms` (all-reduces, k-quant unpacking) added to its step."""
    fixed = [s.comm_ms + extra for s, extra in zip(samples, extra_ms, strict=True)]

    def slope_only(overhead: float) -> float:
        num = sum(
            (s.x / s.measured_ms) * (1 - (overhead * s.overhead_units + f) / s.measured_ms)
            for s, f in zip(samples, fixed, strict=True)
        )
        den = sum((s.x / s.measured_ms) ** 2 for s in samples)
        return max(1.0, num / den)

    if len(samples) < MIN_ROWS_FOR_OVERHEAD:
        return 1.0 / slope_only(overhead_prior), overhead_prior
    # Normal equations of the two-variable relative least squares.
    a11 = a12 = a22 = b1 = b2 = 0.0
    for s, f in zip(samples, fixed, strict=True):
        p, q, t = s.x / s.measured_ms, s.overhead_units / s.measured_ms, 1 - f / s.measured_ms
        a11, a12, a22, b1, b2 = a11 + p * p, a12 + p * q, a22 + q * q, b1 + p * t, b2 + q * t
    det = a11 * a22 - a12 * a12
    if abs(det) < 1e-12:
        return 1.0 / slope_only(overhead_prior), overhead_prior
    slope, overhead = (b1 * a22 - b2 * a12) / det, (a11 * b2 - a12 * b1) / det
    if overhead < 0:
        return 1.0 / slope_only(0.0), 0.0
    if slope < 1.0:  # efficiency above peak is impossible: pin η = 1, refit the overhead
        num = sum((s.overhead_units / s.measured_ms) * (1 - (s.x + f) / s.measured_ms)
                  for s, f in zip(samples, fixed, strict=True))
        den = sum((s.overhead_units / s.measured_ms) ** 2 for s in samples)
        return 1.0, max(0.0, num / den)
    return 1.0 / slope, overhead


def kquant_unpack_units(sample: Sample, kappa: dict[str, float]) -> float:
    """ms of k-quant unpacking per FLOP-equivalent per weight for one tg row: its k-quant parameters at the
    device's listed rate, or at κ · bandwidth (its key's κ, else the kind's pool, else the prior) as
    `resolve` derives it."""
    if not sample.kquant_params_b:
        return 0.0
    rate = sample.listed_tflops
    if rate is None:
        exact, pooled = sample.keys
        per_byte = kappa.get(exact, kappa.get(pooled, PRIORS[sample.row.kind]["kappa"]))
        rate = per_byte * sample.bandwidth_gbs / 1000.0
        if sample.derived_cap_tflops:
            rate = min(rate, sample.derived_cap_tflops)
    return roofline.kquant_unpack_ms(sample.kquant_params_b, 1.0, rate)


def fit_decode(
    samples: Sequence[Sample], overhead_prior: float, kappa: dict[str, float]
) -> tuple[float, float, float | None]:
    """(η_bw, overhead_ms, c_k) of one key; c_k is None unless the key has rows of k-quants and of other
    formats (with only one kind, η_bw absorbs whichever was measured). Alternating fits to convergence,
    c_k ≥ 0 (unpacking cannot make a step faster)."""
    units = [kquant_unpack_units(s, kappa) for s in samples]
    mixed = any(units) and not all(units)
    efficiency, overhead = fit_decode_at(samples, overhead_prior, [0.0] * len(samples))
    if not mixed or len(samples) < MIN_ROWS_FOR_OVERHEAD:
        return efficiency, overhead, None
    flops_per_weight = 0.0
    for _ in range(ALTERNATING_ROUNDS):
        num = den = 0.0
        for s, unit in zip(samples, units, strict=True):
            if unit:
                rest = s.x / efficiency + overhead * s.overhead_units + s.comm_ms
                num += (unit / s.measured_ms) * (1 - rest / s.measured_ms)
                den += (unit / s.measured_ms) ** 2
        previous, flops_per_weight = flops_per_weight, max(0.0, num / den)
        efficiency, overhead = fit_decode_at(samples, overhead_prior, [flops_per_weight * u for u in units])
        if abs(flops_per_weight - previous) < 1e-9:
            break
    return efficiency, overhead, flops_per_weight


__all__ = ["ALTERNATING_ROUNDS", "MIN_ROWS_FOR_OVERHEAD", "Sample", "fit_decode", "fit_decode_at", "kquant_unpack_units"]
