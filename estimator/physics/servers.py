"""How many devices one host server holds, and whether a device needs one: a packaging fact the
parallel layout (which devices share a server's links) and the cost (host servers are their own capex
line, `costing.tco`) both read."""

from __future__ import annotations

import math
import re

from estimator.catalog import Hardware
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, TcoAssumptions

# A form factor that says the device is sold as the machine itself: "Liquid-cooled tower workstation (whole
# system)", "6U server, 32 Blackhole chips (whole system)", "Wafer-scale engine in CS-3 system".
_WHOLE_SYSTEM = re.compile(r"\bwhole system\b|\bin [\w.-]+ systems?\b", re.IGNORECASE)


def sold_as_whole_system(hardware: Hardware) -> bool:
    """The row is a whole machine (its price buys the chassis, host and cooling, its power is the box's): a
    vendor's workstation or server, read from the form factor."""
    return bool(_WHOLE_SYSTEM.search(hardware.form_factor or ""))


def needs_host_server(hardware: Hardware) -> bool:
    """Cards, accelerators and CPU sockets go into a server, a generic one whoever made the card (seed 1's host
    figures); SoCs and NPUs come inside a whole machine, and so does a device sold as one (a QuietBox, a Galaxy
    server): adding a server to a box that is the server would count its host twice."""
    return hardware.kind in ("gpu", "accel", "cpu") and not sold_as_whole_system(hardware)


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
