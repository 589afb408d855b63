"""Deterministic language understanding (English, Traditional and Simplified Chinese).

The primary path of the interview: numbers with units, Chinese numerals, model names, scale words,
corrections and follow-up intents, without a model. The SLM (bot/llm) only fills what this misses.
"""

from bot.nlu.hardware import HardwareMatcher, HardwareMention
from bot.nlu.lang import detect_language, is_chinese
from bot.nlu.normalize import normalize
from bot.nlu.parser import MAX_MESSAGE_CHARS, ModelLookup, ParseResult, parse_message
from bot.nlu.validate import Problem, check_fact, field_range

__all__ = [
    "MAX_MESSAGE_CHARS",
    "HardwareMatcher",
    "HardwareMention",
    "ModelLookup",
    "ParseResult",
    "Problem",
    "check_fact",
    "detect_language",
    "field_range",
    "is_chinese",
    "normalize",
    "parse_message",
]
