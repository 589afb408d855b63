"""Block Kit renderers: content from the recommendation, and Slack's limits held on any input."""

from __future__ import annotations

import pytest
from slack_sdk.models.blocks import Block

from bot.reply import Reply
from bot.slack.blocks import (
    BLOCKS_MAX,
    FOLLOWUP_ACTION_PREFIX,
    cap_blocks,
    feedback_buttons,
    followup_buttons,
    interview_blocks,
    recommendation_blocks,
    reply_blocks,
    text_sections,
)
from estimator.said import said
from tests.support.slack_fixtures import SLOTS, option, recommendation_reply, risk

pytestmark = pytest.mark.slack


def assert_within_limits(blocks: list[dict]) -> None:
    """Slack's documented limits, checked directly and by slack_sdk's own validators."""
    assert 0 < len(blocks) <= 50
    for block in blocks:
        Block.parse(block).validate_json()  # raises SlackObjectFormationError past a limit
        if block["type"] == "header":
            assert len(block["text"]["text"]) <= 150
        if block["type"] == "section":
            assert len(block.get("fields", [])) <= 10
            assert len(block.get("text", {}).get("text", "")) <= 3000
        if block["type"] == "context":
            assert len(block["elements"]) <= 10
        if block["type"] == "table":  # https://docs.slack.dev/reference/block-kit/blocks/table-block
            assert 0 < len(block["rows"]) <= 100 and all(0 < len(row) <= 20 for row in block["rows"])
            assert all(cell["type"] == "raw_text" and cell["text"] for row in block["rows"] for cell in row)
            assert len(block.get("column_settings", [])) <= 20
            assert all(s.get("align", "left") in ("left", "center", "right") for s in block.get("column_settings", []))
    assert sum(b["type"] == "table" for b in blocks) <= 1


def all_text(blocks: list[dict]) -> str:
    parts = []
    for block in blocks:
        if "text" in block:
            parts.append(block["text"]["text"])
        parts += [f["text"] for f in block.get("fields", [])]
        parts += [e.get("text", "") if isinstance(e.get("text"), str) else e["text"]["text"]
                  for e in block.get("elements", []) if "text" in e]
        parts += [" | ".join(cell["text"] for cell in row) for row in block.get("rows", [])]
    return "\n".join(parts)


def follow_ups(blocks: list[dict]) -> dict:
    """The follow-up buttons: the card's last `actions` block (the feedback buttons come after it)."""
    return [b for b in blocks if b["type"] == "actions"][-1]


def test_header_names_primary_option_and_fields_carry_its_numbers() -> None:
    blocks = recommendation_blocks(recommendation_reply())
    assert_within_limits(blocks)
    assert blocks[0] == {"type": "header", "text": {"type": "plain_text", "emoji": True,
                                                     "text": "Recommendation: 2× NVIDIA L40S (vLLM)"}}
    fields = next(b for b in blocks if "fields" in b)["fields"]
    text = "\n".join(f["text"] for f in fields)
    for expected in ("35.2", "420 ms", "$26,000", "$31,500", "$0.85", "700 W"):
        assert expected in text


def test_comparison_lists_every_option_and_risks_are_ordered_by_severity() -> None:
    text = all_text(recommendation_blocks(recommendation_reply()))
    assert "2× NVIDIA L40S (vLLM)" in text and "4× NVIDIA GeForce RTX 4090 (vLLM)" in text
    assert text.index("`tail_latency`") < text.index("`supply`")  # high before low
    assert "12 h/day at 70 % utilization" in text
    assert "28.0–41.0 tok/s per user" in text  # confidence range in the context line
    assert "rows 12, 15" in text


def test_the_options_compared_are_a_table_with_one_row_per_option() -> None:
    """A table reads better than one long line per option: a header row, then each option's deciding numbers
    in the same columns as the card's fields (primary first, starred)."""
    reply = recommendation_reply()
    blocks = recommendation_blocks(reply)
    assert_within_limits(blocks)
    [table] = [b for b in blocks if b["type"] == "table"]
    rows = [[cell["text"] for cell in row] for row in table["rows"]]
    assert rows[0][:3] == ["Options compared", "Tokens/s per user (peak)", "Time to first token"]
    assert len(rows) == 1 + 1 + len(reply.recommendation.alternatives)
    assert rows[1][0] == "★ 2× NVIDIA L40S (vLLM)" and rows[2][0] == "4× NVIDIA GeForce RTX 4090 (vLLM)"
    primary = reply.recommendation.primary
    assert rows[1][1] == f"{primary.estimate.decode_tokens_per_s_per_user:,.1f}" and rows[1][3].startswith("$26,000")
    assert {len(row) for row in rows} == {len(rows[0])}


def test_the_table_speaks_the_conversations_language() -> None:
    reply = recommendation_reply()
    reply.lang = "zh-Hant"
    [table] = [b for b in recommendation_blocks(reply) if b["type"] == "table"]
    assert table["rows"][0][0]["text"] == "方案比較"


def test_followup_buttons_become_concrete_questions() -> None:
    actions = follow_ups(recommendation_blocks(recommendation_reply()))
    assert actions["type"] == "actions"
    labels = [e["text"]["text"] for e in actions["elements"]]
    assert labels == ["What if 2× users", "Compare options", "Show assumptions", "Why not an NPU?", "Report"]
    assert all(e["action_id"].startswith(FOLLOWUP_ACTION_PREFIX) for e in actions["elements"])
    assert actions["elements"][0]["value"] == "What if we have 400 concurrent users?"  # 2 × 200
    assert actions["elements"][1]["value"] == "Compare with 4× NVIDIA GeForce RTX 4090"  # named: the engine needs names


def test_engine_suggestions_add_buttons_without_repeating_the_fixed_ones() -> None:
    reply = recommendation_reply(alternatives=[])
    reply.suggestions = ["What if 400 concurrent users?", "Explain the cost", "What are the risks?", "Why not an NPU?"]
    labels = [e["text"]["text"] for e in follow_ups(recommendation_blocks(reply))["elements"]]
    assert labels == ["What if 2× users", "Show assumptions", "Why not an NPU?", "Report", "Explain the cost",
                      "What are the risks?"]


def test_engine_text_is_escaped_for_mrkdwn() -> None:
    blocks = interview_blocks(Reply(text="p95 < 300 ms & TTFT > 0"))
    assert blocks[0]["text"]["text"] == "p95 &lt; 300 ms &amp; TTFT &gt; 0"


def test_card_echoes_what_was_understood() -> None:
    blocks = recommendation_blocks(recommendation_reply())
    echo = blocks[1]
    assert echo["type"] == "context"
    text = echo["elements"][0]["text"]
    assert text.startswith("Understood: ") and "7B" in text and "200" in text and "Q4_K_M" in text


def test_huge_recommendation_stays_within_every_limit() -> None:
    long_name = "Accelerator " * 40
    reply = recommendation_reply(
        primary=option(name=long_name),
        alternatives=[option(f"dev-{i}", name=long_name) for i in range(30)],
        risks=[risk(why="x" * 900) for _ in range(60)],
        assumptions=[f"assumption {i} " + "y" * 300 for i in range(80)],
        rationale="r" * 5000,
    )
    reply.changes = [f"change {i} " + "z" * 200 for i in range(40)]
    blocks = recommendation_blocks(reply)
    assert_within_limits(blocks)
    assert blocks[0]["text"]["text"].endswith("…")
    assert "more_" in all_text(blocks)  # truncated lists say so
    assert [b["type"] for b in blocks[-2:]] == ["actions", "context_actions"]  # both kinds of buttons survive


def test_no_feasible_option_says_what_to_relax() -> None:
    reply = recommendation_reply(primary=None, alternatives=[], relax=["Raise the budget to $40,000"])
    reply.text = "Nothing fits a $5,000 budget."
    blocks = recommendation_blocks(reply)
    assert_within_limits(blocks)
    assert blocks[0]["text"]["text"] == "No option meets the constraints"
    assert "Raise the budget to $40,000" in all_text(blocks)


def test_interview_question_is_a_plain_section() -> None:
    reply = Reply(text="How many people will use it at the same time?", slots={"model_params_b": 7.0})
    assert interview_blocks(reply) == [
        {"type": "section", "text": {"type": "mrkdwn", "text": "How many people will use it at the same time?"}}
    ]


def test_interview_suggestions_become_buttons() -> None:
    reply = Reply(text="Which quantization?", suggestions=["Q4_K_M is fine", "Q8_0"])
    blocks = interview_blocks(reply)
    assert_within_limits(blocks)
    assert [e["value"] for e in blocks[-1]["elements"]] == ["Q4_K_M is fine", "Q8_0"]


def test_long_text_is_split_without_losing_any_of_it() -> None:
    text = "\n".join(f"line {i} " + "w" * 90 for i in range(200)) + "\n" + "v" * 7000
    sections = text_sections(text)
    assert all(len(s["text"]["text"]) <= 3000 for s in sections)
    assert "".join(s["text"]["text"] for s in sections).replace("\n", "") == text.replace("\n", "")


def test_a_code_block_cut_between_sections_is_closed_and_reopened() -> None:
    # A manifest longer than one section: every section must render its part as code.
    yaml_lines = [f"  - --flag-{i}" + " x" * 20 for i in range(150)]
    text = "Here is the manifest:\n```\n" + "\n".join(yaml_lines) + "\n```\nAfter the block."
    sections = [s["text"]["text"] for s in text_sections(text)]
    assert len(sections) >= 2 and all(len(s) <= 3000 for s in sections)
    for body in sections:
        fences = [line for line in body.splitlines() if line.startswith("```")]
        assert len(fences) % 2 == 0, body[-80:]
    # Nothing lost or reordered: the added fences aside, the lines are the text's.
    kept = [line for body in sections for line in body.splitlines()]
    assert [line for line in kept if line != "```"] == [line for line in text.splitlines() if line != "```"]
    assert sections[-1].endswith("After the block.")


def test_repeated_recommendation_shows_text_and_buttons_only() -> None:
    reply = recommendation_reply()
    reply.text = "Assumptions: 12 h/day, 70 % utilization."
    blocks = reply_blocks(reply, show_recommendation=False)
    assert_within_limits(blocks)
    assert [b["type"] for b in blocks] == ["section", "actions"]
    full = reply_blocks(reply, show_recommendation=True)
    assert_within_limits(full)
    assert any(b["type"] == "header" for b in full)


def test_what_if_without_known_users_still_asks_a_question() -> None:
    reply = recommendation_reply()
    reply.slots = {k: v for k, v in SLOTS.items() if k != "concurrent_users"}
    assert follow_ups(recommendation_blocks(reply))["elements"][0]["value"] == "What if we have twice as many users?"


def test_cap_keeps_the_buttons_when_cutting() -> None:
    reply = recommendation_reply()
    reply.text = "\n".join("p" * 2990 for _ in range(80))
    blocks = reply_blocks(reply, show_recommendation=False)
    assert len(blocks) == BLOCKS_MAX
    assert blocks[-1]["type"] == "actions"


def test_cap_keeps_the_follow_up_and_feedback_buttons_when_cutting_a_card() -> None:
    buttons = [followup_buttons(recommendation_reply()), feedback_buttons("en")]
    blocks = cap_blocks([{"type": "section", "text": {"type": "mrkdwn", "text": f"s{i}"}} for i in range(60)] + buttons)
    assert len(blocks) == BLOCKS_MAX
    assert blocks[-2:] == buttons
    assert blocks[-3]["type"] == "context"  # "…shortened" says the cut


def test_card_speaks_the_conversations_language() -> None:
    reply = recommendation_reply()
    reply.lang = "zh-Hant"
    blocks = recommendation_blocks(reply)
    assert_within_limits(blocks)
    assert blocks[0]["text"]["text"] == "推薦方案：2× NVIDIA L40S (vLLM)"
    text = all_text(blocks)
    assert "三年總成本" in text and "風險" in text and "我理解的是：" in text
    values = [e["value"] for e in follow_ups(blocks)["elements"]]
    assert values[0] == "如果並發用戶增加到 400 人呢？"
    assert "Tokens/s per user" not in text


def test_an_option_past_the_budget_is_said_to_meet_the_targets_not_to_miss_them() -> None:
    # Past a limit is not a missed target. The comparison says which (Option.verdict).
    over = option(capex=514_400.0, meets_slo=False).model_copy(
        update={"violations": [said("violation.budget", capex=514_400, budget=100_000)]})
    slow = option("nvidia-rtx-4090", name="NVIDIA GeForce RTX 4090", count=4, meets_slo=False).model_copy(
        update={"violations": [said("violation.slo", speed=12.0, ttft=900, users=200, target=30, bar=1000)]})
    text = all_text(recommendation_blocks(recommendation_reply(primary=over, alternatives=[slow])))
    assert "meets SLO, past your limits" in text
    assert "misses SLO" in text  # the 4090 misses a target


def test_card_names_the_devices_it_understood_as_the_catalog_names_them() -> None:
    # "We have six L40S" is echoed as the user would say it, not as the store's id.
    reply = recommendation_reply().model_copy(update={
        "slots": {**SLOTS, "owned_devices": [{"hardware_id": "nvidia-l40s", "count": 6}]},
        "device_names": {"nvidia-l40s": "NVIDIA L40S"}})
    echo = recommendation_blocks(reply)[1]["elements"][0]["text"]
    assert "6× NVIDIA L40S" in echo and "nvidia-l40s" not in echo
