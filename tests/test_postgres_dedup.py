"""PostgresDedup against a real PostgreSQL server: one answer per Slack event across replicas."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest

from bot.slack.dedup_postgres import TABLE, PostgresDedup
from tests.concurrency import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def replicas(postgres_url: str) -> Iterator[list[PostgresDedup]]:
    """Two stores with their own connection pools on one database, like two replicas."""
    stores = [PostgresDedup.from_url(postgres_url), PostgresDedup.from_url(postgres_url)]
    yield stores
    for store in stores:
        store.close()


def test_same_event_is_first_only_once_in_one_store(replicas: list[PostgresDedup]) -> None:
    store = replicas[0]
    assert store.first_time("Ev01") is True
    assert store.first_time("Ev01") is False
    assert store.first_time("Ev02") is True


def test_two_replicas_same_event_exactly_one_first_time(replicas: list[PostgresDedup]) -> None:
    a, b = replicas
    assert [a.first_time("EvRetry"), b.first_time("EvRetry")] == [True, False]
    assert [b.first_time("EvOther"), a.first_time("EvOther")] == [True, False]


def test_racing_replicas_claim_each_event_exactly_once(replicas: list[PostgresDedup]) -> None:
    events = [f"EvRace{i}" for i in range(20)]
    wins: list[str] = []
    lock = threading.Lock()

    def worker(index: int) -> None:
        store = replicas[index % 2]
        for event_id in events:
            if store.first_time(event_id):
                with lock:
                    wins.append(event_id)

    assert run_together(8, worker) == []
    assert sorted(wins) == sorted(events)


def test_replicas_starting_together_create_the_table_once(postgres_url: str) -> None:
    stores: list[PostgresDedup] = []
    errors = run_together(6, lambda _: stores.append(PostgresDedup.from_url(postgres_url, max_size=1)))
    try:
        assert errors == []
        assert len(stores) == 6
        assert stores[0].first_time("EvBoot") is True
        assert not any(store.first_time("EvBoot") for store in stores[1:])
    finally:
        for store in stores:
            store.close()


def test_prune_forgets_only_events_older_than_retention(postgres_url: str) -> None:
    import psycopg

    store = PostgresDedup.from_url(postgres_url, retention=timedelta(hours=1))
    try:
        assert store.first_time("EvOld") and store.first_time("EvNew")
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f"UPDATE {TABLE} SET seen_at = now() - interval '2 hours' WHERE event_id = 'EvOld'")
        assert store.prune() == 1
        assert store.first_time("EvNew") is False
        assert store.first_time("EvOld") is True
    finally:
        store.close()
