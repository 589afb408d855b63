"""An item, alone or with what comes with it, said to be a length in prose ("ticket + thread is maybe 6k tokens",
"工单加聊天记录大概 5k tokens") is what one request reads: its prompt, not the default. A context said the same
way stays the window."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt"), [
    ("40k tickets a night, ticket + thread is maybe 6k tokens, summary ~250, 8h", 6_000),
    ("each claim plus its attachments is roughly 9k tokens, 2k claims a day, 14b", 9_000),
    ("合同加附件大概 12k tokens，每晚 5000 份，8 小时，32B", 12_000),
    ("一封郵件加上附件大約 2k tokens，每天 3 萬封，7B", 2_000),
])
def test_an_item_said_to_be_a_length_is_the_prompt(text, prompt):
    facts = parse_message(text).facts
    assert facts.get("prompt_tokens") == prompt


def test_one_item_said_with_its_length_is_no_batch_of_one():
    facts = parse_message("一份合同加附件大概 8k tokens，每晚 2 万份，6 小时跑完，14B").facts
    assert facts.get("batch_items") == 20_000 and facts.get("prompt_tokens") == 8_000


@pytest.mark.parametrize("text", ["模型加上下文大概 32k tokens", "上下文增加到 32k tokens 呢"])
def test_a_context_joined_to_something_is_no_prompt(text):
    assert "prompt_tokens" not in parse_message(text).facts


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("高峰每分钟 60 个请求，每个输入 3k，思考加输出大概 3k token", 3_000, 3_000),
    ("每分鐘 30 個請求，輸入 2k，推理加回答約 6k token", 2_000, 6_000),
])
def test_reasoning_joined_to_the_answer_is_the_output(text, prompt, output):
    facts = parse_message(text).facts
    assert facts.get("prompt_tokens") == prompt and facts.get("output_tokens") == output
