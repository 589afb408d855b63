"""Conversational wording by the SLM behind a grounding guard.

Contract for callers (the engine): never raises. Returns model text only when every number and
hardware name in it appears in `grounding` (tool results / the template), the language matches
`lang`, and the text is a usable message of the asked kind; otherwise returns `template_text`
unchanged. The template is the deterministic reply, so a fallback loses only the friendlier tone.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bot.grounding import check_grounded, grounding_text, hardware_names
from bot.llm.base import LanguageModel, LLMTimeout, speaks
from bot.llm.prompts import phrasing_messages
from bot.llm.stats import stats_for

log = logging.getLogger(__name__)

Grounding = str | Mapping[str, Any] | Sequence[Any]
_MAX_TOKENS = {"question": 56, "summary": 180}


def _max_tokens(template_text: str, purpose: str) -> int:
    # A rewording needs about as many tokens as the template (~4 characters a token in English,
    # ~1 in Chinese); twice that is room enough, and a cap on what a rambling model can cost.
    per_token = 1 if re.search(r"[\u4e00-\u9fff]", template_text) else 4
    return min(_MAX_TOKENS.get(purpose, _MAX_TOKENS["summary"]), 16 + 2 * len(template_text) // per_token)


def clean_model_text(text: str) -> str:
    """Model text without the wrapping a small model tends to add (tags, quotes, a label)."""
    text = re.sub(r"</?data>", "", text).strip()
    text = re.sub(r"^(?:rewritten (?:question|summary)|question|summary)\s*:\s*", "", text, flags=re.I)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'“”「」":
        text = text[1:-1].strip()
    return text


def phrasing_problems(text: str, template_text: str, grounding: Grounding, lang: str, purpose: str) -> list[str]:
    """Why `text` may not replace `template_text` ([] = it may): the grounding guard plus shape checks."""
    problems = check_grounded(text, [template_text, grounding_text(grounding)], lang)
    if purpose == "question" and not text.rstrip().endswith(("?", "？")):
        problems.append("not a question")
    if len(text) > max(3 * len(template_text), 300):
        problems.append("much longer than the template")
    # The products the template names (the recommended hardware) must survive the rewording.
    kept = {n.lower() for n in hardware_names(text)}
    dropped = sorted({n for n in hardware_names(template_text) if n.lower() not in kept})
    if dropped:
        problems.append(f"dropped names: {', '.join(dropped)}")
    return problems


def phrase_reply(
    model: LanguageModel | None,
    template_text: str,
    grounding: Grounding,
    lang: str,
    purpose: str,
    *,
    timeout_s: float | None = None,
) -> str:
    """The model's wording of `template_text` if it passes the guard, else `template_text`.

    purpose: "question" (the next interview question) or "summary" (the recommendation summary).
    `grounding` is everything a number or name may come from: tool results (text, a mapping or a
    list); the template itself always counts as grounding.
    """
    if model is None or not template_text.strip():
        return template_text
    stats = stats_for(model.name)
    if not speaks(model, lang):
        stats.add(skipped_language=1)
        return template_text
    started = time.perf_counter()
    try:
        raw = model.complete(
            phrasing_messages(template_text, lang, purpose),
            max_tokens=_max_tokens(template_text, purpose),
            timeout_s=timeout_s,
        )
    except Exception as exc:  # noqa: BLE001 - any model failure: the template is the answer
        timed_out = isinstance(exc, LLMTimeout)
        stats.add(phrase_calls=1, fallbacks=1, errors=int(not timed_out), timeouts=int(timed_out),
                  latency_ms=(time.perf_counter() - started) * 1000)
        log.info("phrasing fell back (%s: %s)", type(exc).__name__, exc)
        return template_text
    text = clean_model_text(raw)
    problems = phrasing_problems(text, template_text, grounding, lang, purpose)
    elapsed_ms = (time.perf_counter() - started) * 1000
    if problems:
        stats.add(phrase_calls=1, guard_rejects=1, fallbacks=1, latency_ms=elapsed_ms)
        log.info("phrasing rejected by the guard: %s (model text: %r)", problems, raw[:200])
        return template_text
    stats.add(phrase_calls=1, guard_passes=1, latency_ms=elapsed_ms)
    return text


__all__ = ["clean_model_text", "phrase_reply", "phrasing_problems"]
