"""Lookups built once per catalog: devices, model shapes, bits per weight, calibration factors, the
measured rows by match key, and the resolved requests (`resolve.resolve`), cached per (catalog,
calibration) so the ranker's sweep of devices × counts × stacks looks each up once."""

from __future__ import annotations

import difflib
import threading
from dataclasses import dataclass, field
from typing import Any

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.errors import UnknownHardware
from estimator.physics.calibration import Factors, resolve_factors
from estimator.physics.device import DeviceSpec, device_from_hardware
from estimator.physics.measured_match import MatchKey, index_benchmarks
from estimator.physics.memory import Architecture, bits_per_weight, resolve_architecture
from estimator.physics.ranges import ratio_bounds


@dataclass(slots=True)
class CatalogIndex:
    """Lookups built once per catalog (the catalog is immutable, so they never go stale)."""

    catalog: Catalog
    calibration: CalibrationParams
    devices: dict[str, DeviceSpec] = field(default_factory=dict)
    architectures: dict[tuple[float, str | None], Architecture] = field(default_factory=dict)
    bits: dict[str, float] = field(default_factory=dict)
    factors: dict[tuple[str, str], Factors] = field(default_factory=dict)
    measured: dict[MatchKey, tuple[Benchmark, ...]] = field(default_factory=dict)
    # `resolve.Resolved` by request key (typed loosely: this module sits below `resolve`, which fills it).
    resolved: dict[tuple[object, ...], Any] = field(default_factory=dict)
    max_tflops: float | None = None
    measured_pairs: frozenset[tuple[str, str]] | None = None
    counts_measured: dict[tuple[str, str], frozenset[int]] | None = None
    range_bounds: dict[tuple[str, str, str], tuple[float, float] | None] = field(default_factory=dict)

    def device(self, hardware_id: str) -> DeviceSpec:
        spec = self.devices.get(hardware_id)
        if spec is None:
            hw = self.catalog.hardware_by_id(hardware_id)
            if hw is None:
                ids = [h.id for h in self.catalog.hardware]
                raise UnknownHardware(hardware_id, difflib.get_close_matches(hardware_id, ids, n=3, cutoff=0.5))
            spec = self.devices[hardware_id] = device_from_hardware(hw)
        return spec

    def architecture(self, params_b: float, name: str | None = None) -> Architecture:
        key = (params_b, name)
        arch = self.architectures.get(key)
        if arch is None:
            arch = self.architectures[key] = resolve_architecture(params_b, self.catalog.models, name)
        return arch

    def bits_per_weight(self, quant: str) -> float:
        bits = self.bits.get(quant)
        if bits is None:
            bits = self.bits[quant] = bits_per_weight(quant, self.catalog)
        return bits

    @property
    def max_listed_tflops(self) -> float | None:
        """The fastest dense FP16 rate any catalog device lists: a ceiling for compute derived from bandwidth."""
        if self.max_tflops is None:
            self.max_tflops = max((h.fp16_tflops or h.bf16_tflops or 0.0 for h in self.catalog.hardware), default=0.0)
        return self.max_tflops or None

    def has_measured(self, hardware_id: str, quant: str) -> bool:
        """Whether any measured row (at any device count) is on this device in this format."""
        if self.measured_pairs is None:
            self.measured_pairs = frozenset((hw, q) for hw, _count, q in self.measured)
        return (hardware_id, quant) in self.measured_pairs

    def measured_counts(self, hardware_id: str, quant: str) -> frozenset[int]:
        """The device counts of the measured rows on this device in this format."""
        if self.counts_measured is None:
            by_pair: dict[tuple[str, str], set[int]] = {}
            for hw, count, q in self.measured:
                by_pair.setdefault((hw, q), set()).add(count)
            self.counts_measured = {pair: frozenset(counts) for pair, counts in by_pair.items()}
        return self.counts_measured.get((hardware_id, quant), frozenset())

    def ratio_bounds(self, metric: str, backend: str, kind: str) -> tuple[float, float] | None:
        """`ranges.ratio_bounds` under this index's calibration (every estimate asks for two)."""
        key = (metric, backend, kind)
        if key not in self.range_bounds:
            self.range_bounds[key] = ratio_bounds(self.calibration, metric, backend, kind)
        return self.range_bounds[key]

    def resolve_factors(self, backend: str, kind: str) -> Factors:
        key = (backend, kind)
        found = self.factors.get(key)
        if found is None:
            found = self.factors[key] = resolve_factors(self.calibration, backend, kind)
        return found


_INDEXES: dict[tuple[int, int], CatalogIndex] = {}
_MAX_INDEXES = 16
_INDEX_LOCK = threading.Lock()


def catalog_index(catalog: Catalog, calibration: CalibrationParams | None = None) -> CatalogIndex:
    """The cached index of a catalog (optionally with other calibration, as the leave-one-out fit uses).

    Keyed by object identity; each entry keeps its catalog alive, so an id is never reused while cached.
    """
    calib = calibration if calibration is not None else catalog.calibration
    key = (id(catalog), id(calib))
    index = _INDEXES.get(key)
    if index is None or index.catalog is not catalog or index.calibration is not calib:
        # The Slack adapter runs turns on a thread pool: only the (rare) miss path needs the lock.
        with _INDEX_LOCK:
            if len(_INDEXES) >= _MAX_INDEXES:
                _INDEXES.pop(next(iter(_INDEXES)))
            index = CatalogIndex(catalog, calib, measured=index_benchmarks(catalog.benchmarks))
            _INDEXES[key] = index
    return index


__all__ = ["CatalogIndex", "catalog_index"]
