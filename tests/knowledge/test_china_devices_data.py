"""The China-market NVIDIA parts and the domestic accelerators a buyer in mainland China names: each figure within its
sources, each price dated with its basis, each unpriced part left unpriced (so it is never bought), and who can buy
what where. Expectations from the sources' own numbers, written before the rows (7 Dec 2026).
"""

from __future__ import annotations

import pytest

from estimator.advice.export_rules import TPP_CONTROLLED, barred_from_china, total_processing_performance
from estimator.advice.markets import market_status

# RTX 5090 D / D V2: the RTX 5090's tensor rates cut from 3,352 to 2,375 AI TOPS (Tom's Hardware's table, 2025-08-12).
AI_TOPS_CUT = 2375 / 3352
CNY_5090D = 16_499  # list price of both D cards in China
CNY_PRO_6000D = 50_000  # Reuters via udn.com, 2025-09


def _hw(catalog, hardware_id):  # type: ignore[no-untyped-def]
    hw = catalog.hardware_by_id(hardware_id)
    assert hw is not None, hardware_id
    return hw


def _cny_per_usd(catalog) -> float:  # type: ignore[no-untyped-def]
    return next(rate.units_per_usd for rate in catalog.fx_rates if rate.currency == "CNY")


@pytest.mark.parametrize(("hardware_id", "memory_gb", "bus_bits"), [
    ("nvidia-rtx-5090d", 32, 512),
    ("nvidia-rtx-5090d-v2", 24, 384),
])
def test_the_5090_d_cards_are_the_5090_with_its_tensor_rates_cut(catalog, hardware_id, memory_gb, bus_bits):
    card, full = _hw(catalog, hardware_id), _hw(catalog, "nvidia-rtx-5090")
    assert card.memory_gb == memory_gb
    assert card.memory_bandwidth_gbs == bus_bits * 28 / 8  # GDDR7 at 28 Gbps on the bus left
    for column in ("fp16_tflops", "bf16_tflops", "fp8_tflops", "fp4_tflops"):
        assert getattr(card, column) == pytest.approx(getattr(full, column) * AI_TOPS_CUT, rel=0.005), column
    assert card.tdp_w == full.tdp_w == 575


def test_the_5090_d_cut_lands_under_the_export_rule(catalog):
    # 2,375 AI TOPS is sparse FP4: dense 1,187.5 x 4 bits = 4,750, just under 3A090.a's 4,800 (the RTX 5090 is above).
    for hardware_id in ("nvidia-rtx-5090d", "nvidia-rtx-5090d-v2"):
        card = _hw(catalog, hardware_id)
        assert 4_700 < total_processing_performance(card) < TPP_CONTROLLED
        assert not barred_from_china(card)
    assert barred_from_china(_hw(catalog, "nvidia-rtx-5090"))


def test_the_china_market_prices_are_the_yuan_list_prices_converted(catalog):
    rate = _cny_per_usd(catalog)
    for hardware_id, cny in (("nvidia-rtx-5090d", CNY_5090D), ("nvidia-rtx-5090d-v2", CNY_5090D),
                             ("nvidia-rtx-pro-6000d", CNY_PRO_6000D)):
        card = _hw(catalog, hardware_id)
        assert card.price_usd == pytest.approx(cny / rate, abs=1), hardware_id
        assert card.price_is_estimate and card.price_date and "CNY" in (card.price_basis or ""), hardware_id


def test_the_pro_6000d_sits_under_both_lines_it_was_cut_for(catalog):
    card, full = _hw(catalog, "nvidia-rtx-pro-6000d"), _hw(catalog, "nvidia-rtx-pro-6000-blackwell")
    assert card.memory_gb == 28 * 3 < full.memory_gb  # 28 of the 32 3 GB GDDR7 chips (teardown)
    assert card.memory_bandwidth_gbs is not None and card.memory_bandwidth_gbs < 1400  # the April 2025 bandwidth line
    # No published tensor rate: the row holds the 3A090.a ceiling, never more than the full card's rates.
    assert total_processing_performance(card) < TPP_CONTROLLED
    assert card.fp16_tflops is not None and full.fp16_tflops is not None and card.fp16_tflops < full.fp16_tflops
    assert "ESTIMATE" in (card.notes or "")


@pytest.mark.parametrize(("hardware_id", "memory_gb", "bandwidth_gbs", "fp16", "int8"), [
    ("hygon-k100-ai", 64, 896, 196, 392),  # Hygon's figures as tabled in hblas-bench DCU-bench.md
    ("cambricon-mlu370-x8", 48, 614.4, 96, 256),  # Cambricon's MLU370-X8 launch figures (2022-03)
])
def test_the_domestic_accelerators_carry_their_makers_figures(catalog, hardware_id, memory_gb, bandwidth_gbs, fp16, int8):
    hw = _hw(catalog, hardware_id)
    assert (hw.memory_gb, hw.memory_bandwidth_gbs, hw.fp16_tflops, hw.int8_tops) == (memory_gb, bandwidth_gbs, fp16, int8)
    assert hw.bf16_tflops == fp16 and hw.fp8_tflops is None  # neither lists an FP8 rate
    assert not barred_from_china(hw)  # a domestic maker's part is no US export


@pytest.mark.parametrize("hardware_id", ["hygon-k100-ai", "cambricon-mlu370-x8", "nvidia-a100-40gb-pcie"])
def test_a_part_without_a_public_price_stays_unpriced_and_says_why(catalog, hardware_id):
    hw = _hw(catalog, hardware_id)
    assert hw.price_usd is None and not hw.price_basis
    assert "price" in (hw.notes or "").lower()


def test_the_a100_80gb_pcie_price_is_dated_and_below_the_sxm_module(catalog):
    pcie, sxm = _hw(catalog, "nvidia-a100-80gb-pcie"), _hw(catalog, "nvidia-a100-80gb-sxm")
    assert pcie.price_usd == 8_000 and pcie.price_is_estimate and pcie.price_date == "2026-03"
    assert sxm.price_usd is not None and pcie.price_usd < sxm.price_usd
    assert barred_from_china(pcie)  # 312 x 16 = 4,992: not sold new in mainland China


@pytest.mark.parametrize(("hardware_id", "mainland", "taiwan"), [
    ("nvidia-rtx-5090d-v2", "sold", "not_sold"),
    ("nvidia-rtx-5090d", "not_sold", "not_sold"),  # replaced by the V2 in Aug 2025
    ("nvidia-rtx-pro-6000d", "sold", "not_sold"),
    ("hygon-k100-ai", "sold", "not_sold"),  # by its maker's rows
    ("cambricon-mlu370-x8", "sold", "not_sold"),
])
def test_who_can_buy_the_china_parts(catalog, hardware_id, mainland, taiwan):
    hw = _hw(catalog, hardware_id)
    assert market_status(catalog.market_availability, "cn_mainland", hw) == mainland
    assert market_status(catalog.market_availability, "taiwan", hw) == taiwan


@pytest.mark.parametrize(("hardware_id", "stack_id"), [("hygon-k100-ai", "vllm-dcu"), ("cambricon-mlu370-x8", "vllm-mlu")])
def test_the_domestic_parts_serve_on_their_vendors_vllm_ports_of_low_maturity(catalog, hardware_id, stack_id):
    hw = _hw(catalog, hardware_id)
    assert stack_id in hw.software_stacks
    stack = next(s for s in catalog.stacks if s.id == stack_id)
    assert stack.maturity == "low" and stack.continuous_batching == "yes"
    assert "FP8" not in stack.quant_formats
