"""TCO calculator: hand-computed cases, seed 1's cost assumptions and its cost-per-token reasoning."""

from __future__ import annotations

import pytest

from bot.wording.tco import worded
from estimator.catalog import Hardware
from estimator.costing.tco import annual_tokens, host_cost_usd, peak_power_w, tco
from estimator.defaults import TcoAssumptions
from estimator.errors import InvalidRequest
from estimator.physics.servers import server_count
from estimator.workload import Workload
from tests.support.worded import raises_saying

RTX_4090 = Hardware(
    id="nvidia-rtx-4090", vendor="NVIDIA", name="GeForce RTX 4090", kind="gpu", memory_gb=24,
    memory_bandwidth_gbs=1008, fp16_tflops=165.2, tdp_w=450, price_usd=1599,
    price_basis="MSRP at launch (Oct 2022)", price_is_estimate=False,
    form_factor="PCIe 4.0 x16 triple-slot card", source_url="https://example.org/4090",
)
H100_SXM = Hardware(
    id="nvidia-h100-sxm", vendor="NVIDIA", name="H100 SXM5 80GB", kind="gpu", memory_gb=80,
    memory_bandwidth_gbs=3350, fp16_tflops=989.4, tdp_w=700, price_usd=30000,
    price_basis="Hugging Face hardware page 'MSRP $30k'", form_factor="SXM5 module (HGX/DGX 8-GPU baseboard)",
    source_url="https://example.org/h100",
)
XEON = Hardware(
    id="intel-xeon-8592plus", vendor="Intel", name="Xeon Platinum 8592+", kind="cpu",
    memory_bandwidth_gbs=358.4, tdp_w=350, price_usd=11600, source_url="https://example.org/xeon",
)
UNPRICED = Hardware(id="x-unpriced", vendor="X", name="Unpriced card", kind="gpu", tdp_w=300, source_url="https://x")
L40S = Hardware(
    id="nvidia-l40s", vendor="NVIDIA", name="L40S", kind="gpu", memory_gb=48, memory_bandwidth_gbs=864,
    tdp_w=350, form_factor="PCIe 4.0 x16 dual-slot FHFL, passive", source_url="https://example.org/l40s",
)

# Seed 1's cost basis with no operations share: what its table's $/M tokens counts.
SEED_ONLY = TcoAssumptions(operations_share_of_capex_per_year=0.0)


def test_one_rtx_4090_server_by_hand():
    result = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1000, assumptions=SEED_ONLY)
    # Seed 1: "$1,600 GPU in a $4,400 server ≈ $6,000".
    assert result.capex_usd == pytest.approx(1599 + 4400)
    # (450 W × 0.70 + 250 W host) × 12 h × 365 d / 1000 × $0.12 = 565 W → $296.98 per year.
    assert result.annual_power_usd == pytest.approx(0.565 * 12 * 365 * 0.12, rel=1e-4)
    assert result.annual_opex_usd == pytest.approx(result.annual_power_usd)
    assert result.three_year_total_usd == pytest.approx(5999 + 3 * 0.565 * 12 * 365 * 0.12, rel=1e-4)
    tokens_per_year = 1000 * 12 * 3600 * 365 * 0.70
    assert result.annual_tokens == pytest.approx(tokens_per_year)
    assert result.cost_per_million_tokens_usd == pytest.approx(
        result.three_year_total_usd / (3 * tokens_per_year) * 1e6, rel=1e-3
    )
    assert result.power_w == pytest.approx(450 + 250)


def test_seed_1_rtx_4090_figure_is_reproduced_at_the_throughput_it_implies():
    # Seed 1: "RTX 4090 … 每百萬 token $0.17". ~1,250 tok/s of batched 7B Q4 decode gives that figure.
    result = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1250, assumptions=SEED_ONLY)
    assert 0.15 <= result.cost_per_million_tokens_usd <= 0.19


def test_h100_costs_more_per_token_than_rtx_4090_unless_it_serves_six_times_more():
    # Seed 1: "H100 每個 token 的成本是 RTX 4090 的 2 倍". The bandwidth ratio is 3,350 / 1,008 ≈ 3.3×,
    # so at equal efficiency the H100 serves ~3.3× the tokens for ~6× the money.
    rtx = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1250)
    h100 = tco(H100_SXM, 1, Workload(), served_tokens_per_s=1250 * 3350 / 1008)
    ratio = h100.cost_per_million_tokens_usd / rtx.cost_per_million_tokens_usd
    assert 1.5 <= ratio <= 2.5


def test_hours_utilization_and_electricity_move_the_numbers():
    base = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1000)
    around_the_clock = tco(RTX_4090, 1, Workload(hours_per_day=24), served_tokens_per_s=1000)
    assert around_the_clock.annual_power_usd == pytest.approx(2 * base.annual_power_usd, rel=1e-4)
    assert around_the_clock.cost_per_million_tokens_usd < base.cost_per_million_tokens_usd
    pricey = tco(RTX_4090, 1, Workload(electricity_usd_per_kwh=0.24), served_tokens_per_s=1000)
    assert pricey.annual_power_usd == pytest.approx(2 * base.annual_power_usd, rel=1e-4)


def test_existing_idle_cpu_server_costs_only_its_power():
    result = tco(XEON, 2, Workload(hours_per_day=24), served_tokens_per_s=20, existing=True)
    assert result.capex_usd == 0
    # 2 sockets × 350 W × 0.70 × 24 h × 365 d × $0.12 — seed 1's "本質上只是電力".
    expected_power = 2 * 350 * 0.70 * 24 * 365 / 1000 * 0.12
    assert result.annual_power_usd == pytest.approx(expected_power, rel=1e-4)
    assert result.annual_opex_usd == pytest.approx(expected_power, rel=1e-4)
    assert [found.id for found in result.findings][:2] == ["owned", "power"]
    assert result.findings[1].values["already_running"]


def test_beyond_four_devices_pays_for_rack_cooling_and_space():
    four = tco(RTX_4090, 4, Workload(), served_tokens_per_s=4000)
    five = tco(RTX_4090, 5, Workload(), served_tokens_per_s=5000)
    assert four.servers == 1 and five.servers == 2
    # Power per device grows by more than the device share: PUE 1.5 applies beyond office scale.
    assert five.annual_power_usd / 5 > four.annual_power_usd / 4 * 1.3
    assert five.annual_opex_usd > five.annual_power_usd + 0.05 * five.capex_usd
    energy = {found.id: found.values for found in five.findings}["energy"]
    assert not energy["office"] and energy["pue"] == 1.5


def test_host_share_follows_seed_1_server_prices():
    # One card: seed 1's $4,400 server. Four cards: the department box (seed 1: $15,000 − 4 × $1,600).
    assert host_cost_usd(RTX_4090, 1) == 4400
    assert host_cost_usd(RTX_4090, 4) == 8600
    assert host_cost_usd(RTX_4090, 5) == 8600 + 4400
    assert host_cost_usd(XEON, 2) == 8600
    assert tco(RTX_4090, 4, Workload(), served_tokens_per_s=1).capex_usd == pytest.approx(4 * 1599 + 8600)


def test_sxm_modules_share_one_eight_way_host():
    assert server_count(H100_SXM, 8) == 1
    assert server_count(H100_SXM, 9) == 2
    assert server_count(RTX_4090, 8) == 2
    assert peak_power_w(H100_SXM, 8) == pytest.approx(8 * 700 + 250)


def test_migration_adds_to_the_total_once():
    plain = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1000)
    ported = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1000, migration_usd=15000)
    assert ported.three_year_total_usd - plain.three_year_total_usd == pytest.approx(15000)
    assert ported.annual_opex_usd == plain.annual_opex_usd


def test_amortization_years_change_the_per_token_cost_not_the_three_year_total():
    three = tco(RTX_4090, 1, Workload(), served_tokens_per_s=1000)
    five = tco(RTX_4090, 1, Workload(amortization_years=5), served_tokens_per_s=1000)
    assert five.three_year_total_usd == three.three_year_total_usd
    assert five.cost_per_million_tokens_usd < three.cost_per_million_tokens_usd


def test_unknown_throughput_gives_no_per_token_cost():
    result = tco(RTX_4090, 1, Workload(), served_tokens_per_s=None)
    assert result.cost_per_million_tokens_usd is None
    assert result.capex_usd > 0


def test_unpriced_device_says_it_cannot_be_costed():
    with raises_saying(InvalidRequest, "No price on record"):
        tco(UNPRICED, 1, Workload(), served_tokens_per_s=100)
    # …unless it is already owned.
    assert tco(UNPRICED, 1, Workload(), served_tokens_per_s=100, existing=True).capex_usd == 0


def test_l40s_price_comes_from_seed_1_and_is_marked_an_estimate():
    result = tco(L40S, 1, Workload(), served_tokens_per_s=1000)
    # Seed 1: "單個 L40S … 總計 $13,000".
    assert result.capex_usd == pytest.approx(13000)
    assert result.price_is_estimate
    assert "seed 1" in worded(result).price_basis


def test_every_assumption_is_listed():
    result = tco(RTX_4090, 5, Workload(), served_tokens_per_s=1000, migration_usd=1000)
    assert [found.id for found in result.findings] == [
        "devices", "hosts", "power", "energy", "operations", "rack_space", "migration", "per_m"]
    text = "\n".join(worded(result).assumptions)
    for word in ("each", "host servers", "power", "energy", "operations", "rack space", "migration", "$/M tokens"):
        assert word in text


def test_the_core_leaves_the_sentences_to_the_wording():
    # Costing is sentence-free (the recommender costs ~100 options a turn and shows four); the working
    # is worded where a result is shown, and the contract JSON never carries the findings.
    result = tco(RTX_4090, 1, Workload(), served_tokens_per_s=None)
    assert result.assumptions == [] and result.findings
    assert "findings" not in result.model_dump() and "findings" not in type(result).model_json_schema()["properties"]
    assert worded(result, "zh-Hans").assumptions[-1] == "每百万 token 成本：未计算（实际服务的 tokens/s 未知）"


def test_annual_tokens_follow_seed_1_basis():
    assert annual_tokens(1.0, Workload()) == pytest.approx(12 * 3600 * 365 * 0.7)


@pytest.mark.parametrize("count", [0, -1])
def test_bad_count_is_rejected(count):
    with raises_saying(InvalidRequest, "Count"):
        tco(RTX_4090, count, Workload(), served_tokens_per_s=1)
