"""Adding to what the lead owns is a purchase, sized like any other: a first-token bound nobody set, which more
copies of a model never meet (a copy does not split one prompt), must not rule the addition out while another
device is bought with that bound waived (issue "read any workload" E: assumed targets never overrule owned kit).

Worked by hand: Qwen2.5-72B at INT4 (AWQ, the lead's format) is 38.6 GB; 40 users × 3.3k tokens of KV at 328 KB a
token is 43 GB, so 82 GB overflows one H100 PCIe (~74 GB usable) and two hold it. The first token of a 3k prompt on
72.7B parameters (436 TFLOP) queued behind 40 users' prompts misses the 1.5 s bound assumed for 3k prompts at any
count of single-card copies, so before this rule the owned H100 got no "add N more" and the reply bought 6 RTX PRO
6000 instead; now the owned card is topped up with H100s (how many is the load's count, not fixed here)."""

from __future__ import annotations

from estimator.advice.recommend import recommend
from estimator.workload import OwnedDevice, Workload


def test_an_owned_card_short_of_memory_is_offered_more_of_itself_under_an_assumed_first_token(catalog):
    workload = Workload(model_id="qwen2.5-72b", model_params_b=72.7, quantization="INT4", concurrent_users=40,
                        prompt_tokens=3_000, owned_devices=[OwnedDevice(hardware_id="nvidia-h100-pcie", count=1)])
    answer = next(a for a in recommend(workload, catalog).owned if a.hardware_id == "nvidia-h100-pcie")
    assert not answer.meets
    assert answer.add_count is not None and answer.add_count >= 1
    assert answer.add_capex_usd is not None and answer.add_capex_usd > 0
