"""What a card is installed in, by deployment: the host is its own capex line.

Seed 1 prices a team's card inside a server ("$1,600 GPU 在 $4,400 的伺服器中"), which is right for a
shared box but wrong when the buyer already has the machine: "如果他們有帶 GPU 的桌機" (a desktop
with a GPU), a consumer or workstation card for one person or a small team goes into that existing
workstation, so no host is bought. Data-center cards (passive, SXM/OAM, HBM) need a server chassis
whatever the scale (they rely on server airflow), priced per server by `tco.host_cost_usd`.

Not yet here (no public source found, see docs/recommend.md): a sourced desktop price for a person
who owns no workstation, and chassis prices by GPU count; those keep seed 1's server figures.
"""

from __future__ import annotations

from estimator.advice.candidates import TEAM_MAX_USERS, is_datacenter_grade
from estimator.catalog import Hardware
from estimator.physics.servers import goes_in_pcie_slot, needs_host_server, price_includes_server
from estimator.workload import Workload

# A desktop workstation takes one full-size card comfortably (two only with a larger PSU and case: a second beside an
# owned one is that case, `into_existing_workstation`).
WORKSTATION_CARDS = 1


def owns_workstation(workload: Workload) -> bool:
    """The user has a desktop or workstation a card can go into (said, or an owned consumer GPU)."""
    return bool({"gpu_workstations", "workstation_host"} & set(workload.existing_hardware or ()))


def owned_host_servers(hardware: Hardware, workload: Workload, *, topping_up: bool = False) -> int:
    """Host servers the user already has for the cards bought ("现有一台 x86 服务器，有空的 PCIe 槽", "the host is owned"):
    one, for cards and accelerators that go into a generic server; none for modules whose vendor server is bought
    with them (an Atlas 800I A2's NPUs), or parts that are the machine themselves. `topping_up`: the cards join owned
    ones of the same device, so a workstation said to have a free slot ("已经插了一张 4090，主机板还有一个空槽") is their
    host too: the added card goes into the machine the owned card is in, no second box."""
    hosts = set(workload.existing_hardware or ())
    if not ("server_host" in hosts or (topping_up and "workstation_host" in hosts and not is_datacenter_grade(hardware))):
        return 0
    return 1 if needs_host_server(hardware) and not price_includes_server(hardware) else 0


def into_existing_workstation(hardware: Hardware, count: int, workload: Workload, owned_units: int = 0) -> bool:
    """A consumer or workstation card for one person or a small team, bought for a machine they own. Beside an owned
    card of the same kind (a top-up, `owned_units`), the machine holds one more: the second card a desktop takes with a
    larger power supply (`WORKSTATION_CARDS`), the way an expert adds "a second 3090" to the one a lead has."""
    # Its free slots, when said, are the cards it takes beside the owned ones ("还有一个空槽": one more), whatever the rule of thumb.
    cards = owned_units + workload.free_slots if workload.free_slots is not None else WORKSTATION_CARDS + (1 if owned_units else 0)
    return (hardware.kind == "gpu" and not is_datacenter_grade(hardware) and count <= cards
            and (workload.concurrent_users or 1) <= TEAM_MAX_USERS and owns_workstation(workload))


def cards_in_owned_host(hardware: Hardware, count: int, workload: Workload, owned_units: int, per_server: int) -> int:
    """Of `count` cards, how many the host they own takes: the owned ones already in it plus one per free x16 slot when
    the slots are said ("two free x16 slots": two more), else a full server's worth (`per_server`, the rule before
    slots were read). The rest need a box of their own."""
    if workload.free_slots is None:
        return min(count, per_server)
    # a free x16 slot takes a PCIe card only: an SXM or OAM module bought needs its own baseboard server
    return min(count, owned_units + (workload.free_slots if goes_in_pcie_slot(hardware) else 0))


__all__ = ["WORKSTATION_CARDS", "cards_in_owned_host", "into_existing_workstation", "owned_host_servers", "owns_workstation"]
