"""PostgresInbox against a real PostgreSQL server: one answer per Slack delivery across replicas,
unfinished entries taken over once and only after their lease."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest

from bot.slack.inbox import Feedback
from bot.slack.inbox_postgres import TABLE, PostgresInbox
from bot.slack.turns import Turn
from tests.support.concurrency import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def turn(key: str) -> Turn:
    return Turn("T1", "C1", "1.0", f"text of {key}", "U1", key=key, message_ts="1.0")


@pytest.fixture
def replicas(postgres_url: str) -> Iterator[list[PostgresInbox]]:
    """Two inboxes with their own connection pools on one database, like two replicas."""
    stores = [PostgresInbox.from_url(postgres_url), PostgresInbox.from_url(postgres_url)]
    yield stores
    for store in stores:
        store.close()


def test_same_event_is_accepted_only_once_in_one_store(replicas: list[PostgresInbox]) -> None:
    store = replicas[0]
    assert [store.accept("Ev01", turn("Ev01")), store.accept("Ev01", turn("Ev01")), store.accept("Ev02", turn("Ev02"))] \
        == [True, False, True]


def test_two_replicas_same_event_exactly_one_accepts(replicas: list[PostgresInbox]) -> None:
    a, b = replicas
    assert [a.accept("EvRetry", turn("EvRetry")), b.accept("EvRetry", turn("EvRetry"))] == [True, False]
    assert [b.accept("EvOther", turn("EvOther")), a.accept("EvOther", turn("EvOther"))] == [True, False]


def test_racing_replicas_claim_each_event_exactly_once(replicas: list[PostgresInbox]) -> None:
    events = [f"EvRace{i}" for i in range(20)]
    wins: list[str] = []
    lock = threading.Lock()

    def worker(index: int) -> None:
        store = replicas[index % 2]
        for event_id in events:
            if store.accept(event_id, turn(event_id)):
                with lock:
                    wins.append(event_id)

    assert run_together(8, worker) == []
    assert sorted(wins) == sorted(events)


def test_unfinished_entries_are_taken_over_once_after_the_lease(replicas: list[PostgresInbox], postgres_url: str) -> None:
    import psycopg

    a, b = replicas
    for key in ("EvLost", "EvDone", "EvFresh"):
        assert a.accept(key, turn(key))
    a.finish("EvDone")
    with psycopg.connect(postgres_url, autocommit=True) as conn:  # replica a died 10 minutes ago
        conn.execute(f"UPDATE {TABLE} SET claimed_at = now() - interval '10 minutes' WHERE key IN ('EvLost', 'EvDone')")
    results: list[list[str]] = []
    assert run_together(2, lambda i: results.append([t.key for t in replicas[i].claim_unfinished(120)])) == []
    assert sorted(results, key=len) == [[], ["EvLost"]]  # one replica takes it; the fresh one stays
    assert b.pending_count() == 2


def test_replicas_starting_together_create_the_table_once(postgres_url: str) -> None:
    stores: list[PostgresInbox] = []
    errors = run_together(6, lambda _: stores.append(PostgresInbox.from_url(postgres_url, max_size=1)))
    try:
        assert errors == []
        assert len(stores) == 6
        assert stores[0].accept("EvBoot", turn("EvBoot")) is True
        assert not any(store.accept("EvBoot", turn("EvBoot")) for store in stores[1:])
    finally:
        for store in stores:
            store.close()


def test_prune_forgets_only_finished_entries_older_than_retention(postgres_url: str) -> None:
    import psycopg

    store = PostgresInbox.from_url(postgres_url, retention=timedelta(hours=1))
    try:
        for key in ("EvOld", "EvNew", "EvOpen"):
            assert store.accept(key, turn(key))
        store.finish("EvOld")
        store.finish("EvNew")
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f"UPDATE {TABLE} SET finished_at = now() - interval '2 hours' WHERE key = 'EvOld'")
            conn.execute(f"UPDATE {TABLE} SET received_at = now() - interval '2 hours' WHERE key = 'EvOpen'")
        assert store.prune() == 1
        assert store.accept("EvNew", turn("EvNew")) is False
        assert store.accept("EvOpen", turn("EvOpen")) is False  # unanswered: kept
        assert store.accept("EvOld", turn("EvOld")) is True
    finally:
        store.close()


def test_feedback_is_kept_with_its_thread_across_replicas_and_a_change_of_mind_replaces_it(
        replicas: list[PostgresInbox]) -> None:
    a, b = replicas
    a.record_feedback(Feedback("T1:C1:9.0", "9.5", "U1", "positive", 100.0))
    b.record_feedback(Feedback("T1:C1:9.0", "9.5", "U1", "negative", 101.0))  # the same person, the same card
    b.record_feedback(Feedback("T1:C1:9.0", "9.5", "U2", "positive", 102.0))
    a.record_feedback(Feedback("T1:C1:8.0", "8.5", "U1", "positive", 103.0))  # another thread
    assert [(f.user_id, f.value) for f in a.feedback("T1:C1:9.0")] == [("U1", "negative"), ("U2", "positive")]
