"""China-market sheets from their sources: what a buyer in China prices and racks.

- Atlas 300I Duo: two 310P chips, 280 INT8 TOPS; the Da Vinci cube runs INT8 at twice its FP16 rate (HiSilicon's
  Ascend 310: 16 TOPS INT8 / 8 TFLOPS FP16), so 140 FP16 TFLOPS; at most four cards per Atlas 800 inference server
  (model 3000), Huawei's MindCluster guide; served by vLLM-Ascend (its 300I Duo tutorial) at ~$1,400 a card.
- H20: an HGX part, priced per card from Reuters' $12,000-15,000 distributor range and bought a board (8) at a time.
"""

from __future__ import annotations

from estimator.advice.candidates import purchase_unit
from estimator.physics.servers import devices_per_server


def _row(catalog, hardware_id):  # type: ignore[no-untyped-def]
    return next(hw for hw in catalog.hardware if hw.id == hardware_id)


def test_the_atlas_300i_duo_runs_fp16_at_half_its_int8_rate_four_to_a_server_on_vllm_ascend(catalog):
    duo = _row(catalog, "huawei-atlas-300i-duo")
    assert duo.fp16_tflops == duo.int8_tops / 2 == 140
    assert devices_per_server(duo) == 4
    assert purchase_unit(duo) == 1  # a PCIe card is bought singly; only the host holds four
    assert "vllm-ascend" in duo.software_stacks


def test_the_h20_is_priced_within_the_reported_distributor_range_and_bought_a_board_at_a_time(catalog):
    h20 = _row(catalog, "nvidia-h20")
    assert h20.price_usd is not None and 12_000 <= h20.price_usd <= 15_000
    assert h20.price_is_estimate
    assert purchase_unit(h20) == 8
