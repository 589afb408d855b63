"""Drive scripted scenarios through the conversation engine and collect per-scenario results.

Each scenario runs in its own thread (a fresh, unique thread id), so no state leaks between them;
the caller builds one engine for the whole run (catalog and model loaded once). When the scripted
turns run out without a recommendation the runner sends "just recommend" ("直接推荐" for zh), as
DESIGN.md says. Any exception from the engine is recorded as that scenario's failure: one broken
scenario never stops the suite.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Literal, Protocol

from pydantic import BaseModel

from evals.checks import CheckResult, EvalReply, check_reply
from evals.scenario import Expect, Scenario

Status = Literal["passed", "failed", "xfailed", "xpassed"]


class ConversationEngine(Protocol):
    """The engine the caller injects (`bot.engine.Engine`, or a fake in tests)."""

    def handle(self, thread_id: str, text: str) -> EvalReply: ...


class TurnLog(BaseModel):
    user: str
    bot: str
    latency_ms: float
    recommended: bool = False


class ScenarioResult(BaseModel):
    """One scenario's outcome. `passed` is False only when it should fail the suite."""

    id: str
    passed: bool
    failures: list[str]
    turn_latency_ms: list[float]
    status: Status
    lang: str
    xfail: str | None = None
    slots_expected: int = 0
    slots_matched: int = 0
    sent_just_recommend: bool = False
    transcript: list[TurnLog] = []


class SuiteResult(BaseModel):
    llm: str
    duration_s: float
    scenarios: list[ScenarioResult]
    llm_stats: dict[str, object] | None = None  # the model's counters, as the runner's caller counts them

    def count(self, status: Status) -> int:
        return sum(1 for s in self.scenarios if s.status == status)

    @property
    def failed(self) -> int:
        return sum(1 for s in self.scenarios if not s.passed)

    @property
    def passed(self) -> int:
        return len(self.scenarios) - self.failed

    @property
    def slot_accuracy(self) -> float | None:
        expected = sum(s.slots_expected for s in self.scenarios)
        return None if expected == 0 else sum(s.slots_matched for s in self.scenarios) / expected


class _Conversation:
    """One scenario's thread: sends messages, times them, keeps the transcript."""

    def __init__(self, engine: ConversationEngine, thread_id: str) -> None:
        self.engine = engine
        self.thread_id = thread_id
        self.transcript: list[TurnLog] = []

    def send(self, text: str) -> EvalReply:
        start = time.perf_counter()
        try:
            reply = self.engine.handle(self.thread_id, text)
        finally:
            latency_ms = round((time.perf_counter() - start) * 1000, 1)
        self.transcript.append(
            TurnLog(user=text, bot=reply.text, latency_ms=latency_ms, recommended=reply.recommendation is not None)
        )
        return reply

    def send_or_fail(self, text: str) -> EvalReply | str:
        """The reply, or a failure line when the engine crashed or answered with its error reply."""
        try:
            reply = self.send(text)
        except Exception as exc:  # noqa: BLE001 - any engine crash is this scenario's failure, not the suite's
            self.transcript.append(TurnLog(user=text, bot=f"<error {type(exc).__name__}>", latency_ms=0.0))
            return f"expected a reply to {text!r}, got {type(exc).__name__}: {exc}"
        if reply.intent == "error":  # the engine caught an internal error and apologized
            return f"expected a reply to {text!r}, got the error reply: {reply.text}"
        return reply


def _merge(total: CheckResult, part: CheckResult, prefix: str = "") -> None:
    total.failures += [prefix + failure for failure in part.failures]
    total.slots_expected += part.slots_expected
    total.slots_matched += part.slots_matched


def _settle_status(scenario: Scenario, failures: list[str]) -> tuple[Status, list[str]]:
    # Strict xfail (price-parser style): a known failure is reported but passes; a silent fix fails.
    if scenario.xfail is None:
        return ("failed" if failures else "passed"), failures
    if failures:
        return "xfailed", failures
    return "xpassed", [f"expected the known failure ({scenario.xfail}), got every expectation met: remove `xfail`"]


def run_scenario(engine: ConversationEngine, scenario: Scenario, run_id: str | None = None) -> ScenarioResult:
    """Run one scenario in a fresh thread and check its expectations."""
    conversation = _Conversation(engine, f"eval-{run_id or uuid.uuid4().hex[:8]}-{scenario.id}")
    total = CheckResult()
    reply: EvalReply | str = "no turn sent"
    for turn in scenario.turns:
        reply = conversation.send_or_fail(turn)
        if isinstance(reply, str):
            break
    sent_just_recommend = False
    if not isinstance(reply, str) and reply.recommendation is None:
        sent_just_recommend = True
        reply = conversation.send_or_fail(scenario.just_recommend)
    _check_into(total, scenario.expect, reply)
    if not isinstance(reply, str):
        for number, followup in enumerate(scenario.followups, start=1):
            _check_into(total, followup.expect, conversation.send_or_fail(followup.turn), f"followup {number}: ")
    status, failures = _settle_status(scenario, total.failures)
    return ScenarioResult(
        id=scenario.id,
        passed=status in ("passed", "xfailed"),
        failures=failures,
        turn_latency_ms=[turn.latency_ms for turn in conversation.transcript],
        status=status,
        lang=scenario.lang,
        xfail=scenario.xfail,
        slots_expected=total.slots_expected,
        slots_matched=total.slots_matched,
        sent_just_recommend=sent_just_recommend,
        transcript=conversation.transcript,
    )


def _check_into(total: CheckResult, expect: Expect, reply: EvalReply | str, prefix: str = "") -> None:
    if isinstance(reply, str):
        total.failures.append(prefix + reply)
        total.slots_expected += len(expect.slots)
        return
    _merge(total, check_reply(expect, reply), prefix)


def run_suite(
    engine: ConversationEngine,
    scenarios: Iterable[Scenario],
    *,
    llm: str = "none",
    on_done: Callable[[ScenarioResult], None] | None = None,
    llm_stats: Callable[[], Mapping[str, object] | None] | None = None,
) -> SuiteResult:
    """Run every scenario with one engine; `on_done` is called after each (progress bars)."""
    run_id = uuid.uuid4().hex[:8]
    start = time.perf_counter()
    results: list[ScenarioResult] = []
    for scenario in scenarios:
        result = run_scenario(engine, scenario, run_id)
        results.append(result)
        if on_done is not None:
            on_done(result)
    return SuiteResult(
        llm=llm,
        duration_s=round(time.perf_counter() - start, 2),
        scenarios=results,
        llm_stats=dict(stats) if llm_stats and (stats := llm_stats()) is not None else None,
    )


__all__ = ["ConversationEngine", "ScenarioResult", "Status", "SuiteResult", "TurnLog", "run_scenario", "run_suite"]
