"""Workload-fact extraction by the SLM, for what the deterministic parser could not read.

Contract for callers (the engine): never raises; returns only facts that validate against
`Workload`, are in range, and are grounded in the user's own words. {} when nothing is found or the
model fails.

Steps: a flattened JSON schema of the wanted fields constrains decoding; the answer is parsed and
validated into `Workload` (ranges included); on a validation failure the model is asked once more
with the error (instructor's re-ask); each surviving value must then be supported by the user's text
(`bot.llm.evidence`). The user's text is data inside the prompt, and the only thing it can change is
these facts, each of which must pass the checks above.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence

from pydantic import ValidationError

from bot.errors import LLMError
from bot.llm.base import LanguageModel, LLMTimeout, Message
from bot.llm.evidence import could_be_supported, one_field_per_number, value_supported
from bot.llm.prompts import extraction_messages, retry_messages
from bot.llm.schema import (
    EXTRACTABLE_FIELDS,
    INTERVIEW_FIELDS,
    NUMERIC_FIELDS,
    TCO_ASSUMPTION_FIELDS,
    empty_value,
    flat_workload_schema,
)
from bot.llm.stats import stats_for
from bot.reply import SlotValues
from estimator.workload import Workload

log = logging.getLogger(__name__)

# Greedy JSON for one field is about a dozen tokens ("model_params_b": null, …).
_TOKENS_PER_FIELD = 14
# A reading covers at most this many fields (the pending question's first): every field costs ~10
# output tokens, and the bundled 135M model asked for six numbers invented two. The engine asks for
# fewer (`bot.nodes.READING_MAX_FIELDS`): on a loaded 2-core machine 4 fields took 3.2 s, 1 field 0.9 s.
MAX_DEFAULT_FIELDS = 4


def _describe(exc: Exception) -> str:
    """A short, model-readable account of why an answer was rejected."""
    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'answer'}: {e['msg']}" for e in exc.errors())
    return str(exc)


def parse_facts(answer: str, fields: Sequence[str]) -> SlotValues:
    """The stated facts in a model answer, validated by `Workload` (types and ranges).

    Raises ValueError (bad JSON, unknown field) or ValidationError (wrong type, out of range).
    """
    data = json.loads(answer)
    if not isinstance(data, dict):
        raise ValueError("the answer must be a JSON object")
    unexpected = sorted(set(data) - set(fields))
    if unexpected:
        raise ValueError(f"unexpected fields: {', '.join(unexpected)}")
    schema = flat_workload_schema(fields)["properties"]
    stated = {k: v for k, v in data.items() if v != empty_value(schema[k]) and v is not None}
    # A small model may list an item twice (["cpu_servers", "cpu_servers"]): keep each once.
    stated = {k: list(dict.fromkeys(v)) if isinstance(v, list) else v for k, v in stated.items()}
    workload = Workload.model_validate(stated)
    return {name: value for name, value in workload.model_dump(mode="json").items() if name in stated}


def _ask(model: LanguageModel, messages: list[Message], fields: Sequence[str], timeout_s: float | None) -> SlotValues:
    """Validated facts after at most one re-ask; `LLMError` (with the attempts) otherwise."""
    schema = flat_workload_schema(fields)
    max_tokens = 16 + sum(_TOKENS_PER_FIELD * (4 if "maxItems" in schema["properties"][f] else 1) for f in fields)
    # `timeout_s` bounds the whole extraction, re-ask included: the turn must not wait twice as long.
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    attempts: list[str] = []
    for _ in range(2):
        remaining = None if deadline is None else deadline - time.monotonic()
        if remaining is not None and remaining <= 0:
            raise LLMTimeout(f"{model.name}: no time left for a re-ask", attempts=attempts)
        answer = model.complete(messages, json_schema=schema, max_tokens=max_tokens, timeout_s=remaining)
        attempts.append(answer)
        try:
            return parse_facts(answer, fields)
        except (ValueError, ValidationError) as exc:
            messages = retry_messages(messages, answer, _describe(exc))
    raise LLMError("the model's extraction stayed invalid after a re-ask", attempts=attempts)


def ground_facts(facts: SlotValues, text: str, known_slots: SlotValues, *, used: Sequence[float] = (),
                 answering: str | None = None) -> SlotValues:
    """The facts that the user's `text` supports and that agree with each other and the known slots.

    A number supports a fact only if the parser did not already read it (`used`), the value is
    plausible for the field, and one of the field's words stands next to it; the answer to the
    question just asked (`answering`) needs no such word ("maybe 40, the rest are remote").
    """
    supported = {field: value for field, value in facts.items()
                 if value_supported(field, value, text, used=used, need_cue=field != answering)}
    kept = one_field_per_number(supported, text, INTERVIEW_FIELDS + TCO_ASSUMPTION_FIELDS)
    users = {**known_slots, **kept}
    concurrent, total = kept.get("concurrent_users"), users.get("total_users")
    if isinstance(concurrent, int | float) and isinstance(total, int | float) and total and concurrent > total:
        del kept["concurrent_users"]  # more people at once than there are users: a misreading
    return kept


# One question covers both request lengths (bot.interview): its answer may state either.
_ANSWER_FIELDS = {"prompt_tokens": ("prompt_tokens", "output_tokens")}


def fields_to_read(text: str, known_slots: SlotValues, parsed: SlotValues, answering: str | None, *,
                   max_fields: int = MAX_DEFAULT_FIELDS) -> list[str]:
    """The fields worth asking a model about in `text`, the pending question's first.

    Not the fields the parser read (`parsed`) or already known; in a message the parser partly read,
    numeric fields only; a numeric field only when one of its words stands next to a number the parser
    left unread (a number no word claims is left alone: a
    small model guesses its field), an answer to the pending question when any unread number is
    left. At most `max_fields`.
    """
    used = [float(v) for v in parsed.values() if isinstance(v, int | float) and not isinstance(v, bool)]
    missing = [f for f in INTERVIEW_FIELDS if known_slots.get(f) is None and f not in parsed]
    answers = [f for f in _ANSWER_FIELDS.get(answering or "", (answering,))
               if f in EXTRACTABLE_FIELDS and f not in parsed and could_be_supported(f, text, used=used)]
    # In a message the parser partly read, only numbers are left to place: a category's keyword there
    # is usually another sense of the word ("batch size 1", "300 users at peak", "offline kiosk").
    others = [f for f in missing if f not in answers and (not parsed or f in NUMERIC_FIELDS)]
    wanted = answers + [f for f in others if could_be_supported(f, text, need_cue=True, used=used)]
    return wanted[:max_fields]


def extract_workload_facts(
    model: LanguageModel,
    text: str,
    known_slots: SlotValues,
    lang: str,
    *,
    fields: Sequence[str] | None = None,
    timeout_s: float | None = None,
    parsed: SlotValues | None = None,
    answering: str | None = None,
    max_fields: int = MAX_DEFAULT_FIELDS,
) -> SlotValues:
    """Workload facts (DESIGN.md field names) that the model read in `text` and the text supports.

    The narrow reading job: the answer to the question just asked (`answering`, the pending slot),
    and facts the parser could not place in a message it only partly read (`parsed`: what it did
    read; its numbers support nothing else). `fields` overrides the choice (`fields_to_read`); one
    field alone is taken as the pending question's.
    Output is a schema-constrained JSON object, so a model that cannot write a language can still
    read it (it cannot ramble, only fill numbers and enums); every value is then grounded.
    `timeout_s` bounds the whole call, re-ask included.
    """
    parsed = parsed or {}
    if answering is None and fields is not None and len(fields) == 1:
        answering = fields[0]  # fields=[pending_slot]: the answer to the question just asked
    used = [float(v) for v in parsed.values() if isinstance(v, int | float) and not isinstance(v, bool)]
    if fields is None:
        wanted = fields_to_read(text, known_slots, parsed, answering, max_fields=max_fields)
    else:
        wanted = [f for f in fields if f in EXTRACTABLE_FIELDS and could_be_supported(f, text, used=used)]
    if model is None or not text.strip() or not wanted:
        return {}
    stats = stats_for(model.name)
    started = time.perf_counter()
    try:
        facts = _ask(model, extraction_messages(text, wanted), wanted, timeout_s)
    except Exception as exc:  # noqa: BLE001 - any model failure means "the model read nothing"; the parser's facts stand
        elapsed_ms = (time.perf_counter() - started) * 1000
        timed_out = isinstance(exc, LLMTimeout)
        stats.add(extract_calls=1, fallbacks=1, errors=int(not timed_out), timeouts=int(timed_out), latency_ms=elapsed_ms)
        log.info("extraction fell back (%s: %s)", type(exc).__name__, exc)
        return {}
    kept = ground_facts(facts, text, known_slots, used=used, answering=answering)
    dropped = sorted(set(facts) - set(kept))
    if dropped:
        log.info("extraction dropped ungrounded facts: %s", {k: facts[k] for k in dropped})
    stats.add(
        extract_calls=1,
        extract_facts_kept=len(kept),
        extract_facts_dropped=len(dropped),
        latency_ms=(time.perf_counter() - started) * 1000,
    )
    return kept


__all__ = ["MAX_DEFAULT_FIELDS", "extract_workload_facts", "fields_to_read", "ground_facts", "parse_facts"]
