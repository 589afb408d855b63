"""A count of one is said in the singular everywhere a reply counts users ("at 1 concurrent user", "the peak of
1 concurrent user", "at 1 user"), never "1 users": the templates write "user(s)" and the one plural rule
(`estimator.messages.agree_plurals`) words it."""

from __future__ import annotations

import re

from bot.engine import Engine
from tests.support.engine_fixtures import talk

ONE_USERS = re.compile(r"(?<![\d.,])1 (?:concurrent )?users\b")


def test_a_one_person_reply_never_says_one_users(engine: Engine) -> None:
    replies = talk(engine, "I've got a MacBook Pro M3 Max 64GB. want to run qwen2.5 32b locally for myself",
                   "just recommend", "what are the risks?")
    text = "\n".join(reply.text for reply in replies)
    assert "1 concurrent user" in text or "1 user" in text
    assert not ONE_USERS.search(text), ONE_USERS.search(text)
