"""Engine: thread safety, failure containment, SQLite persistence, the SLM behind one lock."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine, LockedModel
from bot.graph import build_graph
from bot.llm.base import ScriptedModel
from bot.nodes import Deps
from bot.settings import Settings
from bot.wiring import build_engine, make_checkpointer
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend


class FlakyRecommend:
    """The real recommend, failing with a bug-like error while `broken` is set."""

    def __init__(self) -> None:
        self.broken = False
        self.error: Exception = RuntimeError("estimator bug")
        self.calls = 0

    def __call__(self, workload, catalog):
        self.calls += 1
        if self.broken:
            raise self.error
        return recommend(workload, catalog)


@pytest.fixture
def flaky():
    return FlakyRecommend()


@pytest.fixture
def engine(catalog, flaky):
    deps = Deps(catalog=catalog, recommend=flaky, fill_defaults=fill_defaults)
    return Engine(build_graph(deps, InMemorySaver()))


def test_a_user_safe_error_is_shown_as_written(engine, flaky):
    from estimator.errors import NoFeasibleOption

    engine.handle("y", "A 7B model for 200 users")
    flaky.broken, flaky.error = True, NoFeasibleOption("Nothing fits a $100 budget: raise it to at least $6,000.")
    reply = engine.handle("y", "just recommend")
    # The flow answers a tool's user-safe error itself (not the engine's apology), saying what to change.
    assert reply.intent != "error" and not reply.done
    assert "Nothing fits a $100 budget: raise it to at least $6,000." in reply.text


def test_a_failing_tool_answers_one_line_and_keeps_the_stored_facts(engine, flaky):
    engine.handle("x", "A 7B model for 200 users")
    before = engine.state("x")["slots"]
    flaky.broken = True
    reply = engine.handle("x", "just recommend, and make it 500 users")
    assert reply.intent == "error" and "went wrong" in reply.text and "\n" not in reply.text
    assert "RuntimeError" not in reply.text  # internals stay in the log
    assert engine.state("x")["slots"] == before  # facts are committed only by the answering node
    flaky.broken = False
    after = engine.handle("x", "just recommend")
    assert after.done and after.slots == before  # the next message starts a fresh turn, no stale resume


def test_concurrent_threads_do_not_mix_and_one_thread_is_serialized(engine):
    messages = ["A 7B model for {n} users", "Q4_K_M, prompts 500 tokens, answers 200, first token under 1 s"]

    def conversation(n: int) -> list:
        return [engine.handle(f"thread-{n}", m.format(n=n)) for m in messages]

    with ThreadPoolExecutor(max_workers=5) as pool:
        results = list(pool.map(conversation, range(10, 20)))
    for n, (_first, second) in zip(range(10, 20), results, strict=True):
        assert second.slots["concurrent_users"] == n
        assert second.done

    # Two messages of one thread at once: both are applied, one after the other.
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda m: engine.handle("same", m), ["a 13B model", "for 40 users"]))
    assert engine.state("same")["slots"].items() >= {"model_params_b": 13, "concurrent_users": 40}.items()


def test_locked_model_serializes_completions():
    active, peak = [0], [0]
    guard = threading.Lock()

    class Slow(ScriptedModel):
        def complete(self, messages, **kwargs):
            with guard:
                active[0] += 1
                peak[0] = max(peak[0], active[0])
            time.sleep(0.02)
            with guard:
                active[0] -= 1
            return "{}"

    model = LockedModel(Slow())
    with ThreadPoolExecutor(max_workers=5) as pool:
        list(pool.map(lambda _: model.complete([{"role": "user", "content": "hi"}]), range(10)))
    assert peak[0] == 1


def test_the_model_only_fills_what_the_parser_missed(catalog):
    model = ScriptedModel()
    seen: list[str] = []

    def extract(text, known, lang, **_reading):
        seen.append(text)
        return {"concurrent_users": 30, "model_params_b": 99999}  # the second is out of range: dropped

    deps = Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults, extract=extract)
    engine = Engine(build_graph(deps, InMemorySaver()))
    engine.handle("m", "A 7B model for 200 users")  # the parser reads this: no model call
    assert seen == []
    reply = engine.handle("m", "roughly the whole floor of analysts")
    assert seen == ["roughly the whole floor of analysts"]
    assert reply.slots["concurrent_users"] == 30 and reply.slots["model_params_b"] == 7
    assert model.history == []


def test_sqlite_state_survives_a_new_engine(tmp_path, catalog):
    settings = Settings(home=tmp_path / "home", llm="none")
    with build_engine(settings, catalog=catalog) as first:
        first.handle("persist", "A 7B model for 200 users")
        assert first.has_thread("persist") and not first.has_thread("other")
    with build_engine(settings, catalog=catalog) as second:
        reply = second.handle("persist", "just recommend")
        assert reply.done and reply.slots["model_params_b"] == 7
    assert (tmp_path / "home" / "state.sqlite").exists()


def test_make_checkpointer_defaults_to_sqlite_under_home(tmp_path):
    saver, close = make_checkpointer(Settings(home=tmp_path / "h"))
    try:
        assert type(saver).__name__ == "SqliteSaver"
    finally:
        close()


def test_the_model_rewords_only_the_question_and_the_headline(catalog):
    calls: list[tuple[str, str]] = []

    def phrase(template, grounding, lang, purpose):
        calls.append((purpose, template))
        assert template in grounding or purpose == "question"
        return "REWORDED?" if purpose == "question" else "REWORDED HEADLINE"

    deps = Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults, phrase=phrase)
    engine = Engine(build_graph(deps, InMemorySaver()))
    question = engine.handle("p", "A 7B model for 200 users")
    assert "REWORDED?" in question.text and "(e.g." in question.text  # examples stay as written
    final = engine.handle("p", "just recommend")
    assert "REWORDED HEADLINE" in final.text
    primary = final.recommendation.primary
    assert f"{primary.capex_usd:,.0f}" in final.text  # the numbers still come from the tools
    assert [purpose for purpose, _ in calls] == ["question", "summary"]
    assert calls[1][1].startswith("Recommendation:")


def test_sqlite_engine_under_a_five_thread_pool(tmp_path, catalog):
    with build_engine(Settings(home=tmp_path / "home", llm="none"), catalog=catalog) as engine:
        def conversation(n: int):
            engine.handle(f"pool-{n}", f"A 7B model for {n} users")
            return engine.handle(f"pool-{n}", "just recommend")

        with ThreadPoolExecutor(max_workers=5) as pool:
            replies = list(pool.map(conversation, range(20, 30)))
        assert all(r.done and r.intent != "error" for r in replies)
        assert [r.slots["concurrent_users"] for r in replies] == list(range(20, 30))
