"""The model's narrow reading job: the answer to the question just asked, and numbers the parser left.

Grounding rules checked here (seed rule: the language model never decides a number): a number the
parser already read supports nothing else; a field's words must stand nearest the number; "models
served" is never read from the word "model"; a value outside the field's plausible range is dropped.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine
from bot.graph import build_graph
from bot.llm.base import ScriptedModel
from bot.llm.evidence import plausible, value_supported
from bot.llm.extract import extract_workload_facts, fields_to_read, ground_facts
from bot.llm.schema import flat_workload_schema
from bot.nodes import model_helpers


class ProposingModel(ScriptedModel):
    """A grammar-constrained fake: it fills exactly the fields it is asked for from one fixed proposal."""

    def __init__(self, **proposal: Any) -> None:
        super().__init__()
        self.proposal = proposal

    def complete(self, messages, *, json_schema=None, max_tokens=256, timeout_s=None) -> str:
        self.enqueue("{}")
        super().complete(messages, json_schema=json_schema, max_tokens=max_tokens, timeout_s=timeout_s)
        schema = flat_workload_schema(json_schema["required"])["properties"]
        return json.dumps({f: self.proposal.get(f, [] if schema[f].get("type") == "array" else None)
                           for f in json_schema["required"]})


def test_a_size_is_never_a_count_of_models_served():
    assert not value_supported("models_served", 72, "we'd run a 72B model for the team", need_cue=True)
    assert not value_supported("models_served", 72, "我们要跑 72B 的模型", need_cue=True)
    assert value_supported("models_served", 3, "we serve 3 different models side by side", need_cue=True)
    assert value_supported("models_served", 3, "我们要同时挂 3 个模型", need_cue=True)


def test_a_number_the_parser_read_supports_no_second_fact():
    text = "about 200 people, 7B"
    assert value_supported("total_users", 200, text, need_cue=True)
    assert not value_supported("total_users", 200, text, used=[200.0], need_cue=True)
    # The parser's reading may be converted: Llama 3.1 8B is 8.03 B, and its "8B" is spent.
    assert not value_supported("concurrent_users", 8, "llama 3.1 8B for 8 ppl", used=[8.03, 8.0])


def test_the_field_whose_words_stand_nearest_the_number_is_the_only_one_it_supports():
    text = "budget $40k, 3 kW left in the rack"
    assert value_supported("budget_usd", 40000, text, need_cue=True)
    assert not value_supported("power_budget_w", 40000, text, need_cue=True)
    # A rate's words claim the number over its unit's: 40 tokens a second is no token count.
    rate = "每位使用者每秒至少 40 個 token"
    assert value_supported("tokens_per_s_target", 40, rate, need_cue=True)
    assert not value_supported("prompt_tokens", 40, rate, need_cue=True)
    assert not value_supported("total_users", 40, rate, need_cue=True)


def test_the_answer_to_the_pending_question_needs_no_word_but_not_another_fields_number():
    facts = ground_facts({"concurrent_users": 150}, "Q4 is fine, and on busy days 150 or so", {},
                         answering="concurrent_users")
    assert facts == {"concurrent_users": 150}
    assert ground_facts({"concurrent_users": 3000}, "inputs around 3k tokens", {}, answering="concurrent_users") == {}


def test_an_implausible_reading_is_dropped():
    assert not plausible("ttft_target_ms", 10) and plausible("ttft_target_ms", 300)
    assert not plausible("models_served", 500) and not plausible("tokens_per_s_target", 5000)
    assert ground_facts({"ttft_target_ms": 10}, "within 10 please", {}, answering="ttft_target_ms") == {}


def test_only_fields_with_something_to_read_are_asked():
    # The parser read the size; "72B" is spent, nothing else has a number: nothing to ask.
    assert fields_to_read("a 72B model, please", {}, {"model_params_b": 72}, None) == []
    # The pending question first (its answer needs no word), then a cued number the parser left.
    assert fields_to_read("Q4 is fine, and on busy days 150 or so", {}, {"quantization": "Q4_K_M"},
                          "concurrent_users") == ["concurrent_users"]
    assert fields_to_read("inputs around 3k tokens, replies 500", {}, {}, "prompt_tokens")[:2] == \
        ["prompt_tokens", "output_tokens"]


def test_a_single_field_is_read_as_the_pending_answer():
    model = ProposingModel(concurrent_users=150, models_served=150)
    facts = extract_workload_facts(model, "Q4 is fine, and on busy days 150 or so", {}, "en",
                                   fields=["concurrent_users"])
    assert facts == {"concurrent_users": 150}
    assert model.history[0]["json_schema"]["required"] == ["concurrent_users"]


# A 13B model first (the interview then asks how many people at once), then an answer the parser
# reads only in part: it takes the quantization and leaves the number, which answers the question.
PENDING_ANSWERS = [
    ("en", "We want to serve a 13B model.", "Q4 is fine, and on busy days 150 or so"),
    ("zh-Hans", "我们想部署一个 13B 的模型。", "量化用 Q4 就行，忙的时候 150 左右"),
    ("zh-Hant", "我們想部署一個 13B 的模型。", "量化用 Q4 就行，忙的時候 150 左右"),
]


def _engine(deps, model, reading_timeout_s: float = 1.5) -> Engine:
    extract, _phrase = model_helpers(model, reading_timeout_s=reading_timeout_s)
    return Engine(build_graph(dataclasses.replace(deps, extract=extract), InMemorySaver()))


@pytest.mark.parametrize(("lang", "opening", "answer"), PENDING_ANSWERS)
def test_the_engine_passes_the_pending_question_to_the_model(deps, lang, opening, answer):
    model = ProposingModel(concurrent_users=150, total_users=150, models_served=150)
    engine = _engine(deps, model)
    engine.handle("t", opening)
    assert engine.conversation("t").get("pending_slot") == "concurrent_users"
    reply = engine.handle("t", answer)
    assert reply.slots["concurrent_users"] == 150 and reply.slots["quantization"] == "Q4_K_M"
    assert reply.lang == lang
    # One call, for the pending question's field only (the parser read the quantization itself).
    assert [call["json_schema"]["required"] for call in model.history] == [["concurrent_users"]]


@pytest.mark.parametrize(("lang", "opening", "answer"), PENDING_ANSWERS)
def test_without_a_model_the_unplaced_answer_stays_unread(deps, lang, opening, answer):
    engine = Engine(build_graph(deps, InMemorySaver()))
    engine.handle("t", opening)
    assert "concurrent_users" not in engine.handle("t", answer).slots


@pytest.fixture(scope="module")
def bundled():
    pytest.importorskip("llama_cpp", reason="llama-cpp-python cannot be imported")
    from bot.llm.factory import load_model

    model = load_model("bundled", timeout_s=30.0)
    assert model is not None
    yield model
    model.close()


@pytest.mark.llm
@pytest.mark.slow
@pytest.mark.parametrize(("lang", "opening", "answer"), PENDING_ANSWERS)
def test_the_bundled_model_reads_the_pending_answer(deps, bundled, lang, opening, answer):
    # What the model reads, not how fast: the shared test machine's load decides the latter.
    engine = _engine(deps, bundled, reading_timeout_s=30.0)
    engine.handle("t", opening)
    reply = engine.handle("t", answer)
    assert reply.slots.get("concurrent_users") == 150, reply.slots


def test_a_number_several_fields_tie_on_goes_to_the_one_that_owns_no_other():
    # "replies 500" is the answer's; so "3k tokens" is the prompt's, never the answer's.
    text = "inputs around 3k tokens, replies 500"
    assert value_supported("prompt_tokens", 3000, text, need_cue=True)
    assert not value_supported("output_tokens", 3000, text, need_cue=True)
    assert value_supported("output_tokens", 500, text, need_cue=True)
    # "3k" is a thousand tokens, not dollars.
    assert not value_supported("budget_usd", 3000, text, need_cue=True)


@pytest.mark.parametrize("text", ["inputs vary a lot, some 200 tokens some 20k", "输入长度变化特别大，短的 200 token 长的两万"])
def test_a_range_is_no_single_value(text):
    assert not value_supported("prompt_tokens", 200, text, need_cue=True)
    assert not value_supported("output_tokens", 20000, text, need_cue=True)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("Every request is a single prompt (batch size 1), but we get 300 concurrent requests at peak.",
         {"concurrent_users": 300}),
        ("a 1.5B model on an offline kiosk, one user at a time", {"model_params_b": 1.5, "concurrent_users": 1}),
    ],
)
def test_a_category_word_in_a_partly_read_message_is_not_asked(text, parsed):
    # "batch size", "at peak", "offline" are other senses of the arrival pattern's keywords.
    assert fields_to_read(text, {}, parsed, None) == []


def test_no_model_and_no_phrasing_unless_asked_for(monkeypatch):
    from bot.settings import Settings

    for name in ("SILICONSULT_LLM", "SILICONSULT_LLM_PHRASING"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.llm == "none" and settings.llm_phrasing is False
    extract, phrase = model_helpers(ScriptedModel())
    assert extract is not None and phrase is None  # the templates word the replies
    assert model_helpers(ScriptedModel(), phrasing=True)[1] is not None
