"""A second model said as a fallback or a nice-to-have ("Qwen3-1.7B（4B 也行）", "a 7B (13B would be nice)", "an 8b, or a
70b if the budget stretches", "打算跑 70B，不行的话 32B 也可以"): the first is the model sized, and no choice is weighed;
a real choice ("32B or 70B?") still weighs both. Expectations worked out by hand from each message."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "size"), [
    ("a 7B (13B would be nice) for our 10 people", 7),
    ("we'd run an 8b, or a 70b if the budget stretches, for ~50 at once", 8),
    ("model: a 14b (32b if it fits), 20 users", 14),
    ("打算上 32B，实在不行 14B 也能接受，30 个人同时用", 32),
    ("模型用 8B 的（或者 14B），给 200 人", 8),
    ("打算跑 70B，不行的話 32B 也可以，大概 40 人同時", 70),
    ("想用 8B，或 3B 也行，給 60 位同仁", 8),
])
def test_the_first_model_is_sized_and_the_fallback_is_not_weighed(text, size):
    result = parse_message(text)
    assert result.facts["model_params_b"] == size
    assert "model" not in result.options


def test_a_choice_asked_still_weighs_both():
    result = parse_message("32B or 70B? about 20 users at once")
    assert sorted(o["model_params_b"] for o in result.options["model"]) == [32, 70]
