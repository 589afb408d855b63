"""Traditional Chinese folded to Simplified before reading (OpenCC), so each Chinese word is written once.

The readers match on spans, so the folded text must keep every character where it was: OpenCC's phrase
conversion is used when it keeps the length (it nearly always does), else each character is folded alone.
"""

from __future__ import annotations

from functools import cache

import opencc


@cache
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


@cache
def _char(ch: str) -> str:
    folded = _converter().convert(ch)
    return folded if len(folded) == 1 else ch


def fold(text: str) -> str:
    """`text` with Traditional characters as Simplified, every character at its own offset.

    >>> fold("要是用戶變成500個呢，每個機櫃 12kW")
    '要是用户变成500个呢，每个机柜 12kW'
    """
    if text.isascii():
        return text
    folded: str = _converter().convert(text)
    if len(folded) == len(text):
        return folded
    return "".join(_char(ch) for ch in text)


__all__ = ["fold"]
