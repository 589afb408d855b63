"""ModelOpt FP8 / NVFP4 checkpoints (TensorRT-LLM) keep the output head in 16 bits.

NVIDIA's model cards (nvidia/Llama-3.1-405B-Instruct-FP8, -FP4): "Only the weights and activations of
the linear operators within transformers blocks are quantized". Worked out before running:
- Llama 3.3 70B's head is 128,256 × 8,192 = 1.051 B weights. In FP8 on TensorRT-LLM it is 16-bit: the
  weights are 1.051 × (16 − 8) / 8 = 1.05 GB more than all-FP8; vLLM's FP8 (no such rule) is unchanged.
- Its decode FLOPs run at the 16-bit rate: on an H200 (FP8 1,979 vs BF16 989.4 dense TFLOPS) the head
  costs 1.051 × (1979 / 989.4 − 1) ≈ 1.05 B parameters' worth more; Llama 4 Scout NVFP4 on a B200, whose
  FP4 matmuls reach 1.35x its 4,500 FP8 rate (6,075, measured: `device.FP4_OVER_FP8_ACHIEVED`), not the listed
  9,000, against 2,250: 202,048 × 5,120 = 1.034 B × (6,075 / 2,250 − 1) = 1.76 B more on 17 B active.
- BF16 weights: the head runs at the rate of everything else, nothing added.
"""

from __future__ import annotations

import pytest

from estimator.physics.catalog_index import catalog_index
from estimator.physics.resolve import resolve
from estimator.schemas import EstimateRequest


def _resolved(catalog, **fields):
    values = dict(hardware="nvidia-h200-sxm", count=1, params_b=70.6, model="Llama 3.3 70B Instruct", quant="FP8",
                  backend="trt-llm", concurrency=1, prompt_tokens=128, output_tokens=128, model_only=True)
    values.update(fields)
    return resolve(EstimateRequest(**values), catalog_index(catalog, catalog.calibration))


def test_trtllm_fp8_checkpoint_keeps_a_16_bit_head_in_memory(catalog):
    trt, vllm = _resolved(catalog), _resolved(catalog, backend="vllm")
    assert trt.weights_gb - vllm.weights_gb == pytest.approx(1.05, abs=0.01)


def test_the_16_bit_head_computes_at_the_16_bit_rate(catalog):
    assert _resolved(catalog).head_extra_b == pytest.approx(1.05, abs=0.02)
    scout = _resolved(catalog, hardware="nvidia-b200-hgx", params_b=109, model="Llama 4 Scout", quant="NVFP4")
    assert scout.head_extra_b == pytest.approx(1.76, abs=0.02)


def test_no_head_term_for_16_bit_weights_or_other_engines(catalog):
    assert _resolved(catalog, quant="BF16").head_extra_b == 0.0
    assert _resolved(catalog, backend="vllm").head_extra_b == 0.0
