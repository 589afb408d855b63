"""Everyone on a device of their own: "a laptop each", "每人一台 DGX Spark", "one 5090 box per researcher".

With a personal deployment and a head count, each device serves its one person (seed 1: laptops, NPUs and desk
machines are single-user; `assume.own_device` sets one user at a time). The option sized is one person's, and the
purchase is one per person: the fleet the buyer pays for. A device the user names for each of them ("6 engineers,
one DGX Spark each": six asked about) is that one person's device, judged at one per person.
"""

from __future__ import annotations

from estimator.schemas import FleetPlan, Option
from estimator.workload import Workload


def one_each(workload: Workload) -> bool:
    """Several people, each on a device of their own, one user at a time on each."""
    return (workload.deployment_scale == "personal" and (workload.total_users or 1) > 1
            and workload.concurrent_users == 1)


def per_person_named(workload: Workload) -> tuple[Workload, bool]:
    """A named device counted once per person ("6 engineers, a DGX Spark each": 6 named) is judged as one person's:
    one device, serving one user; the fleet (`personal_fleet`) buys it for each of them. The flag: such a device
    was named (a purchase for each person, as a laptop asked for is)."""
    if not one_each(workload) or not workload.named_devices:
        return workload, False
    people = workload.total_users
    if not any(d.count == people for d in workload.named_devices):
        return workload, False
    named = [d.model_copy(update={"count": 1}) if d.count == people else d for d in workload.named_devices]
    return workload.model_copy(update={"named_devices": named}), True


def personal_fleet(workload: Workload, primary: Option, *, named_each: bool = False) -> FleetPlan | None:
    """The device bought for each of several people, a laptop asked for or a device named for each (`named_each`):
    the option is one person's and the purchase one per person (`note.fleet` says it); None for one person, for a
    server shared by them, for devices they already own, or when nothing is said to be bought (their own machines,
    seed 1: the figure stays one person's)."""
    people = workload.total_users or 1
    if not one_each(workload) or primary.existing or not (named_each or workload.device_form == "laptop"):
        return None
    return FleetPlan(sites=people, hardware_id=primary.hardware_id, count_per_site=primary.count,
                     capex_per_site_usd=primary.capex_usd, capex_usd=round(primary.capex_usd * people, 2),
                     three_year_total_usd=round(primary.tco.three_year_total_usd * people, 2))


__all__ = ["one_each", "per_person_named", "personal_fleet"]
