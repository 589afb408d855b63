"""Lengths said in characters ("答 300 字左右", "回答大概 500 字", "~2,000 characters", "2 万字"): the tokens they
make at the script's sourced ratio (estimator/physics/text_tokens.py), with the characters kept as said so the echo can
show the conversion. Shared by the length patterns of `facts` and the per-item lengths of `batch`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu.spans import Fact, _int, number_value
from estimator.physics.text_tokens import CHARACTER_FIELDS, Script, tokens_of_characters

# The unit right after a length's number; never a rate ("20 字/秒", "chars per second").
CHARACTER_UNIT = (r"\s*(?:多|来|左右|上下)?\s*(?:个|個)?\s*(?P<cunit>汉字|漢字|中文字|字|characters?|chars?)(?![a-z])"
                  r"(?!\s*(?:/|每|per\b|a\s+sec))")
_CHARACTERS_AFTER = re.compile(CHARACTER_UNIT)
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _unit(text: str, m: re.Match[str]) -> re.Match[str] | None:
    """The character unit after the match's number (and its multiplier: "2 万字")."""
    return _CHARACTERS_AFTER.match(text, m.end("mult") if m.group("mult") else m.end("num"))


def said_in_characters(text: str, m: re.Match[str]) -> bool:
    return _unit(text, m) is not None


def length_facts(text: str, slot: str, m: re.Match[str]) -> Iterator[Fact]:
    """One length read: in tokens as said, or converted from characters with the characters and script beside it.
    字 is a Chinese character; "characters" in a Chinese message are Chinese characters too."""
    unit = _unit(text, m) if slot in CHARACTER_FIELDS else None
    if unit is None:
        yield Fact(slot, _int(number_value(m)), m.start(), m.end(), keyed=True)
        return
    script: Script = "han" if "字" in unit.group("cunit") or _HAN.search(text) else "latin"
    characters = number_value(m)
    yield Fact(slot, tokens_of_characters(characters, script), m.start(), m.end(), keyed=True)
    yield Fact(CHARACTER_FIELDS[slot], _int(characters), m.start(), m.end(), keyed=True)
    yield Fact("characters_script", script, m.start(), m.end(), keyed=True)


_CHARACTER_RATE_UNIT = re.compile(r"字|char")


def speed_facts(text: str, m: re.Match[str]) -> Iterator[Fact]:
    """One speed read: in tokens a second as said, or from characters a second ("每秒出 15 个字", "80 chars/s") at the
    script's sourced ratio, the characters kept beside it for the echo."""
    unit = text[m.end("num"):m.end()]
    if not _CHARACTER_RATE_UNIT.search(unit):
        yield Fact("tokens_per_s_target", number_value(m), m.start(), m.end(), keyed=True)
        return
    script: Script = "han" if "字" in unit or _HAN.search(text) else "latin"
    characters = number_value(m)
    yield Fact("tokens_per_s_target", tokens_of_characters(characters, script), m.start(), m.end(), keyed=True)
    yield Fact(CHARACTER_FIELDS["tokens_per_s_target"], _int(characters), m.start(), m.end(), keyed=True)
    yield Fact("characters_script", script, m.start(), m.end(), keyed=True)


__all__ = ["CHARACTER_UNIT", "length_facts", "said_in_characters", "speed_facts"]
