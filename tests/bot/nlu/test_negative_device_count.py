"""A negative number of devices ("we have -2 H100s") is bad input: asked about, never read as two.

The other facts of the message are kept; a range ("2-4 H100s") and a model name with a dash
("Llama-2 7B on 4 A100s") are no negative counts."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


@pytest.mark.parametrize("text", [
    "we have -2 H100s, 7B model for 50 users",
    "We have −3 L40S. 7B model for 50 users",
    "我们有 -2 张 4090，7B 模型给 50 人用",
])
def test_a_negative_device_count_is_asked_about_and_the_rest_is_kept(engine, text: str) -> None:
    reply = talk(engine, text)[0]
    assert not reply.slots.get("owned_devices"), reply.slots
    assert reply.slots.get("concurrent_users") == 50 and reply.slots.get("model_params_b") == 7
    assert "-2" in reply.text or "−3" in reply.text or "-3" in reply.text, reply.text


@pytest.mark.parametrize(("text", "hardware_id", "count"), [
    ("we have 4 A100 80GB, Llama-2 7B for 50 users", "nvidia-a100", 4),
    ("We have 6 L40S, 7B model for 50 users", "nvidia-l40s", 6),
])
def test_a_dash_elsewhere_is_no_negative_count(engine, text: str, hardware_id: str, count: int) -> None:
    owned = talk(engine, text)[0].slots.get("owned_devices") or []
    assert owned and owned[0]["hardware_id"].startswith(hardware_id) and owned[0]["count"] == count, owned


def test_a_negative_count_in_a_comparison_is_asked_about(engine) -> None:
    first, second = talk(engine, "7B model for 50 users, Q4_K_M, first token under 1 s, just recommend",
                         "compare with -2 L40S")
    assert "-2" in second.text and second.recommendation == first.recommendation
