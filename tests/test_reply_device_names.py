"""The reply carries the catalog names of the devices its facts mention, so a transport that words
the facts itself (Slack's "Understood:" line) says "6× NVIDIA L40S", never "6× nvidia-l40s"."""

from __future__ import annotations

from bot.slack.blocks import recommendation_blocks
from tests.engine_fixtures import talk


def test_owned_devices_reach_the_slack_echo_by_name(engine, catalog) -> None:
    reply = talk(engine, "We have six L40S. Is that enough to serve a 7B model to 100 concurrent users?",
                 "Q4_K_M, prompts 800 tokens, answers 300, first token under 2 s.")[-1]
    assert reply.recommendation is not None
    name = next(hw.name for hw in catalog.hardware if hw.id == "nvidia-l40s")
    assert reply.device_names.get("nvidia-l40s") == name
    echo = next(b for b in recommendation_blocks(reply) if b["type"] == "context")["elements"][0]["text"]
    assert name in echo and "nvidia-l40s" not in echo
