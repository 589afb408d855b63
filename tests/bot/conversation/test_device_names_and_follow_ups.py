"""Questions an infra lead at the end of 2026 asks, through the whole graph (session 5, k-ux).

Each test names the defect it guards against. Expectations come from the user's words and first
principles, written before running the product:
- a device's model number ("RTX 5090", "H100") is a name, never a value: mid-interview, "what about an
  RTX 5090?" answers no pending question about milliseconds or tokens;
- a follow-up that restates a fact already in force ("what about FP8?" on an FP8 recommendation) names
  no hardware: it is answered from the recommendation, never with "I do not know that hardware";
- a follow-up that states a fact for the first time ("and with 32k context?") changed the workload:
  the reply says what changed, never "the recommendation is unchanged" with nothing listed.
"""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("pending_message", "question"), [
    ("7B model for 10 people", "what about an RTX 5090?"),              # pending: first-token target
    ("7B model for 10 people, first token under 1 s, Q4_K_M", "what about an RTX 5090?"),  # pending: lengths
    ("7B model for 10 people", "would a 4090 do?"),
    ("7B模型，10个人用", "RTX 5090 行吗？"),
])
def test_a_device_model_number_is_never_the_answer_to_the_pending_question(engine, pending_message, question):
    first, second = talk(engine, pending_message, question)
    assert first.asked_slot is not None
    for slot in ("ttft_target_ms", "prompt_tokens", "output_tokens", "quantization", "concurrent_users"):
        assert second.slots.get(slot) == first.slots.get(slot), slot
    assert "5,090" not in second.text and "4,090" not in second.text


def test_a_device_named_mid_interview_is_kept_as_a_device_to_answer_about(engine):
    _, second, rec = talk(engine, "7B model for 10 people", "what about an RTX 5090?", "just recommend")
    assert second.slots.get("named_devices") == [{"hardware_id": "nvidia-rtx-5090", "count": 1}]
    assert "RTX 5090" in rec.text


@pytest.mark.parametrize(("first", "again"), [
    ("a 671B MoE with 37B active for 50 users, FP8, first token under 2 s, just recommend", "what about FP8?"),
    ("7B model for 20 users, Q8_0, first token under 1 s, just recommend", "how about Q8_0?"),
    ("7B模型，20人同时使用，FP16，首字1秒内，直接推荐", "换成FP16呢？"),
])
def test_restating_a_fact_in_force_answers_from_the_recommendation(engine, first, again):
    rec, reply = talk(engine, first, again)
    assert rec.recommendation is not None and rec.recommendation.primary is not None
    assert reply.intent != "error"
    assert "do not know that hardware" not in reply.text and "不认识" not in reply.text
    assert rec.recommendation.primary.hardware_name in reply.text  # the recommendation, still in force


@pytest.mark.parametrize(("first", "followup", "shown"), [
    ("a 671B MoE with 37B active for 50 users, FP8, first token under 2 s, just recommend",
     "and with 32k context?", "32,768"),
    # (FP8 is what a datacenter option is sized at by default, so the new fact is a different format.)
    ("Llama 3.3 70B for 100 users, first token under 2 s, just recommend", "what about BF16?", "BF16"),
    ("70B模型，100人同时使用，首字2秒以内，直接推荐", "换成BF16呢？", "BF16"),
    ("70B模型，100人同时使用，首字2秒以内，直接推荐", "上下文改成32k呢？", "32,768"),
])
def test_a_fact_stated_for_the_first_time_is_listed_as_a_change(engine, first, followup, shown):
    _, reply = talk(engine, first, followup)
    assert reply.changes, reply.text[:300]
    assert any(shown in change for change in reply.changes)
    assert "unchanged" not in reply.text.splitlines()[0] and "没有变化" not in reply.text.splitlines()[0]


@pytest.mark.parametrize(("first", "question", "maker"), [
    ("7B model for 10 people, Q4_K_M, first token under 1 s, just recommend", "why not Tenstorrent?", "tenstorrent-"),
    ("7B模型，10个人用，Q4_K_M，首字1秒内，直接推荐", "为什么不用Tenstorrent？", "tenstorrent-"),
    ("7B model for 10 people, Q4_K_M, first token under 1 s, just recommend", "what about AMD instead?", "amd-"),
])
def test_a_maker_named_alone_is_compared_with_its_best_device(engine, first, question, maker):
    """A 7B Q4_K_M model (~4.3 GB of weights) fits one card of every maker with a priced card in the
    catalog, so the answer is an option of that maker with its numbers, never "I do not know that hardware"."""
    _, reply = talk(engine, first, question)
    assert "do not know that hardware" not in reply.text and "不认识" not in reply.text
    assert reply.intent in ("why_not", "compare")
    compared = [line for line in reply.text.splitlines() if line.startswith("• ")]
    assert compared, reply.text[:400]


def test_the_best_of_a_makers_devices_is_the_one_compared(engine, deps):
    """The maker's range competes (bot.followups), so the answer is a priced Tenstorrent card with its
    numbers; the catalog's first-listed one, the Wormhole n150, has no price and cannot be costed."""
    _, reply = talk(engine, "7B model for 10 people, Q4_K_M, first token under 1 s, just recommend", "why not Tenstorrent?")
    # Priced by a list price or by a sourced price range (accelerator_sheets.csv): either way it is costed.
    names = {h.name for h in deps.catalog.hardware if h.vendor == "Tenstorrent"}
    lines = reply.text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("• ") and any(n in line for n in names))
    assert "tok/s per user" in lines[at + 1]
    assert "capex $" in lines[at + 3]


@pytest.mark.parametrize(("first", "followup", "items"), [
    ("We need to summarize 200k documents overnight with Llama 3.1 8B, about 2000 tokens each, 200-token summaries, "
     "Q4_K_M, just recommend", "what if 500k documents?", 500_000),
    ("每晚处理二十万篇文档，Llama 3.1 8B，每篇大约2000 token，Q4_K_M，直接推荐", "如果是五十万篇呢？", 500_000),
])
def test_a_batch_what_if_changes_the_job_size(engine, first, followup, items):
    """2.5× the items in the same 8 h window needs 2.5× the aggregate throughput: the job is re-sized
    (capex never falls) and the reply says the item count changed."""
    rec, reply = talk(engine, first, followup)
    assert reply.slots["batch_items"] == items
    assert any(f"{items:,}" in change for change in reply.changes)
    assert reply.recommendation.primary.capex_usd >= rec.recommendation.primary.capex_usd
    assert not any("tok/s" in change for change in reply.changes)  # a batch job has no per-user speed


def test_a_batch_reply_states_one_finishing_time(engine):
    """The job's plan, the primary's line and the rationale state the same hours (one figure, rounded
    once): 500k × 2,200 tokens on the recommended option once read both "finishes in 4.9 h" and
    "finishes the batch in 5.0 h" in one reply."""
    import re

    (rec,) = talk(engine, "We need to summarize 500k documents overnight with Llama 3.1 8B, about 2000 tokens each, "
                          "200-token summaries, Q4_K_M, just recommend")
    head = rec.text.split("Alternatives:")[0]
    stated = set(re.findall(r"finishes (?:the batch|the job)? ?in ([\d.]+) h", head))
    assert len(stated) == 1, stated


@pytest.mark.parametrize(("first", "question", "rent_word"), [
    ("Llama 3.3 70B for 100 users, first token under 2 s, Q4_K_M, just recommend",
     "should we rent H100s in the cloud instead?", "Rent:"),
    ("Llama 3.3 70B for 100 users, first token under 2 s, Q4_K_M, just recommend", "what would renting L40S cost?", "Rent:"),
    ("70B模型，100人同时使用，首字2秒以内，Q4_K_M，直接推荐", "租云上的H100会不会更便宜？", "租用："),
    ("70B模型，100人同时使用，首字2秒以内，Q4_K_M，直接推荐", "租H100会不会更便宜", "租用："),
    ("70B 模型，100 人同時使用，首字 2 秒內，Q4_K_M，直接推薦", "租 H100 比較划算嗎？", "租用："),
])
def test_renting_a_named_device_prices_that_device(engine, deps, first, question, rent_word):
    """"Rent H100s instead?" asks what renting H100s would cost for this workload: the rental of the
    named device (its sourced hourly price × GPUs × billed hours × 3 years), beside buying the
    recommendation, not the recommendation's own rent line (another device) nor a count of H100s to buy."""
    rec, reply = talk(engine, first, question)
    asked = "H100" if "H100" in question else "L40S"
    rent = [line for line in reply.text.splitlines() if rent_word in line]
    assert rent and all(asked in line for line in rent), reply.text[:600]
    primary = rec.recommendation.primary
    assert primary.hardware_name in reply.text  # the recommendation it is weighed against


@pytest.mark.parametrize(("message", "value"), [
    ("what about FP3?", "FP3"),
    ("what about FP4?", "FP4"),        # MXFP4 or NVFP4: the reply lists both, it does not guess
    ("use 1-bit weights", "1-bit"),
    ("换成INT3呢？", "INT3"),
])
def test_a_weight_format_the_contract_does_not_know_is_named_with_the_known_ones(engine, message, value):
    """A format outside the contract's list is neither hardware nor nothing: the reply names it, lists
    the formats that can be sized, and changes nothing."""
    rec, reply = talk(engine, "7B model for 20 users, first token under 1 s, just recommend", message)
    assert value.lower() in reply.text.lower()
    assert "MXFP4" in reply.text and "Q4_K_M" in reply.text
    assert "do not know that hardware" not in reply.text and "could not find" not in reply.text
    assert reply.slots == rec.slots


@pytest.mark.parametrize(("message", "slot"), [
    ("what if 2.5 users?", "concurrent_users"),
    ("what if 0.5 GPUs?", None),
])
def test_a_fraction_of_a_person_is_asked_for_as_a_whole_number(engine, message, slot):
    rec, reply = talk(engine, "7B model for 20 users, first token under 1 s, just recommend", message)
    assert reply.slots == rec.slots
    if slot:
        assert "whole number" in reply.text and "outside the range" not in reply.text


def test_a_negative_budget_is_named_not_ignored(engine):
    rec, reply = talk(engine, "7B model for 20 users, first token under 1 s, just recommend", "budget -$5")
    assert reply.slots == rec.slots
    assert "could not find" not in reply.text and "budget" in reply.text.lower()


@pytest.mark.parametrize("first", ["一張 RTX 5090 能跑 Qwen3-235B-A22B 嗎？給 5 個人用", "will one RTX 5090 handle Qwen3-235B-A22B for 5 people?"])
def test_a_device_too_small_for_the_model_is_answered_no(engine, first):
    """Qwen3-235B-A22B holds 235 B parameters: ~142 GB at Q4_K_M (4.84 bits), ~118 GB even at 4 bits,
    against one RTX 5090's 32 GB. The answer about the card asked for is no, because of memory."""
    rec = talk(engine, first, "直接推薦" if "張" in first else "just recommend")[-1]
    named = rec.recommendation.named
    assert named and named[0].hardware_id == "nvidia-rtx-5090" and named[0].asked_count == 1
    assert not named[0].meets
    assert named[0].text and named[0].text in rec.text


@pytest.mark.parametrize(("first", "shown", "hidden"), [
    ("we have six L40S — enough to serve a 13B model to 40 people?", "owns 6× L40S", ["nvidia-l40s", "asks about 6×"]),
    ("7B model for 10 people, would one L40S do?", "asks about 1× L40S", ["nvidia-l40s"]),
    ("我们有两张H100，能给300人用一个70B模型吗？", "已有 2× H100 SXM5 80GB", ["nvidia-h100-sxm"]),
])
def test_the_echo_names_devices_as_the_catalog_does_and_once(engine, first, shown, hidden):
    """The echo lets a misreading show: the device by its name (not the catalog id), and a device both
    owned and asked about ("we have six L40S — enough?") said once."""
    (reply,) = talk(engine, first)
    head = reply.text.splitlines()[0]
    assert shown in head, head
    assert not any(h in head for h in hidden), head


def test_every_request_that_long_sizes_the_cache_for_every_user(engine):
    """"Every request is 128k tokens": 100 users × 131,072 tokens × 327.7 KB of KV per token (Llama 3.3
    70B at 16 bits: 2 × 80 layers × 8 KV heads × 128 × 2 bytes) ≈ 4.3 TB (2.1 TB at 8 bits), beyond any
    one server; a 128k maximum alone is one long request, not every user's."""
    rec, longest, every = talk(engine, "Llama 3.3 70B for 100 users, first token under 10 s, Q4_K_M, just recommend",
                               "and with a 128k context?", "what if every request is 128k tokens of context?")
    assert "prompt_tokens" not in longest.slots
    assert every.slots["prompt_tokens"] == 131072
    assert every.recommendation.primary.estimate.memory_required_gb >= 2_000
    assert longest.recommendation.primary.estimate.memory_required_gb < 2_000


@pytest.mark.parametrize(("question", "said"), [("why not an NPU?", "NPU"), ("为什么不用NPU？", "NPU"),
                                                ("what about CPUs instead?", "CPU")])
def test_a_kind_asked_about_mid_interview_is_promised_and_the_interview_goes_on(engine, question, said):
    """Before there is a recommendation there is nothing to compare with: the reply says the comparison
    comes with the recommendation and asks the open question again, never "could not find workload facts"."""
    first, reply = talk(engine, "7B model for 10 people", question)
    assert "could not find" not in reply.text and "没能" not in reply.text
    assert said in reply.text
    assert reply.asked_slot == first.asked_slot  # the open question again: it was neither answered nor skipped


@pytest.mark.parametrize(("first", "followup", "words"), [
    ("13B model for 80 people, first token under 1 s, Q4_K_M, would two L40S do?", "what if 300 users?",
     ("KV cache", "300 users")),
    ("13B 模型給 80 人用，首字 1 秒內，Q4_K_M，兩張 L40S 夠嗎？", "如果增加到 300 人呢？", ("KV", "300")),
])
def test_a_memory_shortfall_says_what_takes_the_memory(engine, first, followup, words):
    """A 13B model at Q4_K_M is ~7.9 GB of weights; what overflows two L40S (88 GB) at 300 users is the
    KV cache of 300 users (160–820 KB per token at 16 bits, grouped-query to full multi-head attention:
    300 × 768 tokens ≈ 38–190 GB), so "the model needs 100 GB" misleads: the reply names the cache and
    the users."""
    replies = talk(engine, first, "just recommend" if "would" in first else "直接推荐", followup)
    named = replies[-1].recommendation.named
    assert named and not named[0].meets
    assert all(w in named[0].text for w in words), named[0].text


@pytest.mark.parametrize(("question", "label"), [("why not a Mac Studio?", "Mac Studio"), ("為什麼不用 Mac Studio？", "Mac Studio"),
                                                 ("what about a MacBook instead?", None)])
def test_a_mac_is_compared_with_apple_machines_only(engine, deps, question, label):
    """A Mac is an Apple SoC: the comparison weighs Apple's machines (an M3 Ultra sold new holds 96 GB), never
    another maker's SoC (a DGX Spark or a Jetson) under the Mac's name."""
    _, reply = talk(engine, "13B model for 5 people, first token under 2 s, Q4_K_M, just recommend", question)
    others = {h.name for h in deps.catalog.hardware if h.kind == "soc" and h.vendor != "Apple"}
    assert label is None or label in reply.text  # the user's own casing, not "MAC Studio"
    assert not any(name in reply.text for name in others), reply.text[:500]


@pytest.mark.parametrize(("followup", "users"), [
    ("what if 50 more users?", 70),
    ("and 10 more people?", 30),
    ("再加30人呢？", 50),              # 20 + 30, never "30 users"
    ("如果多了 100 個使用者呢？", 120),
    ("what if users double?", 40),
    ("what if we grow to 50 users?", 50),   # "to": the new figure itself
    ("如果增加到 80 人呢？", 80),
])
def test_more_users_are_added_to_the_known_figure(engine, followup, users):
    """"50 more users" on 20 is 70: an addition to the figure in force, not a new figure of 50 (nor
    nothing understood); the head count in total grows with it (never fewer in total than at once)."""
    rec, reply = talk(engine, "7B model for 20 users, first token under 1 s, Q4_K_M, just recommend", followup)
    assert reply.slots["concurrent_users"] == users
    assert reply.slots.get("total_users", users) >= users


@pytest.mark.parametrize(("followup", "count"), [
    ("what if we add 2 more L40S?", 8),     # 6 owned + 2
    ("what if we buy two more?", 8),        # the owned device, when none is named
    ("再买两张呢？", 8),
    ("what if we add another 4?", 10),
])
def test_more_devices_are_added_to_the_ones_owned(engine, followup, count):
    """"Two more" on six owned L40S is eight L40S, judged at that count (capex for the two added),
    never the six again nor nothing understood."""
    replies = talk(engine, "we have six L40S", "Llama 3.3 70B for 150 people, first token under 2 s, Q4_K_M",
                   "just recommend", followup)
    reply = replies[-1]
    assert f"{count}× L40S" in reply.text, reply.text[:400]
    assert "could not find" not in reply.text and "没能" not in reply.text


@pytest.mark.parametrize(("followup", "target"), [("and on CPUs?", "CPU"), ("on L40S then?", "L40S"), ("用 L40S 呢？", "L40S")])
def test_a_bare_device_after_a_recommendation_is_a_comparison(engine, followup, target):
    """"And on CPUs?" names only hardware: it asks for the same workload on it, never "could not find"."""
    _, reply = talk(engine, "7B model for 20 users, first token under 1 s, Q4_K_M, just recommend", followup)
    assert "could not find" not in reply.text and "没能" not in reply.text
    assert reply.text.count("• ") >= 2 and target in reply.text
