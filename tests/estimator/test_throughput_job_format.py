"""A batch job (items within a window: throughput, not a person waiting) is served at FP8 on a GPU with FP8
tensor cores behind a batched engine, whatever share of one GDDR card the FP8 weights take; a chat keeps the
half-a-card rule (`estimator.advice.default_format`).

Why, from first principles: a batch job's hours are mostly prefill, which is compute bound: 2 × params FLOPs per
prompt token. FP8 tensor cores run at twice the FP16 rate (RTX PRO 6000 Blackwell: 1,000 vs 500 dense TFLOPS,
knowledge/data/hardware.csv), while a 4-bit GGUF checkpoint in a batched engine dequantizes to FP16 matmuls, so
a prefill-bound job needs about twice the cards at Q4_K_M. The half-a-card rule keeps a chat batch's KV cache and
its decode off the PCIe tensor-parallel path; a throughput job buys the cards its compute needs anyway.

Expert answers, worked out before the code changed (RTX PRO 6000 Blackwell: 96 GB, 1.79 TB/s, FP8 1,000 TFLOPS
dense, $8,565; host $8,600 per 4 cards; prefill at ~40-50 % of the dense rate; seed 2's 1.5× batch headroom):

1. en, Llama 3.3 70B (70.6B, 80 layers, 8 KV heads × 128), 40k tickets × 3k tokens in, 150 out, 12 h:
   120M prompt tokens / 43,200 s = 2,778 tok/s × (141 + 4 × 80 × 8,192 × 1.5k ≈ 4 GFLOP) ≈ 0.40 PFLOP/s, × 1.5
   headroom = 0.60 PFLOP/s: 2 cards at FP8 (0.8-1.0 PFLOP/s), 3-4 at the FP16 rate. FP8 weights 70.6 GB + KV
   (327,680 B × 3.2k × 32 streams = 34 GB) fit 2 × 96 GB. Expert: 2-4× RTX PRO 6000, $25,730-$42,860.
2. zh-Hans, Llama 3.3 70B, 20k tender documents × 15k tokens, 300 out, 48 h: 300M / 172,800 s = 1,736 tok/s ×
   (141 + 4 × 80 × 8,192 × 7.5k ≈ 20 GFLOP) ≈ 0.28 PFLOP/s, × 1.5 = 0.42: one card's compute at FP8, but 70.6 GB
   + KV (327,680 B × 15.3k ≈ 5 GB a document) needs the second card. Expert: 2× RTX PRO 6000, $25,730 (range
   $19k-$45k with an H200 or a fourth card for margin).
3. zh-Hant, GLM-4.5-Air (106B total, 12B active; 46 layers, 8 KV heads × 128), 10k records × 8k in, 500 out,
   8 h: 80M / 28,800 s = 2,778 tok/s × ~27 GFLOP ≈ 75 TFLOP/s (small); 5M out / 28,800 = 174 tok/s, × 1.5 =
   260 tok/s. FP8 106 GB + KV (188,416 B × 8.5k × 32 = 51 GB) on 2 cards: a decode step reads ~95 GB of touched
   experts + 51 GB of KV / 3.58 TB/s ≈ 41 ms → 24 tok/s × 32 streams ≈ 780 tok/s. Expert: 2× RTX PRO 6000,
   $25,730 (range $13k-$45k).
The three examples run through the chat engine in tests/bot/test_batch_jobs_bought_at_expert_scale.py;
its held-out phrasings are in tests/bot/test_batch_jobs_bought_at_expert_scale_held_out.py.
"""

from __future__ import annotations

from estimator.advice.default_format import default_format
from estimator.catalog import Hardware, ServingStack

VLLM = ServingStack(id="v", name="vLLM", maturity="high", dynamic_shapes="native", continuous_batching="yes",
                    multi_model="process_per_model", quant_formats=("BF16", "FP8", "NVFP4"), backend_key="vllm",
                    source_url="s")
LLAMA_CPP = ServingStack(id="l", name="llama.cpp", maturity="high", dynamic_shapes="native",
                         continuous_batching="unverified", multi_model="yes", quant_formats=("Q4_K_M", "Q8_0", "FP16"),
                         backend_key="llama.cpp", source_url="s")
GDDR_CARD = Hardware(id="c", vendor="NVIDIA", name="C", kind="gpu", memory_type="GDDR7", memory_gb=96.0,
                     fp16_tflops=500.0, fp8_tflops=1000.0, source_url="s")


def test_a_batch_job_takes_fp8_on_a_gddr_card_whatever_the_weights_share():
    # 70.6 GB of FP8 weights is 74 % of one 96 GB card: a chat stays at Q4_K_M, a batch job runs FP8.
    assert default_format(GDDR_CARD, VLLM, fp8_weights_gb=70.6).format == "Q4_K_M"
    chosen = default_format(GDDR_CARD, VLLM, fp8_weights_gb=70.6, throughput_job=True)
    assert chosen.format == "FP8" and chosen.low_precision_float


def test_a_batch_job_keeps_seed_1_where_fp8_is_not_native():
    no_fp8 = GDDR_CARD.model_copy(update={"fp8_tflops": None})
    assert default_format(no_fp8, VLLM, fp8_weights_gb=70.6, throughput_job=True).format == "Q4_K_M"
    assert default_format(GDDR_CARD, LLAMA_CPP, fp8_weights_gb=70.6, throughput_job=True).format == "Q4_K_M"

