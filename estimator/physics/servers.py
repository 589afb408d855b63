"""How many devices one host server holds, and whether a device needs one: a packaging fact the
parallel layout (which devices share a server's links) and the cost (host servers are their own capex
line, `costing.tco`) both read."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from estimator.catalog import Hardware
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, TcoAssumptions
from estimator.said import Said

# A form factor that says the device is sold as the machine itself: "Liquid-cooled tower workstation (whole
# system)", "6U server, 32 Blackhole chips (whole system)", "Wafer-scale engine in CS-3 system".
_WHOLE_SYSTEM = re.compile(r"\bwhole system\b|\bin [\w.-]+ systems?\b", re.IGNORECASE)


def sold_as_whole_system(hardware: Hardware) -> bool:
    """The row is a whole machine (its price buys the chassis, host and cooling, its power is the box's): a
    vendor's workstation or server, read from the form factor."""
    return _whole_system(hardware.form_factor or "")


# The readers below are memoized on the words they read: sizing asks them of the same few dozen devices
# thousands of times per recommendation (every count's cost and server count), and the words never change.
@lru_cache(maxsize=4096)
def _whole_system(form_factor: str) -> bool:
    return bool(_WHOLE_SYSTEM.search(form_factor))


# A form factor that says how many of the modules one vendor server holds: "NPU module, 8 per Atlas 800I A2
# inference / 800T A2 training server".
_PER_SERVER = re.compile(r"\b(\d+) per [^,;()]*\bservers?\b", re.IGNORECASE)
# A price whose own words say it buys the server too: reported deals quoted "servers included".
_SERVER_IN_PRICE = re.compile(r"\bservers? included\b|\bincluding (?:the |their )?servers?\b", re.IGNORECASE)


def _words(text: object) -> str:
    """The data's own words in a price basis: a string, or the text parts of a worded basis ("quote needed:
    $low–high (<the range's basis>)", the range's basis a literal)."""
    if isinstance(text, str):
        return text
    if isinstance(text, Said):
        return " ".join(_words(value) for value in text.params.values())
    if isinstance(text, (list, tuple)):
        return " ".join(_words(item) for item in text)
    return ""


def vendor_server_size(hardware: Hardware) -> int | None:
    """How many of these modules the vendor's own server holds, where the form factor says (None: it does not)."""
    return _per_server(hardware.form_factor or "")


@lru_cache(maxsize=4096)
def _per_server(form_factor: str) -> int | None:
    stated = _PER_SERVER.search(form_factor)
    return int(stated.group(1)) if stated else None


def price_includes_server(hardware: Hardware) -> bool:
    """The device's price already buys the server it goes in (its basis says so: reported deals for modules
    "servers included"), so the host is not bought a second time; the server still draws its power."""
    return _server_in_price(hardware.price_basis)


@lru_cache(maxsize=4096)
def _server_in_price(basis: object) -> bool:  # a string, a finding (hashed by key, equal by values) or None
    return bool(_SERVER_IN_PRICE.search(_words(basis)))


def needs_host_server(hardware: Hardware) -> bool:
    """Cards, accelerators and CPU sockets go into a server, a generic one whoever made the card (seed 1's host
    figures); SoCs and NPUs come inside a whole machine, and so does a device sold as one (a QuietBox, a Galaxy
    server): adding a server to a box that is the server would count its host twice."""
    return hardware.kind in ("gpu", "accel", "cpu") and not sold_as_whole_system(hardware)


def devices_per_server(hardware: Hardware, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> int:
    """How many of these devices one host server holds (modules on a baseboard, cards in slots, sockets)."""
    if hardware.kind == "cpu":
        return assumptions.cpu_sockets_per_server
    stated = vendor_server_size(hardware)
    if stated:  # the vendor's server for these modules: its own count
        return stated
    form = (hardware.form_factor or "").upper()
    if "SXM" in form or "OAM" in form:
        return assumptions.modules_per_server
    return assumptions.cards_per_server


def goes_in_pcie_slot(hardware: Hardware) -> bool:
    """A card a server's free PCIe x16 slot takes: a PCIe board, never an SXM or OAM module (those sit on their
    vendor's baseboard, NVIDIA HGX / OCP OAM, so a generic server's free slots hold none of them)."""
    form = (hardware.form_factor or "").upper()
    return hardware.kind in ("gpu", "accel") and "PCIE" in form and "SXM" not in form and "OAM" not in form


def server_count(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> int:
    if not needs_host_server(hardware):
        return 0
    return math.ceil(count / devices_per_server(hardware, assumptions))
