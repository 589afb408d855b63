"""Tokens in a length said in characters ("答 300 字左右", "answers ~2,000 characters").

Leads often size text by the characters they see. A token is not a character: English runs about four
characters a token, Chinese about 0.6 token a character. These are averages over common tokenizers, so a
length converted with them is an estimate, said in the echo with the ratio.
"""

from __future__ import annotations

from typing import Literal

Script = Literal["han", "latin"]

# Tokens per character, by script, each with its source:
# - han: "1 个中文字符 ≈ 0.6 个 token" (DeepSeek API docs, Token 用量计算,
#   https://api-docs.deepseek.com/zh-cn/quick_start/token_usage, read 6 Dec 2026);
# - latin: "one token generally corresponds to ~4 characters of text for common English text" (OpenAI,
#   https://help.openai.com/en/articles/4936856, read 6 Dec 2026); DeepSeek's page gives 0.3 for English.
TOKENS_PER_CHARACTER: dict[Script, float] = {"han": 0.6, "latin": 0.25}
SOURCE_URL: dict[Script, str] = {"han": "https://api-docs.deepseek.com/zh-cn/quick_start/token_usage",
                                 "latin": "https://help.openai.com/en/articles/4936856"}


# The workload field that keeps, beside a token length, the characters it was said in (the echo shows both).
# A speed said in characters a second ("每秒出 15 个字") converts at the same ratio.
CHARACTER_FIELDS: dict[str, str] = {"prompt_tokens": "prompt_characters", "output_tokens": "output_characters",
                                   "tokens_per_s_target": "characters_per_s_target"}


def tokens_of_characters(characters: float, script: Script) -> int:
    """The tokens `characters` of text in `script` make, at the sourced ratio.

    >>> tokens_of_characters(300, "han"), tokens_of_characters(2000, "latin")
    (180, 500)
    """
    return max(1, round(characters * TOKENS_PER_CHARACTER[script]))


__all__ = ["CHARACTER_FIELDS", "SOURCE_URL", "TOKENS_PER_CHARACTER", "Script", "tokens_of_characters"]
