"""Scale-out on a real PostgreSQL server: replicas share conversations and answer each event once.

With `SILICONSULT_STATE_URL=postgresql://…` the engine keeps conversation state in langgraph's
PostgresSaver and the Slack app claims event ids in Postgres. Each process below gets its *own*
`SILICONSULT_HOME`, so nothing can be shared through local files: whatever continuity the tests see
comes from the database.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.slack.inbox import InboxUnavailable
from bot.slack.inbox_postgres import PostgresInbox
from bot.slack.turns import Turn
from bot.wiring import STATE_FILE, build_engine, make_checkpointer
from tests.support.concurrency import run_together
from tests.support.conversation_script import (
    FACTS_AFTER_FOUR,
    FACTS_AFTER_TWO,
    TURNS,
    assert_has_facts,
    assert_recommends,
)
from tests.support.fake_slack import TEAM_ID, FakeSlack, event_envelope, mention, post_event
from tests.support.forged_checkpoint import TRIPPED, forged_blob
from tests.support.pg import start_postgres
from tests.support.processes import ChatProcess, SlackProcess

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SECRET = "scale-out-signing-secret"


def _replica_env(tmp_path: Path, name: str, state_url: str, **extra: str) -> dict[str, str]:
    return {"SILICONSULT_HOME": str(tmp_path / name), "SILICONSULT_STATE_URL": state_url, **extra}


def _stored_state(state_url: str, home: Path, thread: str) -> dict[str, Any]:
    with build_engine(Settings(home=home, state_url=state_url), llm=None) as engine:
        return engine.state(thread)


def test_one_thread_alternating_between_two_chat_processes(postgres_url: str, tmp_path: Path) -> None:
    replicas = [ChatProcess("shared", _replica_env(tmp_path, name, postgres_url)) for name in ("a", "b")]
    try:
        replies = [replicas[i % 2].say(text) for i, text in enumerate(TURNS)]
    finally:
        for replica in replicas:
            replica.close()

    # Turn 2 went to replica b, which never saw turn 1: the facts came through Postgres.
    assert_has_facts(replies[1]["slots"], FACTS_AFTER_TWO)
    assert_has_facts(replies[-1]["slots"], FACTS_AFTER_FOUR)
    assert_recommends(replies[-1])
    assert any("200" in change and "500" in change for change in replies[-1]["changes"]), replies[-1]["changes"]
    assert not (tmp_path / "a" / STATE_FILE).exists() and not (tmp_path / "b" / STATE_FILE).exists()

    # Exactly what one process gives for the uninterrupted conversation (default SQLite state).
    with ChatProcess("reference", {"SILICONSULT_HOME": str(tmp_path / "single")}) as single:
        reference = [single.say(text) for text in TURNS]
    assert replies == reference


@pytest.mark.slack
def test_slack_replicas_share_the_thread_and_answer_a_retry_once(postgres_url: str, tmp_path: Path) -> None:
    with FakeSlack() as slack:
        slack_env = {"SLACK_BOT_TOKEN": "xoxb-scale-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url}
        first_message = mention(TURNS[0])
        thread_ts = first_message["ts"]
        envelope = event_envelope(first_message)
        in_thread = lambda r: r.body.get("thread_ts") == thread_ts  # noqa: E731

        with SlackProcess(_replica_env(tmp_path, "a", postgres_url, **slack_env)) as a, \
                SlackProcess(_replica_env(tmp_path, "b", postgres_url, **slack_env)) as b:
            assert post_event(a.events_url, SECRET, envelope)[0] == 200
            slack.wait_for("chat.postMessage", 1, where=in_thread, timeout=60)
            # The load balancer sends Slack's retry of the same event to the other replica.
            assert post_event(b.events_url, SECRET, envelope, retry_num=1)[0] == 200
            # The next message of the thread lands on replica b, which has never seen the thread.
            assert post_event(b.events_url, SECRET, event_envelope(mention(TURNS[1], thread_ts=thread_ts)))[0] == 200
            slack.wait_for("chat.postMessage", 2, where=in_thread, timeout=60)
            time.sleep(1.0)  # room for a wrongly accepted retry to post its duplicate
            replies = slack.replies(thread_ts)
            a.close()
            b.close()

    assert len(replies) == 2, [r.body.get("text") for r in replies]
    state = _stored_state(postgres_url, tmp_path / "reader", f"{TEAM_ID}:{first_message['channel']}:{thread_ts}")
    assert_has_facts(state["slots"], FACTS_AFTER_TWO)
    assert state["recommendation"] is not None


def test_replicas_starting_together_on_a_fresh_database_all_start(postgres_url: str, tmp_path: Path) -> None:
    """PostgresSaver.setup() alone races (unique violations on its tables); the wiring serializes it."""
    closers: list = []

    def boot(index: int) -> None:
        closers.append(make_checkpointer(Settings(home=tmp_path / str(index), state_url=postgres_url))[1])

    errors = run_together(6, boot)
    for close in closers:
        close()
    assert errors == [] and len(closers) == 6


def _accept_when_back(inbox: PostgresInbox, key: str, turn: Turn, within_s: float = 20.0) -> bool:
    deadline = time.monotonic() + within_s
    while True:
        try:
            return inbox.accept(key, turn)
        except InboxUnavailable:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_a_replica_keeps_serving_after_the_database_crashes_and_restarts(tmp_path: Path) -> None:
    """A replica holds pooled connections; after the server restarts they are replaced, not reused."""
    server = start_postgres()  # its own server: restarting the shared one would cut other tests off
    try:
        url = server.create_database()
        settings = Settings(home=tmp_path / "replica", state_url=url)
        inbox = PostgresInbox.from_url(url)
        turn = Turn("T1", "C1", "1.0", "hello", "U1")
        with build_engine(settings, llm=None) as engine:
            assert inbox.accept("EvBeforeCrash", turn)
            engine.handle("survivor", TURNS[0])
            server.restart("immediate")  # like a crash: clients are cut off without a goodbye
            replies = [engine.handle("survivor", text) for text in TURNS[1:]]
            # Right after the restart the pool may still be reconnecting: the inbox then says it is
            # unavailable within its 1 s bound (the request gets 503 and Slack retries), then serves.
            assert _accept_when_back(inbox, "EvBeforeCrash", turn) is False
            assert inbox.accept("EvAfterCrash", turn) is True
        inbox.close()
    finally:
        server.stop()
    assert [reply.intent for reply in replies if reply.intent == "error"] == []
    assert_has_facts(replies[-1].slots, FACTS_AFTER_FOUR)
    assert replies[-1].recommendation is not None


def test_unreachable_state_database_is_one_clear_line_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://siliconsult:s3cr3t-pw@127.0.0.1:{_closed_port()}/state"
    chat = ChatProcess("nowhere", {"SILICONSULT_HOME": str(tmp_path / "home"), "SILICONSULT_STATE_URL": url})
    chat.send("hello")
    code = chat.close()
    stderr = chat.log()
    assert code == 2
    assert stderr.startswith("error: ") and "SILICONSULT_STATE_URL" in stderr, stderr
    assert len(stderr.strip().splitlines()) == 1 and "Traceback" not in stderr
    assert "s3cr3t-pw" not in stderr


def _closed_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_postgres_state_loads_no_python_objects_from_the_database(postgres_url: str, tmp_path: Path) -> None:
    """Whoever can write the shared database must not be able to run code in every replica."""
    saver, close = make_checkpointer(Settings(home=tmp_path / "home", state_url=postgres_url))
    try:
        kind, blob = forged_blob(saver.serde, {"channel_values": {}})
        TRIPPED.clear()
        loaded = saver.serde.loads_typed((kind, blob))
    finally:
        close()
    assert TRIPPED == []
    assert loaded["channel_values"]["lang"] == "rm -rf /"  # left as inert data


@pytest.mark.slack
def test_a_replica_logging_at_debug_level_prints_no_secret(postgres_url: str, tmp_path: Path) -> None:
    """Tokens, the signing secret and the database password stay out of the logs, even with -v."""
    db_password, bot_token = "pg-pass-7c1e", "xoxb-secret-token-93f2"
    # The test server trusts loopback, so it accepts (and ignores) the password in the URL.
    state_url = postgres_url.replace("postgresql://postgres@", f"postgresql://postgres:{db_password}@")
    with FakeSlack() as slack:
        env = _replica_env(tmp_path, "a", state_url, SLACK_BOT_TOKEN=bot_token, SLACK_SIGNING_SECRET=SECRET,
                           SLACK_API_URL=slack.url)
        with SlackProcess(env, extra_args=("--verbose",)) as replica:
            event = mention(TURNS[0])
            assert post_event(replica.events_url, SECRET, event_envelope(event))[0] == 200
            slack.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"], timeout=60)
            replica.close()
            log = replica.log()
    assert "DEBUG" in log, "the replica did not log at debug level"
    for secret in (db_password, bot_token, SECRET):
        assert secret not in log
