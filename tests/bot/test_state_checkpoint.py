"""The typed conversation state in checkpoints: exactly the state's models are revived, the stated facts
come back as stated, a checkpoint written before the state was typed (JSON dicts) still continues, and
a turn that needs numbers calls the estimator once.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite import SqliteSaver
from pydantic import BaseModel

from bot.checkpoint_serde import ALLOWED, TAG, StateSerializer, encode, strict_serializer
from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.outcomes import ComparedOption, Comparison, HardwareRef, Question, Recommended
from bot.state import Computed, TurnReading, TurnReply, facts_from, stated
from estimator.advice.recommend import recommend
from estimator.schemas import Option, Recommendation
from estimator.workload import Workload


def _round_trip(value: object) -> object:
    serde = StateSerializer()
    return serde.loads_typed(serde.dumps_typed(value))


def test_the_serializer_revives_exactly_the_state_models():
    assert set(ALLOWED) == {"Workload", "Recommendation", "TurnReading", "Computed", "TurnReply",  # state
                            "Question", "Clarification", "Reset", "NoRecommendation", "Comparison",  # outcomes
                            "Recommended", "Explanation"}
    assert ALLOWED["Workload"] is Workload and ALLOWED["Recommendation"] is Recommendation


def test_stated_facts_come_back_as_stated_not_with_the_defaults_filled():
    facts = facts_from({"model_params_b": 7, "concurrent_users": 20, "hours_per_day": 12})
    loaded = _round_trip({"slots": facts, "asked": ["ttft_target_ms"]})
    assert isinstance(loaded, dict) and isinstance(loaded["slots"], Workload)
    # A default the user stated (12 h/day is the TCO default) stays stated, and says so (`hours_stated`); the unstated
    # defaults (utilization, electricity price) are not turned into statements.
    assert stated(loaded["slots"]) == {"model_params_b": 7, "concurrent_users": 20, "hours_per_day": 12,
                                       "hours_stated": True}
    assert loaded["asked"] == ["ttft_target_ms"]


def test_the_turn_models_round_trip():
    turn = TurnReading(text="200 users", facts={"concurrent_users": 200}, intents=["provide"],
                       previous_slots=facts_from({"model_params_b": 7}),
                       merged=facts_from({"model_params_b": 7, "concurrent_users": 200}))
    reply = TurnReply(text="Understood.", lang="zh-Hans", changes=["a → b"])
    loaded = _round_trip({"turn": turn, "reply": reply, "computed": Computed(error="no option fits")})
    assert isinstance(loaded, dict)
    assert loaded["turn"] == turn and isinstance(loaded["turn"].merged, Workload)
    assert stated(loaded["turn"].previous_slots) == {"model_params_b": 7}
    assert loaded["reply"] == reply and loaded["computed"] == Computed(error="no option fits")


def test_an_outcome_round_trips_with_its_nested_models(catalog):
    rec = recommend(Workload.model_validate({"model_params_b": 7, "concurrent_users": 20}), catalog)
    target = HardwareRef(hardware_ids=["nvidia-l40s"], count=2, alias="l40s")
    comparison = Comparison(targets=[target], entries=[ComparedOption(target=target, option=rec.primary, sized=1)],
                            users=20)
    outcome = Recommended(previous=rec, previous_slots=facts_from({"model_params_b": 7}), comparison=comparison)
    loaded = _round_trip({"outcome": outcome, "question": Question(slot="ttft_target_ms")})
    assert isinstance(loaded, dict) and loaded["outcome"] == outcome
    assert isinstance(loaded["outcome"].comparison.entries[0].option, Option)
    assert loaded["question"] == Question(slot="ttft_target_ms")


class _Outsider(BaseModel):
    """A pydantic model that is not part of the state: a checkpoint naming it gets its data, not it."""

    command: str


def test_a_model_outside_the_list_is_not_rebuilt():
    loaded = _round_trip({"lang": _Outsider(command="rm -rf /")})
    assert isinstance(loaded, dict) and loaded["lang"] == {"command": "rm -rf /"}


def test_a_tag_naming_another_class_stays_plain_data():
    inner = strict_serializer()
    forged = {"slots": {TAG: "Settings", "data": {"home": "/"}}, "lang": {TAG: "os.system", "data": "ls"}}
    loaded = StateSerializer().loads_typed(inner.dumps_typed(forged))
    assert loaded == forged


def test_a_tagged_object_that_no_longer_validates_is_left_as_data():
    inner = strict_serializer()
    stale = {"slots": {TAG: "Workload", "data": {"concurrent_users": 0}}}  # 0 users: the contract refuses it
    assert StateSerializer().loads_typed(inner.dumps_typed(stale)) == {"slots": {"concurrent_users": 0}}


def test_a_model_is_stored_as_the_json_text_of_its_set_fields():
    facts = facts_from({"model_params_b": 7, "concurrent_users": 20})
    stored = encode({"slots": facts})["slots"]
    assert set(stored) == {TAG, "json"} and stored[TAG] == "Workload"
    assert json.loads(stored["json"]) == {"model_params_b": 7, "concurrent_users": 20}


def test_a_recommendation_loaded_again_is_the_model_saved_and_a_changed_text_is_validated(catalog):
    rec = recommend(Workload.model_validate({"model_params_b": 7, "concurrent_users": 20}), catalog)
    serde = StateSerializer()
    blob = serde.dumps_typed({"recommendation": rec})
    first, second = serde.loads_typed(blob), serde.loads_typed(blob)
    assert first["recommendation"] is rec and second["recommendation"] is rec  # validated never: it is the one saved
    assert serde.dumps_typed(first) == blob  # saved unchanged: the same text
    # Any other text (another process wrote it, or someone edited the store) is validated like any other.
    text = encode({"recommendation": rec})["recommendation"]["json"]
    edited = text.replace(f'"concurrent_users":{rec.workload["concurrent_users"]}', '"concurrent_users":21', 1)
    assert edited != text
    loaded = serde.loads_typed(strict_serializer().dumps_typed({"recommendation": {TAG: "Recommendation", "json": edited}}))
    assert isinstance(loaded["recommendation"], Recommendation) and loaded["recommendation"].workload["concurrent_users"] == 21


def test_a_json_text_that_no_longer_validates_is_left_as_data_and_another_class_stays_plain_data():
    inner = strict_serializer()
    stale = {"slots": {TAG: "Workload", "json": '{"concurrent_users": 0}'}}  # 0 users: the contract refuses it
    assert StateSerializer().loads_typed(inner.dumps_typed(stale)) == {"slots": {"concurrent_users": 0}}
    forged = {"lang": {TAG: "Settings", "json": '{"home": "/"}'}}
    assert StateSerializer().loads_typed(inner.dumps_typed(forged)) == forged


# --- a checkpoint written by the untyped state -----------------------------------------------------
OLD_SLOTS = {"model_params_b": 7, "concurrent_users": 20, "quantization": "Q4_K_M", "ttft_target_ms": 1000,
             "prompt_tokens": 500, "output_tokens": 200}


def _old_channel_values(catalog) -> dict:
    """The state as the JSON-dict graph stored it: facts, recommendation and transient keys as dicts."""
    rec = recommend(Workload.model_validate(OLD_SLOTS), catalog).model_dump(mode="json")
    return {
        "message": "Prompts ~500 tokens, answers ~200.", "slots": dict(OLD_SLOTS), "lang": "en",
        "asked": ["quantization", "ttft_target_ms"], "pending_slot": None, "recommendation": rec,
        "rec_slots": dict(OLD_SLOTS), "echoed": True,
        "turn": {"text": "Prompts ~500 tokens, answers ~200.", "facts": {"prompt_tokens": 500, "output_tokens": 200},
                 "intents": ["provide"], "previous_slots": {"model_params_b": 7}, "merged": dict(OLD_SLOTS)},
        "work": {"workload": rec["workload"], "assumptions": [], "error": None}, "candidate": None,
        "reply": {"text": "…", "lang": "en", "intent": "provide"},
    }


def _write_old_checkpoint(path: Path, thread: str, values: dict) -> None:
    conn = sqlite3.connect(str(path), check_same_thread=False)
    saver = SqliteSaver(conn, serde=strict_serializer())  # what the untyped state was written with
    saver.setup()
    checkpoint = empty_checkpoint()
    checkpoint["channel_values"] = values
    checkpoint["channel_versions"] = {key: saver.get_next_version(None, None) for key in values}
    saver.put({"configurable": {"thread_id": thread, "checkpoint_ns": ""}}, checkpoint,
              {"source": "loop", "step": 3, "parents": {}}, checkpoint["channel_versions"])
    conn.close()


def test_an_old_json_checkpoint_upgrades_on_load_and_the_conversation_goes_on(tmp_path, catalog):
    from bot.settings import Settings
    from bot.wiring import STATE_FILE, build_engine

    home = tmp_path / "home"
    home.mkdir()
    _write_old_checkpoint(home / STATE_FILE, "old", _old_channel_values(catalog))
    with build_engine(Settings(home=home), llm=None) as engine:
        assert engine.state("old")["slots"] == OLD_SLOTS
        assert isinstance(engine.conversation("old")["recommendation"], Recommendation)
        explained = engine.handle("old", "What are the risks?")
        rerun = engine.handle("old", "What if 40 concurrent users?")
    # A question on the stored recommendation is answered from it, not re-asked or failed.
    assert explained.intent != "error" and explained.recommendation is not None
    assert explained.slots == OLD_SLOTS
    # New facts re-run on the stored facts, and the change is said against the stored `rec_slots`.
    assert rerun.intent != "error" and rerun.recommendation is not None
    assert rerun.slots == {**OLD_SLOTS, "concurrent_users": 40}
    assert "20 concurrent users → 40 concurrent users" in rerun.changes


class _CountingSaver(InMemorySaver):
    def __init__(self) -> None:
        super().__init__()
        self.saves = 0

    def put(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.saves += 1
        return super().put(*args, **kwargs)


def test_a_turn_saves_the_state_once_as_it_ends(catalog):
    saver = _CountingSaver()
    engine = Engine(build_graph(Deps(catalog=catalog, recommend=recommend), saver))
    for message in ("A 7B model for 20 users, just recommend", "What are the risks?", "What if 40 concurrent users?"):
        before = saver.saves
        assert engine.handle("t", message).intent != "error"
        assert saver.saves - before == 1  # not once per graph step: each save is a full copy of the state


# --- one compute step ------------------------------------------------------------------------------
def test_a_turn_that_needs_numbers_calls_the_estimator_once(catalog):
    calls: list[Workload] = []

    def counting_recommend(workload: Workload, cat) -> Recommendation:
        calls.append(workload)
        return recommend(workload, cat)

    def no_fill(workload: Workload):
        raise AssertionError("the graph fills defaults inside recommend, once")

    engine = Engine(build_graph(Deps(catalog=catalog, recommend=counting_recommend, fill_defaults=no_fill),
                                InMemorySaver()))
    first = engine.handle("t", "A 7B model for 20 users, just recommend")
    assert first.recommendation is not None and len(calls) == 1
    assert stated(calls[0]) == first.slots  # computed from the stated facts; defaults filled inside
    engine.handle("t", "What are the risks?")
    assert len(calls) == 1  # an explanation reuses the stored recommendation
    rerun = engine.handle("t", "What if 40 concurrent users?")
    assert rerun.recommendation is not None and len(calls) == 2
    # The users the card is sized for come from the recommendation's filled workload.
    assert Workload.model_validate(rerun.recommendation.workload).concurrent_users == 40


def test_a_stored_value_that_does_not_validate_fails_the_turn_with_one_line(tmp_path, catalog):
    from bot.settings import Settings
    from bot.wiring import STATE_FILE, build_engine

    home = tmp_path / "home"
    home.mkdir()
    forged = {"slots": {TAG: "Workload", "data": {"concurrent_users": 0}}, "lang": "en"}  # 0 users: refused
    _write_old_checkpoint(home / STATE_FILE, "bad", forged)
    with build_engine(Settings(home=home), llm=None) as engine:
        reply = engine.handle("bad", "A 7B model for 20 users")
    assert reply.intent == "error" and "\n" not in reply.text and "Validation" not in reply.text
