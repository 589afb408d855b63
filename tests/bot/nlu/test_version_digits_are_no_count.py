"""A model's version number or name digits ("Llama 3.3", "qwen2.5", "gemma 3", "phi-4", "GLM-4.6", "deepseek v3.2")
are part of its name: never a head count, a concurrency, a length or a load. The count beside its noun or measure
word is the count, and a model size right before it ("70b 20 users") does not hide it."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "expect"), [
    ("Llama 3.3 70B 同時 25 人", {"model_params_b": 70, "concurrent_users": 25}),
    ("mistral small 3.2 24b 同时 12 人", {"model_params_b": 24, "concurrent_users": 12}),
    ("Llama 3.1 8B 10 concurrent", {"model_params_b": 8, "concurrent_users": 10}),
    ("gemma 3 27b 12 people", {"model_params_b": 27, "concurrent_users": 12}),
    ("llama 70b 20 users", {"model_params_b": 70, "concurrent_users": 20}),
    ("qwen2.5 72b，并发 50 个", {"model_params_b": 72, "concurrent_users": 50}),
    ("glm 4.6，研发 400 人，高峰同时 40 人", {"total_users": 400, "concurrent_users": 40}),
    ("phi-4 14b, 3 analysts at once", {"model_params_b": 14, "concurrent_users": 3}),
    ("deepseek v3.2 for 300 devs", {"total_users": 300}),
])
def test_the_count_beside_its_noun_is_read_never_the_version(text: str, expect: dict[str, float]) -> None:
    result = parse_message(text)
    for slot, value in expect.items():
        assert result.facts.get(slot) == pytest.approx(value), (slot, result.facts)
    # nothing of the version is read as a number of anything, nor asked about
    assert not result.problems, result.problems
    versions = {3.3, 3.2, 3.1, 2.5, 4.6, 4, 3}
    for slot in ("concurrent_users", "total_users", "prompt_tokens", "output_tokens", "context_length"):
        assert result.facts.get(slot) not in versions or slot in expect, (slot, result.facts)


def test_a_size_said_without_a_version_is_still_the_size() -> None:
    # "qwen 7b", "llama 70b": the digits before b are the size, never taken for a version
    assert parse_message("qwen 7b, 3 users").facts["model_params_b"] == 7
    assert parse_message("llama 70b for the team").facts["model_params_b"] == 70


def test_a_hosted_model_is_read_whole_through_its_version() -> None:
    # the hosted model names its price: the version digits are part of the name the spend reader reads
    result = parse_message("we pay moonshot ~8k/month for kimi k2 and want it in house")
    assert result.facts["api_model"] == "kimi-k2"
