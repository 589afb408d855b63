"""A bit width said without a format ("8 bit at most", "8-bit is fine", "用 8 位量化") leaves each option its own
format of that width: FP8 where a batched engine runs it natively, the GGUF Q8_0 elsewhere. A named format
("Q8_0", "INT8") is kept as named."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.settings import Settings
from bot.wiring import load_catalog
from estimator.advice.evaluate import evaluate_option
from estimator.advice.recommend import recommend
from estimator.workload import Workload


@pytest.mark.parametrize("text", ["they don't want any careless quantization, 8 bit at most", "8-bit is fine",
                                  "用 8 位量化", "8 位元就好"])
def test_a_bit_width_is_read_as_a_width(text: str) -> None:
    facts = parse_message(text).facts
    assert facts.get("quantization") == "Q8_0" and facts.get("weight_bits_only") is True


@pytest.mark.parametrize("text", ["Q8_0 please", "int8", "use q8"])
def test_a_named_format_is_not_a_width(text: str) -> None:
    assert not parse_message(text).facts.get("weight_bits_only")


def test_an_8_bit_width_is_fp8_on_an_hbm_gpu_and_stays_8_bits_everywhere() -> None:
    # Llama 3.3 70B at 8 bits: 70.6 GB either way (FP8 or Q8_0's ~8.5 bits: 75 GB); on an H100/H200 behind vLLM
    # the native 8-bit format is FP8, so no option is sized at a 4-bit format and none at 16 bits.
    catalog = load_catalog(Settings())
    facts = {"model_id": "llama-3.3-70b", "model_params_b": 70.6, "concurrent_users": 25, "prompt_tokens": 4000,
             "output_tokens": 500, "quantization": "Q8_0"}
    width = recommend(Workload(**facts, weight_bits_only=True), catalog)
    named = recommend(Workload(**facts), catalog)
    options = [width.primary, *width.alternatives]
    assert all(o.weight_format in ("FP8", "Q8_0", "INT8") for o in options), [o.weight_format for o in options]
    hbm = [o for o in options if "HBM" in (catalog.hardware_by_id(o.hardware_id).memory_type or "")
           and o.kind == "gpu" and "llama" not in o.serving_stack.lower()]
    assert all(o.weight_format == "FP8" for o in hbm)
    # The H100 itself, whether or not the ranking shows it (GDDR cards may carry 25 people for less).
    h100 = evaluate_option(Workload(**facts, weight_bits_only=True), catalog, "nvidia-h100-sxm")
    assert h100.weight_format == "FP8"
    assert all(o.weight_format == "Q8_0" for o in [named.primary, *named.alternatives])
