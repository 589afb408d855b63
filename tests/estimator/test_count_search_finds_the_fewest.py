"""The count search returns the fewest devices that meet the targets, whatever the shape of the targets in the
count: a layout change (tensor parallel in pairs at one count, single cards at the next) can meet the first token at
52 cards and miss it from 56 to 116, so a search that steps up and bisects on the assumption that meeting is
monotone in the count bought 120 Arc Pro B60s for 477 streams of an 8B model that 52 carry.

Each case's count is worked out from first principles (written before running the product) and the product's count
must land near it; the search must also return exactly the first count, checked one by one, that meets.

First principles (per model copy of g devices, tensor parallel splitting its weights, KV cache and prompts):
    decode step (ms)   = (weights + b × KV per stream) / (g × bandwidth × 0.65) + all-reduces
    KV per stream      = 2 × layers × KV heads × head dim × 2 B × (prompt + output / 2) tokens (FP16 cache)
    prefill (ms)       = 2 × params × prompt tokens / (g × dense rate × 0.5) + all-reduces (one per stream per answer)
    per-stream tok/s   = output / (output × step + b × prefill)   (every stream's prompt interleaves once per answer)
    all-reduces        = on PCIe cards only (NVLink / Infinity Fabric ones are taken as free): 2 a layer, each
                         2 (g − 1) hops of ~10 µs a decode step, and a prompt's activations (prompt × hidden × 2 B)
                         moved 2 (g − 1) / g times at ~25 GB/s a prefill
    b = the most streams a copy holds at the speed (and in memory: 90 % of the devices less the weights, at the
    longest sequence), copies = ⌈users / b⌉, devices = copies × g, the fewest over g = 1, 2, 4, 8. A device whose
    engine no measured row calibrates is held to its speed at the slow end of the estimate's range (~0.82 of the
    central figure: the speed ÷ 0.82). The product adds a per-step overhead, calibrated efficiencies (0.5–0.9 of the
    sheet's bandwidth) and a first-token bound: the band is ×/÷ 2.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import pytest

from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import Candidate, enumerate_candidates
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.advice.sizing import Sizer
from estimator.workload import Workload

BANDWIDTH_SHARE = 0.65  # of the sheet's memory bandwidth that decode reads at
PREFILL_SHARE = 0.5  # of the dense matrix rate a prompt runs at
MEMORY_SHARE = 0.9  # of a device's memory usable for weights and KV cache
BAND = 2.0
UNCALIBRATED = 1 / 0.82  # the slow end of an uncalibrated estimate's range, as a speed margin
PCIE_HOP_MS = 0.010
PCIE_GBS = 25.0


class Shape(NamedTuple):
    params_b: float
    weight_bytes: float  # per parameter: FP16 2, FP8 1, Q4_K_M 4.85 / 8
    layers: int
    kv_heads: int
    head_dim: int
    hidden: int


LLAMA_8B_Q4 = Shape(8.03, 4.85 / 8, 32, 8, 128, 4096)
LLAMA_8B_FP8 = Shape(8.03, 1.0, 32, 8, 128, 4096)
LLAMA_8B_FP16 = Shape(8.03, 2.0, 32, 8, 128, 4096)
LLAMA_70B_FP8 = Shape(70.6, 1.0, 80, 8, 128, 8192)
LLAMA_70B_FP16 = Shape(70.6, 2.0, 80, 8, 128, 8192)
LLAMA_405B_FP8 = Shape(405.9, 1.0, 126, 8, 128, 16384)
QWEN3_32B_FP8 = Shape(32.8, 1.0, 64, 8, 128, 5120)
QWEN25_7B_Q4 = Shape(7.62, 4.85 / 8, 28, 4, 128, 3584)


def first_principles_devices(shape: Shape, memory_gb: float, bandwidth_gbs: float, dense_tflops: float, users: int,
                             prompt: int, output: int, tokens_per_s: float, pcie: bool) -> int:
    """The fewest devices by the rule in the module docstring (pure arithmetic over the sheet's numbers)."""
    weights_gb = shape.params_b * shape.weight_bytes
    kv_token_gb = 2 * shape.layers * shape.kv_heads * shape.head_dim * 2 / 1e9
    best = math.inf
    for group in (1, 2, 4, 8):
        room_gb = group * memory_gb * MEMORY_SHARE - weights_gb
        if room_gb <= 0:
            continue
        held = int(room_gb / (kv_token_gb * (prompt + output)))
        reduces = 2 * shape.layers if pcie and group > 1 else 0
        fixed_ms = weights_gb / (group * bandwidth_gbs * BANDWIDTH_SHARE) * 1000 + reduces * 2 * (group - 1) * PCIE_HOP_MS
        per_stream_ms = kv_token_gb * (prompt + output / 2) / (group * bandwidth_gbs * BANDWIDTH_SHARE) * 1000
        prefill_ms = (2 * shape.params_b * 1e9 * prompt / (group * dense_tflops * 1e12 * PREFILL_SHARE) * 1000
                      + reduces * prompt * shape.hidden * 2 * 2 * (group - 1) / group / (PCIE_GBS * 1e9) * 1000)
        # output × (fixed + b × per_stream) + b × prefill ≤ output / tokens_per_s × 1000
        budget_ms = output / tokens_per_s * 1000 - output * fixed_ms
        if budget_ms <= 0:
            continue
        batch = min(held, int(budget_ms / (output * per_stream_ms + prefill_ms)))
        if batch >= 1:
            best = min(best, math.ceil(users / batch) * group)
    assert math.isfinite(best)
    return int(best)


class Case(NamedTuple):
    name: str
    hardware: str
    stack: str
    workload: Workload
    assumed: tuple[bool, bool]  # (speed, first token) filled in, not stated
    expected: int  # first_principles_devices of the case, worked out by hand in its comment


def _load(model: str | None, params_b: float, quant: str, users: int, prompt: int, output: int,
          speed: float | None, ttft: int) -> Workload:
    return Workload(model_params_b=params_b, model_id=model, quantization=quant, concurrent_users=users,
                    prompt_tokens=prompt, output_tokens=output, tokens_per_s_target=speed, ttft_target_ms=ttft)


# Each comment: the layouts' (g, streams a copy holds at the speed b, devices) by the rule, the fewest last.
CASES = [
    # 8B Q4_K_M (4.87 GB), 0.151 GB of KV a stream; one card 16.4 + 0.51 b ms a step, a prompt 327 ms; held to
    # 30.5 tok/s (the assumed 30 less the estimate's typical error, at the slow end): (1, 10, 48), (2, 26, 38),
    # (4, 49, 40) → 38. The search returned 120 while 52 meet.
    Case("arc-pro-b60-8b-477-streams", "intel-arc-pro-b60", "openvino-cpu",
         _load(None, 8.0, "Q4_K_M", 477, 1000, 300, None, 1000), (True, False), 38),
    # 8B FP8 (8.03 GB): 14.3 + 0.163 b ms, a prompt 21.9 ms, 30 tok/s over 400 tokens: (1, 87, 7), (2, 184, 8) → 7.
    Case("l40s-8b-fp8-600", "nvidia-l40s", "vllm-cuda", _load("llama-3.1-8b", 8.03, "FP8", 600, 500, 400, 30.0, 3000),
         (False, False), 7),
    # 70B FP8 on 80 GB: one card holds one stream; (2, 74, 10), (4, 184, 8), (8, 404, 8) → 8.
    Case("h100-70b-fp8-300", "nvidia-h100-sxm", "vllm-cuda",
         _load("llama-3.1-70b", 70.6, "FP8", 300, 2000, 500, 20.0, 3000), (False, False), 8),
    # 8B FP8 on 24 GB: memory holds 129 streams a card, the speed more: (1, 129, 3) → 3.
    Case("rtx-4090-8b-fp8-300", "nvidia-rtx-4090", "vllm-cuda",
         _load("llama-3.1-8b", 8.03, "FP8", 300, 500, 300, 20.0, 3000), (False, False), 3),
    # 8B FP8 on an L4 (300 GB/s): one card's weights alone take 41 ms a step, too slow for 30 tok/s;
    # (2, 31, 8), (4, 88, 8), (8, 134, 8) → 8.
    Case("l4-8b-fp8-120", "nvidia-l4", "vllm-cuda", _load("llama-3.1-8b", 8.03, "FP8", 120, 500, 300, 30.0, 3000),
         (False, False), 8),
    # 70B FP16 (141 GB) on 192 GB: one card's 41 ms step misses 25 tok/s; (2, 47, 14), (4, 143, 12), (8, 336, 8) → 8.
    Case("mi300x-70b-fp16-300", "amd-mi300x", "vllm-rocm",
         _load("llama-3.1-70b", 70.6, "FP16", 300, 1000, 300, 25.0, 3000), (False, False), 8),
    # Qwen3-32B FP8 (32.8 GB) on 32 GB: (2, 28, 6), (4, 43, 8) → 6.
    Case("rtx-5090-32b-fp8-60", "nvidia-rtx-5090", "vllm-cuda",
         _load("qwen3-32b", 32.8, "FP8", 60, 1000, 300, 25.0, 3000), (False, False), 6),
    # 8B FP16 (16 GB): (1, 46, 4), (2, 119, 4) → 4.
    Case("a100-8b-fp16-150", "nvidia-a100-80gb-sxm", "vllm-cuda",
         _load("llama-3.1-8b", 8.03, "FP16", 150, 1000, 300, 30.0, 3000), (False, False), 4),
    # Qwen2.5-7B Q4_K_M (4.62 GB) on 12 GB, 57 kB of KV a token; 20 tok/s held at 24.4: (1, 33, 5), (2, 75, 4) → 4.
    Case("arc-b580-7b-q4-150", "intel-arc-b580", "openvino-cpu",
         _load("qwen2.5-7b", 7.62, "Q4_K_M", 150, 500, 200, 20.0, 3000), (False, False), 4),
    # 405B FP8 (406 GB) on 141 GB: (4, 37, 8), (8, 110, 8) → 8.
    Case("h200-405b-fp8-60", "nvidia-h200-sxm", "vllm-cuda",
         _load("llama-3.1-405b", 405.9, "FP8", 60, 2000, 500, 15.0, 5000), (False, False), 8),
    # 70B FP8 on 96 GB: one card's 60.6 ms step misses 20 tok/s; (2, 16, 10), (4, 30, 12) → 10.
    Case("rtx-pro-6000-70b-fp8-80", "nvidia-rtx-pro-6000-blackwell", "vllm-cuda",
         _load("llama-3.1-70b", 70.6, "FP8", 80, 1000, 300, 20.0, 3000), (False, False), 10),
    # 8B FP8 on 32 GB at 640 GB/s: (1, 21, 10), (2, 57, 8), (4, 92, 12) → 8.
    Case("r9700-8b-fp8-200", "amd-radeon-ai-pro-r9700", "vllm-rocm",
         _load("llama-3.1-8b", 8.03, "FP8", 200, 1000, 300, 30.0, 3000), (False, False), 8),
]


def test_the_expected_counts_follow_the_rule():
    # The hand arithmetic in each case's comment is the rule's: sheet numbers in, devices out.
    # (memory GB, bandwidth GB/s, dense rate TFLOPS at the format, PCIe only) from the device sheets
    sheets = {"intel-arc-pro-b60": (24, 456, 98.3, True), "nvidia-l40s": (48, 864, 733, True),
              "nvidia-h100-sxm": (80, 3350, 1978.9, False), "nvidia-rtx-4090": (24, 1008, 330.3, True),
              "nvidia-l4": (24, 300, 242, True), "amd-mi300x": (192, 5300, 1307.4, False),
              "nvidia-rtx-5090": (32, 1792, 419, True), "nvidia-a100-80gb-sxm": (80, 2039, 312, False),
              "intel-arc-b580": (12, 456, 117, True), "nvidia-h200-sxm": (141, 4800, 1978.9, False),
              "nvidia-rtx-pro-6000-blackwell": (96, 1792, 1000, True), "amd-radeon-ai-pro-r9700": (32, 640, 383, True)}
    # The speed each is held to: the stated one, the slow end of the range where no measured row calibrates the
    # engine on the device (the Arc cards), and for the B60 the assumed 30 less the typical error (30 / 1.2 / 0.82).
    speeds = {"arc-pro-b60-8b-477-streams": 25 * UNCALIBRATED, "arc-b580-7b-q4-150": 20 * UNCALIBRATED}
    shapes = {"arc-pro-b60-8b-477-streams": LLAMA_8B_Q4, "l40s-8b-fp8-600": LLAMA_8B_FP8,
              "h100-70b-fp8-300": LLAMA_70B_FP8, "rtx-4090-8b-fp8-300": LLAMA_8B_FP8, "l4-8b-fp8-120": LLAMA_8B_FP8,
              "mi300x-70b-fp16-300": LLAMA_70B_FP16, "rtx-5090-32b-fp8-60": QWEN3_32B_FP8,
              "a100-8b-fp16-150": LLAMA_8B_FP16, "arc-b580-7b-q4-150": QWEN25_7B_Q4, "h200-405b-fp8-60": LLAMA_405B_FP8,
              "rtx-pro-6000-70b-fp8-80": LLAMA_70B_FP8, "r9700-8b-fp8-200": LLAMA_8B_FP8}
    for case in CASES:
        w = case.workload
        memory, bandwidth, tflops, pcie = sheets[case.hardware]
        got = first_principles_devices(shapes[case.name], memory, bandwidth, tflops, w.concurrent_users or 1,
                                       w.prompt_tokens or 0, w.output_tokens or 0,
                                       speeds.get(case.name, w.tokens_per_s_target or 30.0), pcie)
        assert got == case.expected, case.name


def _sizer_and_candidate(catalog, case: Case) -> tuple[Sizer, Candidate]:
    filled, _ = fill_defaults(case.workload, catalog)
    estimate, capacity = default_throughput()
    sizer = Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None), people=False,
                  assumed_targets=case.assumed)
    found = [c for c in enumerate_candidates(sizer.workload, catalog)[0]
             if c.hardware.id == case.hardware and c.stack.id == case.stack]
    assert found, (case.hardware, case.stack)
    return sizer, found[0]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_search_returns_the_first_count_that_meets(catalog, case):
    sizer, candidate = _sizer_and_candidate(catalog, case)
    for users in (sizer.peak, math.ceil(sizer.overload * sizer.peak)):
        found = sizer.smallest_count(candidate, users)
        top = found if found is not None else candidate.max_count
        first = next((count for count in range(1, top + 1) if sizer.meets(candidate, count, users)), None)
        assert found == first, (users, found, first)


# Four RTX PRO 6000s in one tensor-parallel copy carry the 80 streams in the product; the rule's all-reduces
# (2 (g − 1) hops of 10 µs, 9.6 ms a step at TP4 for 80 layers) leave 30 streams a copy. Which PCIe all-reduce cost
# is right is not measured in the store (no TP4 row on PCIe Blackwell cards).
_PCIE_ALL_REDUCE_UNMEASURED = pytest.mark.xfail(strict=True, reason=(
    "the product's PCIe all-reduce is cheaper than the rule's 10 us a hop: 4 cards against 10"))


@pytest.mark.parametrize("case", [pytest.param(case, marks=_PCIE_ALL_REDUCE_UNMEASURED)
                                  if case.name == "rtx-pro-6000-70b-fp8-80" else case for case in CASES],
                         ids=lambda case: case.name)
def test_the_count_is_near_the_bandwidth_bound(catalog, case):
    sizer, candidate = _sizer_and_candidate(catalog, case)
    found = sizer.smallest_count(candidate)
    assert found is not None
    assert case.expected / BAND <= found <= case.expected * BAND, found


@pytest.mark.parametrize("case", CASES[:6], ids=lambda case: case.name)
def test_a_count_that_meets_has_a_layout_that_reaches_it_and_more_devices_keep_one(catalog, case):
    # The search skips the counts below the first at which some layout passes (`Sizer._could_meet`): that bound must
    # hold wherever a count meets, and hold at every count above once it does (each layout only improves).
    sizer, candidate = _sizer_and_candidate(catalog, case)
    found = sizer.smallest_count(candidate)
    assert found is not None
    could = [sizer._could_meet(candidate, count, sizer.peak) for count in range(1, found + 12)]
    for count in range(1, found + 12):
        if sizer.meets(candidate, count):
            assert could[count - 1], count
    assert could == sorted(could), could  # False … False True … True
    assert could[found - 1]
