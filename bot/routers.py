"""Pure router functions of the conversation graph: state in, next node name out. No model, no I/O.

`route_turn` runs after the message was read: bad values or an empty message → clarify; "start
over" → reset; new facts → the interview or (once a recommendation exists) the tools again; a
follow-up question → compare or explain. `route_after_respond` adds a comparison when the turn both
changed facts and named hardware.
"""

from __future__ import annotations

from bot.interview import next_question
from bot.state import ConversationState, interview_facts, rent_asked, stated, turn_of, unsized_model

EXPLAIN_INTENTS = ("report", "k8s_manifest", "explain_cloud", "explain_cost", "explain_risk", "explain_why", "show_assumptions", "just_recommend", "thanks")
COMPARE_INTENTS = ("compare", "why_not", "what_if")


def wants_comparison(state: ConversationState) -> bool:
    """The turn names hardware (or a GPU count) and asks to compare, why-not or what-if with it, or what
    renting it would cost ("should we rent H100s instead?", "租 H100 会不会更便宜")."""
    turn = turn_of(state)
    if turn.more_devices is not None:  # "再买两张呢？" asks what more devices would do, with or without "what if"
        return True
    named = bool(turn.hardware) or turn.gpu_count is not None
    return named and any(i in (*COMPARE_INTENTS, "explain_cloud") for i in turn.intents)


def route_interview(state: ConversationState) -> str:
    """Before the first recommendation: ask the next question, or run the tools."""
    turn = turn_of(state)
    if unsized_model(state):  # a model the catalog does not know is never sized as a default: its size first
        return "ask"
    if "just_recommend" in turn.intents or _sized_cost_question(state):
        return "compute"
    return "ask" if next_question(interview_facts(state), state.get("asked") or []) else "compute"


def _sized_cost_question(state: ConversationState) -> bool:
    """"What would renting GPUs for Qwen3-32B for 80 users cost?": a cost question whose model and head
    count are known is answered now (the rest from the defaults, stated as assumptions), not interviewed."""
    facts = interview_facts(state)
    sized = bool(facts.get("model_params_b")) and any(facts.get(s) for s in ("concurrent_users", "total_users", "batch_items"))
    # Asked before the facts to size it were known ("should we rent or buy?", then the model, then the
    # head count): answered as soon as they are, as if asked with them.
    return rent_asked(state) and sized


def route_turn(state: ConversationState) -> str:
    """Node after `understand`: clarify | reset | ask | compute | compare | explain."""
    turn = turn_of(state)
    if turn.problems:
        return "clarify"
    if turn.intent == "start_over":
        return "reset"
    has_recommendation = state.get("recommendation") is not None
    if has_recommendation and turn.unknown_model and unsized_model(state):  # "what about ernie 5?": its size first
        return "ask"
    known = stated(state.get("slots"))
    if turn.facts and not has_recommendation:
        return route_interview(state)
    # After a recommendation, facts that change nothing ("tell me about the dynamic shapes risk" when
    # shapes are known to vary) do not re-run the tools. Both sides as the Workload model reads them.
    new = stated(turn.merged) if turn.merged is not None else turn.facts
    if any(known.get(slot) != new.get(slot) for slot in turn.facts):
        return "compute"
    if has_recommendation:
        explains = any(i in EXPLAIN_INTENTS for i in turn.intents)
        # "compare with two L40S" compares; "what about the supply risk?" names no hardware: it explains,
        # and so does "what about FP8?" on an FP8 recommendation (a fact in force, no device to compare).
        if wants_comparison(state) or (turn.intent in ("compare", "why_not") and not explains and not turn.facts):
            return "compare"
        # "and on CPUs?", "那三张呢？", "and with 4 cards?": hardware or a count of devices alone
        if turn.intent == "provide" and (turn.hardware or turn.gpu_count is not None) and not turn.facts:
            return "compare"
        if explains or turn.facts:  # facts already known ("would one L40S do?" again): the answer again
            return "explain"
        return "clarify"
    if turn.intent in ("just_recommend", "dont_know"):
        return route_interview(state)
    if turn.intent in ("compare", "why_not") and turn.hardware:  # "why not an NPU?" before any recommendation
        return "ask"
    if turn.intent in ("greeting", "help") and not turn.empty:
        return "ask"
    if "explain_cloud" in turn.intents and not turn.empty:  # "should we rent or buy?": remembered, then interviewed
        return "ask"
    return "clarify"


def route_after_respond(state: ConversationState) -> str:
    """After a re-run with new facts: also compare when the turn named hardware ("what if 500 users on L40S?")."""
    computed = state.get("computed")
    rerun_ok = computed is None or computed.error is None
    return "compare" if rerun_ok and state.get("recommendation") and wants_comparison(state) else "__end__"


__all__ = ["COMPARE_INTENTS", "EXPLAIN_INTENTS", "route_after_respond", "route_interview", "route_turn",
           "wants_comparison"]
