""""Just recommend one" answers no pending question: the "one" counts the recommendation wanted, not seconds
of first-token wait or users. A reply that asked about the first-token target or the users and got "直接推荐一个吧"
must not read a 1 s target (which forces an 80k-token prompt onto hardware no one needs) or one user.

Written before the fix from the reading rule (a bare number answers the pending question only when it is a
number of that question's unit); the held-out phrasings live in test_recommend_one_is_no_answer_held_out.py.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

RECOMMEND_ONE = [
    "just recommend one, assume whatever you need",
    "pick one for us",
    "give me one option and go",
    "直接推荐一个吧",
    "你帮我选一台就行",
    "给一个方案就好",
    "直接推薦一個就好",
    "幫我挑一台吧",
    "給一個配置就行",
]


@pytest.mark.parametrize("text", RECOMMEND_ONE)
@pytest.mark.parametrize("pending", ["ttft_target_ms", "concurrent_users", "total_users", "power_budget_w"])
def test_a_recommendation_asked_for_is_no_bare_answer(text, pending):
    assert pending not in parse_message(text, pending_slot=pending).facts


@pytest.mark.parametrize(("text", "pending", "expected"), [
    ("1", "ttft_target_ms", 1000),  # a bare "1" to "how fast must the first token come?" is one second
    ("2 秒吧", "ttft_target_ms", 2000),
    ("一個", "concurrent_users", 1),  # a bare "one" to "how many at once?" is one user
    ("就一个人用", "concurrent_users", 1),
    ("one", "concurrent_users", 1),
])
def test_a_bare_number_still_answers_the_question(text, pending, expected):
    assert parse_message(text, pending_slot=pending).facts.get(pending) == expected
