"""What host an accelerator is costed with comes from what the buyer actually buys, never from another row.

Written before the fix, from the catalog rows and seed 1's host figures ("一個 $1,600 的消費者 GPU 在 $4,400 的
伺服器中"; a multi-card server ≈ $8,600, `TcoAssumptions`):
- a PCIe accelerator card (FuriosaAI RNGD, 180 W) goes into a generic server: one card = card + $4,400 and
  +250 W of host; 2–4 cards share one $8,600 box; 5 cards need a second box. Whose card it is does not matter.
- a device sold as a whole system is its own host: Tenstorrent's TT-QuietBox (list $11,999 for the workstation,
  1,650 W at its PSU) costs $11,999 and draws 1,650 W, and a Galaxy Blackhole 6U server likewise; adding a
  $4,400 server and 250 W to a box that is already the server counts the host twice (before: QuietBox $16,399
  and 1,900 W; 16 Galaxies carried 16 phantom hosts).
- a module whose price already buys its server is not given a second one: Ascend 910B modules ship 8 to an Atlas
  800I A2 server, and the only prices found are reported deals "servers included" (China Mobile ~US$22M for
  ~1,800 NPUs with 200 Atlas 800 servers = $12,200 per NPU; Baidu 450M yuan for 1,600 NPUs in 200 servers = $38,600),
  costed at their geometric middle, √(12,200 × 38,600) = $21,700 per NPU. Eight NPUs are one server: capex
  8 × $21,700 = $173,600 and no host line (before: two $8,600 four-card hosts on top, $190,800); the server still
  draws its host power, once: 8 × 350 W + 250 W = 3,050 W (before 3,300 W for two phantom boxes). Nine NPUs are
  two servers' worth of NPUs: 9 × $21,700, two hosts' power. Priced that way it is bought a server (8) at a time.
"""

from __future__ import annotations

import pytest

from estimator.costing.tco import peak_power_w, tco
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS
from estimator.workload import Workload
from knowledge.testing import memory_catalog

HOST, MULTI, HOST_W = 4_400.0, 8_600.0, 250.0
WORKLOAD = Workload(model_params_b=8, concurrent_users=300)


def _device(hw_id: str, price: float | None = None):
    hw = memory_catalog().hardware_by_id(hw_id)
    assert hw is not None
    return hw if price is None else hw.model_copy(update={"price_usd": price, "price_basis": "test price"})


def test_seed_1_host_figures_are_the_ones_assumed():
    assumed = DEFAULT_TCO_ASSUMPTIONS
    assert (assumed.host_server_usd, assumed.multi_device_server_usd, assumed.host_power_w) == (HOST, MULTI, HOST_W)


@pytest.mark.parametrize(("count", "hosts"), [(1, HOST), (2, MULTI), (4, MULTI), (5, MULTI + HOST)])
def test_an_accelerator_card_goes_into_a_generic_server(count, hosts):
    card = _device("furiosa-rngd", price=10_000.0)
    assert tco(card, count, WORKLOAD, served_tokens_per_s=None).capex_usd == pytest.approx(count * 10_000.0 + hosts)
    boxes = 1 if count <= 4 else 2
    assert peak_power_w(card, count) == pytest.approx(count * 180.0 + boxes * HOST_W)


def test_a_workstation_sold_whole_is_its_own_host():
    box = _device("tenstorrent-quietbox-blackhole")
    assert box.price_usd == 11_999 and box.tdp_w == 1_650
    assert tco(box, 1, WORKLOAD, served_tokens_per_s=None).capex_usd == pytest.approx(11_999.0)
    assert peak_power_w(box, 1) == pytest.approx(1_650.0)


def test_a_server_sold_whole_carries_no_second_server():
    galaxy = _device("tenstorrent-galaxy-blackhole", price=65_000.0)
    assert tco(galaxy, 2, WORKLOAD, served_tokens_per_s=None).capex_usd == pytest.approx(2 * 65_000.0)
    assert peak_power_w(galaxy, 2) == pytest.approx(2 * (galaxy.tdp_w or 0.0))


def test_a_module_whose_price_includes_its_server_gets_no_second_host():
    from estimator.advice.accelerator_first import with_price_ranges
    from estimator.advice.candidates import purchase_unit

    catalog = with_price_ranges(memory_catalog())
    npu = catalog.hardware_by_id("huawei-ascend-910b")
    assert npu is not None and npu.price_usd == pytest.approx(21_700.0) and npu.tdp_w == 350
    for count, servers in ((8, 1), (9, 2)):
        result = tco(npu, count, WORKLOAD, served_tokens_per_s=None)
        assert result.capex_usd == pytest.approx(count * 21_700.0), count
        assert peak_power_w(npu, count) == pytest.approx(count * 350.0 + servers * HOST_W), count
    # Priced with its server, it is bought a server at a time (the deals bought servers of eight).
    assert purchase_unit(npu) == 8 and purchase_unit(memory_catalog().hardware_by_id("huawei-ascend-910b")) == 1


def test_a_card_priced_on_its_own_still_gets_its_host():
    # The same module with a price that names no server (a list price per card) is costed with its hosts.
    npu = _device("huawei-ascend-910b", price=20_000.0)
    assert tco(npu, 8, WORKLOAD, served_tokens_per_s=None).capex_usd == pytest.approx(8 * 20_000.0 + MULTI)
