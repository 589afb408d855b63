"""Through the engine: a model's version beside a head count ("Llama 3.3 70B 同時 25 人") sizes the count said, and
no question is asked about the version as if it were a number of users (en, zh-Hans, zh-Hant)."""

from __future__ import annotations

import pytest

from bot.engine import Engine
from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("message", "users"), [
    ("Llama 3.3 70B 同時 25 人", 25),
    ("Llama 3.3 70B，同时 30 人左右", 30),
    ("llama 3.3 70b for ~25 people at once", 25),
])
def test_the_version_is_no_concurrency(engine: Engine, message: str, users: int) -> None:
    reply = talk(engine, message)[0]
    assert reply.slots.get("concurrent_users") == users, reply.slots
    assert "3.3" not in reply.text.replace("Llama 3.3", ""), reply.text  # never "3.3 concurrent users" or a question about it
