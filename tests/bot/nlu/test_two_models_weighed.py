"""Two models weighed in one question ("32B or 70B?", "Qwen3-32B vs Llama 3.3 70B", "用14B还是32B", "從14B換成32B")
are both read, as options to size side by side, never a conflict and never only the second. The reading keeps
the model the reply is for: a migration's target, else the larger (its hardware serves either)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.model_choice import MODEL_OPTION


def _lookup(text: str):
    """A two-model stand-in for the store's lookup: (name, params in billions, catalog id, active or None)."""
    lowered = text.lower()
    if "mistral small" in lowered:
        return ("Mistral Small 3", 24.0, "mistral-small-3", None)
    if "gemma 3 12b" in lowered:
        return ("Gemma 3 12B", 12.2, "gemma-3-12b", None)
    return None


def read(text: str):
    return parse_message(text, find_model=_lookup)


@pytest.mark.parametrize(("text", "sizes", "kept"), [
    ("13b or 34b, which one fits on what we can afford? ~20 users", [13, 34], 34),
    ("choosing between a 7b and a 14b for the kiosk", [7, 14], 14),
    ("mistral small vs gemma 3 12b for 40 ppl", [24.0, 12.2], 24.0),
    ("9B 还是 27B 好？并发 10 个", [9, 27], 27),
    ("72B 跟 32B 各要多少張卡", [72, 32], 72),
    ("打算从 7B 升级到 14B", [7, 14], 14),
    ("we're moving from a 70b to an 8b distill", [70, 8], 8),  # the target, even when smaller
    ("8b, 14b or 32b? whichever runs on a couple of cards", [8, 14, 32], 32),  # a list before the choice
    ("3B、7B 还是 14B 好", [3, 7, 14], 14),
])
def test_both_models_are_options_and_the_reply_is_for_one(text, sizes, kept):
    parsed = read(text)
    options = parsed.options[MODEL_OPTION]
    assert [o["model_params_b"] for o in options] == pytest.approx(sizes)
    assert parsed.facts["model_params_b"] == pytest.approx(kept)
    assert not [p for p in parsed.problems if p.slot == "model_params_b"]


def test_a_named_model_keeps_its_catalog_shape_in_its_option():
    options = read("mistral small or gemma 3 12b?").options[MODEL_OPTION]
    assert [o.get("model_id") for o in options] == ["mistral-small-3", "gemma-3-12b"]


@pytest.mark.parametrize("text", [
    "we run a 7b and a 13b side by side",  # two models served together, not a choice
    "70b, int4 or fp8?",  # a choice of format, one model
    "8 or 16 GPUs for a 70b?",  # device counts are no models
    "a 7b or so",
    "昇腾 910B 还是 H20 跑 32B",  # device model numbers are no model sizes
])
def test_no_model_choice_where_none_is_asked(text):
    assert MODEL_OPTION not in read(text).options


@pytest.mark.parametrize(("text", "size"), [
    ("llama 3.3 70b or qwen2.5 72b, whichever, for 20 concurrent users", 70),
    ("模型用 32B 或者 14B 都行，20 人同时用", 14),
    ("qwen3 32b or llama 3.3 70b, either works, 10 users", 32),
])
def test_when_either_model_will_do_the_smaller_is_sized(text, size):
    assert parse_message(text).facts["model_params_b"] == pytest.approx(size, rel=0.05)


def test_a_tolerance_said_about_something_else_keeps_the_larger():
    text = "32B 还是 70B？给 20 个人用。首 token 几秒都可以"
    assert parse_message(text).facts["model_params_b"] == 70
