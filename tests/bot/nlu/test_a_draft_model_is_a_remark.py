"""A smaller model said as the draft of speculative decoding beside the model served ("a 70b with a 1b draft", "拿 0.5B 做
投机解码"): the served model is the one sized, the draft only proposes tokens it checks. A model that drafts replies is
the model doing the writing, not a draft model. Expectations worked out by hand from each message."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "size"), [
    ("a 32b for 40 devs, plus a 0.6b as the draft for spec decoding", 32),
    ("we'd add a 1b draft model to our 13b to cut latency, ~20 at once", 13),
    ("70B 主模型，配 1B 做推测解码，30 人同时", 70),
    ("想用 14B，搭 0.5B 的小模型做投機解碼，同時 25 人", 14),
    ("speculative decoding using a 3b in front of our 34b, 12 users at once", 34),
])
def test_the_served_model_is_sized_and_the_draft_is_not(text, size):
    result = parse_message(text)
    assert result.facts["model_params_b"] == size
    assert "model" not in result.options


def test_a_model_that_drafts_replies_is_the_model_served():
    assert parse_message("a 7b drafts replies for 30 support agents").facts["model_params_b"] == 7
