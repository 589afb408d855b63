"""The device aliases are matched by one pattern grouped by first character (`hardware._alias_pattern`); it must
find what the plain alternation of the aliases, longest first, finds: the same spans and the same alias at each.

Why it can: at one place in the text only aliases starting with that place's character can match, and inside a
group the aliases keep their order, so the first alias that matches is the same one."""

from __future__ import annotations

import re

import pytest

from bot.nlu.hardware import HardwareMatcher
from bot.nlu.normalize import normalize
from knowledge.testing import memory_catalog

MESSAGES = [
    "two a100 80gb pcie and an h100 sxm, or 8x h200?",
    "4090 vs l40s vs rtx 4090d",
    "we have 2x rtx-4090s and a mac studio m2 ultra",
    "昇腾910b 8卡, 或者 h20 八卡服务器",
    "jetson agx orin 64gb at 30w, or a jetson orin nano",
    "mi300x or gaudi 3? maybe an instinct mi325x",
    "xeon 6980p (xeon 6) or epyc 9654; ryzen ai max+ 395",
    "rtx pro 6000 blackwell max-q vs rtx 6000 ada generation",
    "prompts 6000 tokens, 4090s x2, a100s",
    "dgx spark, dgx b200, hgx h100 node (8x h100)",
]


def _listed_pattern(aliases: list[str]) -> re.Pattern[str]:
    """The plain alternation: every alias with its own word-start check, longest first."""
    ordered = sorted(aliases, key=len, reverse=True)
    return re.compile("|".join(r"(?:(?<![a-z0-9])|(?<=\dx))" + r"[\s-]*".join(map(re.escape, a.split()))
                               + r"(?:s\b)?(?![a-z0-9])" for a in ordered))


@pytest.fixture(scope="module")
def matcher() -> HardwareMatcher:
    return HardwareMatcher(memory_catalog().hardware)


@pytest.mark.parametrize("message", MESSAGES)
def test_grouped_pattern_finds_the_listed_aliases(matcher, message):
    text = normalize(message)
    listed = _listed_pattern(list(matcher._index))
    assert matcher._pattern is not None
    grouped = [(m.span(), m.group(0)) for m in matcher._pattern.finditer(text)]
    assert grouped == [(m.span(), m.group(0)) for m in listed.finditer(text)]
    assert grouped, text  # each message names a device


def test_every_alias_is_found_alone_as_itself(matcher):
    """Each alias, said alone, is matched whole (its own, or a longer alias listed before it that it spells)."""
    assert matcher._pattern is not None
    listed = _listed_pattern(list(matcher._index))
    for alias in matcher._index:
        text = f"a {alias} box"
        found = matcher._pattern.search(text)
        assert found is not None and found.span() == (2, 2 + len(alias)), alias
        assert found.span() == listed.search(text).span(), alias
