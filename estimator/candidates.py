"""Which device × serving-stack pairs may serve a workload, and why the others may not.

Eligibility rules are the seeds' rules written as constraints with a stated reason, never as a fixed
answer: an NPU does not serve many users (seed 1), beyond a team serving needs continuous batching
(seed 1: departments run vLLM), organization-wide 24/7 production wants datacenter-rated parts
(seed 1), shared training wants a general-purpose GPU (seed 2), a device with no price or no TDP
cannot be costed unless it is already owned. The module also says which devices the buyer owns
(`owned`) and in what units a device is bought (`purchase_unit`: baseboards, kits). Sizing (how many)
happens in `sizing.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from estimator.catalog import Catalog, Hardware, ServingStack
from estimator.defaults import ORGANIZATION_USERS, device_price
from estimator.workload import Workload

# Seed 1: "限於較小的模型（實際上限約 7B 量化）" — a little slack for 7–8B families.
NPU_MAX_PARAMS_B = 8.0
MAX_COUNT = 16
# Seed 1: teams are 5–20 users; departments "運行 vLLM 以實現高效的批次排程和持續批次處理".
TEAM_MAX_USERS = 20


@dataclass(frozen=True)
class Candidate:
    """One device running one serving stack; `existing` means the buyer already owns such devices."""

    hardware: Hardware
    stack: ServingStack
    existing: bool
    unit_price_usd: float | None

    @property
    def max_count(self) -> int:
        # Laptops and SoC boxes do not pool into one server; a single user runs on one.
        return 1 if self.hardware.kind in ("npu", "soc") else MAX_COUNT

    @property
    def board(self) -> int:
        return purchase_unit(self.hardware)


_KIT = re.compile(r"(\d+)[- ](?:accelerator|gpu|card|chip)s? (?:kit|system|board)", re.IGNORECASE)


def purchase_unit(hw: Hardware) -> int:
    """Devices per purchasable unit: SXM/OAM modules ship on baseboards (HGX, UBB), not one by one.

    A price quoted for a kit ("8-accelerator kit $125,000") is a price for that many: the kit is the
    unit. Otherwise the form factor says: "8-GPU"/"UBB" boards take 8, other module-only parts 4;
    cards and parts also sold as PCIe cards are bought singly.
    """
    kit = _KIT.search(hw.price_basis or "")
    if kit:
        return int(kit.group(1))
    form = (hw.form_factor or "").upper()
    if "PCIE" in form or not any(word in form for word in ("SXM", "OAM")):
        return 1
    return 8 if any(word in form for word in ("8-GPU", "UBB", "8-WAY")) else 4


def is_datacenter_grade(hw: Hardware) -> bool:
    """ECC/HBM memory, passive or module form factors, accelerators and server CPUs (seed 1: "ECC 記憶體，
    並且設計用於 24/7 資料中心操作")."""
    if hw.kind in ("accel", "cpu"):
        return True
    if hw.kind != "gpu":
        return False
    memory = (hw.memory_type or "").upper()
    form = (hw.form_factor or "").lower()
    return "ECC" in memory or "HBM" in memory or any(word in form for word in ("passive", "sxm", "oam", "blower"))


def is_organization(workload: Workload) -> bool:
    users = max(workload.total_users or 0, workload.concurrent_users or 0)
    return workload.deployment_scale == "organization" or users >= ORGANIZATION_USERS


def owned_class(hw: Hardware) -> str | None:
    """Which `existing_hardware` value a device belongs to (None: not something people own idle)."""
    form = (hw.form_factor or "").lower()
    if hw.kind == "cpu":
        return "cpu_servers"
    if hw.kind == "npu" or (hw.kind == "soc" and ("laptop" in form or "macbook" in form)):
        return "npu_laptops"
    if hw.kind == "gpu" and not is_datacenter_grade(hw):
        return "gpu_workstations"
    return None


_INSIDE = re.compile(r"NPU block inside (?:the )?(.+?) laptop SoC", re.IGNORECASE)


def _same_chip(npu: Hardware, soc: Hardware) -> bool:
    """An NPU listed as a block inside a laptop SoC ("NPU block inside the Lunar Lake laptop SoC")."""
    inside = _INSIDE.search(npu.form_factor or "")
    if inside is None or npu.kind != "npu" or soc.kind != "soc":
        return False
    return inside.group(1).lower() in soc.name.lower()


def _named(hw: Hardware, ids: set[str], catalog: Catalog | None) -> bool:
    """Whether the user named this device, or the laptop chip it belongs to (SoC ⇄ its NPU block)."""
    if hw.id in ids or any(hw.id.startswith(owned_id + "-") for owned_id in ids):
        return True
    named = [other for i in ids if catalog is not None and (other := catalog.hardware_by_id(i)) is not None]
    return any(_same_chip(hw, other) or _same_chip(other, hw) for other in named)


def owned(workload: Workload, hw: Hardware, catalog: Catalog | None = None) -> bool:
    """Whether the workload says this device (or its class, when no device is named) is already owned."""
    ids = set(workload.existing_hardware_ids or ())
    if ids and _named(hw, ids, catalog):
        return True
    cls = owned_class(hw)
    if cls is None or cls not in set(workload.existing_hardware or ()):
        return False
    if catalog is not None and ids:
        # Devices were named: only they are owned within the classes they cover.
        covered = {owned_class(h) for h in catalog.hardware if _named(h, ids, catalog)}
        return cls not in covered
    return True


def exclusion(workload: Workload, hw: Hardware, stack: ServingStack, existing: bool) -> str | None:
    """Why this pair cannot serve the workload (None = eligible). Reasons cite the seeds."""
    users = workload.concurrent_users or 1
    if hw.kind == "npu" and users > 1:
        return "seed 1: NPUs are built for one user; multi-user serving on an NPU is impractical"
    if users > 1 and stack.continuous_batching == "no":
        return f"{stack.name} has no continuous batching, so it cannot share one device among {users} users"
    if users > TEAM_MAX_USERS and stack.continuous_batching != "yes":
        return (f"seed 1: beyond a team (>{TEAM_MAX_USERS} concurrent users) serving needs continuous batching "
                f"(vLLM-class); {stack.name}'s is {stack.continuous_batching}")
    if hw.kind == "npu" and (workload.model_params_b or 0) > NPU_MAX_PARAMS_B:
        return "seed 1: NPUs top out around 7B quantized"
    if "cloud-only" in (hw.form_factor or "").lower():
        return "cloud-only: it cannot be bought and installed on premises"
    if workload.mixed_training and hw.kind != "gpu":
        return "seed 2: hardware shared with training wants general-purpose GPUs"
    if is_organization(workload) and not is_datacenter_grade(hw) and not existing:
        return "seed 1: organization-wide 24/7 production wants ECC memory and datacenter-rated parts"
    if not existing and device_price(hw.id, hw.price_usd, hw.price_basis) is None:
        return "no price on record, so it cannot be costed"
    if not existing and not hw.tdp_w:
        # Seed 2 counts power and cooling in the TCO; an unknown draw would look free and win on cost.
        return "no TDP on record, so its power cannot be costed"
    return None


def enumerate_candidates(workload: Workload, catalog: Catalog) -> tuple[list[Candidate], dict[str, str]]:
    """Eligible (device, stack) pairs and, per excluded device id, the first reason it was excluded."""
    eligible: list[Candidate] = []
    excluded: dict[str, str] = {}
    for hw in catalog.hardware:
        existing = owned(workload, hw, catalog)
        priced = device_price(hw.id, hw.price_usd, hw.price_basis)
        for stack_id in hw.software_stacks:
            stack = catalog.stack(stack_id)
            if stack is None or (stack.hardware_kinds and hw.kind not in stack.hardware_kinds):
                continue
            reason = exclusion(workload, hw, stack, existing)
            if reason is None:
                eligible.append(Candidate(hw, stack, existing, None if priced is None else priced[0]))
            else:
                excluded.setdefault(hw.id, reason)
    eligible_ids = {c.hardware.id for c in eligible}
    return eligible, {hw_id: why for hw_id, why in excluded.items() if hw_id not in eligible_ids}


__all__ = [
    "MAX_COUNT",
    "NPU_MAX_PARAMS_B",
    "TEAM_MAX_USERS",
    "Candidate",
    "enumerate_candidates",
    "exclusion",
    "is_datacenter_grade",
    "is_organization",
    "owned",
    "owned_class",
    "purchase_unit",
]
