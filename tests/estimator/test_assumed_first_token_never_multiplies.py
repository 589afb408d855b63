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
from estimator.advice.complete import complete
from estimator.advice.recommend import default_shortcuts, default_throughput, recommend
from estimator.advice.sizing import Sizer, people_at_once
from estimator.workload import Workload
from knowledge.testing import memory_catalog

LOAD = {"model_params_b": 7, "concurrent_users": 150, "prompt_tokens": 2_500, "quantization": "FP8"}


def _counts(catalog, stated_ttft_ms, assumed):
    filled, _ = fill_defaults(Workload(**LOAD, ttft_target_ms=stated_ttft_ms), memory_catalog())
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


def test_70b_for_1000_users_with_no_target_leads_with_a_gpu_at_the_load_count(catalog):
    """Llama 3.3 70B at Q4_K_M for 1,000 users, prompts 1,000 tokens, answers 300, no first-token target.

    First principles (written before running): weights 70.6 B x 4.84 bits / 8 = 42.7 GB per model copy; KV cache
    327.7 KB per token x 1,300 tokens = 0.43 GB per user, 426 GB for the 1,000. Decode is bandwidth-bound: at
    30 tok/s each user's KV is read 30 times a second (12.8 TB/s for all) and each copy's weights 30 times
    (1.28 TB/s per copy, one copy per device here), so a device of bandwidth B carries at most its share of
    12.8 TB/s / (B - 1.28 TB/s): at least 4 MI300X-class (5.3 TB/s) or 7 H100-class (3.35 TB/s) devices, and
    memory alone needs count x (memory - 42.7 GB) >= 426 GB. The assumed 1 s first token may pick between devices
    only at little cost, never the purchase: the lead is a GPU (the scenario's 30,000 tok/s class answer) bought at
    the count its load needs (the count the same sizer gives with the first-token term out of the way), not a
    dearer accelerator chosen only because it meets the bound nobody set.
    """
    workload = Workload(model_id="llama-3.3-70b", model_params_b=70.6, concurrent_users=1_000,
                        quantization="Q4_K_M", prompt_tokens=1_000, output_tokens=300)
    primary = recommend(workload, catalog).primary
    assert primary.kind == "gpu", (primary.count, primary.hardware_id)
    hardware = catalog.hardware_by_id(primary.hardware_id)
    assert hardware is not None and hardware.memory_gb and hardware.memory_bandwidth_gbs
    bandwidth_tbs = float(hardware.memory_bandwidth_gbs) / 1_000
    assert primary.count * (float(hardware.memory_gb) - 42.7) >= 426
    assert primary.count >= 12.8 / (bandwidth_tbs - 1.28)
    # The count the load needs: the same physics with a first-token bound no count misses, stated.
    named, filled, _ = complete(workload.model_copy(update={"ttft_target_ms": 600_000}), catalog)
    estimate_fn, capacity_fn = default_throughput()
    sizer = Sizer(filled, catalog, estimate_fn, capacity_fn, assumed_targets=(True, False),
                  shortcuts=default_shortcuts(None), people=people_at_once(named))
    candidates, _ = enumerate_candidates(filled, catalog)
    candidate = next(c for c in candidates
                     if c.hardware.id == primary.hardware_id and c.stack.name == primary.serving_stack)
    assert primary.count in {s.count for s in sizer.size(candidate)}
