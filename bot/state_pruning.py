"""Keep a thread's stored conversation to its latest checkpoint.

The engine writes a checkpoint as each turn ends, a full copy of the state (facts, the recommendation with
every option): ~25-50 KB more per turn, without bound. Nothing reads the history
(no replay or time travel: a turn starts from the latest checkpoint), so after each turn the thread keeps
only its latest checkpoint and that checkpoint's pending writes; storage per thread stays flat.

PostgreSQL's saver prunes itself (`PostgresSaver.prune`, strategy "keep_latest", one transaction per
thread); SQLite's has no prune, so the same rule is two DELETEs in one transaction under the saver's lock.
A saver with neither (the in-memory one in unit tests) is left as it is.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

# The latest checkpoint of each namespace is the one `SqliteSaver.get_tuple` loads (ORDER BY checkpoint_id
# DESC: ids are time-ordered UUIDv6). Row values need SQLite 3.15 (2016).
_LATEST = "SELECT checkpoint_ns, max(checkpoint_id) FROM checkpoints WHERE thread_id = ? GROUP BY checkpoint_ns"
_SQLITE_PRUNE = (
    f"DELETE FROM writes WHERE thread_id = ? AND (checkpoint_ns, checkpoint_id) NOT IN ({_LATEST})",
    f"DELETE FROM checkpoints WHERE thread_id = ? AND (checkpoint_ns, checkpoint_id) NOT IN ({_LATEST})",
    # A kept checkpoint whose parent is gone has no parent (what PostgresSaver.prune does too).
    "UPDATE checkpoints SET parent_checkpoint_id = NULL WHERE thread_id = ? AND parent_checkpoint_id IS NOT NULL "
    "AND parent_checkpoint_id NOT IN (SELECT checkpoint_id FROM checkpoints WHERE thread_id = ?)",
)


def keep_latest_checkpoint(saver: Any, thread_id: str) -> None:
    """Delete every checkpoint of `thread_id` but the latest (per namespace), with their writes.

    Never raises: a failed prune costs disk, not the turn (it is logged, and the next turn prunes again).
    """
    try:
        if _is_sqlite_saver(saver):
            with saver.cursor(transaction=True) as cur:
                for statement in _SQLITE_PRUNE:
                    cur.execute(statement, (thread_id, thread_id))
        elif _overrides_prune(saver):
            saver.prune([thread_id], strategy="keep_latest")
    except Exception:  # noqa: BLE001 - storage housekeeping must never fail a turn
        log.warning("could not prune the stored history of thread %s", thread_id, exc_info=True)


def _is_sqlite_saver(saver: Any) -> bool:
    try:
        from langgraph.checkpoint.sqlite import SqliteSaver
    except ImportError:  # pragma: no cover - langgraph-checkpoint-sqlite is a core dependency
        return False
    return isinstance(saver, SqliteSaver)


def _overrides_prune(saver: Any) -> bool:
    """Whether the saver implements `prune` (the base class only raises NotImplementedError)."""
    from langgraph.checkpoint.base import BaseCheckpointSaver

    return getattr(type(saver), "prune", None) is not BaseCheckpointSaver.prune
