"""Devices with several power modes, modelled at the mode that meets a power cap.

A Jetson's nvpmodel profiles (and a laptop's power limits) trade draw for clocks: the Orin Nano Super
runs at 25 W with 102 GB/s of memory bandwidth, or at 15 W with 68 GB/s (`knowledge/data/
power_modes.csv`). Judged only at its top mode, a 15 W cap rejects a device that has a 15 W mode.
`at_power_cap` gives the estimator a catalog in which each such device runs at the fastest mode whose
draw fits the workload's power budget: that mode's watts, memory bandwidth and (scaled by GPU clock)
compute, and its name says which mode ("Jetson Orin Nano Super 8GB (dev kit) (15W mode)"). Decode is
bandwidth-bound, so the mode's speed follows from its bandwidth; a mode without a sourced bandwidth is
not modelled.
"""

from __future__ import annotations

from estimator.catalog import Catalog, Hardware, PowerMode
from estimator.catalog_variants import CatalogVariants
from estimator.workload import Workload

_CAPPED = CatalogVariants()
_COMPUTE_FIELDS = ("fp16_tflops", "bf16_tflops", "fp8_tflops", "int8_tops", "int4_tops")


def mode_for(hw: Hardware, modes: list[PowerMode], budget_w: float) -> PowerMode | None:
    """The fastest sourced mode of `hw` within `budget_w`; when none is within it, the lowest sourced one (the device
    as close to the cap as it can be set: a 17 W Lunar Lake box for "about 15 W" is 1.1× past it, not 2× at its
    30 W default). None: its top draw already fits, or it has no sourced mode below it."""
    if hw.tdp_w is None or hw.tdp_w <= budget_w:
        return None
    sourced = [m for m in modes if m.memory_bandwidth_gbs and m.watts < hw.tdp_w]
    usable = [m for m in sourced if m.watts <= budget_w]
    if usable:
        return max(usable, key=lambda m: m.watts)
    return min(sourced, key=lambda m: m.watts, default=None)


def at_mode(hw: Hardware, mode: PowerMode, modes: list[PowerMode]) -> Hardware:
    """The device as it runs in `mode`: its draw, bandwidth and compute scaled by clock and by the share of
    compute units the mode keeps powered (a tensor rate is units x ops per unit per clock x clock)."""
    update: dict[str, object] = {"tdp_w": mode.watts, "memory_bandwidth_gbs": mode.memory_bandwidth_gbs,
                                 "name": f"{hw.name} ({mode.mode} mode)"}
    top = max((m for m in modes if m.gpu_clock_mhz), key=lambda m: m.watts, default=None)
    if mode.gpu_clock_mhz and top is not None and top.gpu_clock_mhz:
        units = (mode.active_gpu_share or 1.0) / (top.active_gpu_share or 1.0)
        ratio = mode.gpu_clock_mhz / top.gpu_clock_mhz * units
        for field in _COMPUTE_FIELDS:
            value = getattr(hw, field)
            if value is not None:
                update[field] = value * ratio
    return hw.model_copy(update=update)


def at_power_cap(catalog: Catalog, workload: Workload) -> Catalog:
    """`catalog` with every multi-mode device over the power budget run at its best mode within it.

    Memoized per catalog and budget: the estimator indexes a catalog by identity, so a fresh copy per
    call would rebuild its index every time.
    """
    budget = workload.power_budget_w
    if budget is None or not catalog.power_modes:
        return catalog
    return _CAPPED.get(catalog, budget, lambda: _capped(catalog, budget))


def _capped(catalog: Catalog, budget: int) -> Catalog:
    by_device: dict[str, list[PowerMode]] = {}
    for mode in catalog.power_modes:
        by_device.setdefault(mode.hardware_id, []).append(mode)
    changed: dict[str, Hardware] = {}
    for hw_id, modes in by_device.items():
        hw = catalog.hardware_by_id(hw_id)
        chosen = mode_for(hw, modes, budget) if hw is not None else None
        if hw is not None and chosen is not None:
            changed[hw_id] = at_mode(hw, chosen, modes)
    if not changed:
        return catalog
    return catalog.model_copy(update={"hardware": tuple(changed.get(h.id, h) for h in catalog.hardware)})


__all__ = ["at_mode", "at_power_cap", "mode_for"]
