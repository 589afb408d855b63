"""Tokens in a length said in the units people read text in: characters ("答 300 字左右", "~2,000 characters"),
words ("answers ~600 words"), pages ("10-page contracts", "一页 A4") and lines of code ("2,000-line files").

Leads size text by what they see. A token is none of these: English runs about four characters or three quarters of
a word a token, Chinese about 0.6 token a character. These are averages over common tokenizers and typesetting, so a
length converted with them is an estimate, said in the echo with the ratio.
"""

from __future__ import annotations

from typing import Literal

# The units a length is said in: characters of a script, English words, pages (of English or of Chinese text) and
# lines of code.
TextUnit = Literal["han", "latin", "word", "page", "zh_page", "code_line", "sentence"]
Script = Literal["han", "latin"]  # the units that are characters

# Words on a single-spaced page (12 pt, 1-inch margins): "Single-spaced: about 500 words per page" (utiltools.net,
# https://www.utiltools.net/blog/how-many-words-per-page/, read 6 Dec 2026; the publishing rule of thumb).
WORDS_PER_PAGE = 500
# Chinese characters on an A4 page of running text: "一页A4文档的中文字数通常在500至700字之间" (w.hanyi.net,
# http://w.hanyi.net/a63656, read 6 Dec 2026): its middle. A full page of 小四 without paragraphs holds more (~1,500).
HAN_PER_PAGE = 600
_TOKENS_PER_WORD = 100 / 75  # "100 tokens ~= 75 words" (OpenAI, the page below)
_TOKENS_PER_HAN = 0.6
# Words in a sentence of modern written English: 17.6 on average (Ellegård's count over the Brown corpus of 20th-century
# American English, 1978, quoted in W. H. DuBay, The Principles of Readability, 2004,
# https://files.eric.ed.gov/fulltext/ED490073.pdf). A one-line answer ("a one-line gist", "一句话总结") is one such
# sentence; no Chinese count was found, so a Chinese one-liner is taken at the same tokens (the same content).
WORDS_PER_SENTENCE = 17.6

# Tokens per unit, each with its source:
# - han: "1 个中文字符 ≈ 0.6 个 token" (DeepSeek API docs, Token 用量计算,
#   https://api-docs.deepseek.com/zh-cn/quick_start/token_usage, read 6 Dec 2026);
# - latin: "one token generally corresponds to ~4 characters of text for common English text" (OpenAI,
#   https://help.openai.com/en/articles/4936856, read 6 Dec 2026); DeepSeek's page gives 0.3 for English;
# - word: "~¾ of a word (so 100 tokens ~= 75 words)" (the same OpenAI page): 1.33 tokens a word;
# - page: WORDS_PER_PAGE words at the word's ratio (~667); zh_page: HAN_PER_PAGE characters at han's (360);
# - sentence: WORDS_PER_SENTENCE words at the word's ratio (23);
# - code_line: "100 lines of code translate to about 1,000 tokens" (16x Prompt, Code to Tokens Conversion,
#   https://prompt.16x.engineer/blog/code-to-tokens-conversion, read 6 Dec 2026; Python ~10, JavaScript ~7, SQL ~11.5).
TOKENS_PER_UNIT: dict[TextUnit, float] = {
    "han": _TOKENS_PER_HAN, "latin": 0.25, "word": _TOKENS_PER_WORD, "page": WORDS_PER_PAGE * _TOKENS_PER_WORD,
    "zh_page": HAN_PER_PAGE * _TOKENS_PER_HAN, "code_line": 10.0, "sentence": WORDS_PER_SENTENCE * _TOKENS_PER_WORD,
}
SOURCE_URL: dict[TextUnit, str] = {
    "han": "https://api-docs.deepseek.com/zh-cn/quick_start/token_usage",
    "latin": "https://help.openai.com/en/articles/4936856",
    "word": "https://help.openai.com/en/articles/4936856",
    "page": "https://www.utiltools.net/blog/how-many-words-per-page/",
    "zh_page": "http://w.hanyi.net/a63656",
    "code_line": "https://prompt.16x.engineer/blog/code-to-tokens-conversion",
    "sentence": "https://files.eric.ed.gov/fulltext/ED490073.pdf",
}
# Kept for the readers of characters alone.
TOKENS_PER_CHARACTER: dict[Script, float] = {"han": TOKENS_PER_UNIT["han"], "latin": TOKENS_PER_UNIT["latin"]}

# The workload fields that keep, beside a token length, the amount and the unit it was said in (the echo shows both).
# A speed said in characters a second ("每秒出 15 个字", "80 chars/s") converts at the same ratio.
LENGTH_SAID_FIELDS: dict[str, tuple[str, str]] = {"prompt_tokens": ("prompt_length_said", "prompt_length_unit"),
                                                   "output_tokens": ("output_length_said", "output_length_unit"),
                                                   "tokens_per_s_target": ("speed_said", "speed_unit")}


def tokens_of_length(amount: float, unit: TextUnit) -> int:
    """The tokens `amount` of text in `unit` make, at the sourced ratio.

    >>> tokens_of_length(600, "word"), tokens_of_length(10, "page"), tokens_of_length(2000, "code_line")
    (800, 6667, 20000)
    >>> tokens_of_length(1, "zh_page"), tokens_of_length(0.5, "zh_page"), tokens_of_length(1, "sentence")
    (360, 180, 23)
    """
    return max(1, round(amount * TOKENS_PER_UNIT[unit]))


def tokens_of_characters(characters: float, script: Script) -> int:
    """The tokens `characters` of text in `script` make, at the sourced ratio.

    >>> tokens_of_characters(300, "han"), tokens_of_characters(2000, "latin")
    (180, 500)
    """
    return tokens_of_length(characters, script)


__all__ = ["HAN_PER_PAGE", "LENGTH_SAID_FIELDS", "SOURCE_URL", "TOKENS_PER_CHARACTER", "TOKENS_PER_UNIT",
           "WORDS_PER_PAGE", "WORDS_PER_SENTENCE", "Script", "TextUnit", "tokens_of_characters", "tokens_of_length"]
