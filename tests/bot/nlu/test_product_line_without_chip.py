"""A product line named without its chip or memory ("would a MacBook Pro do?", "my MacBook Pro", "Mac Studio 够吗")
whose configurations on record differ more than 2× in memory or bandwidth is marked `line`: the configuration taken
(the one sold today) is an assumption the reply states and asks about (issue 26 G: a fact that moves the answer more
than 2× is asked, not guessed). A chip or memory said with it is no assumption."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog) -> HardwareMatcher:
    return HardwareMatcher(catalog.hardware)


def _devices(text: str, matcher: HardwareMatcher, **kwargs) -> tuple[list, list]:
    facts = parse_message(text, hardware=matcher, **kwargs).facts
    return facts.get("owned_devices") or [], facts.get("named_devices") or []


@pytest.mark.parametrize(("text", "line"), [
    ("would a MacBook Pro do for llama 3.3 70b, just me?", "MacBook Pro"),
    ("Mac Studio 够不够跑 qwen2.5 72b？", "Mac Studio"),
    ("買一台 Mac Studio 跑 Qwen2.5 72B 夠嗎？", "Mac Studio"),
    ("can a Mac mini run gemma 3 27b for one person?", "Mac mini"),
])
def test_a_line_asked_about_without_its_chip_is_marked(text: str, line: str, matcher: HardwareMatcher) -> None:
    _, named = _devices(text, matcher)
    assert [d.get("line") for d in named] == [line], named


def test_a_line_owned_without_its_chip_is_marked_too(matcher: HardwareMatcher) -> None:
    owned, _ = _devices("I have a MacBook Pro, want to run qwen2.5 32b on it", matcher)
    assert [d.get("line") for d in owned] == ["MacBook Pro"], owned


@pytest.mark.parametrize("text", [
    "would a MacBook Pro M4 Max do for llama 3.3 70b?",
    "I have a MacBook Pro with an M3 Max, 64GB",
    "would a 128 GB Mac Studio do?",
])
def test_a_chip_or_memory_said_is_no_assumption(text: str, matcher: HardwareMatcher) -> None:
    owned, named = _devices(text, matcher)
    assert owned or named
    assert not any(d.get("line") for d in (*owned, *named)), (owned, named)


def test_the_answer_to_which_chip_names_the_device(matcher: HardwareMatcher) -> None:
    # the thread asked which MacBook Pro: a device named with no cue of its own is that answer
    _, named = _devices("it's an M4 Max with 128GB", matcher, device_line=(False, True))
    assert named == [{"hardware_id": "apple-m4-max", "count": 1, "memory_gb": 128.0}]
    assert _devices("it's an M4 Max with 128GB", matcher) == ([], [])  # no question pending: no cue, no device


@pytest.mark.parametrize("pending", ["ttft_target_ms", "concurrent_users", "prompt_tokens"])
def test_a_memory_size_answers_no_other_question(pending: str, matcher: HardwareMatcher) -> None:
    # "it's an M4 Max with 128GB" answering the first-token question is no "first token ≤ 128 ms"
    facts = parse_message("it's an M4 Max with 128GB", pending_slot=pending, hardware=matcher).facts
    assert pending not in facts, facts
