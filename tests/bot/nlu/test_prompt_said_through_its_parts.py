"""The prompt said through its parts (`bot.nlu.prompt_parts`): the size a session reaches is what its turns carry,
pieces counted and measured each add up, a total said outright is the prompt; "each has one agent going" makes the
head count the sessions at once; coding agents named by their tool are coding agents. Expected values are worked out
by hand from the sentence (count x each, a range at its top), never copied from the reader."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


def _facts(text: str) -> dict[str, object]:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize(("text", "prompt"), [
    ("our agent sessions typically hover around 45k tokens", 45_000),
    ("a chat usually grows to ~18k tokens before people start a new one", 18_000),
    ("threads run 20-30k tokens by the end of the day", 30_000),
    ("每个会话一般跑到 7 万 token 左右", 70_000),
    ("一個 session 通常累積到 2 萬 token", 20_000),
])
def test_a_session_size_is_the_prompt_its_turns_resend(text, prompt):
    facts = _facts(text)
    assert facts.get("prompt_tokens") == prompt
    assert facts.get("session_history") is True


@pytest.mark.parametrize(("text", "prompt"), [
    ("the retriever adds 8 passages of ~500 tokens each to every query", 4_000),
    ("each prompt gets the top 12 snippets, roughly 300 tokens apiece", 3_600),
    ("每次检索带回 6 段，每段约 1k token", 6_000),
    ("每個問題帶 3 份文件進去，每份大約 5000 token", 15_000),
])
def test_pieces_counted_and_measured_each_add_up(text, prompt):
    assert _facts(text).get("prompt_tokens") == prompt


@pytest.mark.parametrize(("text", "prompt"), [
    ("each question carries the spec and two appendices, together about 25k tokens", 25_000),
    ("每次丢进去的材料合计 2-3 万 token", 30_000),
    ("幾份報告加起來大概 5 萬 token", 50_000),
])
def test_a_total_said_outright_is_the_prompt(text, prompt):
    assert _facts(text).get("prompt_tokens") == prompt


@pytest.mark.parametrize("text", [
    "we classify 80k emails a day, ~700 tokens each",         # a batch's items, each its own request
    "chat sessions are capped at 32k tokens",                  # a ceiling, not a size reached
    "together we push 300M tokens a month through the API",   # a volume per month
])
def test_volumes_and_ceilings_are_no_prompt_from_parts(text):
    facts = _facts(text)
    assert facts.get("prompt_tokens") not in (80_000 * 700, 32_000, 300_000_000)
    assert facts.get("session_history") is not True


@pytest.mark.parametrize(("text", "people"), [
    ("data team, 9 people, each keeps one agent running most of the day", 9),
    ("14 engineers, one agent per dev", 14),
    ("后端组 7 个人，每人都开着一个 cline 会话", 7),
])
def test_one_session_each_makes_the_head_count_the_sessions_at_once(text, people):
    facts = _facts(text)
    assert facts.get("concurrent_users") == people
    assert facts.get("deployment_scale") != "personal"


@pytest.mark.parametrize("text", ["the team drives opencode against it", "大家用通义灵码接内网模型",
                                  "we point gemini cli at our own endpoint"])
def test_coding_agents_named_by_their_tool(text):
    assert _facts(text).get("request_class") == "coding_agent"


@pytest.mark.parametrize(("text", "output"), [("answers are a few hundred tokens", 300), ("回复一般几百字", 300)])
def test_a_few_hundred_is_read_as_a_length(text, output):
    # "a few" is three; 几 any of 2-9, read at five: 500 characters at the reader's sourced 0.6 tokens a character is 300
    assert _facts(text).get("output_tokens") == output


def test_a_sessions_record_handed_in_is_a_text_not_the_session_resent():
    facts = _facts("30 agents on shift, each question attaches the customer's past conversation log, ~2500 tokens")
    assert facts.get("session_history") is not True


def test_a_described_length_said_as_a_range_is_sized_at_its_top():
    assert _facts("8 people at once, prompts are mostly the full filing, 12-18k tokens").get("prompt_tokens") == 18_000


@pytest.mark.parametrize(("text", "prompt"), [
    # 3 x 5,000 characters at the reader's sourced 0.6 tokens a Han character
    ("每次会带上 3 份规章，每份 5000 字左右", 9_000),
    ("reviewers open the full audit reports (usually 40k tokens) and ask about them", 40_000),
    ("each question includes the runbook, which is ~12k tokens", 12_000),
])
def test_texts_measured_each_or_in_an_aside_are_the_prompt(text, prompt):
    assert _facts(text).get("prompt_tokens") == prompt


@pytest.mark.parametrize("text", ["预计同时 40 个 session，每个 session 要 25 tok/s 以上",
                                  "each session needs 30 tokens per second or better"])
def test_a_sessions_speed_is_no_session_size(text):
    assert _facts(text).get("prompt_tokens") not in (25, 30)


@pytest.mark.parametrize(("text", "total"), [
    ("整个任务 15 分钟内跑完就行，总共输出大概 2 万 token", 20_000),
    ("all told the answers come to ~40k tokens", 40_000),
    ("全部回答加起來大概 3 萬 token", 30_000),
])
def test_a_total_said_of_the_output_is_no_prompt(text, total):
    # What comes back is counted on the answer's side: a total of output is never the prompt each request carries.
    assert _facts(text).get("prompt_tokens") != total
