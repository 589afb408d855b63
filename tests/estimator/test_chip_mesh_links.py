"""Accelerators whose chips link to each other directly over Ethernet (Tenstorrent's Wormhole and Blackhole).

Worked out before the change, from tt-metal's multichip guide (tech_reports/EthernetMultichip/BasicEthernetGuide.md):
"Wormhole and later chips communicate directly with each other. It doesn't require a host CPU as an intermediary,
or a switch, or a network card"; each link carries 100 Gb/s per direction (12.5 GB/s), the n300's two chips share
200 Gb/s per direction (25 GB/s), and a packet crosses a hop in ~1 µs (the ring-ping microbenchmark: ~650 ns for
one flit, ~1 µs for a 1 KB packet). T3000 / QuietBox = 8 chips in a 2x4 mesh of four n300 cards, Galaxy = 32
chips in a 4x8 mesh.

- So an all-reduce level costs ~1 µs of latency, not the 40 µs of Ethernet through hosts' network stacks
  (a DGX Spark's ConnectX NIC keeps that figure; Gaudi's on-chip RoCE ports are its baseboard's all-to-all
  scale-up fabric, docs.habana.ai Network Configuration, so they are costed as a fabric): Llama 3.1 70B (80 layers, 2 all-reduces each)
  on 4 cards pays 160 × 2 levels × 1 µs = 0.32 ms of latency per decode step, not 12.8 ms.
- And a tensor-parallel group is not bounded by the cards one generic host takes (seed 1's 4 per server): the
  mesh is the chips' own, so 32 Wormhole chips run one TP=32 copy (tt-metal's Galaxy row) instead of eight
  replicas of TP=4; the hosts are still bought per 4 cards (costing reads the server, not the link).
- A card without the ports ("none (no QSFP-DD)", the Blackhole p100a) has no such links.
"""

from __future__ import annotations

import pytest

from estimator.physics import roofline
from estimator.physics.device import LINK_FIGURES, parse_interconnect
from estimator.physics.servers import devices_per_server
from knowledge.testing import memory_catalog


@pytest.mark.parametrize("text", [
    "2x QSFP-DD 400GbE, Warp 100 bridge", "QSFP-DD Ethernet", "4x QSFP-DD 800G (passive)",
    "cards meshed over QSFP-DD", "2x QSFP-DD 400GbE, Warp 100 bridge, 400GbE internal chip-to-chip",
])
def test_chips_linked_directly_are_an_ethernet_mesh_at_a_microsecond_a_level(text):
    kind, gbs, latency_us = parse_interconnect(text)
    assert (kind, gbs, latency_us) == ("ethernet mesh", 25.0, 1.0)


@pytest.mark.parametrize(("text", "kind"), [
    ("24x 100GbE RoCE integrated; PCIe 4.0", "fabric"),
    ("24x 200GbE RoCE integrated (1200 GB/s bidir); PCIe 5.0 x16", "fabric"),
    ("HCCS, 8 NPUs fully connected per server; PCIe 4.0 x16 to the host", "fabric"),
    ("2x ConnectX-7 200GbE (QSFP)", "ethernet"),
    ("none (no QSFP-DD)", "none"),
])
def test_network_ethernet_on_chip_fabrics_and_cards_without_ports_are_not_an_ethernet_mesh(text, kind):
    assert parse_interconnect(text)[0] == kind


def test_a_70b_step_on_four_meshed_cards_pays_microseconds_of_latency():
    latency_us = LINK_FIGURES["ethernet mesh"][0]
    assert roofline.comm_ms_per_step(4, 80, 8192, 0, 25.0, latency_us) == pytest.approx(0.32)
    assert roofline.comm_ms_per_step(4, 80, 8192, 0, 20.0, LINK_FIGURES["ethernet"][0]) == pytest.approx(12.8)


def test_a_tensor_parallel_group_spans_the_mesh_not_a_hosts_slots():
    from estimator.fitting.row_predict import row_request
    from estimator.physics.catalog_index import catalog_index
    from estimator.physics.parallel_plans import speed_parallel
    from estimator.physics.resolve import resolve

    catalog = memory_catalog()
    galaxy = next(row for row in catalog.benchmarks if row.row_id == 175)  # 32 Wormhole chips, TP=32
    resolved = resolve(row_request(galaxy), catalog_index(catalog))
    assert resolved.per_server == 0 and speed_parallel(resolved, 32) == 32
    n150 = catalog.hardware_by_id("tenstorrent-wormhole-n150")
    assert devices_per_server(n150) == 4  # the hosts are still bought per four cards
