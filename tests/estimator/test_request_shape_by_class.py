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
from estimator.advice.sizing import cached_prefix_tokens, people_at_once
from estimator.catalog import Catalog
from estimator.workload import Workload
from knowledge.testing import memory_catalog, memory_store

SHAPES = memory_catalog().request_shapes
# The defaults as `recommend` fills them: with the catalog's request shapes.
fill_defaults = partial(assume.fill_defaults, catalog=memory_catalog())


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
    bare, notes = assume.fill_defaults(Workload(request_class="coding_agent", concurrent_users=10, model_params_b=8),
                                       Catalog(data_version="no shapes", hardware=()))
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


def test_a_transcript_is_a_long_prompt_with_a_short_summary():
    # a meeting (AMI averages 35 min) at ~200 tokens a minute of talk is thousands of tokens, its minutes hundreds;
    # a contact-centre call (~6 min of talk) about a thousand
    meeting, call = shape("meeting_transcript", SHAPES), shape("call_transcript", SHAPES)
    assert 5_000 <= meeting.prompt_tokens <= 12_000 and meeting.output_tokens <= 1_000
    assert 800 <= call.prompt_tokens <= 3_000 and call.output_tokens <= 500
    assert meeting.prompt_tokens > 5 * meeting.output_tokens and call.prompt_tokens > 5 * call.output_tokens


def test_a_stated_meeting_length_sets_the_prompt_at_the_rate_of_speech():
    # 45 minutes x ~150 words a minute / ~0.75 words a token ~ 9,000 tokens
    filled, notes = fill_defaults(Workload(request_class="meeting_transcript", transcript_minutes=45, concurrent_users=2,
                                           model_params_b=32))
    assert 8_000 <= filled.prompt_tokens <= 10_000
    assert any(n.key == "assume.prompt.transcript" for n in notes)
    stated, _ = fill_defaults(Workload(request_class="meeting_transcript", transcript_minutes=45, prompt_tokens=3_000,
                                       concurrent_users=2, model_params_b=32))
    assert stated.prompt_tokens == 3_000


def test_coding_agents_said_at_once_are_machines_that_do_not_read():
    assert people_at_once(Workload(concurrent_users=20, request_class="coding_agent")) is False
    assert people_at_once(Workload(concurrent_users=20, request_class="chat")) is True


def test_a_head_count_of_engineers_running_agents_is_the_peak_sessions_all_generating():
    # 120 engineers in one time zone: 25 % in a session at the peak = 30 agents, each generating (no reading share);
    # the same head count chatting makes far fewer streams (each generating ~15 % of its time)
    agents, notes = fill_defaults(Workload(total_users=120, request_class="coding_agent", model_params_b=30))
    chat, _ = fill_defaults(Workload(total_users=120, request_class="chat", model_params_b=30))
    assert agents.concurrent_users == 30
    assert chat.concurrent_users < 20
    assert any(n.key == "assume.peak_share.agents" for n in notes)
