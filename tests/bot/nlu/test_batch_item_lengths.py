"""Per-item lengths given as an average beside the items ("20k PDFs (avg 10k tokens)", "2 萬份 PDF（平均 1 萬
token）") and items named by a Latin noun after a Chinese measure word are read as the job's prompt length
and item count; an average next to an output word stays the output's. Cases: tests/bot/nlu/data/batch_item_lengths.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.nlu import parse_message

CASES = yaml.safe_load((Path(__file__).parent / "data" / "batch_item_lengths.yaml").read_text(encoding="utf-8"))


def _read(text: str) -> dict[str, object]:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize("case", CASES["dev"], ids=lambda case: case["text"][:40])
def test_dev_messages_read_every_expected_fact(case):
    facts = _read(case["text"])
    assert {slot: facts.get(slot) for slot in case["facts"]} == case["facts"]


def test_held_out_messages_read_at_least_nine_in_ten_facts():
    expected = [(slot, value, _read(case["text"]).get(slot)) for case in CASES["held_out"]
                for slot, value in case["facts"].items()]
    right = sum(1 for _, value, got in expected if got == value)
    assert right >= 0.9 * len(expected), [row for row in expected if row[2] != row[1]]


def test_an_average_beside_an_output_word_stays_the_outputs():
    facts = _read("nightly batch of 10k documents, 3000 tokens each, average output 200 tokens")
    assert facts.get("prompt_tokens") == 3000 and facts.get("output_tokens") == 200
