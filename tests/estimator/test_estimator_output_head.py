"""The 16-bit output head of vLLM's weight-only 4-bit checkpoints (`memory.unquantized_head_gb`).

Expectations by hand: a Llama-3-8B-shaped test model (8.0 B weights, hidden 4,096) with a 128,000-token
vocabulary has a head of 128,000 × 4,096 = 0.524288 B weights. Sized at INT4 (4 bits) the model is
8.0 × 4 / 8 = 4.0 GB; an AWQ / GPTQ / W4A16 checkpoint keeps the head at 16 bits, 12 bits more per head
weight: + 0.524288 × 12 / 8 = 0.786432 GB. A memory-bound decode step reads all of it once.
"""

from __future__ import annotations

import pytest

from estimator.catalog import QuantFormat
from estimator.physics.memory import Architecture, unquantized_head_gb
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import ARCH_8B, QUANTS, URL, catalog, device

HEAD_EXTRA_GB = 128_000 * 4_096 / 1e9 * 12 / 8  # 0.786432 GB
INT4 = QuantFormat(name="INT4", bits_per_weight=4.0, family="int", source_url=URL)


def _catalog(vocab: int | None):
    model = ARCH_8B.model_copy(update={"vocab_size": vocab})
    return catalog(device(memory=80.0)).model_copy(update={"models": (model,), "quant_formats": (*QUANTS, INT4)})


def _estimate(vocab: int | None, backend: str, quant: str = "INT4"):
    request = EstimateRequest(hardware="test-gpu", params_b=8.0, quant=quant, backend=backend, prompt_tokens=1,
                              output_tokens=2, concurrency=1, model="Test 8B")
    return estimate(request, _catalog(vocab))


def test_the_head_adds_its_twelve_missing_bits_per_weight():
    arch = Architecture(32, 4096, 8, 128, "test-8b", vocab_size=128_000)
    assert unquantized_head_gb(arch, "INT4", "vllm", 4.0) == pytest.approx(HEAD_EXTRA_GB)
    assert unquantized_head_gb(arch, "int4", "vllm", 4.0) == pytest.approx(HEAD_EXTRA_GB)


def test_formats_and_engines_that_quantize_or_already_count_the_head_add_nothing():
    arch = Architecture(32, 4096, 8, 128, "test-8b", vocab_size=128_000)
    assert unquantized_head_gb(arch, "Q4_K_M", "vllm", 4.84) == 0.0  # GGUF's bits/weight include its head
    assert unquantized_head_gb(arch, "INT4", "mlx", 4.0) == 0.0  # MLX quantizes the head too
    assert unquantized_head_gb(arch, "FP16", "vllm", 16.0) == 0.0
    assert unquantized_head_gb(Architecture(32, 4096, 8, 128, "x"), "INT4", "vllm", 4.0) == 0.0  # vocab unknown


def test_a_vllm_int4_model_needs_the_head_in_memory():
    with_head, without = _estimate(128_000, "vllm"), _estimate(None, "vllm")
    assert with_head.memory_required_gb - without.memory_required_gb == pytest.approx(HEAD_EXTRA_GB, abs=0.01)
    # llama.cpp runs GGUF files, whose head is already in the format's bits per weight.
    assert _estimate(128_000, "llama.cpp").memory_required_gb == pytest.approx(
        _estimate(None, "llama.cpp").memory_required_gb, abs=1e-9)


def test_single_stream_decode_reads_the_head_every_step():
    # Test calibration: η_bw 0.5 of 1,000 GB/s and 1 ms per token (32 layers). Step without the head:
    # 4.0 GB / 500 GB/s = 8 ms + 1 ms; with it, 4.786432 / 500 = 9.573 ms + 1 ms (the 2-token KV is ~0).
    with_head, without = _estimate(128_000, "vllm"), _estimate(None, "vllm")
    step_with, step_without = 1000.0 / with_head.decode_tokens_per_s_per_stream, 1000.0 / without.decode_tokens_per_s_per_stream
    assert step_without == pytest.approx(9.0, rel=0.01)
    assert step_with - step_without == pytest.approx(HEAD_EXTRA_GB / 500.0 * 1000.0, rel=0.01)
