"""Which device × serving-stack pairs may serve a workload, and why the others may not.

Eligibility rules are the seeds' rules written as constraints with a stated reason, never as a fixed
answer: an NPU does not serve many users (seed 1), beyond a team serving needs continuous batching
(seed 1: departments run vLLM), organization-wide 24/7 production wants data-center parts, read
from the form factor and memory (seed 1), embedded modules are edge hardware, shared training wants a
general-purpose GPU (seed 2), a device with no price or no TDP cannot be costed unless it is already
owned. The module also says which devices the buyer owns (`ownership`: named by exact id, or a class
such as modern NPU laptops), what an owned device's power is costed at (`fill_owned_power`: a missing
figure never makes it free) and in what units a device is bought (`purchase_unit`: baseboards, kits).
Sizing (how many) happens in `sizing.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from estimator.advice.export_rules import TPP_CONTROLLED, total_processing_performance
from estimator.advice.laptops import sold_as_laptop
from estimator.advice.markets import not_sold_to_buyer
from estimator.catalog import Catalog, Hardware, MarketAvailability, ServingStack
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, ORGANIZATION_USERS, device_price
from estimator.physics.servers import price_includes_server, vendor_server_size
from estimator.said import Said, said
from estimator.workload import Workload

# Seed 1: "限於較小的模型（實際上限約 7B 量化）" — a little slack for 7–8B families.
NPU_MAX_PARAMS_B = 8.0
# No fixed deployment size: servers are added as replicas (or pipeline stages) until the targets are
# met. This is only the ceiling of one estimate request (`EstimateRequest.count`), far beyond any
# purchase this assistant sizes.
MAX_COUNT = 1024
# Seed 1: "如果他們有現代筆記型電腦（2024 年以後）： 使用 NPU 或整合 GPU" — the NPU laptop an enterprise
# fleet has is a 2024-or-later one (Copilot+ PCs, M4 Macs); older chips count as owned only when named.
MODERN_LAPTOP_YEAR = 2024
# Seed 1: teams are 5–20 users; departments "運行 vLLM 以實現高效的批次排程和持續批次處理".
TEAM_MAX_USERS = 20


@dataclass(frozen=True)
class Candidate:
    """One device running one serving stack; `existing` means the buyer already owns such devices."""

    hardware: Hardware
    stack: ServingStack
    existing: bool
    unit_price_usd: float | None
    # How the power of an owned device with no TDP of its own was filled in (`owned_power`), for the TCO lines.
    power_note: Said | None = None
    # Owned because the user said they own this class ("NPU laptops") without naming the chip: which one
    # they have is unknown, so the ranking does not let one chip of the class beat another on cost.
    class_owned: bool = False
    # A purchase that tops up devices the user already owns ("your 6 L40S + 2 more"): of the option's
    # count, this many are owned, so capex covers only the rest (`estimator.advice.owned`).
    owned_units: int = 0
    # The most devices the place it stands takes (`placement_device_cap`): a desk or an office holds one tower, not racks.
    count_cap: int | None = None

    @property
    def max_count(self) -> int:
        # Laptops and SoC boxes do not pool into one server; a single user runs on one.
        if self.hardware.kind in ("npu", "soc"):
            return 1
        return min(MAX_COUNT, self.count_cap or MAX_COUNT)

    @cached_property  # sizing reads it at every count it tries; the hardware never changes (a frozen candidate)
    def board(self) -> int:
        return purchase_unit(self.hardware)


_KIT = re.compile(r"(\d+)[- ](?:accelerator|gpu|card|chip)s? (?:kit|system|board)", re.IGNORECASE)
# A baseboard's size as a form factor names it ("HGX H100 4-GPU", "8-GPU UBB", "8-way"), read upper-cased.
_BOARD_SIZE = re.compile(r"(\d+)[- ]?(?:GPU|WAY)\b")


def purchase_unit(hw: Hardware) -> int:
    """Devices per purchasable unit: SXM/OAM modules ship on baseboards (HGX, UBB), not one by one.

    A price quoted for a kit ("8-accelerator kit $125,000") is a price for that many: the kit is the
    unit. Otherwise the form factor says: the smallest board it names ("HGX H100 4-GPU or 8-GPU": a 4-GPU board
    is the least anyone can buy), a "UBB" board 8 (OAM's Universal Baseboard holds 8), other module-only parts 4;
    cards and parts also sold as PCIe cards are bought singly. A module whose price buys its vendor's server
    (`servers.price_includes_server`) is bought a server at a time.
    """
    kit = _KIT.search(hw.price_basis) if isinstance(hw.price_basis, str) else None  # the data's words name a kit
    if kit:
        return int(kit.group(1))
    if price_includes_server(hw):  # priced with its vendor's server ("8 per Atlas 800I A2 server"): bought whole
        return vendor_server_size(hw) or 1
    form = (hw.form_factor or "").upper()
    if "PCIE" in form or not any(word in form for word in ("SXM", "OAM")):
        return 1
    boards = [int(size) for size in _BOARD_SIZE.findall(form)]
    if boards:
        return min(boards)
    return 8 if "UBB" in form else 4


def is_datacenter_grade(hw: Hardware) -> bool:
    """Built for 24/7 data-center operation (seed 1: "具有 ECC 記憶體，並且設計用於 24/7 資料中心操作").

    Read from the form factor and memory, never the id: accelerators and server CPUs; GPU modules
    (SXM/OAM, on baseboards); passively cooled cards (they rely on a server chassis' airflow, which is
    how data-center PCIe cards ship); HBM parts. ECC alone does not make a card a data-center part:
    workstation cards (an actively cooled blower, e.g. RTX 6000 Ada) carry ECC but are built for a
    desk-side tower.
    """
    if hw.kind in ("accel", "cpu"):
        return True
    if hw.kind != "gpu":
        return False
    memory = (hw.memory_type or "").upper()
    form = (hw.form_factor or "").lower()
    return "HBM" in memory or any(word in form for word in ("passive", "sxm", "oam"))


# Embedded modules and developer kits (Jetson): boards for kiosks, robots and appliances, not a person's
# computer. Read from the form factor.
_EMBEDDED = re.compile(r"\b(?:som|dev(?:eloper)? kit|module)\b", re.IGNORECASE)


def is_embedded_module(hw: Hardware) -> bool:
    """An SoC sold as an embedded module or developer kit rather than inside a laptop or desktop."""
    return hw.kind == "soc" and bool(_EMBEDDED.search(hw.form_factor or ""))


# A device sold inside laptops, read from the form factor ("Laptop SoC", "SoC (Mac mini / MacBook Pro)", "NPU
# block inside the Lunar Lake laptop SoC"): what a buyer who asks for a laptop can be sold.
def is_organization(workload: Workload) -> bool:
    users = max(workload.total_users or 0, workload.concurrent_users or 0)
    return workload.deployment_scale == "organization" or users >= ORGANIZATION_USERS


# The `existing_hardware` class a device's kind is spoken of as ("GPUs", "CPUs", "laptops"), whatever its grade.
_KIND_CLASS = {"cpu": "cpu_servers", "gpu": "gpu_workstations", "npu": "npu_laptops", "soc": "npu_laptops"}


def owned_class(hw: Hardware) -> str | None:
    """Which `existing_hardware` value a device belongs to (None: not something people own idle).

    "npu_laptops" covers the personal computers with an NPU-class SoC (laptops, Mac minis, their NPU
    blocks), not embedded modules; "gpu_workstations" the cards that are not data-center parts.
    """
    if hw.kind == "cpu":
        return "cpu_servers"
    if hw.kind == "npu" or (hw.kind == "soc" and not is_embedded_module(hw)):
        return "npu_laptops"
    if hw.kind == "gpu" and not is_datacenter_grade(hw):
        return "gpu_workstations"
    return None


_INSIDE = re.compile(r"NPU block inside (?:the )?(.+?) laptop SoC", re.IGNORECASE)


def _same_chip(npu: Hardware, soc: Hardware) -> bool:
    """An NPU listed as a block inside a laptop SoC: its form factor names the SoC ("NPU block inside the
    Lunar Lake laptop SoC"), or the SoC's name names the NPU ("Ryzen AI 9 HX 370 (…, XDNA 2 NPU)")."""
    if npu.kind != "npu" or soc.kind != "soc" or npu.vendor != soc.vendor:
        return False
    inside = _INSIDE.search(npu.form_factor or "")
    if inside is not None and inside.group(1).lower() in soc.name.lower():
        return True
    head = npu.name.split("(")[0].strip().lower()
    return bool(head) and head in soc.name.lower()


def _named(hw: Hardware, ids: set[str], catalog: Catalog | None) -> bool:
    """Whether the user named this device, or the laptop chip it belongs to (SoC ⇄ its NPU block).

    Ids match exactly: owning an M4 says nothing about an M4 Pro or M4 Max.
    """
    if hw.id in ids:
        return True
    named = [other for i in ids if catalog is not None and (other := catalog.hardware_by_id(i)) is not None]
    return any(_same_chip(hw, other) or _same_chip(other, hw) for other in named)


def ownership(workload: Workload, hw: Hardware, catalog: Catalog | None = None) -> str | None:
    """"named" when the user named this device (or its chip), "class" when they said they own its class
    ("NPU laptops") without naming a device of it, else None (a purchase)."""
    ids = set(workload.existing_hardware_ids or ())
    if ids and _named(hw, ids, catalog):
        return "named"
    cls = owned_class(hw)
    if cls is None or cls not in set(workload.existing_hardware or ()):
        return None
    if cls == "npu_laptops" and hw.launch_year is not None and hw.launch_year < MODERN_LAPTOP_YEAR:
        return None  # an unnamed "NPU laptop" is seed 1's modern one; an older chip counts only when named
    if catalog is not None and ids:
        # Devices were named: only they are owned within the classes they cover. A named device covers the
        # class of its kind even when it is no idle class's member: "we have four H100 SXM GPUs" names H100s
        # (a data-center part) and says "GPUs" about them, not about every workstation card in the catalog.
        covered = {owned_class(h) or _KIND_CLASS.get(h.kind) for h in catalog.hardware if _named(h, ids, catalog)}
        if cls in covered:
            return None
    return "class"


def owned(workload: Workload, hw: Hardware, catalog: Catalog | None = None) -> bool:
    """Whether the workload says this device (or its class, when no device is named) is already owned."""
    return ownership(workload, hw, catalog) is not None


def chip_power_w(hw: Hardware, catalog: Catalog | None) -> tuple[float | None, Said | None]:
    """The draw to cost a device at: its own TDP, else (an NPU block) the TDP of the laptop chip it is
    part of, with a note saying so; (None, None) when neither is on record."""
    if hw.tdp_w:
        return hw.tdp_w, None
    if catalog is not None and hw.kind == "npu":
        for soc in catalog.hardware:
            if soc.tdp_w and _same_chip(hw, soc):
                return soc.tdp_w, said("power_note.chip", hardware=hw.name, tdp=f"{soc.tdp_w:.0f}", chip=soc.name)
    return None, None


def _with_power(candidate: Candidate, tdp_w: float, note: Said) -> Candidate:
    return replace(candidate, hardware=candidate.hardware.model_copy(update={"tdp_w": tdp_w}), power_note=note)


def fill_owned_power(candidates: list[Candidate], catalog: Catalog) -> list[Candidate]:
    """Give every owned device a power figure so a missing one never makes it look free.

    Its own TDP, else its chip's (`chip_power_w`), else the highest draw among the other owned devices
    on offer (conservative: the unknown draw cannot make it the cheapest owned option). With no owned
    device to borrow from, power stays uncounted and the TCO line says so; it then competes only
    against purchases, which pay their hardware, so the missing figure cannot decide that either.
    """
    filled: list[Candidate] = []
    for cand in candidates:
        if cand.existing and not cand.hardware.tdp_w:
            tdp, note = chip_power_w(cand.hardware, catalog)
            if tdp is not None and note is not None:
                cand = _with_power(cand, tdp, note)
        filled.append(cand)
    known = [c for c in filled if c.existing and c.hardware.tdp_w]
    result: list[Candidate] = []
    for cand in filled:
        if cand.existing and not cand.hardware.tdp_w and known:
            top = max(known, key=lambda c: c.hardware.tdp_w or 0.0)
            cand = _with_power(cand, top.hardware.tdp_w or 0.0, said(
                "power_note.borrowed", hardware=cand.hardware.name, tdp=f"{top.hardware.tdp_w:.0f}", other=top.hardware.name))
        result.append(cand)
    return result


# The catalog's own words for a part sold in China only: "H20 96GB (China-market Hopper)", "RTX 4090 D (China market)".
_CHINA_MARKET = re.compile(r"\bchina[- ]market\b", re.IGNORECASE)


def china_market_only(hw: Hardware) -> bool:
    """A part made for and sold in the Chinese market only, read from its catalog name."""
    return bool(_CHINA_MARKET.search(hw.name))


# Makers whose processors run the x86 instruction set; every other maker's CPU or SoC is Arm (Apple silicon, Qualcomm
# Snapdragon, NVIDIA Jetson / Grace / GB10, Huawei Kunpeng, Ampere). A card or accelerator runs in whatever host it
# is put in, so it has no instruction set of its own here.
X86_MAKERS = frozenset({"intel", "amd", "hygon", "zhaoxin"})


def instruction_set(hw: Hardware) -> str | None:
    """The instruction set a CPU or SoC runs ("x86", "arm"); None for a card, an NPU block or an accelerator."""
    if hw.kind not in ("cpu", "soc"):
        return None
    return "x86" if hw.vendor.casefold() in X86_MAKERS else "arm"


def at_desk_or_office(workload: Workload) -> bool:
    """The box stands at a desk or in an office with no server room ("under my desk", "没有机房", "不能太吵")."""
    return workload.placement in ("desk", "office")


def needs_server_room(workload: Workload, hw: Hardware) -> str | None:
    """Why a device cannot stand where the workload puts it: "passive" (a passive heat sink needs a server chassis's
    forced airflow, and the server fans that supply it are loud) or "rack" (sold only on a baseboard or as a rack
    system), from the catalog's sourced `cooling` column; None where it can, or where the catalog does not say."""
    if at_desk_or_office(workload) and hw.cooling in ("passive", "rack"):
        return hw.cooling
    return None


def placement_device_cap(workload: Workload) -> int | None:
    """At a desk or in an office, the devices one tower takes (seed 1: "1-4 GPUs" fit existing office power and
    cooling, `TcoAssumptions.office_device_limit`); more is a rack of servers. None elsewhere."""
    return DEFAULT_TCO_ASSUMPTIONS.office_device_limit if at_desk_or_office(workload) else None


def exclusion(workload: Workload, hw: Hardware, stack: ServingStack, existing: bool,
              availability: Sequence[MarketAvailability] = ()) -> Said | None:
    """Why this pair cannot serve the workload (None = eligible). Reasons cite the seeds. `availability` is the
    catalog's market rows (`advice.markets`); without them a mainland buyer is held to the export rule's own test."""
    users = workload.concurrent_users or 1
    if workload.excluded_vendors and not existing and hw.vendor.casefold() in {v.casefold() for v in workload.excluded_vendors}:
        return said("reason.vendor_excluded", vendor=hw.vendor)
    if workload.allowed_vendors and not existing and hw.vendor.casefold() not in {v.casefold() for v in workload.allowed_vendors}:
        return said("reason.vendor_not_allowed", vendor=hw.vendor)
    if workload.cpu_arch and not existing and (isa := instruction_set(hw)) is not None and isa != workload.cpu_arch:
        return said("reason.cpu_arch", isa=isa, wanted=workload.cpu_arch)  # "一定要 x86": an Arm box is never bought
    if workload.named_only and workload.named_devices and not existing and hw.id not in {d.hardware_id for d in workload.named_devices}:
        return said("reason.not_buyable")  # "只买得到 4090D": the devices named are all that can be bought
    if workload.device_form == "laptop" and not existing and not sold_as_laptop(hw):
        return said("reason.not_laptop")
    if hw.kind == "npu" and users > 1:
        return said("reason.npu_users")
    if users > 1 and stack.continuous_batching == "no":
        return said("reason.no_batching", stack=stack.name, users=users)
    if users > TEAM_MAX_USERS and stack.continuous_batching != "yes":
        return said("reason.team_batching", team=TEAM_MAX_USERS, stack=stack.name, batching=stack.continuous_batching)
    if hw.kind == "npu" and (workload.model_params_b or 0) > NPU_MAX_PARAMS_B:
        return said("reason.npu_size")
    if "cloud-only" in (hw.form_factor or "").lower():
        return said("reason.cloud_only")
    if not existing and (market := not_sold_to_buyer(workload, hw, availability)) is not None:
        # US export rules (ECCN 3A090.a) bar the part from sale in mainland China, where the buyer is; a Chinese
        # maker's part is not sold in Taiwan (`advice.markets`, the catalog's dated and sourced rows)
        if market == "taiwan":
            return said("reason.not_sold_in_taiwan")
        if (tpp := total_processing_performance(hw)) >= TPP_CONTROLLED:
            return said("reason.export_controlled", tpp=round(tpp))
        return said("reason.not_sold_in_china")  # a row of the catalog's where its rates alone do not show it
    if (not existing and china_market_only(hw) and not workload.buyer_in_china
            and hw.id not in {d.hardware_id for d in workload.named_devices or []}):
        # Export-compliant parts NVIDIA sells in China only (H20, L20, RTX 4090 D): a buyer elsewhere cannot order
        # them, so they compete only where the user names one ("H20 还是 910B?", "only H20 or 4090D here").
        return said("reason.china_market")
    if workload.mixed_training and hw.kind != "gpu":
        return said("reason.training")
    if not existing and (cooling := needs_server_room(workload, hw)) is not None:
        return said(f"reason.placement_{cooling}", place=said(f"placement.{workload.placement}"))
    if (is_organization(workload) and not is_datacenter_grade(hw) and not existing and not workload.named_only
            and not at_desk_or_office(workload)):
        # Seed 1's preference for data-center parts gives way to what the buyer says can be bought at all ("只买得到
        # 4090D"): ruling those out would leave nothing to answer with.
        return said("reason.datacenter")
    if is_embedded_module(hw) and workload.deployment_scale != "edge" and workload.power_budget_w is None and not existing:
        # Seed 1: embedded modules are edge hardware. A stated power cap is an edge constraint too ("the whole
        # terminal may draw 15 W"): then they compete, and win only where they meet the cap and the targets.
        return said("reason.embedded")
    if not existing and device_price(hw.id, hw.price_usd, hw.price_basis) is None:
        return said("reason.no_price")
    if not existing and not hw.tdp_w:
        # Seed 2 counts power and cooling in the TCO; an unknown draw would look free and win on cost.
        return said("reason.no_tdp")
    return None


def enumerate_candidates(workload: Workload, catalog: Catalog) -> tuple[list[Candidate], dict[str, Said]]:
    """Eligible (device, stack) pairs and, per excluded device id, the first reason it was excluded."""
    eligible: list[Candidate] = []
    excluded: dict[str, Said] = {}
    stacks: dict[str, ServingStack] = {}
    for listed in catalog.stacks:  # `catalog.stack` by id, looked up once for every device's stacks
        stacks.setdefault(listed.id, listed)
    cap = placement_device_cap(workload)
    for hw in catalog.hardware:
        owner = ownership(workload, hw, catalog)
        existing = owner is not None
        priced = device_price(hw.id, hw.price_usd, hw.price_basis)
        for stack_id in hw.software_stacks:
            stack = stacks.get(stack_id)
            if stack is None or not stack.runs_on(hw.kind):
                continue
            reason = exclusion(workload, hw, stack, existing, catalog.market_availability)
            if reason is None:
                eligible.append(Candidate(hw, stack, existing, None if priced is None else priced[0],
                                          class_owned=owner == "class", count_cap=None if existing else cap))
            else:
                excluded.setdefault(hw.id, reason)
    eligible_ids = {c.hardware.id for c in eligible}
    excluded = {hw_id: why for hw_id, why in excluded.items() if hw_id not in eligible_ids}
    return fill_owned_power(eligible, catalog), excluded


__all__ = [
    "MAX_COUNT",
    "MODERN_LAPTOP_YEAR",
    "NPU_MAX_PARAMS_B",
    "TEAM_MAX_USERS",
    "Candidate",
    "at_desk_or_office",
    "china_market_only",
    "chip_power_w",
    "enumerate_candidates",
    "exclusion",
    "fill_owned_power",
    "is_datacenter_grade",
    "is_embedded_module",
    "is_organization",
    "needs_server_room",
    "owned",
    "owned_class",
    "ownership",
    "placement_device_cap",
    "purchase_unit",
]
