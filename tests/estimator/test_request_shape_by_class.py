"""A request's lengths from its class of work when the lead does not state them (knowledge/data/request_shapes.csv):
the table covers every class the reader can name, each row is sourced, and the defaults use it, said in the open.

Expected values from first principles, not from the code: a coding agent re-sends its session (tens of thousands of
tokens a turn), classification answers a label (tens of tokens), a reasoning model's thinking is output (thousands),
a chat keeps the generic 512 / 256; a stated length always wins; prefix caching is credited only when said.
"""

from __future__ import annotations

from functools import partial

import pytest

from estimator.advice import assume
from estimator.advice.request_shape import REQUEST_CLASSES, shape
from estimator.advice.sizing import cached_prefix_tokens
from estimator.workload import Workload
from knowledge.testing import memory_catalog, memory_store

SHAPES = memory_catalog().request_shapes
# The defaults as `recommend` fills them: with the catalog's request shapes.
fill_defaults = partial(assume.fill_defaults, api_prices=memory_catalog().api_prices, shapes=SHAPES)


def test_the_table_covers_every_class_and_reasoning_with_a_source():
    assert {s.request_class for s in SHAPES} == {*REQUEST_CLASSES, "reasoning"}
    assert all(s.source_url.startswith("https://") for s in SHAPES)


def test_the_store_answers_the_shapes_in_file_order():
    assert memory_store().request_shapes() == list(SHAPES)


def test_a_context_said_for_chat_is_the_maximum_and_for_agents_rag_documents_the_typical_prompt():
    assert shape("chat", SHAPES).stated_context == "maximum"
    assert {shape(c, SHAPES).stated_context for c in ("coding_agent", "rag", "summarization")} == {"typical"}


def test_without_the_shapes_handed_in_a_class_fills_nothing():
    # the core reads no file: the class's lengths come only from the rows it is handed
    bare, notes = assume.fill_defaults(Workload(request_class="coding_agent", concurrent_users=10, model_params_b=8))
    assert (bare.prompt_tokens, bare.output_tokens) == (512, 256)
    assert not any(n.key == "assume.prompt.class" for n in notes)


@pytest.mark.parametrize(("work", "low", "high"), [
    ("coding_agent", 16_000, 100_000),  # a session of tens of thousands of tokens re-sent every turn
    ("rag", 2_000, 8_000),  # a few ~1k-token chunks and the question
    ("summarization", 3_000, 20_000),  # the document itself
])
def test_an_unstated_prompt_is_the_class_s_and_said(work, low, high):
    filled, notes = fill_defaults(Workload(request_class=work, concurrent_users=10, model_params_b=8))
    assert low <= filled.prompt_tokens <= high
    assert any(n.key == "assume.prompt.class" for n in notes)


def test_classification_answers_tens_of_tokens_and_a_reasoning_model_thousands():
    labelled, _ = fill_defaults(Workload(request_class="classification", concurrent_users=4, model_params_b=8))
    thinking, notes = fill_defaults(Workload(reasoning_model=True, concurrent_users=4, model_params_b=8))
    assert labelled.output_tokens <= 100
    assert thinking.output_tokens >= 2_000
    assert any(n.key == "assume.output.class" for n in notes)


def test_stated_lengths_win_and_chat_keeps_the_generic_request():
    stated, _ = fill_defaults(Workload(request_class="coding_agent", prompt_tokens=6_000, output_tokens=120,
                                       concurrent_users=4, model_params_b=8))
    chat, _ = fill_defaults(Workload(request_class="chat", concurrent_users=4, model_params_b=8))
    assert (stated.prompt_tokens, stated.output_tokens) == (6_000, 120)
    assert (chat.prompt_tokens, chat.output_tokens) == (512, 256)


def test_an_agent_s_stated_window_still_halves_rather_than_the_class_default():
    filled, _ = fill_defaults(Workload(request_class="coding_agent", agentic_sessions=True, context_length=131_072,
                                       concurrent_users=4, model_params_b=8))
    assert filled.prompt_tokens == 65_536


def test_a_tiny_answer_changes_what_an_api_spend_buys():
    # $3k/month at $0.15 in / $0.60 out: with 50-token answers almost all of it buys input, so more tokens than at 256
    generic, _ = fill_defaults(Workload(api_spend_usd_per_month=3_000, api_model="gpt-4o-mini", model_params_b=14,
                                        prompt_tokens=1_000))
    labels, _ = fill_defaults(Workload(api_spend_usd_per_month=3_000, api_model="gpt-4o-mini", model_params_b=14,
                                       prompt_tokens=1_000, request_class="classification"))
    assert labels.output_tokens == 50
    if generic.tokens_per_day and labels.tokens_per_day:  # priced only when the API table knows the model
        assert labels.tokens_per_day > generic.tokens_per_day


def test_prefix_caching_said_on_serves_a_session_s_history_and_unsaid_serves_nothing():
    on = Workload(prompt_tokens=32_000, request_class="coding_agent", prefix_caching=True)
    assert 0 < 32_000 - cached_prefix_tokens(on, SHAPES) <= 5_000  # only the turn's new tokens are prefilled
    assert cached_prefix_tokens(on.model_copy(update={"prefix_caching": None}), SHAPES) == 0
    assert cached_prefix_tokens(on.model_copy(update={"prefix_caching": False}), SHAPES) == 0
    assert cached_prefix_tokens(Workload(prompt_tokens=32_000, request_class="rag", prefix_caching=True), SHAPES) == 0
