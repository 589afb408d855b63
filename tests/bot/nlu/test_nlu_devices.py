"""Owned hardware (with counts and specs) and the device the user asks about, en / zh-Hans / zh-Hant.

Expectations are the user's own words: a stated count is kept exactly ("8张4090" → 8, never 16), a
missing count is one (never invented), a stated memory size is kept ("64 GB"), and a device model
number ("4090s") is never read as a duration. "We have" / "我们有" own; "would … do / enough / 够吗 /
how many" ask (count None for "how many").
"""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.fixture(scope="module")
def catalog():
    from knowledge.testing import memory_catalog

    return memory_catalog()


def read(text: str, matcher: HardwareMatcher):
    return parse_message(text, hardware=matcher)


def owned_counts(text: str, matcher: HardwareMatcher) -> list[tuple]:
    return [(hardware_id, count) for hardware_id, _, count, _ in owned(text, matcher)]


def owned(text: str, matcher: HardwareMatcher) -> list[tuple]:
    devices = read(text, matcher).facts.get("owned_devices") or []
    return [(d.get("hardware_id"), d.get("kind"), d["count"], d.get("memory_gb")) for d in devices]


@pytest.mark.parametrize(("text", "expected"), [
    ("we have six L40S", [("nvidia-l40s", "gpu", 6, None)]),
    ("We already have 6× L40S in the rack", [("nvidia-l40s", "gpu", 6, None)]),
    ("we have 8 RTX 4090s in a box already", [("nvidia-rtx-4090", "gpu", 8, None)]),
    ("我们有8张4090", [("nvidia-rtx-4090", "gpu", 8, None)]),
    ("我們有八張 A100", [("nvidia-a100-40gb-pcie", "gpu", 8, None)]),
    ("we have two A100 80GB", [("nvidia-a100-80gb-pcie", "gpu", 2, 80.0)]),
    ("my MacBook Pro M4 Max 64 GB", [("apple-m4-max", "soc", 1, 64.0)]),
    # A dual-socket server holds two CPUs: the catalog counts CPUs per socket.
    ("three idle dual-socket Xeon 6 servers", [("intel-xeon-6980p", "cpu", 6, None)]),
    ("我们有三台闲置的双路至强6服务器", [(None, "cpu", 6, None)]),
    # A plural without a count says at least two: never more than stated, never fewer.
    ("idle CPU servers with no GPUs", [(None, "cpu", 2, None)]),
    ("我們已經有一台 Snapdragon X 筆電，內建 NPU", [("qualcomm-snapdragon-x-elite", "soc", 1, None)]),
    ("We already own 16 A100 80GB SXM GPUs", [("nvidia-a100-80gb-sxm", "gpu", 16, 80.0)]),
    ("we've got 2 H100s sitting idle", [("nvidia-h100-sxm", "gpu", 2, None)]),
    ("我手上有两台 Mac Studio M2 Ultra 192GB", [("apple-m2-ultra", "soc", 2, 192.0)]),
    ("we have 3 spare RTX 3090s", [("nvidia-rtx-3090", "gpu", 3, None)]),
    ("got 2x rtx 4090 in a box. qwen3 32b for 8 devs", [("nvidia-rtx-4090", "gpu", 2, None)]),  # "2x" at the start
    # Nodes of several cards: the cards of each node times the nodes.
    ("we have two 8×H100 nodes", [("nvidia-h100-sxm", "gpu", 16, None)]),
    ("我们已经有两台8卡H100服务器", [("nvidia-h100-sxm", "gpu", 16, None)]),
    ("我們有一台8卡H100伺服器", [("nvidia-h100-sxm", "gpu", 8, None)]),
])
def test_owned_devices_with_counts_and_specs(matcher, text, expected):
    assert owned(text, matcher) == expected


@pytest.mark.parametrize("text", [
    "we have 8 RTX 4090s in a box already",
    "We have 4 RTX 3090s and 2 4090s",
    "rtx 4090s for 15 users",
])
def test_a_device_model_number_is_never_a_duration(matcher, text):
    result = read(text, matcher)
    assert "ttft_target_ms" not in result.facts
    assert not result.problems


def test_a_card_model_number_is_not_a_duration_without_a_catalog():
    assert "ttft_target_ms" not in parse_message("we have 8 RTX 4090s").facts


def test_no_gpus_is_not_an_owned_gpu(matcher):
    facts = read("idle CPU servers with no GPUs", matcher).facts
    assert facts["existing_hardware"] == ["cpu_servers"]
    assert all(d.get("kind") != "gpu" for d in facts["owned_devices"])


def test_an_old_desktop_cpu_is_not_an_idle_cpu_server(matcher):
    facts = read("My desktop is a 2017 PC with an old Intel Core i5 CPU and no GPU.", matcher).facts
    assert "cpu_servers" not in (facts.get("existing_hardware") or [])


@pytest.mark.parametrize(("text", "classes"), [
    ("we have 8 RTX 4090s in a box already", ["gpu_workstations"]),
    ("three idle dual-socket Xeon 6 servers", ["cpu_servers"]),
    ("my MacBook Pro M4 Max 64 GB", ["npu_laptops"]),
])
def test_owned_devices_keep_filling_the_contract_classes(matcher, text, classes):
    assert read(text, matcher).facts["existing_hardware"] == classes


def test_a_data_center_card_is_no_gpu_workstation(matcher):
    assert "existing_hardware" not in read("we have six L40S", matcher).facts


@pytest.mark.parametrize(("text", "named"), [
    ("would one L40S do?", [("nvidia-l40s", 1)]),
    ("is a single 8×H200 node enough?", [("nvidia-h200-sxm", 8)]),
    ("how many MI300X?", [("amd-mi300x", None)]),
    ("is a Mac Studio with 128 GB a sane buy?", [("apple-m4-max", 1)]),
    # The MacBook Pro's 128 GB chip is the M5 Max (Mar 2026); the Mac Studio's is still the M4 Max.
    ("is a MacBook Pro with 128 GB a sane buy?", [("apple-m5-max", 1)]),
    ("两张L40S够吗", [("nvidia-l40s", 2)]),
    ("兩張L40S夠嗎？", [("nvidia-l40s", 2)]),
    ("需要几张MI300X？", [("amd-mi300x", None)]),
    ("should we buy two L40S?", [("nvidia-l40s", 2)]),
    ("Can a single RTX 4090 handle this?", [("nvidia-rtx-4090", 1)]),
    ("how many H100s would we need?", [("nvidia-h100-sxm", None)]),
    ("我们需要多少张 H100？", [("nvidia-h100-sxm", None)]),
    ("would two 8x H100 nodes do?", [("nvidia-h100-sxm", 16)]),
])
def test_the_device_asked_about(matcher, text, named):
    facts = read(text, matcher).facts
    assert [(d["hardware_id"], d["count"]) for d in facts["named_devices"]] == named
    assert "owned_devices" not in facts  # asking about a device is not owning it


def test_owned_and_asked_in_one_message(matcher):
    facts = read("We have 8 RTX 4090s already. Would two L40S be enough?", matcher).facts
    assert [(d["hardware_id"], d["count"]) for d in facts["owned_devices"]] == [("nvidia-rtx-4090", 8)]
    assert facts["named_devices"] == [{"hardware_id": "nvidia-l40s", "count": 2}]


@pytest.mark.parametrize("text", ["compare with two L40S", "和两张L40S比一下", "why not an M4 Max that we already have?"])
def test_a_comparison_is_not_a_named_device_fact(matcher, text):
    facts = read(text, matcher).facts
    assert "named_devices" not in facts and "owned_devices" not in facts


def test_would_like_is_no_question_about_a_device(matcher):
    assert "named_devices" not in read("We would like to serve a 7B model on a 4090", matcher).facts


def test_our_own_model_on_a_device_is_no_owned_device(matcher):
    facts = read("We want to serve our own fine-tuned 7B model on an L40S", matcher).facts
    assert "owned_devices" not in facts and "existing_hardware_ids" not in facts


@pytest.mark.parametrize(("text", "pending", "kept"), [
    ("what about an rtx 5090?", "ttft_target_ms", {}),       # the model number is no 5,090 ms
    ("what about an RTX 5090?", "prompt_tokens", {}),        # nor 5,090 prompt tokens
    ("2 h100s?", "concurrent_users", {}),                     # the count of the devices is no head count
    ("500, would one L40S do?", "concurrent_users", {"concurrent_users": 500}),  # the answer beside a device stays
    ("RTX 4090 行吗？", "ttft_target_ms", {}),
])
def test_a_device_model_number_is_no_bare_answer(text, pending, kept, matcher):
    facts = parse_message(text, pending_slot=pending, hardware=matcher).facts
    assert {slot: facts[slot] for slot in (pending,) if slot in facts} == kept


def _mentioned(text: str, matcher: HardwareMatcher) -> list[set[str]]:
    return [set(h.hardware_ids) for h in read(text, matcher).hardware if h.hardware_ids]


@pytest.mark.parametrize(("text", "prefix"), [
    ("why not Tenstorrent?", "tenstorrent-"),        # a maker's name alone names its devices
    ("what about tenstorrent instead", "tenstorrent-"),
    ("why not AMD?", "amd-"),
    ("why not a Wormhole?", "tenstorrent-wormhole-"),  # a product family shared by several devices
    ("為什麼不用 Tenstorrent？", "tenstorrent-"),
    ("为什么不用Blackhole呢", "tenstorrent-blackhole-"),
])
def test_a_vendor_or_family_name_names_all_its_devices(text, prefix, matcher):
    mentions = _mentioned(text, matcher)
    assert len(mentions) == 1 and len(mentions[0]) >= 2
    assert all(i.startswith(prefix) for i in mentions[0])


@pytest.mark.parametrize(("text", "ids"), [
    ("2 nvidia h100s", [{"nvidia-h100-sxm", "nvidia-h100-pcie", "nvidia-h100-nvl"}]),  # the maker before a device: one mention
    ("compare with tenstorrent wormhole n300", [{"tenstorrent-wormhole-n300"}]),
    ("we fine-tuned Google's Gemma 3 27B", []),   # the maker of a model is no device
    ("NVIDIA Nemotron 70B for 100 users", []),
    ("rent in the cloud instead", []),             # "cloud" is a word of its own here, no Qualcomm Cloud AI 100
])
def test_a_maker_name_before_something_else_is_no_device_of_its_own(text, ids, matcher):
    assert _mentioned(text, matcher) == ids


def test_a_vendor_name_is_no_device_owned_or_asked_about(matcher):
    facts = read("we have two Tenstorrent cards, would they do?", matcher).facts
    assert "owned_devices" not in facts and "named_devices" not in facts  # which card is not said: never guessed


@pytest.mark.parametrize(("text", "named"), [
    ("一張 RTX 5090 能跑 Qwen3-235B-A22B 嗎？給 5 個人用", [{"hardware_id": "nvidia-rtx-5090", "count": 1}]),
    ("一张 RTX 5090 能跑 Qwen3-235B-A22B 吗？", [{"hardware_id": "nvidia-rtx-5090", "count": 1}]),
    ("两张4090跑得动70B吗", [{"hardware_id": "nvidia-rtx-4090", "count": 2}]),
    ("兩張 L40S 撐得住 200 人嗎？", [{"hardware_id": "nvidia-l40s", "count": 2}]),
    ("will a 5090 handle it?", [{"hardware_id": "nvidia-rtx-5090", "count": 1}]),
    ("can two L40S cope with 200 users?", [{"hardware_id": "nvidia-l40s", "count": 2}]),
])
def test_a_device_in_a_yes_no_question_is_asked_about(matcher, text, named):
    """A question whether the device runs or carries the load ("能跑…吗", "跑得动…吗", "will a 5090
    handle it?") asks about that device, as "would one L40S do?" does."""
    assert read(text, matcher).facts.get("named_devices") == named


@pytest.mark.parametrize("text", ["我们有两张4090", "我們有兩張 L40S，能跑 70B 嗎？"])
def test_an_owned_device_in_a_question_stays_owned(matcher, text):
    facts = read(text, matcher).facts
    assert facts.get("owned_devices")


@pytest.mark.parametrize(("text", "count"), [
    ("we have 100000 H100s", 100_000),    # a count of any size is the count, never a duration
    ("we have 1,200 L40S", 1_200),
    ("我们有 2000 张 4090", 2_000),
])
def test_a_large_owned_count_is_kept(matcher, text, count):
    facts = parse_message(text, pending_slot="ttft_target_ms", hardware=matcher).facts
    assert [d["count"] for d in facts.get("owned_devices", [])] == [count]
    assert "ttft_target_ms" not in facts


@pytest.mark.parametrize("text", ["we have 0 H100s", "we have 0 GPUs and a 7B model", "我们有0张显卡"])
def test_zero_devices_are_none_owned(matcher, text):
    facts = read(text, matcher).facts
    assert not facts.get("owned_devices") and not facts.get("existing_hardware_ids")


@pytest.mark.parametrize(("text", "named", "owned_ids"), [
    # The question comes after the device, in a clause of its own (session 6, k-ux2).
    ("a 14B fine-tune for 12 people on one RTX 4090, is that enough?", [("nvidia-rtx-4090", 1)], []),
    ("Qwen3-30B-A3B for 40 people on a Mac Studio M3 Ultra, will that work?", [("apple-m3-ultra", 1)], []),
    ("给12个人用14B模型，一张4090，够吗？", [("nvidia-rtx-4090", 1)], []),
    ("我們有 4 張 RTX 4090，想給 30 人跑 Qwen3-32B，夠不夠？", [("nvidia-rtx-4090", 4)], ["nvidia-rtx-4090"]),
    # A later clause that names its own device asks about that one only.
    ("We have 8 RTX 4090s, would two L40S be enough?", [("nvidia-l40s", 2)], ["nvidia-rtx-4090"]),
])
def test_a_question_after_the_device_asks_about_it(matcher, text, named, owned_ids):
    facts = read(text, matcher).facts
    assert [(d["hardware_id"], d["count"]) for d in facts.get("named_devices") or []] == named
    assert [d.get("hardware_id") for d in facts.get("owned_devices") or []] == owned_ids


@pytest.mark.parametrize(("text", "count"), [
    ("7B for 10 people on an L40S, how many users can it serve?", 1),   # 10 people, one L40S
    ("would 30 users on a single L40S be ok? would it do?", 1),
    ("is 8 H100 enough?", 8),                                           # a count right before stays
])
def test_a_head_count_before_a_device_is_not_its_count(matcher, text, count):
    """"10 people on an L40S": the 10 counts people, the device has no count (one); a count is the
    device's only when nothing but describing words stands between them ("3 idle dual-socket Xeon")."""
    facts = read(text, matcher).facts
    assert [d["count"] for d in facts.get("named_devices") or []] == [count]


@pytest.mark.parametrize(("text", "hardware_id", "count"), [
    # "Only have" is having (session 6, k-ux2): the device is owned, and asking about it keeps it owned.
    ("我们只有一台 RTX 5090，Qwen3-14B，给5个人用，可以吗？", "nvidia-rtx-5090", 1),
    ("我們只有兩張 4090", "nvidia-rtx-4090", 2),
    ("we only have two L40S, would they do?", "nvidia-l40s", 2),
    ("all we have is 4 A100 80GB", "nvidia-a100-80gb-pcie", 4),
])
def test_only_having_a_device_is_owning_it(matcher, text, hardware_id, count):
    assert owned_counts(text, matcher) == [(hardware_id, count)]


@pytest.mark.parametrize(("text", "hardware_id", "count"), [
    # "Our 8 H100 server" is the user's (session 6, k-ux2): a possessive right before the device owns it.
    ("Llama 3.3 70B for 100 users on our 8 H100 server, is it overkill?", "nvidia-h100-sxm", 8),
    ("can we run it on our two L40S?", "nvidia-l40s", 2),
    ("用我们的8张H100跑70B模型", "nvidia-h100-sxm", 8),
    ("我們的 RTX 4090 夠嗎？", "nvidia-rtx-4090", 1),
])
def test_our_device_is_owned(matcher, text, hardware_id, count):
    assert owned_counts(text, matcher) == [(hardware_id, count)]


def test_our_model_on_a_device_still_owns_no_device(matcher):
    facts = read("We want to serve our fine-tuned 7B model on an L40S", matcher).facts
    assert "owned_devices" not in facts


@pytest.mark.parametrize(("text", "named"), [
    ("Qwen3-235B-A22B on 4 H200, 50 users — ok?", [("nvidia-h200-sxm", 4)]),
    ("70B on two L40S for 20 people, is that fine?", [("nvidia-l40s", 2)]),
    ("4张H200跑Qwen3-235B-A22B给50人用，行不行？", [("nvidia-h200-sxm", 4)]),
])
def test_ok_or_fine_asks_about_the_device(matcher, text, named):
    """"… on 4 H200 — ok?" asks whether the four do (session 6, k-ux2)."""
    facts = read(text, matcher).facts
    assert [(d["hardware_id"], d["count"]) for d in facts.get("named_devices") or []] == named


@pytest.mark.parametrize("text", [
    # "Have to" is must, and "we have 20 users" owns users: the device after is one they want (k-ux2).
    "we have to serve a 7B model on an L40S for 20 people",
    "we have 20 users and want to run a 7B model on an L40S",
    "我们有20个用户，想用一张L40S跑7B模型",
    "We have budget for 4 L40S",                 # a budget for them is no card in the rack
    "we have room for two H100 in the rack",
])
def test_having_something_else_is_not_owning_the_device_wanted(matcher, text):
    facts = read(text, matcher).facts
    assert not facts.get("owned_devices") and not facts.get("existing_hardware_ids")


@pytest.mark.parametrize(("text", "hardware_id"), [
    ("we have a 7B model and two L40S", "nvidia-l40s"),
    ("We already have a MacBook Pro with an M4", "apple-m4"),
])
def test_having_the_device_beside_other_things_still_owns_it(matcher, text, hardware_id):
    facts = read(text, matcher).facts
    assert [d.get("hardware_id") for d in facts.get("owned_devices") or []] == [hardware_id]


@pytest.mark.parametrize(("text", "expected"), [
    # The memory size said before the device is its memory too (a 512 GB M3 Ultra is not the catalog's 96 GB).
    ("We have a 512 GB Mac Studio M3 Ultra", [("apple-m3-ultra", "soc", 1, 512.0)]),
    ("我们有一台 512 GB 的 Mac Studio M3 Ultra", [("apple-m3-ultra", "soc", 1, 512.0)]),
    ("我們有一台512GB的M3 Ultra", [("apple-m3-ultra", "soc", 1, 512.0)]),
    # the 64 GB M4 Pro Mac mini is a catalog row of its own (apple-m4-pro-64gb): the machine said
    ("we have two 64GB M4 Pro Mac minis", [("apple-m4-pro-64gb", "soc", 2, 64.0)]),
    ("我们有两台 128GB 的 DGX Spark", [("nvidia-dgx-spark-gb10", "soc", 2, 128.0)]),
    ("we have 8 80GB A100s", [("nvidia-a100-80gb-pcie", "gpu", 8, 80.0)]),
    ("we have a 24GB RTX 4090 and 32 GB of RAM", [("nvidia-rtx-4090", "gpu", 1, 24.0)]),
    # A size that belongs to something else before the device is not its memory.
    ("we have 140 GB of weights and 2 H100s", [("nvidia-h100-sxm", "gpu", 2, None)]),
])
def test_a_memory_size_before_the_device_is_its_memory(matcher, text, expected):
    assert owned(text, matcher) == expected


@pytest.mark.parametrize(("text", "hardware_id"), [
    ("機房每個機櫃限 10kW，想用 H100 跑 DeepSeek-R1 671B，FP8，給 50 個人同時用", "nvidia-h100-sxm"),
    ("we're planning to use mi300x for llama 70b, 100 users", "amd-mi300x"),
])
def test_a_device_the_lead_means_to_use_is_weighed(text, hardware_id, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert [d["hardware_id"] for d in facts.get("named_devices", [])] == [hardware_id]
    assert not facts.get("owned_devices")
