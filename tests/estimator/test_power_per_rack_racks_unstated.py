"""A per-rack power limit with the racks not counted caps each rack, not the deployment.

Worked out before running the product: an 8-GPU H100 SXM server draws 8 x 700 W + ~250 W of host = ~5.85 kW; a
B200 HGX server 8 x 1,000 W + 250 W = ~8.25 kW. In a room whose every rack is capped at 10 kW ("機房每個機櫃限
10kW", racks not counted) two H100 servers go in two racks: 16 H100 are within the limit, while a single 10 kW
rack (stated: one rack) cannot hold their ~11.7 kW. A B200 server alone passes a 6 kW rack cap, however many racks.
DeepSeek-R1 FP8 (671 GB) for 50 users at 30 tok/s needs 16 H100 (tests/estimator/test_moe_copy_across_servers.py).
"""

from __future__ import annotations

from estimator.advice.power_limit import option_power_budget_w
from estimator.advice.recommend import recommend
from estimator.workload import NamedDevice, Workload

R1 = dict(model_params_b=671, model_id="deepseek-v3", quantization="FP8", concurrent_users=50)


def _named(catalog, hardware_id, **power):  # type: ignore[no-untyped-def]
    rec = recommend(Workload(**R1, **power, named_devices=[NamedDevice(hardware_id=hardware_id)]), catalog)
    (answer,) = rec.named
    assert answer.option is not None
    return rec, answer


def test_a_per_rack_cap_with_racks_unstated_allows_a_rack_per_server(catalog):
    h100 = catalog.hardware_by_id("nvidia-h100-sxm")
    per_rack = Workload(**R1, power_budget_w=10_000, power_budget_scope="per_rack")
    total = Workload(**R1, power_budget_w=10_000, power_budget_scope="total")
    assert option_power_budget_w(per_rack, h100, 16) == 20_000  # two 8-GPU servers, a rack each
    assert option_power_budget_w(per_rack, h100, 8) == 10_000
    assert option_power_budget_w(total, h100, 16) == 10_000


def test_sixteen_h100_for_deepseek_r1_fit_a_room_of_10_kw_racks(catalog):
    rec, answer = _named(catalog, "nvidia-h100-sxm", power_budget_w=10_000, power_budget_scope="per_rack")
    assert answer.meets and answer.option.count == 16
    assert rec.within_limits and rec.primary is not None and rec.primary.hardware_id == "nvidia-h100-sxm"


def test_one_stated_10_kw_rack_cannot_hold_them(catalog):
    _, answer = _named(catalog, "nvidia-h100-sxm", power_budget_w=10_000, power_budget_scope="per_rack", racks=1)
    assert not answer.meets


def test_a_server_past_one_racks_cap_stays_past_it(catalog):
    _, answer = _named(catalog, "nvidia-b200-hgx", power_budget_w=6_000, power_budget_scope="per_rack")
    assert not answer.meets
