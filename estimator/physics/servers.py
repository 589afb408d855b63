"""How many devices one host server holds, and whether a device needs one: a packaging fact the
parallel layout (which devices share a server's links) and the cost (host servers are their own capex
line, `costing.tco`) both read."""

from __future__ import annotations

import math

from estimator.catalog import Hardware
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, TcoAssumptions


def needs_host_server(hardware: Hardware) -> bool:
    """Cards, accelerators and CPU sockets go into a server; SoCs and NPUs come inside a whole machine."""
    return hardware.kind in ("gpu", "accel", "cpu")


def devices_per_server(hardware: Hardware, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> int:
    """How many of these devices one host server holds (modules on a baseboard, cards in slots, sockets)."""
    if hardware.kind == "cpu":
        return assumptions.cpu_sockets_per_server
    form = (hardware.form_factor or "").upper()
    if "SXM" in form or "OAM" in form:
        return assumptions.modules_per_server
    return assumptions.cards_per_server


def server_count(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> int:
    if not needs_host_server(hardware):
        return 0
    return math.ceil(count / devices_per_server(hardware, assumptions))
