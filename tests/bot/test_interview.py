"""Interview policy: the most decision-relevant missing fact first, never twice, a few questions at most."""

from __future__ import annotations

from bot.interview import MAX_QUESTIONS, QUESTION_ORDER, is_known, next_question


def test_model_size_is_asked_first():
    assert next_question({}, []) == "model_params_b"


def test_known_facts_are_never_asked():
    facts = {"model_params_b": 7, "concurrent_users": 200, "ttft_target_ms": 1000}
    assert next_question(facts, []) == "quantization"


def test_personal_and_edge_need_no_user_count():
    assert is_known("concurrent_users", {"deployment_scale": "personal"})
    assert is_known("concurrent_users", {"deployment_scale": "edge"})
    assert not is_known("concurrent_users", {"deployment_scale": "team"})


def test_batch_jobs_have_no_latency_question():
    assert next_question({"model_params_b": 7, "concurrent_users": 4, "arrival_pattern": "batch"}, []) == "quantization"


def test_lengths_are_one_question_answered_only_by_both():
    assert not is_known("prompt_tokens", {"prompt_tokens": 1000})
    assert is_known("prompt_tokens", {"prompt_tokens": 1000, "output_tokens": 300})


def test_a_question_is_asked_once_even_if_unanswered():
    assert next_question({}, ["model_params_b"]) == "concurrent_users"


def test_at_most_a_few_questions_then_recommend():
    asked: list[str] = []
    while (slot := next_question({}, asked)) is not None:
        asked.append(slot)
    assert len(asked) == MAX_QUESTIONS <= len(QUESTION_ORDER)
    assert asked == list(QUESTION_ORDER[:MAX_QUESTIONS])
