"""A server named by its form counts the GPUs it holds, once: an HGX baseboard or a DGX system is eight GPUs
(`lexicon.SERVER_FORM_GPUS`; a 4-GPU HGX board only when said), and a server said in cards ("8卡服务器", "4-GPU node")
whose GPU is named after it is that many of the GPU. "DGX Spark" is one device of its own."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


def devices(text: str, matcher: HardwareMatcher, kind: str) -> dict[str, int | None]:
    facts = parse_message(text, hardware=matcher).facts
    return {d["hardware_id"]: d.get("count") for d in facts.get(kind, [])}


@pytest.mark.parametrize(("text", "kind", "expected"), [
    # one HGX H200 server: 8 × H200 SXM (the baseboard's eight modules)
    ("we have an HGX H200 box sitting idle, llama 70b for 50 people", "owned_devices", {"nvidia-h200-sxm": 8}),
    ("一台HGX H100，跑 Qwen3-235B 够吗", "named_devices", {"nvidia-h100-sxm": 8}),
    ("一台 HGX B200 夠不夠跑 DeepSeek V3", "named_devices", {"nvidia-b200-hgx": 8}),
    # two 8-GPU H20 boards are sixteen H20
    ("公司有两台HGX H20 闲着", "owned_devices", {"nvidia-h20": 16}),
    # the node named with its GPUs is the same eight, never nine
    ("an HGX H100 node (8x H100) sits idle, 70b for 200 users", "owned_devices", {"nvidia-h100-sxm": 8}),
    # a 4-GPU HGX board said as such
    ("we own an HGX H100 4-GPU server, 70b for 20 people", "owned_devices", {"nvidia-h100-sxm": 4}),
    ("2 dgx h100 sitting idle", "owned_devices", {"nvidia-h100-sxm": 16}),
    # a server said in cards, its GPU named after it
    ("我们机房有一台8卡服务器，卡是 H20，想上 Qwen2.5-72B", "owned_devices", {"nvidia-h20": 8}),
    ("公司有一台 8 卡伺服器，裝的是 L20，想跑 32B", "owned_devices", {"nvidia-l20": 8}),
    ("we own a 4-GPU node with L40S in it, 70b at int4?", "owned_devices", {"nvidia-l40s": 4}),
    # DGX Spark is a device, not a DGX server of eight
    ("we have a DGX Spark, 8b for me?", "owned_devices", {"nvidia-dgx-spark-gb10": 1}),
])
def test_server_form_counts_its_gpus_once(text, kind, expected, matcher):
    assert devices(text, matcher, kind) == expected


def test_a_quote_asked_about_in_the_next_sentence_is_weighed(matcher):
    # "… one HGX B200. would that carry …?": the question is about the server named just before
    assert devices("finance approved one HGX B200. would that carry kimi k2 for 100 concurrent?", matcher,
                   "named_devices") == {"nvidia-b200-hgx": 8}


def test_a_server_in_cards_does_not_count_a_device_named_after_other_figures(matcher):
    # the 8 cards are the server's, but "70b" stands between: the L40S said later is one card asked about
    assert devices("一台8卡服务器跑 70b，加一张 l40s 够吗", matcher, "named_devices") == {"nvidia-l40s": 1}


@pytest.mark.parametrize(("text", "expected"), [
    # a machine said by its cards in words ("双卡 4090", "dual 4090"): that many of the GPU, read on folded text
    ("我们有一台双卡 4090 的机器，跑 Qwen3-32B，10 个人用，够吗", {"nvidia-rtx-4090": 2}),
    ("我們有一台雙卡 4090 的主機，跑 Qwen3-32B 給 10 個人用，夠嗎", {"nvidia-rtx-4090": 2}),
    ("家里有台四卡 3090，跑 70B 够吗", {"nvidia-rtx-3090": 4}),
    ("we have a dual 4090 box, qwen3-32b for 10 people, enough?", {"nvidia-rtx-4090": 2}),
    ("our quad-3090 rig is idle, 70b at q4 for 5 people?", {"nvidia-rtx-3090": 4}),
    ("实验室有台八卡 A100 服务器闲着", {"nvidia-a100": 8}),
])
def test_cards_said_in_words_before_the_gpu_count_it(text, expected, matcher):
    found = devices(text, matcher, "owned_devices")
    (gpu, cards), = expected.items()
    assert len(found) == 1 and next(iter(found)).startswith(gpu) and next(iter(found.values())) == cards
