"""The durable inbox: an atomic claim per key, entries that survive a restart until finished,
recovery of what a dead process left unanswered, and pruning of old finished entries."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from bot.settings import Settings
from bot.slack.inbox import InboxUnavailable, MemoryInbox, SqliteInbox, action_key, default_inbox_path
from bot.slack.turns import Turn
from bot.wiring import open_slack_inbox, slack_recovery_age_s

pytestmark = pytest.mark.slack


def turn(n: int, text: str = "hello", thread: str = "1.0") -> Turn:
    return Turn("T1", "C1", thread, f"{text} {n}", "U1", key=f"event:Ev{n}", message_ts=f"{n}.0")


@pytest.mark.parametrize("make", [MemoryInbox, lambda: SqliteInbox(default_inbox_path(Settings().home))],
                         ids=["memory", "sqlite"])
def test_accept_is_true_once_per_key(make) -> None:
    inbox = make()
    assert [inbox.accept("k1", turn(1)), inbox.accept("k1", turn(1)), inbox.accept("k2", turn(2))] == [True, False, True]
    assert inbox.pending_count() == 2
    inbox.finish("k1")
    assert inbox.pending_count() == 1
    assert inbox.accept("k1", turn(1)) is False, "a finished key stays claimed"


def test_unfinished_entries_survive_a_restart_and_are_claimed_once(tmp_path) -> None:
    path = tmp_path / "inbox.sqlite3"
    first = SqliteInbox(path)
    for n in (1, 2, 3):
        assert first.accept(f"event:Ev{n}", turn(n))
    first.finish("event:Ev2")
    first.close()  # the process dies with Ev1 and Ev3 accepted, not answered

    again = SqliteInbox(path)
    assert again.accept("event:Ev1", turn(1)) is False  # Slack's retry after the restart
    recovered = again.claim_unfinished(0)
    assert [t.key for t in recovered] == ["event:Ev1", "event:Ev3"]  # oldest first
    assert recovered[0] == turn(1)  # the whole turn comes back, text and ids
    assert again.has_thread(turn(1).thread_id) and not again.has_thread("T1:C1:9.9")


def test_a_recent_claim_is_not_taken_over_before_its_lease(tmp_path) -> None:
    now = [1_000.0]
    inbox = SqliteInbox(tmp_path / "i.sqlite3", clock=lambda: now[0])
    inbox.accept("k", turn(1))
    assert inbox.claim_unfinished(120) == []  # another replica may be answering it
    now[0] += 121
    assert [t.key for t in inbox.claim_unfinished(120)] == ["event:Ev1"]
    assert inbox.claim_unfinished(120) == []  # claimed just now by the call above


def test_racing_threads_and_two_inboxes_on_one_file_claim_each_key_once(tmp_path) -> None:
    path = tmp_path / "inbox.sqlite3"
    inboxes = [SqliteInbox(path), SqliteInbox(path)]  # like two processes on one home
    keys = [f"Ev{i}" for i in range(50)]
    wins: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(6)

    def worker(inbox: SqliteInbox) -> None:
        barrier.wait()
        for key in keys:
            if inbox.accept(key, turn(0)):
                with lock:
                    wins.append(key)

    threads = [threading.Thread(target=worker, args=(inboxes[i % 2],)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == sorted(keys)


def test_old_finished_entries_are_pruned_after_the_ttl_and_unfinished_never(tmp_path) -> None:
    now = [1_000.0]
    inbox = SqliteInbox(tmp_path / "d.sqlite3", ttl_s=60, clock=lambda: now[0])
    assert inbox.accept("old-done", turn(1)) and inbox.accept("old-open", turn(2))
    inbox.finish("old-done")
    now[0] += 3_600
    for i in range(1_000):  # pruning runs every 1000 writes
        inbox.accept(f"new{i}", turn(i))
    assert inbox.accept("old-done", turn(1)), "a finished key past the TTL is forgotten"
    assert not inbox.accept("old-open", turn(2)), "an unanswered entry is never pruned"


def test_a_locked_database_is_reported_within_the_write_timeout(tmp_path) -> None:
    path = tmp_path / "inbox.sqlite3"
    inbox = SqliteInbox(path, write_timeout_s=0.2)
    blocker = sqlite3.connect(str(path), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another process holding the write lock
    try:
        with pytest.raises(InboxUnavailable):
            inbox.accept("k", turn(1))
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert inbox.accept("k", turn(1))


def test_a_button_click_key_ignores_the_click_time_but_not_user_or_button() -> None:
    base = action_key("T1", "C1", "1.1", "followup_compare", "U1")
    assert base == action_key("T1", "C1", "1.1", "followup_compare", "U1")
    others = {action_key("T1", "C1", "1.1", "followup_compare", "U2"), action_key("T1", "C1", "1.1", "followup_npu", "U1"),
              action_key("T1", "C1", "2.2", "followup_compare", "U1")}
    assert base not in others and len(others) == 3


def test_default_inbox_lives_under_home_and_is_recovered_at_any_age(tmp_path) -> None:
    settings = Settings(home=tmp_path, llm="none")
    inbox = open_slack_inbox(settings)
    assert isinstance(inbox, SqliteInbox)
    assert inbox.path == tmp_path / "slack" / "inbox.sqlite3"
    assert slack_recovery_age_s(settings) == 0.0
    assert slack_recovery_age_s(Settings(home=tmp_path, state_url="postgresql://db/x")) > 60
