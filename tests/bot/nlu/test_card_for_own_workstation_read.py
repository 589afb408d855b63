"""A desktop or workstation the user owns, said as where a bought card goes, is read as `workstation_host`.

Not `gpu_workstations` (an owned GPU, which would make the card free): the card is bought, only its host is not
(seed 1: "如果他們有帶 GPU 的桌機").
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "我自己的工作站想插一張卡跑 Gemma 3 27B",
    "which gpu should I add to my desktop pc to run llama 3.1 8b locally?",
    "想给我自己的台式机加一张显卡，跑 Qwen3-14B",
])
def test_the_workstation_is_read_as_a_host_not_as_an_owned_gpu(text: str) -> None:
    assert parse_message(text).facts.get("existing_hardware") == ["workstation_host"]


def test_a_workstation_named_without_a_card_bought_is_not_read() -> None:
    assert "existing_hardware" not in parse_message("we need a workstation for 5 people on a 14b model").facts
