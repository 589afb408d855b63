"""Active shares said as fractions read like percentages: "两成的人同时在用" (two tenths), "a fifth online",
"one in ten at once". A head count with such a share is a population, not the concurrency."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "total", "share"), [
    ("我们客服部门大概 200 人，想用 Qwen3-32B 做知识库问答，高峰大概两成的人同时在用", 200, 0.2),
    ("200 people, roughly a fifth online at peak", 200, 0.2),
    ("2000 staff, one in ten at once during the morning", 2000, 0.1),
    ("全公司 3000 人，高峰一成同时在线", 3000, 0.1),
    ("法務部 80 人，尖峰大約三成同時使用", 80, 0.3),
])
def test_a_share_said_as_a_fraction_is_a_share(text, total, share):
    facts = parse_message(text).facts
    # The share is applied to the head count it qualifies: that many are concurrent.
    assert facts.get("total_users") == total and facts.get("concurrent_users") == round(total * share), facts


def test_tenths_of_a_cost_are_no_share():
    facts = parse_message("想把成本降低两成，模型 7B，30 人并发").facts
    assert "active_share" not in facts and facts.get("concurrent_users") == 30, facts
