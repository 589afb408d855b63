"""Several models on the same hardware, each with its own load: the weights of every model once, each model's KV for its
own streams, each token's compute through its own model. Expectations from first principles, written before running:
- Llama 3.1 8B (32 layers × 8 KV heads × 128 × 2 × 2 B = 131 KB/token) with 30 streams beside Qwen3-32B (64 × 8 × 128 ×
  2 × 2 B = 262 KB/token) with 10: the streams' KV averages (30 × 131 + 10 × 262) / 40 = 164 KB/token, 0.625 of the
  32B's; their matmuls average (30 × 8.03 + 10 × 32.8) / 40 = 14.2B parameters a token, not 40.8B.
- The same models sized as 40 streams of the 32B (no loads said per model) need more memory than the per-model sizing.
"""

from __future__ import annotations

import pytest

from estimator.advice.served_models import load_shares
from estimator.workload import ServedModel, Workload

_MODELS = [ServedModel(model_params_b=8.03, model_id="llama-3.1-8b", concurrent_users=30),
           ServedModel(model_params_b=32.8, model_id="qwen3-32b", concurrent_users=10),
           ServedModel(model_params_b=0.568, role="embedding")]


def _workload(**extra):
    return Workload(model_params_b=32.8, model_id="qwen3-32b", quantization="FP8", concurrent_users=40,
                    models_served=3, co_served_params_b=8.598, prompt_tokens=4000, **extra)


def test_kv_and_compute_are_each_streams_own_models(catalog):
    shares = load_shares(_workload(served_models=_MODELS), catalog, 41.4)
    assert shares is not None
    assert shares.kv_scale == pytest.approx(0.625, rel=0.02)
    assert shares.compute_params_b == pytest.approx(14.2, rel=0.01)


def test_no_load_said_per_model_leaves_the_whole_sizing_alone(catalog):
    unloaded = [m.model_copy(update={"concurrent_users": None}) for m in _MODELS]
    assert load_shares(_workload(served_models=unloaded), catalog, 41.4) is None


def test_per_model_loads_need_less_memory_than_copies_of_the_largest(catalog):
    from estimator.advice.recommend import recommend

    each = recommend(_workload(served_models=_MODELS), catalog).primary
    alike = recommend(_workload(), catalog).primary
    assert each is not None and alike is not None
    assert each.estimate.memory_required_gb < alike.estimate.memory_required_gb


def test_prompts_said_apart_weigh_the_compute_by_the_tokens_each_model_prefills(catalog):
    # Llama 3.3 70B with 6 streams of 16k-token documents beside Llama 3.1 8B with 80 of 1k: 96k + 80k prompt tokens in
    # flight; the mean prompt (96k + 80k) / 86 = 2,047; each prompt token runs through its own model:
    # (96k × 70.6 + 80k × 8.03) / 176k = 42.2B; the longest request, 16k + the 256-token answer, must still fit.
    models = [ServedModel(model_params_b=70.6, model_id="llama-3.3-70b", concurrent_users=6, prompt_tokens=16_000),
              ServedModel(model_params_b=8.03, model_id="llama-3.1-8b", concurrent_users=80, prompt_tokens=1_000)]
    workload = Workload(model_params_b=70.6, model_id="llama-3.3-70b", quantization="FP8", concurrent_users=86,
                        models_served=2, co_served_params_b=8.03, prompt_tokens=16_000, served_models=models)
    shares = load_shares(workload, catalog, 78.6)
    assert shares is not None
    assert shares.prompt_tokens == pytest.approx(2047, abs=1)
    assert shares.compute_params_b == pytest.approx(42.2, rel=0.01)
    assert shares.context_tokens == 16_256


def test_models_on_two_cards_sit_apart_with_their_own_speeds(catalog):
    # FP8 on 2 × RTX PRO 6000 (96 GB, 1,792 GB/s), prompts 8,000 + 256-token answers, FP8 KV (half the 16-bit bytes):
    # Qwen3-32B 32.8 GB + 10 × 8,256 × 131 KB = 43.6 GB; Llama 3.1 8B 8.03 GB + 30 × 8,256 × 65.5 KB = 24.3 GB; bge-m3
    # 1.1 GB at 16 bits. The two chat models take a card each, the embedder joins the first; speeds 0.8 × 1,792 / GB read:
    # 32.9 tok/s (the embedder reads nothing a decode step) and 59 tok/s.
    from estimator.advice.served_models import placement

    workload = _workload(served_models=_MODELS).model_copy(update={"prompt_tokens": 8000})
    groups = placement(workload, catalog, quant="FP8", bits=8.0, devices=2, memory_gb=96, bandwidth_gbs=1792)
    assert groups is not None and len(groups) == 2
    big, small = groups
    assert big.models == ("Qwen3 32B", "0.568B") and small.models == ("Llama 3.1 8B",)
    assert big.memory_gb == pytest.approx(43.6 + 1.14, rel=0.02)
    assert big.tokens_per_s == pytest.approx(0.8 * 1792 / 43.6, rel=0.02)
    assert small.tokens_per_s == pytest.approx(0.8 * 1792 / 24.3, rel=0.02)


def test_one_card_or_no_room_apart_places_nothing(catalog):
    from estimator.advice.served_models import placement

    workload = _workload(served_models=_MODELS)
    assert placement(workload, catalog, quant="FP8", bits=8.0, devices=1, memory_gb=96, bandwidth_gbs=1792) is None
    # 24 GB cards: the 32B's 32.8 GB of weights alone take two, the 8B a third: three are more than the two bought
    assert placement(workload, catalog, quant="FP8", bits=8.0, devices=2, memory_gb=24, bandwidth_gbs=1008) is None


def test_each_models_rate_or_volume_is_counted_at_its_own_lengths():
    # DeepSeek V3.2: 300M tokens a day over 10 stated hours at 512 in + 256 out = 390,625 requests → 10.85/s on average,
    # 21.7/s in the busy hour (2× a working window's average); a ~9.5 s hold (1 s + 256 / 30) → ~207 streams on average.
    # Qwen3-8B: 20/s of 5-token answers hold ~1.2 s (≈1 s first token + 5 / 30) → ~24 streams, not the ~191 a 256-token
    # answer would hold. The two loads are added, neither stands in for the other.
    from estimator.advice.served_models import own_loads

    big = ServedModel(model_params_b=671, model_id="deepseek-v3.2", active_params_b=37, tokens_per_day=3e8)
    small = ServedModel(model_params_b=8.2, model_id="qwen3-8b", requests_per_s=20, prompt_tokens=300, output_tokens=5)
    w = Workload(model_params_b=671, model_id="deepseek-v3.2", active_params_b=37, tokens_per_day=3e8, requests_per_s=20,
                 hours_per_day=10, hours_stated=True, served_models=[big, small])
    volume, rate = own_loads(w)
    assert volume.source == "tokens" and volume.mean_streams == pytest.approx(207, rel=0.03)
    assert rate.source == "rate" and 20 <= rate.concurrent_streams <= 30


def test_the_sized_models_own_lengths_are_not_another_models(catalog):
    # Kimi K2 agents at 40k-token contexts beside a router at 10 req/s with nothing said of its requests: the router's
    # streams are the default request's (512 in), so the mean prompt in flight is far below 40k.
    router = ServedModel(model_params_b=4.0, model_id="qwen3-4b", requests_per_s=10)
    kimi = ServedModel(model_params_b=1026, model_id="kimi-k2", active_params_b=32, concurrent_users=15,
                       prompt_tokens=40_000)
    w = Workload(model_params_b=1026, model_id="kimi-k2", active_params_b=32, prompt_tokens=40_000, concurrent_users=15,
                 requests_per_s=10, loads_summed=True, served_models=[kimi, router])
    shares = load_shares(w, catalog, 1030)
    assert shares is not None and shares.prompt_tokens is not None and shares.prompt_tokens < 10_000
    assert shares.context_tokens == 40_000 + 256  # the longest request must still fit


def test_the_people_who_send_one_models_rate_leave_each_model_its_own_streams(catalog):
    # "~40 agents, each one request every 2 min" (0.33/s of the 70B, 300-token answers at 25 tok/s: ~12 s a request)
    # beside an 8B classifier at 15/s with 20-token answers (~0.8 s): Little's law per model gives ~4 + ~12 streams plus
    # the first-token waits, far below 15.33/s all held for a 70B answer's 12 s (184 streams).
    from estimator.advice.assume import fill_defaults
    from estimator.advice.served_models import own_loads
    models = [ServedModel(model_params_b=70.6, model_id="llama-3.3-70b", requests_per_s=0.3333, prompt_tokens=3000,
                          output_tokens=300),
              ServedModel(model_params_b=8.2, model_id="qwen3-8b", requests_per_s=15.0, prompt_tokens=800, output_tokens=20)]
    workload = Workload(model_params_b=70.6, model_id="llama-3.3-70b", quantization="FP8", total_users=40,
                        requests_per_s=15.3333, prompt_tokens=3000, output_tokens=300, tokens_per_s_target=25.0,
                        models_served=2, co_served_params_b=8.2, served_models=models)
    filled, _ = fill_defaults(workload, catalog)
    assert filled.concurrent_users == sum(c.concurrent_streams for c in own_loads(workload))
    assert 16 <= filled.concurrent_users <= 60
