"""A count of one is said in the singular everywhere a reply counts users ("at 1 concurrent user", "the peak of
1 concurrent user", "at 1 user"), never "1 users": the templates write "user(s)" and the one plural rule
(`estimator.plurals.agree_plurals`) words it."""

from __future__ import annotations

import re

import pytest

from bot.engine import Engine
from tests.support.engine_fixtures import talk

ONE_USERS = re.compile(r"(?<![\d.,])1 (?:concurrent )?users\b")


def test_a_one_person_reply_never_says_one_users(engine: Engine) -> None:
    replies = talk(engine, "I've got a MacBook Pro M3 Max 64GB. want to run qwen2.5 32b locally for myself",
                   "just recommend", "what are the risks?")
    text = "\n".join(reply.text for reply in replies)
    assert "1 concurrent user" in text or "1 user" in text
    assert not ONE_USERS.search(text), ONE_USERS.search(text)


def test_a_missed_target_for_one_user_is_recorded_in_the_singular() -> None:
    from estimator.workload import Workload
    from knowledge.testing import memory_catalog
    from tests.support.worded import recommend

    # 5,000 tok/s for one person: no device meets it, so the primary option records the missed target.
    rec = recommend(Workload(concurrent_users=1, model_params_b=7, tokens_per_s_target=5000), memory_catalog())
    slo = [v for v in rec.primary.violations if v.startswith("SLO:")]
    assert slo and all(" at 1 user " in v for v in slo), rec.primary.violations


ALL_OF_ONE = re.compile(r"\ball 1 (?:of |user)|(?:全部|所有)\s*1\s*(?:位|个|個)")


@pytest.mark.parametrize("messages", [
    ("just me, want qwen2.5 14b on my own box", "just recommend"),
    ("就我一个人用，qwen2.5 7b", "直接推荐"),
    ("單人使用，Qwen2.5 14B", "直接推薦"),
])
def test_all_is_never_said_of_one_user_in_any_language(engine: Engine, messages: tuple[str, str]) -> None:
    # one person is no group: "assumed all 1 user can be active", "全部 1 位使用者" read as a fleet of one
    text = "\n".join(reply.text for reply in talk(engine, *messages))
    assert not ALL_OF_ONE.search(text), ALL_OF_ONE.search(text)
