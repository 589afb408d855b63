"""A laptop asked for: the laptops sold with each chip, each at its own price and memory size.

A chip row is priced by one machine (the Ryzen AI Max+ 395 by a $1,999 Framework Desktop, the M4 Pro by a
$1,399 Mac mini) and sized at one memory size. Someone who asks for a laptop ("the cheapest laptop that
runs it", "买一台笔记本") buys a laptop: a MacBook Pro or an HP ZBook with that chip costs more and comes in
several memory sizes, and the model decides which size (70 GB of weights need the 128 GB machine, not the
64 GB one). `with_laptops` adds one device per laptop configuration of `knowledge/data/laptop_configs.csv`
(`LaptopConfig.as_device`: the chip's speed with the machine's memory, price, draw and source), and the chip's
measured rows under the machine's id (the same silicon runs them, whatever memory size surrounds it). The sizer then fits each
configuration like any device and the cheapest one that fits and meets the targets wins.

`sold_as_laptop` is the purchase rule under `device_form: laptop`: only a row whose price is a laptop's is
bought. Owned devices are judged as they are: the rule is about what is bought (seed 1: use what you have).
"""

from __future__ import annotations

import re

from estimator.catalog import Benchmark, Catalog, Hardware
from estimator.catalog_variants import CatalogVariants
from estimator.said import Said, said
from estimator.workload import Workload

_AS_LAPTOPS = CatalogVariants()
_LAPTOP_WORDS = re.compile(r"\blaptops?\b|\bmacbook|\bnotebooks?\b", re.IGNORECASE)
# Form factors that also sell the chip outside a laptop: then the row's price may be that machine's.
_OTHER_FORMS = re.compile(r"mini[- ]?pc|mac mini|mac studio|desktop|dev kit|\bsom\b|module|ipad|vision pro", re.IGNORECASE)


def sold_as_laptop(hw: Hardware) -> bool:
    """Whether buying this row buys a laptop: its price basis names a laptop (a MacBook Pro, a laptop
    configuration), or the chip ships only in laptops ("Laptop SoC"), so whatever price it has is a laptop's."""
    if isinstance(hw.price_basis, str) and _LAPTOP_WORDS.search(hw.price_basis):  # a finding is no data basis
        return True
    form = hw.form_factor or ""
    return bool(_LAPTOP_WORDS.search(form)) and not _OTHER_FORMS.search(form)


def with_laptops(catalog: Catalog, workload: Workload) -> Catalog:
    """`catalog` with every laptop configuration as a device when a laptop is asked for (else unchanged).

    Memoized per catalog: the estimator indexes a catalog by identity."""
    if workload.device_form != "laptop" or not catalog.laptop_configs:
        return catalog
    return _AS_LAPTOPS.get(catalog, "laptops", lambda: _laptops(catalog))


def _laptops(catalog: Catalog) -> Catalog:
    added: list[Hardware] = []
    measured: list[Benchmark] = []
    known = {hw.id for hw in catalog.hardware}
    for config in catalog.laptop_configs:
        chip = catalog.hardware_by_id(config.hardware_id)
        if chip is None or config.id in known:
            continue
        added.append(config.as_device(chip))
        if config.memory_bandwidth_gbs is None:  # a slower bin is not the silicon the chip's rows measured
            measured += [row.model_copy(update={"hardware_id": config.id})
                         for row in catalog.benchmarks if row.hardware_id == chip.id]
    if not added:
        return catalog
    return catalog.model_copy(update={"hardware": (*catalog.hardware, *added), "benchmarks": (*catalog.benchmarks, *measured)})


def laptops_of(catalog: Catalog, workload: Workload, chip: Hardware, memory_gb: float | None) -> list[Hardware]:
    """The laptops sold with a chip the user names while asking for a laptop ("is the M5 Pro 64 GB enough or do I
    need the M5 Max?"), at least as large as a memory they state: the chip is answered as the laptop they would buy.
    Empty when no laptop is asked for or none is listed (the chip row answers then)."""
    if workload.device_form != "laptop":
        return []
    configs = [c for c in catalog.laptop_configs
               if c.hardware_id == chip.id and (memory_gb is None or c.memory_gb >= memory_gb)]
    found = [catalog.hardware_by_id(c.id) for c in configs]
    return [hw for hw in found if hw is not None]


def unpriced_laptops_note(catalog: Catalog, workload: Workload) -> Said | None:
    """When a laptop is asked for, the laptops the catalog knows but cannot price: left out, and said so (an
    unpriced laptop is never compared as if it were free)."""
    if workload.device_form != "laptop":
        return None
    unpriced = [f"{c.laptop}, {c.memory_gb:g} GB" for c in catalog.laptop_configs if c.price_usd is None]
    return said("note.laptops_unpriced", laptops="; ".join(unpriced)) if unpriced else None


__all__ = ["laptops_of", "sold_as_laptop", "unpriced_laptops_note", "with_laptops"]
