"""`parse_message`: one user message → facts, problems, intent, hardware mentions and language.

The deterministic language understanding the conversation relies on (the SLM only fills gaps). It
combines the extractors' readings: a keyword-backed reading beats a bare one; of several different
readings, a correction ("no, 500 users", "不对，是500人") keeps the last, otherwise the slot is
reported as a conflict to ask about. A bare answer ("500", "1 s", "no idea") is read as the answer to
the pending question.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.nlu.batch import in_out_multiple_spans
from bot.nlu.currency import NON_USD_CURRENCY, USD_WORDS, budget_currency
from bot.nlu.devices import MAX_COUNT as MAX_DEVICES
from bot.nlu.devices import DeviceReading, owned_chassis, read_devices
from bot.nlu.facts import Fact, extract_facts, number_value
from bot.nlu.hardware import HardwareMatcher, HardwareMention, without_mentions
from bot.nlu.intents import detect_intents
from bot.nlu.lang import detect_language
from bot.nlu.lexicon import (
    CHOICE_BETWEEN,
    CORRECTION,
    DEVICE_EACH,
    DEVICE_SPEC,
    DEVICE_WORDS,
    LAPTOP_EACH,
    MIGRATION_TARGET,
    MODEL_VERSION,
    MORE_DEVICES,
    MORE_MODELS,
    MORE_USERS,
    NUM,
    OVERNIGHT,
    OVERNIGHT_WINDOW_HOURS,
    OWNED_FALLS_SHORT,
    VAGUE_COUNT,
    VAGUE_COUNTS,
    models_added,
)
from bot.nlu.load import LOAD_ADDED, PRESENT
from bot.nlu.model_choice import (
    MODEL_OPTION,
    ModelSide,
    each_model_load,
    read_beside_draft,
    read_fallback,
    read_model_choice,
    read_models_together,
    said_of,
)
from bot.nlu.models import apply_model_readings, name_spans, unknown_model_name
from bot.nlu.normalize import normalize
from bot.nlu.relative import SCALED, relative_changes
from bot.nlu.served_models import (
    ModelsSaid,
    apply_served_loads,
    night_job_model,
    read_served_models,
    side_model_spans,
)
from bot.nlu.validate import Problem, SlotValues, check_fact
from bot.reply import Language
from estimator.advice.load import DEFAULT_OUTPUT_TOKENS
from estimator.advice.request_shape import shape
from estimator.catalog import FxRate, RequestShape
from estimator.costing.fx import rate as fx_rate
from estimator.costing.fx import to_usd

MAX_MESSAGE_CHARS = 2000
MAX_DEVICE_COUNT = 10_000

# text → (model name, params in billions[, catalog id, active params in billions or None])
ModelLookup = Callable[[str], "tuple[Any, ...] | None"]

_BARE_NUMBER = re.compile(NUM)
_YES = re.compile(r"^(?:yes|yep|yeah|y|sure|correct|true|是|是的|对|對|有|会|會|要)\b")
_NO = re.compile(r"^(?:no|nope|n|false|none|不|否|没有|沒有|不会|不會|不要)\b")
_OPTION_SLOTS = ("quantization",)
_SERVER_WORD = re.compile(r"\b(?:box|node|server|system|machine)\b|服务器|伺服器|服務器|机器|機器|整机|整機")
_BOOLEAN_SLOTS = ("dynamic_shapes", "accuracy_critical", "mixed_training")
_LOAD_SLOTS = ("requests_per_s", "requests_per_day", "tokens_per_day", "tokens_per_s_total")
_MEANINGFUL = re.compile(r"[a-z0-9\u4e00-\u9fff]")
_MEMORY_SIZE = re.compile(r"(?<![a-z0-9.])\d+(?:\.\d+)?\s*(?:gb|gib|tb|g)(?![a-z])")
# "just recommend one", "直接推荐一个吧", "幫我挑一台": the one is the recommendation asked for (normalized to "1"),
# no number of seconds or users: a pick verb, then "1" (and its measure word) that names no person or duration.
_ONE_ASKED_FOR = re.compile(
    r"(?:\b(?:recommend|suggest|pick|choose|select|give(?: me| us)?|go with|propose)(?: (?:me|us))?\s+1(?! ?(?:users?|people|persons?|s|sec|secs|seconds?|ms)\b)"
    r"|(?:推荐|推薦|建议|建議|选|選|挑|给|給|来|來|配|出)\s*1\s*(?:个|個|台|款|套|种|種|张|張)"
    r"(?!\s*(?:人|用户|用戶|使用者|并发|並發|同时|同時|秒|毫秒|分钟|分鐘|小时|小時)))")
_INVISIBLE = ("Cc", "Cf")  # control and format characters: nothing the user can see


@dataclass
class ParseResult:
    """What one message says. `facts` hold only valid values (DESIGN.md workload field names)."""

    text: str
    normalized: str
    lang: Language | None
    facts: SlotValues = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    intents: list[str] = field(default_factory=list)
    correction: bool = False
    hardware: list[HardwareMention] = field(default_factory=list)
    gpu_count: int | None = None
    model_name: str | None = None
    unknown_model: str | None = None  # a model name the catalog does not know (sized by its size alone)
    truncated: bool = False
    relative: dict[str, float] = field(default_factory=dict)  # slot → factor on its known value
    unqualified_users: bool = False  # "what if 500 users?": one count said of neither the head count nor the peak
    # slot → the slot whose known value it takes ("every request uses the full context": prompt = context)
    same_as: dict[str, str] = field(default_factory=dict)
    added: dict[str, int] = field(default_factory=dict)  # slot → amount added to its known value ("50 more users")
    more_devices: int | None = None  # "buy two more": devices added to the owned (or recommended) ones
    # slot → the values a question asks to weigh ("FP8 or INT4?"): each is evaluated, none is a conflict
    options: dict[str, list[Any]] = field(default_factory=dict)

    @property
    def intent(self) -> str:
        return self.intents[0] if self.intents else "provide"

    @property
    def is_empty(self) -> bool:
        """No letter, digit or CJK character: nothing a fact could be read from (emoji, symbols, blanks)."""
        return not _MEANINGFUL.search(self.normalized)

    @property
    def is_blank(self) -> bool:
        """Truly empty: only whitespace, control or invisible format characters (zero-width space, BOM).

        An emoji-only or symbol-only message is not blank: the user wrote something, so it is answered
        as not understood rather than as an empty message.
        """
        return all(ch.isspace() or unicodedata.category(ch) in _INVISIBLE for ch in self.text)


# Weight formats of two bytes a weight: readings among them are one precision, not a conflict.
_SIXTEEN_BIT = frozenset({"FP16", "BF16"})


def _resolve(slot: str, readings: list[Fact], correction: bool) -> tuple[Any, Problem | None]:
    keyed = [f for f in readings if f.keyed] or readings
    values = list(dict.fromkeys(_hashable(f.value) for f in keyed))
    if len(values) == 1 or correction:
        return keyed[-1].value, None
    if slot == "ttft_target_ms":  # "first token 1 s, full answer 10 s": the first-token figure is the earlier one
        return keyed[0].value, None
    if slot == "quantization" and set(values) <= _SIXTEEN_BIT:
        # "bf16 unquantized", "full precision (fp16)": one precision said twice. BF16 and FP16 hold a weight in
        # the same two bytes, so the sizing is the same; the format named outright wins over a generic phrase.
        return ("BF16" if "BF16" in values else values[0]), None
    if slot in _LOAD_SLOTS and all(isinstance(f.value, int | float) for f in keyed):
        # "we peak around 60 rps but usually 10 rps": two loads are a peak and a base, never a conflict; size for the peak
        return max(f.value for f in keyed), None
    return None, Problem(slot, [f.value for f in keyed], reason="conflict")


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _combine_users(found: SlotValues) -> bool:
    """Whether an unqualified head count stands for both figures (neither was said apart)."""
    users = found.pop("users", None)
    if users is None:
        return False
    # An unqualified head count is taken as both until the user says how many are active at once.
    both = "concurrent_users" not in found and "total_users" not in found
    found.setdefault("concurrent_users", users)
    found.setdefault("total_users", users)
    return both


def _bare_answer(pending: str, normalized: str) -> SlotValues:
    """Read a reply that only holds a number (or yes/no) as the answer to the pending question."""
    if pending in _BOOLEAN_SLOTS:
        if _YES.search(normalized):
            return {pending: True}
        if _NO.search(normalized):
            return {pending: False}
        return {}
    # A memory size ("it's an M4 Max with 128GB") and the one recommendation asked for answer no question about
    # ms, tokens or users.
    numbers = [number_value(m) for m in _BARE_NUMBER.finditer(_ONE_ASKED_FOR.sub(" ", _MEMORY_SIZE.sub(" ", normalized)))]
    if not numbers:
        return {}
    first = numbers[0]
    if pending == "model_params_b":
        return {pending: first / 1e9 if first >= 1e6 else first}
    if pending in ("concurrent_users", "total_users", "models_served", "power_budget_w", "context_length"):
        return {pending: int(first) if float(first).is_integer() else first}
    if pending == "ttft_target_ms":  # "1" or "0.5" are seconds, "300" is milliseconds
        return {pending: int(first * 1000) if first < 30 else int(first)}
    if pending in ("prompt_tokens", "output_tokens"):
        answer: SlotValues = {"prompt_tokens": int(first)}
        if len(numbers) > 1:
            answer["output_tokens"] = int(numbers[1])
        return answer
    if pending == "quantization":
        bits = {2: "Q2_K", 3: "Q3_K_M", 4: "Q4_K_M", 5: "Q5_K_M", 6: "Q6_K", 8: "Q8_0", 16: "FP16"}
        return {pending: bits[int(first)], "weight_bits_only": True} if first in bits else {}
    if pending in ("budget_usd", "tokens_per_s_target", "batch_window_hours"):
        return {pending: first}
    return {}


def _name_end(text: str, end: int) -> int:
    """Where a matched device's name ends, its spec said right after it included (`lexicon.DEVICE_SPEC`: memory,
    form factor, a bracketed power rating): the spec's numbers belong to the device, never to the load."""
    return DEVICE_SPEC.match(text, end).end()  # type: ignore[union-attr]  # (a pattern of optional parts always matches)


def parse_message(
    text: str,
    *,
    pending_slot: str | None = None,
    find_model: ModelLookup | None = None,
    hardware: HardwareMatcher | None = None,
    batch_job: bool = False,
    device_line: tuple[bool, bool] | None = None,
    rates: Sequence[FxRate] = (),
    shapes: Sequence[RequestShape] = (),
) -> ParseResult:
    """Parse one message. Never raises on any input text. `batch_job`: the thread is about a batch job
    (its follow-ups' item counts and deadlines are the job's). `device_line` (owned, asked about): the thread
    took a product line named without its chip or memory as one configuration and asked which it is, so a
    device named with no cue ("it's an M4 Max with 128GB") is that answer. `rates` and `shapes`: the catalog's dated
    exchange rates (an amount in another currency is converted at them) and classes of work's sourced requests (a
    class's answer splits a stated in/out ratio; a chat's stated context is its longest request)."""
    truncated = len(text) > MAX_MESSAGE_CHARS
    text = text[:MAX_MESSAGE_CHARS]
    normalized = normalize(text)
    result = ParseResult(text=text, normalized=normalized, lang=detect_language(text), truncated=truncated)
    result.correction = bool(CORRECTION.search(normalized))
    # Devices first: their model numbers ("4090s", "8×h200") are not read as units by the extractors.
    if hardware is not None:
        result.hardware = hardware.find(normalized)
    reserved = tuple((h.start, _name_end(normalized, h.end)) for h in result.hardware if h.hardware_ids and h.end > h.start)
    # A device's model number is no model size or count ("昇腾 910B", "H20"), listed in the catalog or not.
    reserved += tuple((m.start(), m.end()) for m in DEVICE_WORDS.finditer(normalized))
    # A model's version number is no count, length or load ("Llama 3.3 70B 同時 25 人": 25 at once, never 3.3).
    versions = tuple(m.span("version") for m in MODEL_VERSION.finditer(normalized))
    # "变成2倍", "3x the users", "cut by 30%": a factor on a known figure, its digits no count or budget of their own.
    proportions = in_out_multiple_spans(normalized)
    changes = [c for c in relative_changes(normalized, reserved)
               if not any(start <= c.start and c.end <= end for start, end in proportions)]
    reserved += tuple((c.start, c.end) for c in changes)
    # "add a second model", "再加一个模型": the models served grow; "1个模型" there is no count of models in all.
    if (another := MORE_MODELS.search(normalized)) is not None:
        how, count = models_added(another)
        if how == "add":
            result.added["models_served"] = count
        reserved += ((another.start(), another.end()),)
    window_classes = frozenset(s.request_class for s in shapes if s.stated_context == "maximum")
    readings = extract_facts(normalized, reserved, batch_job=batch_job, name_parts=versions,
                             window_classes=window_classes)
    if more := MORE_USERS.search(normalized):  # "50 more users": added to the known figure, not a figure
        result.added["concurrent_users"] = int(next(v for v in more.groupdict().values() if v is not None))
        readings = [f for f in readings if not (f.slot == "users" or f.slot.endswith("_users"))
                    or f.end <= more.start() or f.start >= more.end()]
    elif (more := MORE_DEVICES.search(normalized)) is not None:  # "buy two more": a count added to the devices
        added = int(next(v for v in more.groupdict().values() if v is not None))
        result.more_devices = added if 1 <= added <= MAX_DEVICE_COUNT else None
        readings = [f for f in readings if f.end <= more.start() or f.start >= more.end()]

    named = find_model(text) if find_model is not None else None
    by_slot: dict[str, list[Fact]] = {}
    for fact in readings:
        by_slot.setdefault(fact.slot, []).append(fact)
    # A model said as a fallback, or as the draft of speculative decoding, is a remark: the other one is run and sized.
    fallback = read_fallback(normalized, by_slot.get("model_params_b", []), find_model) \
        or read_beside_draft(normalized, by_slot.get("model_params_b", []), find_model)
    together = None if fallback else read_models_together(normalized, by_slot.get("model_params_b", []), find_model)
    # Models served at once with loads of their own, or an embedder / reranker beside them: each model and its load
    # (a load said of each model alike, "~10 users each", stays with `together`'s reading).
    served = None if fallback else read_served_models(normalized, by_slot, find_model)
    if served is not None and together and not served.loads_apart:
        served = None
    largest = max(together, key=lambda side: side.size_b) if together and served is None else None
    loads_both = False
    if served is not None:
        named = _keep_model(by_slot, served.largest.side())
        loads_both = apply_served_loads(served, by_slot)
        # the class of work said of a model beside the sized one is that model's: the sized model's requests keep theirs
        sides = [m.side() for m in served.models]
        of = [said_of(normalized, sides, f) for f in by_slot.get("request_class", [])]
        if any(side is not None and side.fact is not served.largest.fact for side in of) and \
                all(side is None or side.fact is not served.largest.fact for side in of):
            by_slot.pop("request_class")
    elif fallback is not None:
        # "Qwen3-1.7B（4B 也行）": the first model is the one run and sized; the fallback is a remark, not an option
        named = _keep_model(by_slot, fallback)
    elif largest is not None:
        # "serve both our 8B and 14B": models resident at once, not options; the largest is the model named, the
        # others' parameters are added to what the box holds and reads (`co_served_params_b`)
        named = _keep_model(by_slot, largest)
        _each_model_users(normalized, by_slot, len(together or ()))
        # the class of work said of a model beside the sized one is that model's ("plus a 7b for code completion"): the
        # sized model's requests keep their own shape
        of = [said_of(normalized, together or [], f) for f in by_slot.get("request_class", [])]
        if any(side is not None and side is not largest for side in of) and largest not in of:
            by_slot.pop("request_class")
    elif (choice := read_model_choice(normalized, by_slot.get("model_params_b", []), find_model)) is not None:
        # "32B or 70B?": both sized side by side; the reading keeps the one the reply is for
        result.options[MODEL_OPTION] = choice.options
        named = choice.chosen.named
        if named is not None:
            by_slot.pop("model_params_b", None)
        else:
            by_slot["model_params_b"] = [Fact("model_params_b", choice.chosen.size_b, choice.chosen.fact.start,
                                              choice.chosen.fact.end, keyed=True)]
    else:
        named = _migration_target(text, normalized, by_slot, named, find_model)
    if named is None and not by_slot.get("model_params_b") and find_model is not None and by_slot.get("api_model"):
        # A spend on an open model's API ("每月在 DeepSeek API 上花 6 万", "$20k/month on the DeepSeek API") with no
        # other model named: the weights to self-host are that model's. A closed model's id is not in the catalog,
        # so it stays unnamed (the size is asked).
        named = find_model(str(by_slot["api_model"][0].value).replace("-", " "))
    _options(normalized, by_slot, result)
    sizes = by_slot.get("model_params_b", [])
    if named and len(sizes) > 1:  # "our 13B fine-tune of Llama 3 8B": the 8B is part of the name
        by_slot["model_params_b"] = [f for f in sizes if abs(f.value - named[1]) > 0.1 * named[1]] or sizes
    model_facts = apply_model_readings(normalized, by_slot, named)  # MoE shorthand, formats, catalog id
    found: SlotValues = {}
    for slot, facts in by_slot.items():
        if not facts:  # every reading of the slot was given to a model of its own (`apply_served_loads`)
            continue
        value, problem = _resolve(slot, facts, result.correction)
        if problem:
            result.problems.append(problem)
        else:
            found[slot] = value
    stated = found.get("models_served")
    if served is not None:
        # (more models said than read, "三个模型" with two named: the count said stands, copies of the largest as before)
        count = max(len(served.models), stated if isinstance(stated, int) else 0)
        found["models_served"] = count
        found["co_served_params_b"] = served.others_b + served.largest.size_b * (count - len(served.models))
        found["served_models"] = [m.slot_value() for m in served.models]
        if served.retrieves and found.get("request_class") in (None, "chat"):
            # an embedder or reranker beside the model that chats: its answers are written from retrieved chunks
            found["request_class"] = "rag"
        if loads_both:
            found["loads_summed"] = True
    elif together and largest is not None and not (isinstance(stated, int) and stated > len(together)):
        # (more models said than sized, "三个模型" with two sizes read: copies of the largest, as before)
        found["models_served"] = len(together)
        found["co_served_params_b"] = round(sum(side.size_b for side in together) - largest.size_b, 3)
    if isinstance(typical := found.pop("typical_context", None), int | float):
        # A context said as typical is the prompt, unless the prompts are stated apart ("contract review,
        # 32k context, each request ~24000 tokens of documents"): then it is the window.
        found.setdefault("prompt_tokens" if "prompt_tokens" not in found else "context_length", typical)
    if isinstance(thinking := found.pop("thinking_tokens", None), int | float):
        # A reasoning model's thinking is generated before its answer: both are output tokens.
        answer = found.get("output_tokens")
        found["output_tokens"] = thinking + (answer if isinstance(answer, int | float) else 0)
    if found.pop("output_as_prompt", None) and "output_tokens" not in found and "prompt_tokens" in found:
        # "~700 in and about as much out", "输出跟输入差不多长": the answer is the prompt's length (a translation, a rewrite)
        found["output_tokens"] = found["prompt_tokens"]
    if found.pop("full_context", None) and "prompt_tokens" not in found:
        result.same_as["prompt_tokens"] = "context_length"
    gpu_count = found.pop("gpu_count", None)
    # A device count is a whole number ("八卡", "4 GPUs"); "0.1卡" or "-3 GPUs" is no count at all.
    result.gpu_count = gpu_count if isinstance(gpu_count, int) and 1 <= gpu_count <= MAX_DEVICE_COUNT else None
    if (monthly := found.pop("monthly_amount", None)) is not None and "api_spend_amount" not in found:
        # money every month with nothing beside it to say what it pays for: an API's spend or a rental budget, asked
        result.problems.append(Problem("api_spend_usd_per_month", monthly, reason="monthly"))
    if (per_what := found.pop("requests_per_what", None)) is not None and not any(s in found for s in _LOAD_SLOTS):
        result.problems.append(Problem("requests_per_s", per_what, reason="per_what"))
    _apply_in_out_ratio(found, shapes)
    _month_on_running_days(found)
    _daily_active(found)
    _apply_share(found)
    _one_session_each(found)
    _peak_of_concurrency(found)
    result.unqualified_users = _combine_users(found)
    _per_person_rates(found, PRESENT.search(normalized) is not None)
    _loads_summed(normalized, by_slot, found)
    _day_and_night(found)
    if found.get("day_and_night"):
        _night_model(normalized, by_slot, found, served, together if largest is not None else None)
    _convert_spend(found, result, rates)
    _power_scope(found)
    if "batch_items" in found:  # a number of items to get through is a batch job
        found.setdefault("arrival_pattern", "batch")

    if another is not None and models_added(another)[0] == "set":
        found.setdefault("models_served", models_added(another)[1])
    if named is not None:
        result.model_name, params_b = named[0], named[1]
        found.setdefault("model_params_b", params_b)
    found.update({slot: value for slot, value in model_facts.items() if slot not in found})
    result.unknown_model = unknown_model_name(normalized, named, looked_up=find_model is not None)
    if named is not None and len(named) > 4:
        # A device's name inside the model's own name is the model's ("MiniMax-M2" is no Apple M2); a device
        # named beside it ("MiniMax-M2 on 4x H20") is kept.
        inside = name_spans(normalized, named[4])
        result.hardware = [h for h in result.hardware if not any(start <= h.start and h.end <= end for start, end in inside)]
    if side := side_model_spans(normalized):  # an embedder's or reranker's name holds no device either
        result.hardware = [h for h in result.hardware if not any(start <= h.start and h.end <= end for start, end in side)]
    # Intent words inside a named device's name are not the user's intent: "Cloud AI 100" asks about no cloud.
    intent_text = without_mentions(normalized, [h for h in result.hardware if h.hardware_ids])
    if hardware is not None:
        devices = read_devices(normalized, result.hardware, hardware, intent=(detect_intents(intent_text) or ["provide"])[0],
                               answering=device_line)
        if result.gpu_count and len(devices.owned) == 1 and devices.owned[0].get("count") == 1 and \
                _SERVER_WORD.search(devices.owned[0].get("label", "")):
            # "a DGX H100 box, 8 GPUs": the box is its GPUs, counted once; and asked about ("can it serve …?"),
            # it is asked about whole
            devices.owned[0]["count"] = result.gpu_count
            box = devices.owned[0].get("hardware_id")
            devices.named = [{**d, "count": result.gpu_count} if d["hardware_id"] == box and d["count"] == 1 else d
                             for d in devices.named]
        _device_facts(found, devices)
        if "free_slots" not in found and (host := owned_chassis(normalized, hardware)) is not None:
            # "our R760": the cards it takes are its GPU slots (catalog) less the owned cards in it
            cards = sum(d.get("count", 1) for d in devices.owned if d.get("kind") in ("gpu", "accel"))
            found["free_slots"] = max(0, host.gpu_slots - cards)
            classes = found.get("existing_hardware")
            found["existing_hardware"] = list(dict.fromkeys([*(c for c in classes if c != "none"), "server_host"]
                                                            if isinstance(classes, list) else ["server_host"]))
        if devices.owned and OWNED_FALLS_SHORT.search(normalized):
            found["owned_falls_short"] = True
        # "-2 h100s", owned, asked about or compared: asked about, never read as two.
        negative = [*devices.negative, *(h.count for h in result.hardware if h.count is not None and h.count < 0)]
        result.problems += [Problem("device_count", count, low=1, high=MAX_DEVICES) for count in dict.fromkeys(negative)]
    if "named_devices" not in found:
        found.pop("named_only", None)  # "only these two can be bought" with no device read: nothing to keep to
    if pending_slot and pending_slot not in found and not readings:
        # A device's model number ("what about an rtx 5090?") answers no question about ms or tokens.
        found.update(_bare_answer(pending_slot, without_mentions(normalized, result.hardware)))
    if (pending_slot == "batch_window_hours" and "batch_window_hours" not in found
            and isinstance(ms := found.get("ttft_target_ms"), int | float)):
        # "30 minutes" answering "by when must the batch be done?" is the window, not a first-token target
        del found["ttft_target_ms"]
        found["batch_window_hours"] = round(ms / 3_600_000, 4)
    elif pending_slot == "batch_window_hours" and "batch_window_hours" not in found and OVERNIGHT.search(normalized):
        found["batch_window_hours"] = OVERNIGHT_WINDOW_HOURS
    budget_text = _without_spend(normalized, readings)
    if "budget_usd" in found and (NON_USD_CURRENCY.search(budget_text) or _local_money(result, budget_text)
                                  or (budget_currency(budget_text, result.lang) == "INR" and not _DOLLARS.search(budget_text))):
        _convert_budget(found, result, budget_text, rates)
    if found.pop("no_more_budget", None) and "budget_usd" not in found:
        found["budget_usd"] = 0  # "说不能再加预算了" with no amount: nothing more may be bought

    for slot, value in found.items():
        if problem := check_fact(slot, value):
            # One bad head count read as both concurrent and total users is one problem to explain.
            if not (slot == "total_users" and any(p.slot == "concurrent_users" and p.value == value
                                                  for p in result.problems)):
                result.problems.append(problem)
        else:
            result.facts[slot] = value
    _vague_counts(normalized, result)
    _count_ranges(normalized, result)
    _image_pixels(normalized, result)
    # "personal" with many users is a misreading of "laptop" in a fleet description: users win; unless a laptop is
    # said to be each person's ("our sales team (12 people) … on their laptops"): the head count read as users
    # at once is then how many laptops, each serving its one person.
    users = result.facts.get("concurrent_users")
    each = LAPTOP_EACH.search(normalized) or DEVICE_EACH.search(normalized)
    if each and result.facts.get("deployment_scale") == "personal":
        _one_device_each(result)
    if (result.facts.get("deployment_scale") == "personal" and users == result.facts.get("total_users")
            and each):
        result.facts.pop("concurrent_users", None)
    elif result.facts.get("deployment_scale") == "personal" and isinstance(users, int | float) and users > 5:
        del result.facts["deployment_scale"]
    # "Triple the headcount", "预算砍一半": each known figure the subject moves (`relative.SCALED`), unless stated anew.
    for change in changes:
        for slot in SCALED[change.subject]:
            if slot not in result.facts:
                result.relative.setdefault(slot, change.factor)
    result.intents = detect_intents(intent_text)
    return result


def _keep_model(by_slot: dict[str, list[Fact]], side: ModelSide) -> Any:
    """Keep one model of several said as the reading's: its catalog reading when named (returned; the name sizes it),
    else its size."""
    if side.named is not None:
        by_slot.pop("model_params_b", None)
    else:
        by_slot["model_params_b"] = [replace(side.fact, value=side.size_b)]
    return side.named


def _one_device_each(result: ParseResult) -> None:
    """"Each of our 6 engineers a DGX Spark", "每人一台": one device per person, so the devices named are as many as the
    head count (a count said of the device itself, "6 台", stands), each serving its one person (`assume.own_device`)."""
    people = result.facts.get("total_users", result.facts.get("concurrent_users"))
    named = result.facts.get("named_devices")
    if not isinstance(people, int) or people < 1 or not isinstance(named, list) or len(named) != 1:
        return
    device = named[0]
    if device.get("count") in (None, 1):
        result.facts["named_devices"] = [{**device, "count": min(people, MAX_DEVICE_COUNT)}]


def _each_model_users(normalized: str, by_slot: dict[str, list[Fact]], models: int) -> None:
    """The people of models served together: a count said of each ("~10 users each", "各 10 个人") is that many on every
    model; counts said model by model ("32B 那边 20 人同时，7B 那边 10 人") add up. Both load the same box."""
    for slot in ("concurrent_users", "users", "total_users"):
        facts = by_slot.get(slot, [])
        if len({f.value for f in facts}) > 1 and slot == "concurrent_users":
            by_slot[slot] = [replace(facts[0], value=sum(f.value for f in facts))]
        elif len(facts) == 1 and isinstance(facts[0].value, int | float) and each_model_load(normalized, facts[0]):
            by_slot[slot] = [replace(facts[0], value=facts[0].value * models)]


def _options(normalized: str, by_slot: dict[str, list[Fact]], result: ParseResult) -> None:
    """"FP8 or INT4?": values of one slot joined as a choice are options to evaluate side by side (the
    question inside the question), taken out of the readings so that they are no conflict to ask about."""
    for slot in _OPTION_SLOTS:
        facts = sorted(by_slot.get(slot, []), key=lambda f: f.start)
        if len({_hashable(f.value) for f in facts}) < 2:
            continue
        joined = all(CHOICE_BETWEEN.match(normalized[a.end:b.start]) for a, b in zip(facts, facts[1:], strict=False))
        if joined:
            result.options[slot] = list(dict.fromkeys(f.value for f in facts))
            del by_slot[slot]


def _migration_target(text: str, normalized: str, by_slot: dict[str, list[Fact]], named: Any,
                      find_model: ModelLookup | None) -> Any:
    """"Moving from a 32B to a 70B", "today llama 3.1 8b, moving to qwen3 32b": the model after the migration
    words is the one to size; sizes and names before them are the model being left (kept when none follows)."""
    cue = next(reversed(list(MIGRATION_TARGET.finditer(normalized))), None)  # the last migration said
    raw_cue = next(reversed(list(MIGRATION_TARGET.finditer(text.lower()))), None)
    if cue is None:
        return named
    sizes = by_slot.get("model_params_b", [])
    after = [f for f in sizes if f.start >= cue.end()]
    target = find_model(text[raw_cue.end():]) if find_model is not None and raw_cue is not None else None
    if after:
        by_slot["model_params_b"] = after
    elif target is not None:
        by_slot.pop("model_params_b", None)
    if target is not None:
        return target
    return None if after else named


_DOLLARS = re.compile(USD_WORDS)  # the dollar's words of the one currency table


def _local_money(result: ParseResult, text: str) -> bool:
    """A Chinese message's amount with no currency ("预算150万", "預算 80 萬") is in the local currency, as a
    bare 元 is: yuan in Simplified text, New Taiwan dollars in Traditional (never US dollars unsaid)."""
    return bool(result.lang and result.lang.startswith("zh") and not _DOLLARS.search(text))


def _convert_budget(found: SlotValues, result: ParseResult, normalized: str, rates: Sequence[FxRate]) -> None:
    """A budget in a currency with a dated rate (`fx_rates.csv`) in dollars at that rate (stated as an assumption);
    any other currency is asked about, and only the budget waits for the answer."""
    amount = found.pop("budget_usd")
    code = budget_currency(normalized, result.lang) or ("TWD" if result.lang == "zh-Hant" else "CNY")
    if isinstance(amount, int | float) and amount < 0:  # "€-5k": out of range whatever the currency, not an unknown one
        problem = check_fact("budget_usd", amount) or Problem("budget_usd", amount)
        result.problems.append(replace(problem, unit=code if code != "other" else None))
        return
    found_rate = fx_rate(code, rates) if code != "other" else None
    usd = to_usd(amount, found_rate) if found_rate is not None and isinstance(amount, int | float) else None
    if usd is None:
        result.problems.append(Problem("budget_usd", amount, reason="currency"))
        return
    found.update({"budget_usd": usd, "budget_amount": amount, "budget_currency": code})


def _month_on_running_days(found: SlotValues) -> None:
    """A month's volume said beside fewer running days a week ("5 億 token 一個月 … 只有上班時間", "weekdays only") is run
    on those days: a running day carries the month ÷ (30.4 × days / 7), as a monthly API spend is spread
    (`estimator.advice.load.running_days_per_month`), not ÷ 30.4."""
    days = found.get("days_per_week")
    if not found.pop("volume_said_monthly", None) or not isinstance(days, int | float) or not 0 < days < 7:
        return
    for slot in ("tokens_per_day", "requests_per_day"):
        if isinstance(value := found.get(slot), int | float):
            found[slot] = round(value * 7 / days, 1)


def _daily_active(found: SlotValues) -> None:
    """"集团 3000 人，估计日活 30%", "800 staff, about half use it daily", "5k people, DAU ~800": the count beside a
    daily-active share is a head count, never the people at once; a daily count of people is that share of it. The
    share stays with the head count: the sizing takes it in place of the sourced peak share, or as those who send a
    per-person daily count (`_per_person_rates`)."""
    count = found.pop("daily_active_users", None)
    total = found.get("total_users", found.get("users"))
    if isinstance(count, int | float) and "daily_active_share" not in found:
        if isinstance(total, int | float) and 0 < count <= total:
            found["daily_active_share"] = round(count / total, 4)
        elif total is None:
            found["total_users"] = count  # "DAU ~500" alone: the people who use it
    if isinstance(found.get("daily_active_share"), float) and "total_users" not in found and "users" in found:
        found["total_users"] = found.pop("users")


def _loads_summed(text: str, by_slot: dict[str, list[Fact]], found: SlotValues) -> None:
    """People in sessions and a machine's load said as two ("40 people chat with it, plus a pipeline that classifies 5
    tickets/s", "30 个人同时聊天，另外还有个分类流水线每秒 3 条"): a word of adding (`LOAD_ADDED`) between the people's count
    and the rate makes them two loads, summed when sized (`Workload.loads_summed`). A rate said per person is theirs."""
    if "requests_per_user_per_hour" in found or "requests_per_user_per_day" in found:
        return
    people = [f for slot in ("concurrent_users", "total_users", "users") for f in by_slot.get(slot, [])]
    rates = [f for slot in _LOAD_SLOTS if slot in found for f in by_slot.get(slot, [])]
    if not people or not rates or not any(slot in found for slot in ("concurrent_users", "total_users", "users")):
        return
    count, rate = min(people, key=lambda f: f.start), min(rates, key=lambda f: f.start)
    between = text[count.end:rate.start] if count.start < rate.start else text[rate.end:count.start]
    if LOAD_ADDED.search(between):
        found["loads_summed"] = True
        if found.get("arrival_pattern") == "batch" and "batch_items" not in found:
            # "a batch tagger doing 2 req/s" is the added load's word: the people still wait on their answers, so the
            # whole is no batch job with its relaxed first token and speed
            found.pop("arrival_pattern")


def _one_session_each(found: SlotValues) -> None:
    """"6 people, each has one agent going", "每人都开着一个会话": each person counted runs a session at the peak, so the
    head count is the concurrency (`bot.nlu.prompt_parts.one_session_each`), unless a concurrency is said too."""
    if not found.pop("one_session_each", None) or "concurrent_users" in found:
        return
    if found.get("deployment_scale") == "personal":
        found.pop("deployment_scale")  # "one agent per dev": sessions of one shared server, no box per person
    count = found.get("total_users", found.get("users"))
    if isinstance(count, int | float) and count >= 1:
        found.pop("users", None)
        found["concurrent_users"] = count
        found["total_users"] = count


def _peak_of_concurrency(found: SlotValues) -> None:
    """"on a normal day ~40 people are generating at once; month-end it's about 3x that": with no rate or volume for the
    factor to raise, the multiple is the concurrency's: the peak is sized for (120), the usual count kept as the base
    (utilization and power), as when both counts are said."""
    factor, users = found.get("peak_factor"), found.get("concurrent_users")
    if (not isinstance(factor, int | float) or not isinstance(users, int | float) or "base_concurrent_users" in found
            or any(slot in found for slot in (*_LOAD_SLOTS, "api_spend_usd_per_month", "requests_per_user_per_hour",
                                              "requests_per_day_per_person", "requests_per_user_per_day"))):
        return
    found.pop("peak_factor")
    found["base_concurrent_users"] = users
    found["concurrent_users"] = int(round(users * factor))


def _day_and_night(found: SlotValues) -> None:
    """People said beside a batch job with its own window ("60 agents chat with it during the day … at night ~30k
    tickets … between 1am and 5am"): two workloads in turn on one box (`Workload.day_and_night`), the people's not a
    batch's. A rate said with the people (`loads_summed`) runs at the same time and is added instead."""
    people = found.get("concurrent_users") or found.get("total_users")
    if not people or found.get("loads_summed") or not found.get("batch_items") or not found.get("batch_window_hours"):
        return
    found["day_and_night"] = True


def _night_model(text: str, by_slot: dict[str, list[Fact]], found: SlotValues, served: ModelsSaid | None,
                 together: Sequence[ModelSide] | None) -> None:
    """Two chat models said beside people by day and a job at night ("Qwen3-32B 给 40 个人日常问答；再加一个 Qwen3-8B 跑夜间
    批量摘要，每晚 5 万篇"): the model said with the job's items runs the job (`served_models.night_job_model`), marked
    `batch` in `served_models`, so each window is sized on its own model (`estimator.advice.day_night.day_workload`).
    A model with people of its own said is the day's, never the night's."""
    items = by_slot.get("batch_items") or []
    if len(items) != 1:
        return
    if served is not None:
        chat = served.chat
        entries = found.get("served_models")
        if len(chat) < 2 or any(m.batch for m in served.models) or not isinstance(entries, list):
            return
        at = night_job_model(text, [m.fact for m in chat], items[0])
        if at is not None and not chat[at].loaded:
            entries[served.models.index(chat[at])]["batch"] = True
    elif together is not None and len(together) >= 2:
        at = night_job_model(text, [side.fact for side in together], items[0])
        if at is None:
            return
        models: list[dict[str, Any]] = []
        for i, side in enumerate(together):
            entry: dict[str, Any] = {"model_params_b": side.size_b, "role": "chat"}
            if side.named is not None:
                entry["model_id"] = side.named[2]
                if len(side.named) > 3 and side.named[3]:
                    entry["active_params_b"] = side.named[3]
            if i == at:
                entry["batch"] = True
            models.append(entry)
        found["served_models"] = models


def _per_person_rates(found: SlotValues, present_said: bool = False) -> None:
    """"200 analysts, each fires off ~10 queries an hour", "客服 120 人，每人每分钟发 2 条消息": the rate times the
    people who send it; those people are a head count (how many are in flight is Little's law's, from the
    rate), so a concurrency read from the same count is dropped. With no count of people it is no fact."""
    daily_share = found.pop("daily_active_share", None)
    units, unit_share = found.pop("rate_units", None), found.pop("unit_share", None)
    for slot in ("requests_per_s", "requests_per_day", "tokens_per_s_total", "tokens_per_day"):
        rate = found.pop(f"{slot}_per_person", None)
        # staff at work together ("600 seats over 3 shifts", "~200 logged in at once") send it; else the head count
        shift = found.get("staff_per_shift")
        people = shift or found.get("total_users", found.get("concurrent_users", found.get("senders")))
        if (isinstance(rate, int | float) and isinstance(units, int | float) and slot not in found
                and (people is None or found.get("senders") is None and "total_users" not in found)):
            # "40 tenants, each capped at 60 RPM, ~25% of the sum of caps", "35 家客户，每家每月 100 万 token，用到七成": the
            # units times each one's rate times the share used; the units are no people (the conversion is echoed)
            share = unit_share if isinstance(unit_share, float) else 1.0
            total = round(rate * units * share, 3 if slot in ("requests_per_day", "tokens_per_day") else 4)
            found[slot] = int(total) if float(total).is_integer() else total
            found["rate_units"], found["rate_unit_share"] = int(units), share
            if slot == "requests_per_s":
                found["requests_per_unit_per_hour"] = round(rate * 3600, 4)
            elif slot == "tokens_per_day":
                found["tokens_per_unit_per_day"] = rate
            continue
        present = found.get("concurrent_users")
        if (slot == "requests_per_s" and present_said and isinstance(rate, int | float) and slot not in found
                and isinstance(present, int | float) and isinstance(people, int | float) and 1 <= present < people):
            # "800 devs, ~300 online at the peak, each asks every 10 min": at the peak only those present send the rate
            # (300 / 600 s); the head count stays the head count, and the present are no streams (Little's law's). "60 at
            # once" with no word of presence stays a concurrency said beside the rate.
            found["total_users"] = people
            found.pop("concurrent_users")
            total = round(rate * present, 4)
            found[slot] = int(total) if float(total).is_integer() else total
            continue
        if not isinstance(rate, int | float) or not isinstance(people, int | float) or slot in found:
            continue
        senders: float = people
        if slot == "requests_per_s":  # "40 agents, each about once a minute": kept for the conversion line (40 × 60/h)
            found["requests_per_user_per_hour"] = round(rate * 3600, 4)
        if slot == "requests_per_day":
            # "800人，日活三成，每人一天问十来个问题": those active that day send it (240 × 10), kept for the echo
            found["requests_per_user_per_day"] = rate
            if isinstance(daily_share, float):
                found["daily_active_share"] = daily_share
                senders = people * daily_share
        total = round(rate * senders, 3 if slot == "requests_per_day" else 4)
        found[slot] = int(total) if float(total).is_integer() else total
        if not shift:  # the roster stays the head count when the shift sends it
            found["total_users"] = people
        if found.get("concurrent_users") == people:
            found.pop("concurrent_users")
    found.pop("senders", None)  # the senders' count is a head count only beside their rate
    if isinstance(daily_share, float) and "total_users" in found:
        found.setdefault("daily_active_share", daily_share)  # no per-person count: it sets the head count's peak share


def _apply_in_out_ratio(found: SlotValues, shapes: Sequence[RequestShape]) -> None:
    """A prompt-to-answer proportion ("85/15 in/out", "输入输出 4:1") with one length stated gives the other; with
    none, the prompt is that multiple of the default answer (`DEFAULT_OUTPUT_TOKENS`), so a token volume or spend
    splits into prompts and answers as stated. Both lengths stated: the lengths win."""
    ratio = found.pop("in_out_ratio", None)
    if not isinstance(ratio, int | float) or not 0.001 <= ratio <= 10_000:
        return
    prompt, output = found.get("prompt_tokens"), found.get("output_tokens")
    if isinstance(prompt, int | float) and not isinstance(output, int | float):
        found["output_tokens"] = max(1, round(prompt / ratio))
    elif not isinstance(prompt, int | float):
        # the work's own answer when its class is read ("classifying reviews, outputs 3% of the tokens": a label, not a
        # chat answer; the defaults fill the same answer, `advice.assume`), else the default one
        by_class = shape(str(found.get("request_class")), shapes) if found.get("request_class") else None
        answer = (output if isinstance(output, int | float)
                  else by_class.output_tokens if by_class is not None and by_class.output_tokens else DEFAULT_OUTPUT_TOKENS)
        found["prompt_tokens"] = max(1, round(answer * ratio))


def _apply_share(found: SlotValues) -> None:
    """"150 developers, a quarter of them at once", "3000名员工，10%同时在用": the peak is that share of the
    head count (rounded up); a share with no head count beside it is no fact."""
    share = found.pop("active_share", None)
    total = found.get("total_users", found.get("users"))
    if not isinstance(share, float) or not isinstance(total, int | float) or "concurrent_users" in found or not 0 < share <= 1:
        return
    found.pop("users", None)
    found["total_users"] = total
    found["concurrent_users"] = max(1, math.ceil(total * share - 1e-9))


def _convert_spend(found: SlotValues, result: ParseResult, rates: Sequence[FxRate]) -> None:
    """A monthly API spend in dollars; in a currency with a dated rate (`fx_rates.csv`) converted (kept as said too); in
    any other currency asked about, nothing else dropped. Bare 元 / 块 is yuan in Simplified text, New Taiwan
    dollars in Traditional (as for a budget, `bot.nlu.currency`)."""
    amount, code = found.pop("api_spend_amount", None), found.pop("api_spend_currency", None)
    if isinstance(code, str) and code == "yuan":
        code = "TWD" if result.lang == "zh-Hant" else "CNY"
    _convert_prices(found, code if isinstance(code, str) else None, result, rates)
    if not isinstance(amount, int | float) or not isinstance(code, str):
        return
    if code == "USD" or amount <= 0:
        found["api_spend_usd_per_month"] = amount  # a negative spend is reported by the range check
        return
    found_rate = fx_rate(code, rates) if code != "other" else None
    usd = to_usd(amount, found_rate) if found_rate is not None else None
    if usd is None:
        result.problems.append(Problem("api_spend_usd_per_month", amount, reason="currency"))
        return
    found.update({"api_spend_usd_per_month": usd, "api_spend_amount": amount, "api_spend_currency": code})


def _convert_prices(found: SlotValues, spend_code: str | None, result: ParseResult, rates: Sequence[FxRate]) -> None:
    """The API's stated per-million prices in dollars. A bare 元 / 块 is the spend's own yuan when the spend is in one
    ("人民币 5 万（输入 4 元、输出 16 元每百万 token）" in Traditional text is yuan), else the script's; a currency with no
    dated rate leaves the table's prices in use."""
    prices = {side: found.pop(f"api_price_{side}", None) for side in ("input", "output")}
    code = found.pop("api_price_currency", None)
    if code == "yuan":
        code = spend_code if spend_code in ("CNY", "TWD") else "TWD" if result.lang == "zh-Hant" else "CNY"
    found_rate = fx_rate(code, rates) if isinstance(code, str) and code not in ("USD", "other") else None
    if code != "USD" and found_rate is None:
        return
    for side, price in prices.items():
        if isinstance(price, int | float) and price > 0:
            found[f"api_usd_per_m_{side}"] = round(price if found_rate is None else to_usd(price, found_rate, places=4), 4)


def _power_scope(found: SlotValues) -> None:
    """"Per rack" / "per server" says how a power figure applies; without a figure in the message it says nothing."""
    circuit = found.pop("power_circuit", None)
    if "power_budget_w" not in found:
        found.pop("power_budget_scope", None)
    elif circuit and "power_budget_scope" not in found:
        # The circuits stated feed everything plugged into them ("只有一般 110V 15A 插座", "one 208V/30A circuit"): their
        # continuous rating is the whole deployment's, not each box's (a second box on the same outlet shares it).
        found["power_budget_scope"] = "total"


def _without_spend(normalized: str, readings: list[Fact]) -> str:
    """The text with the monthly API spend blanked: its currency is not the budget's ("€12k/month … budget $150k")."""
    for fact in readings:
        if fact.slot == "api_spend_amount":
            normalized = normalized[:fact.start] + " " * (fact.end - fact.start) + normalized[fact.end:]
    return normalized


# A clause that says the people are on at once: its vague count is the peak, else the head count.
_AT_ONCE = re.compile(r"at once|at the same time|simultaneous|concurren|同时|并发|在线|一起|一齐")


def _vague_counts(normalized: str, result: ParseResult) -> None:
    """"几十个人同时用", "dozens of analysts at once": a count whose ends are more than 2x apart is asked about, naming
    what was said and its range, unless the message states that count in figures too (which it then means)."""
    for m in VAGUE_COUNT.finditer(normalized):
        kind = m.lastgroup or ""
        _words, low, high = VAGUE_COUNTS[kind]
        clause = re.split(r"[,;.!?，；。]", normalized[m.start():])[0] + normalized[max(0, m.start() - 12):m.start()]
        slot = "concurrent_users" if _AT_ONCE.search(clause) else "total_users"
        if slot in result.facts or any(p.slot == slot for p in result.problems):
            continue
        result.problems.append(Problem(slot, m.group(0).strip(), low=low, high=high, reason="vague"))


_COUNT_RANGE = re.compile(r"(?<![\d.])(\d+)\s*(?:-|–|~|to|到|至)\s*(\d+)(?![\d.])")


# A picture's size said as width × height ("~1500x2000 px", "大约 1200x1600", "1920×1080 的截图"): both sides at least 100 px.
_PICTURE_SIZE = re.compile(r"(?<![\d.])(\d{3,5})\s*[x×*]\s*(\d{3,5})(?![\d.])")


def _image_pixels(normalized: str, result: ParseResult) -> None:
    """The pictures' size, [width, height], read only beside pictures counted in each request (`images_per_request`):
    a model that tiles by resolution spends tokens by the area (`estimator.advice.request_shape.image_tokens`)."""
    if not result.facts.get("images_per_request"):
        return
    m = _PICTURE_SIZE.search(normalized)
    if m is not None and all(100 <= int(side) <= 20_000 for side in m.groups()):
        result.facts["image_pixels"] = [int(m.group(1)), int(m.group(2))]


def _count_ranges(normalized: str, result: ParseResult) -> None:
    """A head count said as a range ("二三十个人" is "20-30个人" by now, "20 to 30 people"): sized at its upper end,
    kept as [low, high] so the echo says the reading."""
    for slot in ("concurrent_users", "total_users"):
        value = result.facts.get(slot)
        if not isinstance(value, int):
            continue
        for m in _COUNT_RANGE.finditer(normalized):
            low, high = int(m.group(1)), int(m.group(2))
            if high == value and 0 < low < high:
                result.facts[f"{slot}_range"] = [low, high]
                break


def _device_facts(found: SlotValues, devices: DeviceReading) -> None:
    """Owned devices (with counts), their catalog ids and classes, and the devices asked about.
    A shared alias ("a100") names its first variant unless a stated memory size picks another."""
    if devices.owned:
        found["owned_devices"] = devices.owned
    if devices.classes:  # the contract's classes too: "idle xeon servers" → cpu_servers
        existing = found.get("existing_hardware")
        known = [c for c in existing if c != "none"] if isinstance(existing, list) else []
        found["existing_hardware"] = list(dict.fromkeys([*known, *devices.classes]))
    if devices.owned_ids:
        found["existing_hardware_ids"] = devices.owned_ids
    if devices.named:
        found["named_devices"] = devices.named
        if devices.named_only:  # "只买得到 4090D": nothing else can be bought
            found["named_only"] = True


__all__ = ["MAX_MESSAGE_CHARS", "ModelLookup", "ParseResult", "parse_message"]
