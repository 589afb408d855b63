"""Which layout a plan takes: model copies (replicas) or tensor parallel (`parallel_plans.best_plan`).

Worked out before running the estimator (RTX PRO 6000 Blackwell: 96 GB, 1,792 GB/s, 1,000 dense FP8 TFLOPS, PCIe 5.0
x16 between cards; prefill at ~40 % of the dense rate):
- Llama 3.1 8B FP8 (8 GB; KV 2 x 32 x 8 x 128 x 2 B = 131 KB/token) for 40 users with 4,000-token prompts and
  256-token answers on 4 cards. One card holds the weights and 10 users' KV (8 + 10 x 0.56 GB); a decode step
  reads ~14 GB: ~8 ms, far above 30 tok/s on one card, so tensor parallel is not needed for speed. Prompts:
  40 users / (256 / 30 s) = 4.7 req/s x 4,000 tokens x 16 GFLOP = 0.30 PFLOP/s, the load that binds. On one card
  a prompt takes 4,000 x 16 GFLOP / 400 TFLOPS = 160 ms; split over two it takes 80 ms of compute plus its
  all-reduces: 2 per layer x 32 layers x 4,000 x 4,096 x 2 B x 2 x 1/2 = 2.1 GB over a ~40 GB/s link, ~50 ms,
  260 card-ms against 160. So 4 single-card replicas carry the prompts with less device time and bring the first
  token sooner (seed 2: a model that is not large with many requests: data parallel and load balancing).
- Qwen3-32B FP8 (32.8 GB; KV 2 x 64 x 8 x 128 x 2 B = 262 KB/token) for 12 users with 2,000-token prompts on 4
  cards: one card holds the weights and 3 users' KV (32.8 + 3 x 0.55 GB); a step reads 34.5 GB, ~24 ms at 80 % of
  the bandwidth: ~40 tok/s, above 30, and one prompt takes 2,000 x 65.6 GFLOP / 400 TFLOPS = 0.33 s, far inside a
  2 s first token. Two cards per copy decode faster still, but nothing asked needs it: 4 replicas.
- The same layout question for Llama 3.3 70B FP8 (70.6 GB): one card reads 70.6 GB a decode step, 39 ms even at
  100 % of its bandwidth (25 tok/s): 30 tok/s per user needs tensor parallel, whatever the prompts cost.
"""

from __future__ import annotations

from estimator.physics import parallel_plans
from estimator.physics.catalog_index import catalog_index
from estimator.physics.resolve import resolve
from estimator.schemas import EstimateRequest

RTX_PRO_6000 = "nvidia-rtx-pro-6000-blackwell"


def _resolved(catalog, model: str, params_b: float, users: int, prompt: int = 4000):  # type: ignore[no-untyped-def]
    request = EstimateRequest(hardware=RTX_PRO_6000, count=4, model=model, params_b=params_b, quant="FP8",
                              backend="vllm", concurrency=users, prompt_tokens=prompt, output_tokens=256,
                              paced_tokens_per_s=30.0, ttft_target_ms=2000.0)
    return resolve(request, catalog_index(catalog))


def test_replicas_beat_tensor_parallel_when_one_card_holds_the_model_and_prompts_bind(catalog):
    r = _resolved(catalog, "llama-3.1-8b", 8.0, 40)
    plan = parallel_plans.best_plan(r, 4, 40)
    assert plan.group == 1 and plan.replicas == 4
    two = parallel_plans.evaluate(r, 4, 2, 40)
    assert plan.ttft_p95_ms <= two.ttft_p95_ms
    assert plan.per_stream >= 30.0


def test_replicas_when_one_card_meets_both_targets_though_a_pair_decodes_faster(catalog):
    r = _resolved(catalog, "qwen3-32b", 32.8, 12, prompt=2000)
    plan = parallel_plans.best_plan(r, 4, 12)
    assert plan.group == 1 and plan.per_stream >= 30.0 and plan.ttft_p95_ms <= 2000.0


def test_tensor_parallel_where_the_per_user_speed_needs_it(catalog):
    r = _resolved(catalog, "llama-3.3-70b", 70.6, 20)
    one_card = parallel_plans.evaluate(r, 4, 1, 20)
    assert one_card.per_stream < 70.6 and one_card.per_stream < 1792 / 70.6  # bandwidth-bound below 25.4 tok/s
    assert parallel_plans.best_plan(r, 4, 20).group >= 2
