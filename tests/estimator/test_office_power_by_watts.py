"""Office or rack is decided by watts as well as by seed 1's device count: a 9.6 kW system is one device, yet no
office circuit carries it. Written from first principles before running: one office socket circuit is ~2.3 kW
(230 V × 10 A; 120 V × 20 A = 2.4 kW), a typical data-center rack feed ~8.4 kW (Uptime Institute 2020 average)."""

from __future__ import annotations

from estimator.advice.risks import RiskContext, power_cooling
from estimator.catalog import Hardware
from estimator.costing.tco import in_office, peak_power_w, tco
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS
from estimator.schemas import Risk
from estimator.workload import Workload
from tests.estimator.test_tco_costing import RTX_4090

# A whole system (no host server of its own to buy): 32 chips in one 9.6 kW box.
GALAXY = Hardware(
    id="x-galaxy", vendor="X", name="32-chip system", kind="accel", memory_gb=1024, memory_bandwidth_gbs=16000,
    tdp_w=9600, price_usd=65000, form_factor="6U server, 32 chips (whole system)", source_url="https://example.org/galaxy",
)
RTX_5090 = RTX_4090.model_copy(update={"id": "nvidia-rtx-5090", "name": "GeForce RTX 5090", "tdp_w": 575})


def test_the_office_circuit_and_rack_feed_are_in_watts() -> None:
    assert 2_000 <= DEFAULT_TCO_ASSUMPTIONS.office_power_w <= 2_400  # one 10 A/230 V or 20 A/120 V circuit
    assert 5_000 <= DEFAULT_TCO_ASSUMPTIONS.rack_power_w <= 10_000


def test_seed_1s_four_card_box_stays_in_the_office() -> None:
    # 4 × 450 W + one host: ~2.05 kW, inside one circuit and within seed 1's 4 GPUs.
    assert peak_power_w(RTX_4090, 4) < DEFAULT_TCO_ASSUMPTIONS.office_power_w
    assert in_office(RTX_4090, 4)


def test_four_575_w_cards_need_more_than_an_office_circuit() -> None:
    # 4 × 575 W + a host = ~2.55 kW: within seed 1's count, past one circuit.
    assert not in_office(RTX_5090, 4)
    energy = {f.id: f.values for f in tco(RTX_5090, 4, Workload(), served_tokens_per_s=4000).findings}["energy"]
    assert not energy["office"] and energy["pue"] == DEFAULT_TCO_ASSUMPTIONS.rack_pue


def test_one_9_6_kw_system_is_costed_in_a_rack_not_an_office() -> None:
    assert not in_office(GALAXY, 1)
    found = {f.id: f.values for f in tco(GALAXY, 1, Workload(), served_tokens_per_s=4000).findings}
    assert found["energy"]["pue"] == DEFAULT_TCO_ASSUMPTIONS.rack_pue
    # Energy on seed 1's basis at PUE 1.5: 9.6 kW × 12 h × 365 d × 70 % × $0.12 × 1.5 ≈ $5,300 a year (at an
    # office's PUE 1.0 it would be ~$3,530).
    result = tco(GALAXY, 1, Workload(), served_tokens_per_s=4000)
    assert result.capex_usd == 65_000  # the system is its own server: no host added
    assert 4_800 < result.annual_power_usd < 5_800


def _risk(hw: Hardware, count: int) -> Risk | None:
    workload = Workload(model_params_b=8, concurrent_users=50)
    cost = tco(hw, count, workload, served_tokens_per_s=1000)
    return power_cooling(RiskContext(workload=workload, hardware=hw, count=count, stack=None, estimate=None, tco=cost,
                                     max_concurrent_users=None, newest_launch_year=None))


def test_one_9_6_kw_system_raises_a_high_power_and_cooling_risk() -> None:
    risk = _risk(GALAXY, 1)
    assert risk is not None and risk.severity == "high"


def test_a_box_past_one_circuit_raises_a_medium_one_and_seed_1s_box_none() -> None:
    risk = _risk(RTX_5090, 4)
    assert risk is not None and risk.severity == "medium"
    assert _risk(RTX_4090, 4) is None
