"""A session's own history (coding agents' and multi-turn chats' earlier turns, re-sent every turn) is served by the
engine's default prefix cache: only each turn's new tokens are prefilled. Credited only where the chosen stack's engine
keeps a prefix cache by default (sourced in serving_stacks.csv), only for sessions the load names (their KV is part of
the memory fit), never when caching is said off.

Expectations from first principles, not from the code: 40 agent sessions of Qwen3-Coder-30B-A3B at 70k tokens send a
turn every ~18 s (2.2 turns/s). Prefilling the whole context is 2.2 × 70k = 154k tok/s × ~34 GFLOP ≈ 5.3 PFLOP/s, several
MI300X of prefill alone; the new ~2k tokens a turn are 4.4k tok/s × ~62 GFLOP ≈ 0.27 PFLOP/s. Decode (~300 GB read a
step) is the same either way, so caching said off must cost clearly more (here > 1.5×).
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.advice.sizing import cached_prefix_tokens, own_history_tokens, resends_history, sessions_counted
from estimator.workload import Workload

AGENTS = Workload(model_id="qwen3-30b-a3b", model_params_b=30.5, active_params_b=3.3, quantization="FP8",
                  concurrent_users=40, prompt_tokens=70_000, request_class="coding_agent")


def _stack(catalog, stack_id):
    return next(s for s in catalog.stacks if s.id == stack_id)


def test_the_engines_that_keep_a_prefix_cache_by_default_are_the_sourced_ones(catalog):
    defaults = {s.id for s in catalog.stacks if s.prefix_cache_default == "yes"}
    # vLLM V1 (CacheConfig.enable_prefix_caching = True), TensorRT-LLM's LLM API (enable_block_reuse = True), llama-server
    # (cache_prompt, default true), vLLM-RBLN ("enabled by default")
    assert defaults == {"vllm-cuda", "vllm-rocm", "trt-llm", "llama.cpp", "rbln-vllm"}
    for stack in catalog.stacks:
        if stack.prefix_cache_default == "yes":
            assert "prefix_cache_default yes" in (stack.notes or "") and stack.source_url.count("https://") >= 2


def test_an_agent_turn_on_vllm_prefills_only_its_new_tokens(catalog):
    cached = cached_prefix_tokens(AGENTS, catalog.request_shapes, _stack(catalog, "vllm-cuda"))
    assert 65_000 <= cached < 70_000  # a turn adds a tool result and the last answer: a few thousand tokens


@pytest.mark.parametrize("update", [{"prefix_caching": False}, {"requests_per_s": 2.2}, {"request_class": "rag"}])
def test_nothing_is_credited_when_caching_is_off_the_sessions_are_unnamed_or_the_prompt_is_no_history(catalog, update):
    assert cached_prefix_tokens(AGENTS.model_copy(update=update), catalog.request_shapes, _stack(catalog, "vllm-cuda")) == 0


def test_an_engine_with_no_default_cache_on_record_prefills_every_turn_whole(catalog):
    assert own_history_tokens(AGENTS, catalog.request_shapes, _stack(catalog, "vllm-ascend")) == 0
    assert own_history_tokens(AGENTS, catalog.request_shapes, _stack(catalog, "llama.cpp")) > 60_000


def test_a_chat_is_a_session_only_when_its_turns_are_said_to_carry_history():
    assert not resends_history(Workload(request_class="chat", prompt_tokens=6000))
    assert resends_history(Workload(request_class="chat", prompt_tokens=6000, session_history=True))
    assert sessions_counted(Workload(concurrent_users=150)) and not sessions_counted(Workload(tokens_per_day=4e8))


def test_caching_said_off_costs_agents_far_more_and_the_reply_says_which_prefill_was_sized(catalog):
    default = recommend(AGENTS, catalog)
    off = recommend(AGENTS.model_copy(update={"prefix_caching": False}), catalog)
    assert default.primary is not None and off.primary is not None
    assert off.primary.capex_usd > 1.5 * default.primary.capex_usd
    assert "note.own_history_cached" in {a.key for a in default.assumptions}
    assert "note.own_history_off" in {a.key for a in off.assumptions}
