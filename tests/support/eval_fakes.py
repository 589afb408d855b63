"""Fakes for the eval-runner tests: hand-built replies and a scripted engine (no store, no model)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.reply import Reply
from estimator.schemas import Option, OptionEstimate, OptionTco, Recommendation, Risk


def option(
    hardware_id: str = "nvidia-rtx-4090",
    kind: str = "gpu",
    *,
    count: int = 1,
    capex_usd: float = 6000,
    meets_slo: bool = True,
    power_w: float | None = 450,
    memory_required_gb: float | None = 5.0,
) -> Option:
    return Option(
        hardware_id=hardware_id,
        kind=kind,  # type: ignore[arg-type]
        count=count,
        serving_stack="vLLM",
        capex_usd=capex_usd,
        meets_slo=meets_slo,
        estimate=OptionEstimate(
            decode_tokens_per_s_per_user=40, ttft_ms=300, max_concurrent_users=15, memory_required_gb=memory_required_gb
        ),
        tco=OptionTco(three_year_total_usd=8000, cost_per_million_tokens_usd=0.17, annual_power_usd=300),
        power_w=power_w,
    )


def risk(risk_id: str) -> Risk:
    return Risk(id=risk_id, severity="medium", why="because", mitigation="test it")  # type: ignore[arg-type]


def recommendation(primary: Option | None = None, risks: tuple[str, ...] = (), relax: tuple[str, ...] = ()) -> Recommendation:
    return Recommendation(primary=primary, risks=[risk(r) for r in risks], relax=list(relax))


def reply(
    text: str = "ok", slots: dict[str, Any] | None = None, rec: Recommendation | None = None, lang: str = "en"
) -> Reply:
    return Reply(text=text, slots=slots or {}, recommendation=rec, done=rec is not None, lang=lang)  # type: ignore[arg-type]


class FakeEngine:
    """Answers with `respond(thread_id, text, turn_number)`; records every call like a spy."""

    def __init__(self, respond: Callable[[str, str, int], Reply]) -> None:
        self.respond = respond
        self.calls: list[tuple[str, str]] = []

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        self.calls.append((thread_id, text))
        turn = sum(1 for thread, _ in self.calls if thread == thread_id)
        return self.respond(thread_id, text, turn)


def recommends_after_just_recommend(rec: Recommendation, slots: dict[str, Any] | None = None) -> FakeEngine:
    """An engine that keeps interviewing until told "just recommend" / "直接推荐", then recommends."""

    def respond(_thread: str, text: str, _turn: int) -> Reply:
        if text in ("just recommend", "直接推荐"):
            return reply("Here is my recommendation.", slots, rec)
        return reply("How many concurrent users?", slots)

    return FakeEngine(respond)


SCENARIO_YAML = """\
id: {id}
lang: {lang}
turns:
  - "We serve a 7B model to 200 people."
expect:
  slots: {{model_params_b: 7}}
  recommendation:
    kind_in: [{kind}]
    max_capex_usd: 40000
"""
