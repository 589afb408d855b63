"""llama.cpp on an Apple GPU tiles 32 token rows, so a prompt's routed experts waste less of each tile there.

From first principles: a 512-token micro-batch of Qwen3-30B-A3B (top-8 of 128 experts) gives each expert 512 x 8 / 128
= 32 tokens. llama.cpp's Metal matmul tile is 32 activation rows (ggml-metal.metal: BLOCK_SIZE_N 32), so the tile is
full; the 128-row tile of its CUDA/Vulkan path is a quarter full, and the routed FLOPs cost 4x.
"""

from __future__ import annotations

import pytest

from estimator.physics.resolve import _prefill_split_b


def test_a_full_metal_tile_charges_the_routed_experts_once():
    routed_active = 28.0 * 8 / 128  # experts' parameters x their routed share
    dense, routed = _prefill_split_b(3.3, 28.0, 8 / 128, 512, False, metal=True)
    assert dense == pytest.approx(3.3 - routed_active)
    assert routed == pytest.approx(routed_active)


def test_the_128_row_tile_charges_them_four_times():
    _, routed = _prefill_split_b(3.3, 28.0, 8 / 128, 512, False)
    assert routed == pytest.approx(28.0 * 8 / 128 * 4)


def test_a_half_full_metal_tile_charges_them_twice():
    # DeepSeek-V3: top-8 of 256, 16 tokens an expert in a 512-token micro-batch: half of a 32-row tile
    _, routed = _prefill_split_b(37.0, 650.0, 8 / 256, 512, False, metal=True)
    assert routed == pytest.approx(650.0 * 8 / 256 * 2)
