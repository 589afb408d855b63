"""The interview policy: which fact to ask for next, and when to stop asking and recommend.

Pure functions of the known facts and the questions already asked. The order is by how much a fact
moves the recommendation: model size decides what fits at all, concurrency how many devices, the
latency target which devices qualify, then quantization and request lengths refine it. A fact is
never asked for twice (an unanswered question falls back to a stated default) and at most
`MAX_QUESTIONS` are asked before recommending on assumptions. A batch job is asked for its deadline
(which sets the throughput it needs) instead of users and a first-token target; with only a head count,
the concurrency question says what share would otherwise be assumed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.wording.sentences import t
from estimator.advice.concurrency import (
    generating_share,
    peak_concurrent_users,
    peak_generating_streams,
    peak_share,
    read_share,
)
from estimator.advice.sizing import agents_generate
from estimator.advice.speed_tier import assumed_speed
from estimator.workload import Workload

QUESTION_ORDER: tuple[str, ...] = (
    # A batch job skips users and the first-token target, so its deadline comes right after the model.
    "model_params_b", "concurrent_users", "ttft_target_ms", "batch_window_hours", "quantization", "prompt_tokens",
    "api_model",  # asked first whenever it applies (`next_question`): a spend's volume hangs on its price
)
MAX_QUESTIONS = 3
# Load stated as a rate or a volume: the streams follow by Little's law (estimator/advice/load.py).
# A token rate over all users ("3M tokens an hour") is one too.
LOAD_SLOTS = ("requests_per_s", "requests_per_day", "tokens_per_day", "tokens_per_s_total")
# Scales whose concurrency is one user by definition: no need to ask how many.
_SINGLE_USER_SCALES = ("personal", "edge")


def is_batch_job(facts: Mapping[str, Any]) -> bool:
    """A job over a set of items ("150k tickets overnight"): sized by its deadline, not by users."""
    return facts.get("arrival_pattern") == "batch" and facts.get("batch_items") is not None


def _prices_stated(facts: Mapping[str, Any]) -> bool:
    """Both per-million prices said with the spend ("€0.40 in / €2 out per M"): the volume needs no model's list price."""
    return facts.get("api_usd_per_m_input") is not None and facts.get("api_usd_per_m_output") is not None


def is_known(slot: str, facts: Mapping[str, Any]) -> bool:
    """Whether the facts already answer the question about `slot` (or it does not apply)."""
    if slot == "batch_window_hours":  # only a batch job has a deadline; its window decides the throughput
        return not is_batch_job(facts) or facts.get("batch_window_hours") is not None
    if slot == "api_model":  # only a monthly API spend needs its model's price (volume = spend / price)
        return facts.get("api_spend_usd_per_month") is None or facts.get("api_model") is not None or _prices_stated(facts)
    if slot == "concurrent_users":  # a batch job has no interactive users; a rate or volume gives the streams
        return (facts.get("concurrent_users") is not None or facts.get("deployment_scale") in _SINGLE_USER_SCALES
                or is_batch_job(facts) or any(facts.get(s) is not None for s in LOAD_SLOTS)
                or (facts.get("api_spend_usd_per_month") is not None
                    and (facts.get("api_model") is not None or _prices_stated(facts))))
    if slot == "prompt_tokens":  # one question covers both lengths
        return facts.get("prompt_tokens") is not None and facts.get("output_tokens") is not None
    if slot == "ttft_target_ms":  # batch jobs have no interactive latency target; an end-to-end one gives it
        # ("first token irrelevant": said not to matter, so not asked; "no rush" answers it: the lead said the answers
        # may take their time)
        return (facts.get("ttft_target_ms") is not None or facts.get("e2e_target_ms") is not None
                or facts.get("arrival_pattern") == "batch" or bool(facts.get("ttft_irrelevant"))
                or bool(facts.get("unhurried")))
    return facts.get(slot) is not None


def next_question(facts: Mapping[str, Any], asked: Sequence[str]) -> str | None:
    """The slot to ask about next, or None when it is time to recommend.

    >>> next_question({}, [])
    'model_params_b'
    >>> next_question({"model_params_b": 7, "concurrent_users": 200}, [])
    'ttft_target_ms'
    >>> next_question({"model_params_b": 7}, ["concurrent_users", "ttft_target_ms", "quantization"]) is None
    True
    """
    if len(asked) >= MAX_QUESTIONS:
        return None
    if "api_model" not in asked and not is_known("api_model", facts):
        return "api_model"  # the spend says nothing of the load until its model's price is known (> 2x either way)
    for slot in QUESTION_ORDER:
        if slot not in asked and not is_known(slot, facts):
            return slot
    return None


def question_text(slot: str, facts: Mapping[str, Any], lang: str) -> str:
    """The question for `slot`, about what the user already said: with only a head count known, the
    concurrency question names it and the share that would be assumed (estimator/advice/concurrency.py)."""
    total = facts.get("total_users")
    if slot == "concurrent_users" and total and total > 1:
        spread = bool(facts.get("users_across_time_zones"))
        daily = facts.get("daily_active_share")  # a stated daily-active share scales the sourced one
        tps = facts.get("tokens_per_s_target")
        if tps is None:  # the speed the sizing would assume for these streams (the band said, else comfortable)
            tps = assumed_speed(Workload(speed_band=facts.get("speed_band")), batch=False, personal=False).tokens_per_s
        share = round(peak_share(across_time_zones=spread, daily_active_share=daily) * 100)
        if agents_generate(Workload(request_class=facts.get("request_class"))):
            # agents do not read between turns: every session at the peak generates (`advice.assume`'s rule)
            sessions = peak_concurrent_users(total, across_time_zones=spread, daily_active_share=daily)
            return t("q.concurrent_users.headcount.agents", lang, total=f"{total:,}", share=share, assumed=f"{sessions:,}")
        # a reasoning model's thinking is streamed, not read (`advice.assume`'s rule, `concurrency.person_cycle`)
        unread = read_share(facts.get("output_tokens"), reasoning=bool(facts.get("reasoning_model")))
        assumed = peak_generating_streams(total, across_time_zones=spread, decode_tokens_per_s=tps, daily_active_share=daily,
                                          share_read=unread)
        return t("q.concurrent_users.headcount", lang, total=f"{total:,}",
                 share=share,
                 gen=round(generating_share(tps, unread) * 100), assumed=f"{assumed:,}")
    if slot == "api_model":
        return t("q.api_model", lang, spend=f"{facts.get('api_spend_usd_per_month') or 0:,.0f}")
    if slot == "batch_window_hours" and facts.get("batch_items"):
        return t("q.batch_window_hours.items", lang, items=f"{facts['batch_items']:,}")
    return t("q." + slot, lang)


__all__ = ["LOAD_SLOTS", "MAX_QUESTIONS", "QUESTION_ORDER", "is_batch_job", "is_known", "next_question", "question_text"]
