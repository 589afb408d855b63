"""An owned box with no target set is judged on its decode speed; the other users' prompt processing is a wait, shown.

Expectations from first principles. GLM-4.5-Air (106B total, 12B active) at 4 bits reads ~12e9 x 0.56 = 6.7 GB a token;
an M2 Ultra reads 800 GB/s, so a decode step is >= 8.4 ms: ~30-40 tok/s for one stream, a little less for two (the
weights are read once a step). A cold 20k-token prompt is 2 x 12e9 x 20,000 = 4.8e14 FLOP; at the ~10 TFLOPS the M2
Ultra's GPU sustains that is ~45-55 s. Five coders (2 streams at the peak) each send a prompt once per ~53 s prefill +
~8 s answer + ~48 s reading, so the box spends 2 x 53 / 109 ~ 0.97 of its time prefilling at that moment: it keeps up,
slowly. Sixty people sending 30k-token prompts to Qwen3-30B-A3B (3.3B active) on the same M2 Ultra: decode stays above
20 tok/s at the ~6 streams of the peak (60 x 0.25 x 0.15 = 2.25 on average), but each prompt is 2 x 3.3e9 x 30,000 =
2e14 FLOP, ~20 s, so 6 x 20 / (20 + 6 + 48) ~ 1.6 boxes' worth of prefill: it does not keep up, whatever its decode
speed (waits would grow to minutes). People said to be at once keep their prompts in the estimate, as before.
"""

from __future__ import annotations

from estimator.defaults import ACCEPTABLE_TOKENS_PER_S
from estimator.workload import OwnedDevice, Workload
from tests.support.worded import recommend


def _mac(hardware_id: str, memory_gb: float, **facts: object) -> Workload:
    return Workload(owned_devices=[OwnedDevice(hardware_id=hardware_id, count=1, memory_gb=memory_gb)], **facts)


def test_an_owned_mac_for_five_coders_with_long_prompts_is_used_at_its_decode_speed(catalog):
    rec = recommend(_mac("apple-m2-ultra", 192, model_params_b=106, active_params_b=12, model_id="glm-4.5-air",
                         total_users=5, prompt_tokens=20_000), catalog)
    assert rec.primary is not None and rec.primary.existing and rec.primary.hardware_id == "apple-m2-ultra"
    assert rec.primary.capex_usd == 0
    # judged on decode: seed 1's acceptable band at least, and below one stream's ~40 tok/s bound
    assert ACCEPTABLE_TOKENS_PER_S <= rec.primary.estimate.decode_tokens_per_s_per_user <= 45
    [answer] = rec.owned
    assert answer.meets


def test_an_owned_mac_that_cannot_keep_up_with_the_prompts_still_falls_short(catalog):
    rec = recommend(_mac("apple-m2-ultra", 192, model_params_b=30.5, active_params_b=3.3, model_id="qwen3-30b-a3b",
                         total_users=60, prompt_tokens=30_000), catalog)
    [answer] = rec.owned
    assert not answer.meets
    assert rec.primary is not None and not rec.primary.existing


def test_a_first_token_target_the_lead_set_still_judges_the_owned_box(catalog):
    # with a first-token bound said, the prompts' prefill is the lead's target again: 50 s is far past 5 s
    rec = recommend(_mac("apple-m2-ultra", 192, model_params_b=106, active_params_b=12, model_id="glm-4.5-air",
                         total_users=5, prompt_tokens=20_000, ttft_target_ms=5_000), catalog)
    [answer] = rec.owned
    assert not answer.meets
