"""A first-token bound the user did not set never multiplies the purchase past what the load needs.

150 concurrent users of a 7B model with ~2,500-token prompts, nothing said about the first token: the bound
assumed is 1,250 ms (0.5 ms per prompt token). From first principles the load needs memory for the weights and
150 × ~2.8k tokens of KV cache, and the weight and KV reads of 30 tok/s per user (bandwidth-bound decode): that
count is what the load needs. Replicas only shorten the queue in front of a prefill, so holding the assumed bound
can take several times that count on devices with little compute; a bound the user did not state must not buy
them (seed 1: start from the smallest configuration that meets the need). A bound the user states still does.
"""

from __future__ import annotations

from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import enumerate_candidates
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.advice.sizing import Sizer
from estimator.workload import Workload

LOAD = {"model_params_b": 7, "concurrent_users": 150, "prompt_tokens": 2_500, "quantization": "FP8"}


def _counts(catalog, stated_ttft_ms, assumed):
    filled, _ = fill_defaults(Workload(**LOAD, ttft_target_ms=stated_ttft_ms))
    estimate_fn, capacity_fn = default_throughput()
    sizer = Sizer(filled, catalog, estimate_fn, capacity_fn, assumed_targets=(True, assumed),
                  shortcuts=default_shortcuts(None))
    candidates, _ = enumerate_candidates(filled, catalog)
    gpus = [c for c in candidates if c.hardware.kind == "gpu" and c.hardware.memory_gb and c.hardware.memory_gb >= 40]
    return {(c.hardware.id, c.stack.id): min(s.count for s in sizer.size(c)) for c in gpus}


def test_an_assumed_bound_buys_no_more_devices_than_the_load_needs(catalog):
    assumed = _counts(catalog, None, assumed=True)  # 1,250 ms filled in, not said
    load = _counts(catalog, 600_000, assumed=False)  # a bound no count misses: the load's own count
    stated = _counts(catalog, 1_250, assumed=False)  # the same bound, said by the user
    assert all(assumed[key] <= load[key] for key in assumed), {k: (assumed[k], load[k]) for k in assumed
                                                               if assumed[k] > load[k]}
    # The premise: somewhere the bound, when stated, does take more devices than the load (the test can fail).
    assert any(stated[key] > load[key] for key in stated)
