"""The power an option may draw under the user's limit, by the limit's scope.

A stated total is the total. A per-rack limit with the racks stated is that many racks' worth (`assume._power_scope`).
A per-rack limit with the racks not stated ("機房每個機櫃限 10kW": a machine room whose every rack is capped) limits
how much one rack holds, not how many racks there are: a deployment takes a rack per server if it must, so each
server has to fit one rack's limit (a server never spans racks), and the option may draw the limit once per server.
Reading it as one rack's total turned 16 H100 for DeepSeek-R1, two 8-GPU servers of ~5.9 kW each, into "over your
10 kW" in a room of 10 kW racks.

Pure: no I/O, no text.
"""

from __future__ import annotations

from estimator.catalog import Hardware
from estimator.physics.servers import needs_host_server, server_count
from estimator.workload import Workload


def racks_unstated_per_rack(workload: Workload) -> bool:
    """A per-rack limit whose racks were not stated: the limit holds in each rack, racks as needed."""
    return workload.power_budget_scope == "per_rack" and workload.racks is None


def boxes(hardware: Hardware, count: int) -> int:
    """Servers (or self-contained machines) `count` devices make up: what goes into a rack whole."""
    return max(1, server_count(hardware, count)) if needs_host_server(hardware) else max(1, count)


def option_power_budget_w(workload: Workload, hardware: Hardware, count: int) -> float | None:
    """The peak draw `count` of `hardware` may reach under the user's power limit (None: no limit)."""
    limit = workload.power_budget_w
    if limit is None:
        return None
    if racks_unstated_per_rack(workload):
        return limit * boxes(hardware, count)
    return limit


__all__ = ["boxes", "option_power_budget_w", "racks_unstated_per_rack"]
