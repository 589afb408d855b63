"""Routers are pure functions of the state: each case builds a state by hand, no graph, no model."""

from __future__ import annotations

import pytest

from bot.routers import route_after_respond, route_turn
from bot.state import upgrade

REC = {"primary": None}


def state(turn: dict, **rest) -> dict:
    """A typed state from JSON-shaped values, as a turn sees it once `understand` upgraded a checkpoint."""
    return upgrade({"turn": turn, **rest})


@pytest.mark.parametrize(("st", "node"), [
    (state({"problems": [{"slot": "concurrent_users", "value": 0}], "facts": {}}), "clarify"),
    (state({"intents": ["start_over"]}, recommendation=REC), "reset"),
    (state({"empty": True}), "clarify"),
    (state({"text": "blah"}), "clarify"),
    (state({"intents": ["greeting"]}), "ask"),
    # interview: facts but the model size is still unknown → ask
    (state({"facts": {"concurrent_users": 20}, "merged": {"concurrent_users": 20}}), "ask"),
    # the same facts again: the interview goes on
    (state({"facts": {"concurrent_users": 20}, "merged": {"concurrent_users": 20}}, slots={"concurrent_users": 20}),
     "ask"),
    # with this turn's facts everything the policy asks about is known → tools
    (state({"facts": {"quantization": "Q4_K_M"},
            "merged": {"model_params_b": 7, "concurrent_users": 20, "ttft_target_ms": 1000, "quantization": "Q4_K_M",
                       "prompt_tokens": 500, "output_tokens": 200}},
           slots={"model_params_b": 7, "concurrent_users": 20, "ttft_target_ms": 1000,
                  "prompt_tokens": 500, "output_tokens": 200}), "compute"),
    (state({"intents": ["just_recommend"]}), "compute"),
    (state({"facts": {"model_params_b": 7}, "intents": ["just_recommend"], "merged": {"model_params_b": 7}}), "compute"),
    # after a recommendation: new facts re-run the tools, questions get explanations
    (state({"facts": {"concurrent_users": 500}, "intents": ["what_if"]}, recommendation=REC), "compute"),
    (state({"intents": ["compare"], "hardware": [{"hardware_ids": ["nvidia-l40s"], "count": 2}]},
           recommendation=REC), "compare"),
    (state({"intents": ["why_not"], "hardware": [{"kind": "npu"}]}, recommendation=REC), "compare"),
    (state({"intents": ["what_if"], "gpu_count": 8}, recommendation=REC), "compare"),
    (state({"intents": ["explain_cost"]}, recommendation=REC), "explain"),
    (state({"intents": ["compare", "explain_risk"]}, recommendation=REC), "explain"),  # "what about the supply risk?"
    (state({"intents": ["explain_risk"]}, recommendation=REC), "explain"),
    (state({"intents": ["show_assumptions"]}, recommendation=REC), "explain"),
    (state({"text": "hmm"}, recommendation=REC), "clarify"),
    # facts that are already known change nothing: the question is answered instead
    (state({"facts": {"dynamic_shapes": True}, "intents": ["explain_risk"]}, slots={"dynamic_shapes": True},
           recommendation=REC), "explain"),
    (state({"facts": {"dynamic_shapes": True}, "intents": ["explain_risk"]}, slots={"dynamic_shapes": False},
           recommendation=REC), "compute"),
])
def test_route_turn(st, node):
    assert route_turn(st) == node


def test_asked_questions_are_not_asked_again():
    asked = ["model_params_b", "concurrent_users", "ttft_target_ms"]
    assert route_turn(state({"intents": ["dont_know"]}, asked=asked)) == "compute"


def test_route_after_respond_compares_only_when_hardware_was_named():
    named = state({"intents": ["what_if"], "facts": {"concurrent_users": 500},
                   "hardware": [{"hardware_ids": ["nvidia-l40s"]}]}, recommendation=REC)
    plain = state({"intents": ["what_if"], "facts": {"concurrent_users": 500}}, recommendation=REC)
    assert route_after_respond(named) == "compare"
    assert route_after_respond(plain) == "__end__"
    assert route_after_respond(upgrade({**named, "computed": {"error": "no option fits"}})) == "__end__"
