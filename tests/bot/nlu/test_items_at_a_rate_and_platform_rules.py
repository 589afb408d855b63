"""Pictures and calls at a rate, a job's window with the first token said not to matter, utilization with words of
estimate, serving slots, and platform rules (an instruction set, one maker's platform, no fan), in all three
languages. Expectations are what the messages state, worked out by hand; none of these sentences is in the reading set."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

PICTURES_AT_A_RATE = [
    ("the line camera sends about 30 pictures a minute to a 4b vlm", 0.5),
    ("每分钟大概 15 张照片，让 Gemma 3 4B 看有没有划痕", 0.25),
    ("每小時 720 張截圖要分類", 0.2),
    ("一分钟 12 张，都是瑕疵图", 0.2),
]


@pytest.mark.parametrize("text,per_s", PICTURES_AT_A_RATE)
def test_pictures_per_window_are_arrivals_of_one_image_each(text: str, per_s: float) -> None:
    facts = parse_message(text).facts
    assert facts.get("requests_per_s") == pytest.approx(per_s, rel=0.01)
    assert facts.get("images_per_request") == 1
    assert "ttft_target_ms" not in facts  # "一分钟" is the rate's window, never a first-token target


def test_cards_counted_a_minute_are_no_pictures() -> None:
    # a count of cards is never an arrival, even after a per-minute word
    assert "requests_per_s" not in parse_message("每分钟 6 张卡的功耗太高了").facts


@pytest.mark.parametrize("text,window_h", [
    ("first token doesn't matter, the report job must be done in 20 minutes", 1 / 3),
    ("首字延迟无所谓，40 分钟内跑完", 2 / 3),
    ("第一個 token 多快都沒關係，1 個半小時內要跑完", 1.5),
])
def test_a_window_beside_a_first_token_said_not_to_matter(text: str, window_h: float) -> None:
    facts = parse_message(text).facts
    assert facts.get("ttft_irrelevant") is True
    assert facts.get("batch_window_hours") == pytest.approx(window_h, rel=0.01)
    assert "ttft_target_ms" not in facts


@pytest.mark.parametrize("text,share", [
    ("gpu utilization is probably around 35% over the day", 0.35),
    ("利用率预计两成左右", 0.2),
    ("平均負載率估計 60%", 0.6),
])
def test_utilization_with_words_of_estimate(text: str, share: float) -> None:
    assert parse_message(text).facts.get("utilization") == pytest.approx(share)


@pytest.mark.parametrize("text,slots", [("3 analysts, so 3 serving slots is plenty", 3), ("开 10 个 slot 应该够", 10)])
def test_serving_slots_are_requests_at_once(text: str, slots: int) -> None:
    assert parse_message(text).facts.get("concurrent_users") == slots


def test_slots_for_cards_stay_slots() -> None:
    facts = parse_message("the tower has 3 free x16 slots").facts
    assert facts.get("free_slots") == 3 and "concurrent_users" not in facts


@pytest.mark.parametrize("text,isa", [
    ("it needs to be x86, the MES agent won't run on anything else", "x86"),
    ("只能用 x86 的机器", "x86"),
    ("ARM 架構的不收", "x86"),
    ("must be arm, it goes into our arm fleet", "arm"),
])
def test_an_instruction_set_required(text: str, isa: str) -> None:
    assert parse_message(text).facts.get("cpu_arch") == isa


@pytest.mark.parametrize("text", ["ARM is fine", "x86 或 ARM 都可以", "arm or x86, whatever is cheaper"])
def test_either_instruction_set_allowed_states_no_rule(text: str) -> None:
    assert "cpu_arch" not in parse_message(text).facts


@pytest.mark.parametrize("text", ["has to be a fanless box", "必须被动散热", "機櫃裡不能有風扇"])
def test_no_fan_read(text: str) -> None:
    assert parse_message(text).facts.get("fanless") is True


@pytest.mark.parametrize("text", ["our IT only accepts Intel boxes on the line", "資訊部只接受 Intel 平台"])
def test_one_makers_platform_is_the_only_vendor(text: str) -> None:
    assert parse_message(text).facts.get("allowed_vendors") == ["Intel"]


@pytest.mark.parametrize("text,tokens", [("每条翻译 60 个 token 以内", 60), ("译文 200 token 左右", 200)])
def test_a_translation_is_the_answer(text: str, tokens: int) -> None:
    assert parse_message(text).facts.get("output_tokens") == tokens


@pytest.mark.parametrize("text,tokens", [("上下文可以到 2 万", 20000), ("context can go up to 24k", 24000)])
def test_a_context_said_to_reach_a_figure_is_the_window(text: str, tokens: int) -> None:
    facts = parse_message(text).facts
    assert facts.get("context_length") == tokens and "prompt_tokens" not in facts
