"""The reply carries the catalog names of the devices its facts mention, so a transport that words
the facts itself (Slack's "Understood:" line) says "6× NVIDIA L40S", never "6× nvidia-l40s"."""

from __future__ import annotations

from bot.slack.blocks import recommendation_blocks
from tests.support.engine_fixtures import talk


def test_owned_devices_reach_the_slack_echo_by_name(engine, catalog) -> None:
    reply = talk(engine, "We have six L40S. Is that enough to serve a 7B model to 100 concurrent users?",
                 "Q4_K_M, prompts 800 tokens, answers 300, first token under 2 s.")[-1]
    assert reply.recommendation is not None
    name = next(hw.name for hw in catalog.hardware if hw.id == "nvidia-l40s")
    assert reply.device_names.get("nvidia-l40s") == name
    echo = next(b for b in recommendation_blocks(reply) if b["type"] == "context")["elements"][0]["text"]
    assert name in echo and "nvidia-l40s" not in echo


def test_a_named_catalog_model_is_echoed_by_its_name_in_every_turn(engine, catalog) -> None:
    # The echo repeats what was understood; a store id ("deepseek-v3") is not what anyone said.
    replies = talk(engine, "DeepSeek-R1 for 100 concurrent users, FP8", "under 2 s",
                   "prompts 1000 tokens, answers 500")
    name = next(m.name for m in catalog.models if m.id == "deepseek-v3")
    for reply in (replies[0], replies[-1]):
        understood = next(line for line in reply.text.splitlines() if "Understood" in line)
        assert name in understood and "deepseek-v3" not in understood, understood
        assert understood.count(name) == 1, understood
