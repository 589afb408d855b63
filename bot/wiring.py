"""The composition root: settings → knowledge store, SLM, checkpointer → graph → `Engine`.

Built once per process by the CLI (`siliconsult chat`, `eval`, `slack`) and by the Slack model worker
process (`build_slack_runner`), so the worker is no second composition root. Nothing here runs at
import time; every collaborator can be injected instead (tests pass a catalog, a model or an
in-memory checkpointer).
"""

from __future__ import annotations

import gc
import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.engine import Engine, LockedModel
from bot.llm.base import LanguageModel
from bot.local_files import damaged_file
from bot.nlu import ModelLookup
from bot.nodes import Deps, model_helpers
from bot.settings import Settings
from estimator.catalog import Catalog

if TYPE_CHECKING:  # the store (and duckdb) loads only when a command opens it
    from knowledge.store import KnowledgeStore

log = logging.getLogger(__name__)

FROM_SETTINGS = "from-settings"
STATE_FILE = "state.sqlite"


def open_knowledge(settings: Settings) -> KnowledgeStore:
    """The knowledge store under the settings' home, built or rebuilt from the data dir when needed."""
    from knowledge.store import open_store

    return open_store(settings.ensure_home(), settings.data_dir)


def load_catalog(settings: Settings) -> Catalog:
    """The whole catalog as one immutable value (for commands that need no live store)."""
    store = open_knowledge(settings)
    try:
        return store.catalog()
    finally:
        store.close()


def make_checkpointer(settings: Settings) -> tuple[Any, Callable[[], None]]:
    """The conversation-state saver and its close function.

    PostgreSQL when `settings.state_url` is a postgresql:// URL (several bot replicas share state),
    else SQLite at `$SILICONSULT_HOME/state.sqlite`.
    """
    url = settings.state_url or ""
    if url.startswith(("postgresql://", "postgres://")):
        from bot.state_postgres import open_postgres_saver

        return open_postgres_saver(url)
    from langgraph.checkpoint.sqlite import SqliteSaver

    from bot.checkpoint_serde import state_serializer

    path = settings.ensure_home() / STATE_FILE
    conn = sqlite3.connect(str(path), check_same_thread=False)
    try:
        # WAL with synchronous=NORMAL: a commit survives a killed process (the WAL is written before the
        # call returns) without an fsync per checkpoint; only an OS crash can lose the last turns.
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        saver = SqliteSaver(conn, serde=state_serializer())
        saver.setup()
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a truncated file fails here
    except sqlite3.DatabaseError as error:
        conn.close()
        raise damaged_file(path, "conversation-state file", error) from None
    return saver, conn.close


def store_model_lookup(store: Any, catalog: Catalog | None = None) -> ModelLookup:
    """Model names → (name, params in billions, catalog id, active params or None) through the store.

    The store is asked only when the message holds a word that starts a known model name ("llama",
    "qwen", "phi", …): most messages name no model, and a store lookup costs more than a whole turn's
    parsing.
    """
    models = (catalog or store.catalog()).models
    names = [name.lower() for model in models for name in (model.id, model.name, *model.aliases)]
    # A name that starts with a short word ("k2", "ds v3") is its own stem: its first word would match too much.
    stems = {m.group(0) if (m := re.match(r"[a-z]{3,}", name)) else name for name in names}
    mentions = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(map(re.escape, stems))) + ")") if stems else None

    def lookup(text: str) -> tuple[str, float, str, float | None, tuple[str, ...], str | None] | None:
        if mentions is None or not mentions.search(text.lower()):
            return None
        model = store.find_model(text)
        if model is None:
            return None
        # (name, size, catalog id, active parameters of a mixture of experts, the names it goes by, the checkpoint
        # of the variant named): bot.nlu.models keeps the id, and reads a size inside one of the names as the name's own.
        return (model.name, model.total_b, model.id, model.active_b if model.is_moe else None,
                (model.name, model.id, *model.aliases), store.checkpoint_named(text, model))

    return lookup


def build_engine(
    settings: Settings,
    *,
    llm: LanguageModel | None | str = FROM_SETTINGS,
    checkpointer: Any = None,
    catalog: Catalog | None = None,
    store: Any = None,
    long_running: bool = False,
) -> Engine:
    """Wire the engine. `llm`: a model, None (deterministic only), a spec string, or from the settings.
    `long_running`: the process serves many turns (chat, the Slack worker): `settle` it before the first."""
    from bot.graph import build_graph
    from estimator.advice.recommend import recommend

    closers: list[Callable[[], Any]] = []
    if store is None:
        store = open_knowledge(settings)
        closers.append(store.close)
    if catalog is None:
        catalog = store.catalog()
    model = _load_llm(settings, llm)
    if model is not None:
        model = LockedModel(model)
    if checkpointer is None:
        checkpointer, close = make_checkpointer(settings)
        closers.append(close)
    extract, phrase = model_helpers(model, reading_timeout_s=settings.llm_reading_timeout_s,
                                    phrasing=settings.llm_phrasing)
    deps = Deps(catalog=catalog, recommend=recommend, find_model=store_model_lookup(store, catalog),
                extract=extract, phrase=phrase)
    engine = Engine(build_graph(deps, checkpointer), closers=closers)
    if long_running:
        settle(deps)
    return engine


def open_slack_inbox(settings: Settings) -> Any:
    """The Slack inbox: Postgres when the state lives there (replicas share it), else SQLite under home."""
    url = settings.state_url or ""
    if url.startswith(("postgresql://", "postgres://")):
        from bot.slack.inbox_postgres import PostgresInbox

        return PostgresInbox.from_url(url)
    from bot.slack.inbox import SqliteInbox, default_inbox_path

    return SqliteInbox(default_inbox_path(settings.ensure_home()))


def slack_recovery_age_s(settings: Settings) -> float:
    """How old an unfinished inbox entry must be before a starting app answers it.

    SQLite: any age (one `siliconsult slack` per home, so whatever is unfinished at start was left by
    a dead process). Postgres: the lease (`SILICONSULT_SLACK_LEASE_S`), because another replica may be
    answering it right now.
    """
    url = settings.state_url or ""
    return settings.slack_lease_s if url.startswith(("postgresql://", "postgres://")) else 0.0


def slack_chart_maker(catalog: Catalog | None) -> Any:
    """Charts need the catalog the engine reasons over; without one, replies go without charts."""
    if catalog is None:
        return None
    from bot.slack.charts import recommendation_charts
    from bot.slack.report_upload import with_report
    from estimator.physics.throughput import estimate

    return with_report(recommendation_charts(catalog, estimate), catalog, estimate)


def build_slack_runner(settings: Settings, *, bot_token: str, api_url: str,
                       compute_slots: int | None = None) -> tuple[Any, Any, Callable[[], None]]:
    """The Slack model worker's collaborators: (TurnRunner over the real engine, Web API client, close);
    `compute_slots`: turns computing at once (default the runner's)."""
    from bot.slack.surface import AgentSurface
    from bot.slack.turns import DEFAULT_COMPUTE_SLOTS, TurnRunner
    from bot.slack.web_client import slack_web_client

    store = open_knowledge(settings)
    closers: list[Callable[[], Any]] = [store.close]
    try:
        catalog = store.catalog()
        engine = build_engine(settings, catalog=catalog, store=store, long_running=True)
        closers.insert(0, engine.close)
        inbox = open_slack_inbox(settings)
        closers.insert(0, inbox.close)
    except BaseException:
        for close in closers:
            close()
        raise
    runner = TurnRunner(engine, charts=slack_chart_maker(catalog), inbox=inbox,
                        compute_slots=compute_slots or DEFAULT_COMPUTE_SLOTS,
                        surface=AgentSurface(stream_threads=settings.slack_stream_threads))

    def close_all() -> None:
        for close in closers:
            close()

    return runner, slack_web_client(bot_token, api_url), close_all


# Turns a long-running process rehearses before its first user (`settle`): every language, a load rate, a
# batch job, a recommendation and a what-if, so the parser's lazily imported lexicons (bot.nlu.load and
# bot.nlu.batch compile ~80 patterns, ~175 ms) and the estimator's caches are built before anyone waits.
REHEARSAL: tuple[tuple[str, ...], ...] = (
    ("our support bot (fine-tuned 8B, Q4_K_M) sees about 9,000 requests/hour at peak, prompts 600 tokens, "
     "answers 200, first token under 1 s", "what if 50 concurrent users?"),
    ("Classify 150k tickets overnight, ~700 tokens each, 5-token labels, done in 6 hours; 8B model, Q4_K_M",),
    ("我们要给客服部门部署微调过的 7B 模型，两百人同时使用，每秒 5 个请求", "直接推荐"),
    ("我們的法務團隊有 10 個人，要共用一個 7B 模型，一晚上要處理 2 萬份文件", "直接推薦"),
)


def settle(deps: Deps) -> None:
    """Make a long-running process's first turns as fast as its later ones; call once, after building.

    1. Rehearse `REHEARSAL` on a scratch graph over the same collaborators (an in-memory checkpointer:
       nothing reaches the user's state), so lazy imports and caches are built now.
    2. Collect, then freeze what startup made: the catalog, the compiled graph, the lexicons and the
       imported libraries are ~124k objects that live as long as the process. Left in the collector's
       oldest generation, every full collection walks them all (~50 ms on this project's 2 cores,
       measured: three such pauses in 60 recommend turns were most of the turns' p95). `gc.freeze()` moves
       them to a permanent generation the collector never scans (Python's gc docs: "to make future
       collections cheaper"); objects made later are collected as before.
    A rehearsal that fails is logged and skipped: it only saves time, it must never stop a start.
    """
    from langgraph.checkpoint.memory import InMemorySaver

    from bot.graph import build_graph

    try:  # parser and tools only: the model's reading would spend its budget on sentences nobody sent
        scratch = Engine(build_graph(replace(deps, extract=None, phrase=None), InMemorySaver()))
        for number, conversation in enumerate(REHEARSAL):
            for text in conversation:
                scratch.handle(f"rehearsal-{number}", text)
    except Exception:
        log.exception("the start-up rehearsal failed; the first turns will be slower")
    freeze_heap()


# Objects the youngest generation may gain (allocations minus frees) before the collector runs; Python's default
# is 700. A recommend turn keeps thousands of objects alive until it returns (its estimates and memo tables), so at
# 700 the collector ran ~11 young and one middle collection inside every recommend turn, walking those objects only
# to find them alive: 3.3 % of the turn's instructions (callgrind) and ~10 % of its CPU time (collection is
# memory-bound). Nearly all of a turn's objects die by reference count when it returns; the cycles it leaves
# (~170 objects a turn) are collected every hundred turns or so instead, one young collection of at most this many.
YOUNG_GENERATION_THRESHOLD = 20_000


def freeze_heap() -> None:
    """Collect, then move every object alive now out of the collector's reach (`settle`, step 2), and let the
    youngest generation grow to `YOUNG_GENERATION_THRESHOLD` before it is collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_GENERATION_THRESHOLD, *gc.get_threshold()[1:])


def _load_llm(settings: Settings, llm: LanguageModel | None | str) -> LanguageModel | None:
    if llm is None or not isinstance(llm, str):
        return llm
    from bot.llm.factory import load_model

    spec = settings.llm if llm == FROM_SETTINGS else llm
    return load_model(spec, timeout_s=settings.llm_timeout_s)


__all__ = ["FROM_SETTINGS", "STATE_FILE", "YOUNG_GENERATION_THRESHOLD", "build_engine", "build_slack_runner", "make_checkpointer",
           "freeze_heap", "open_slack_inbox", "settle", "slack_chart_maker", "slack_recovery_age_s", "store_model_lookup"]
