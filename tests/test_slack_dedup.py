"""Delivery dedup: atomic first_time, persistence across a restart, and pruning of old ids."""

from __future__ import annotations

import threading

import pytest

from bot.settings import Settings
from bot.slack.dedup import MemoryDedupStore, SqliteDedupStore, default_dedup_path
from bot.slack.runtime import open_dedup_store

pytestmark = pytest.mark.slack


@pytest.mark.parametrize("make", [MemoryDedupStore, lambda: SqliteDedupStore(default_dedup_path(Settings().home))],
                         ids=["memory", "sqlite"])
def test_first_time_is_true_once_per_id(make) -> None:
    store = make()
    assert [store.first_time("Ev1"), store.first_time("Ev1"), store.first_time("Ev2")] == [True, False, True]


def test_sqlite_store_survives_a_restart(tmp_path) -> None:
    path = tmp_path / "dedup.sqlite3"
    first = SqliteDedupStore(path)
    assert first.first_time("EvA")
    first.close()
    again = SqliteDedupStore(path)
    assert not again.first_time("EvA")
    assert again.first_time("EvB")


def test_racing_threads_and_two_stores_on_one_file_claim_each_id_once(tmp_path) -> None:
    path = tmp_path / "dedup.sqlite3"
    stores = [SqliteDedupStore(path), SqliteDedupStore(path)]  # like two processes on one home
    ids = [f"Ev{i}" for i in range(50)]
    wins: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(6)

    def worker(store: SqliteDedupStore) -> None:
        barrier.wait()
        for event_id in ids:
            if store.first_time(event_id):
                with lock:
                    wins.append(event_id)

    threads = [threading.Thread(target=worker, args=(stores[i % 2],)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == sorted(ids)


def test_old_ids_are_pruned_after_the_ttl(tmp_path) -> None:
    now = [1_000.0]
    store = SqliteDedupStore(tmp_path / "d.sqlite3", ttl_s=60, clock=lambda: now[0])
    assert store.first_time("EvOld")
    now[0] += 3_600
    for i in range(1_000):  # pruning runs every 1000 inserts
        store.first_time(f"EvNew{i}")
    assert store.first_time("EvOld"), "an id past the TTL is forgotten"


def test_default_store_lives_under_home(tmp_path) -> None:
    store = open_dedup_store(Settings(home=tmp_path, llm="none"))
    assert isinstance(store, SqliteDedupStore)
    assert store.path == tmp_path / "slack" / "dedup.sqlite3"
