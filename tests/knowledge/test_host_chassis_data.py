"""Every server named as a host has a name a lead uses, a GPU-slot count a vendor or a review states, and its source."""

from __future__ import annotations

from knowledge.testing import memory_catalog


def test_every_chassis_has_names_slots_and_a_source():
    chassis = memory_catalog().host_chassis
    assert chassis
    for host in chassis:
        assert host.aliases and host.gpu_slots >= 1 and host.source_url.startswith("https://"), host.id
        assert host.notes and str(host.gpu_slots) in host.notes.replace("four", "4").replace("two", "2"), host.id


def test_no_alias_names_two_chassis():
    aliases = [alias for host in memory_catalog().host_chassis for alias in host.aliases]
    assert len(aliases) == len(set(aliases))
