"""Several models served at once, each with its own load: "the 70B gets maybe 5 concurrent, the 8B router ~200 req/min",
"8B 那边同时 30 个，32B 同时 10 个", "Qwen3-32B 做对话，bge-m3 做向量，再加 bge-reranker".

Every model said is read once (a catalog name, else the size said; a size said again later, "8B 那边", is a reference to
the model said first), embedders and rerankers by their names (`lexicon.SIDE_MODELS`, sizes from their model cards): they
hold weights and compute a little for each query, but stream no answers, so they carry no users. Each load said (people
at once, an arrival rate) belongs to the model named nearest before it in its sentence; loads said of different models
are added, since they share the hardware.

Runs inside `parse_message` on the normalized text and its size readings; it decides nothing about the hardware: the
sizing adds each model's weights once and each model's KV for its own streams (`estimator.advice.served_models`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.nlu.batch import night_window
from bot.nlu.lexicon import (
    EMBEDDING_ROLE,
    LENGTH_OF_ALL_MODELS,
    MIGRATION_TARGET,
    MODEL_CHOICE,
    MODELS_TOGETHER,
    RERANKER_ROLE,
    SIDE_JOB,
    SIDE_MODELS,
)
from bot.nlu.model_choice import ModelLookup, ModelSide
from bot.nlu.models import name_spans
from bot.nlu.spans import Fact

# Clauses end at punctuation (a version's "3.1" is no end); a sentence at a full stop or a line break.
_CLAUSE_END = re.compile(r"[,;!?，；。？！\n(（)）:：]|\.(?!\d)")
_SENTENCE_END = re.compile(r"[!?？！。\n]|\.(?!\d)")
_NAME_DIGITS = 0.1  # a size said within 10 % of a model's is that model ("qwen3-14b" 14 for 14.8B, "32B 那边" for 32.8B)
# A bare count after a model said with its load ("32B 同时 10 个", "Qwen3-32B 那边同时 8 个"): streams of that model.
_BARE_COUNT = re.compile(r"\s*(?:那边|这边|侧|那里|部分)?\s*(?:大概|大约|约|差不多|最多|高峰)?\s*同时\s*(?:大概|大约|约)?\s*"
                         r"(?P<n>\d{1,5})\s*(?:个|路|人)")
# Loads a model can carry: people at once, arrival rates, and token volumes ("DeepSeek V3.2 做主力，每天大概 3 亿 token").
_USER_SLOTS = ("concurrent_users", "users")
_VOLUME_SLOTS = ("tokens_per_day",)
# A model's prompt: said as such, or as its typical context ("~15 people running it with ~40k contexts").
_PROMPT_SLOTS = ("prompt_tokens", "typical_context")
# (a rate said of a model beside people, "a guard model screening every prompt (~3 req/s)", is that model's, not per person)
_RATE_SLOTS = ("requests_per_s", "requests_per_s_per_person")
_CHOICE_REACH = 30  # "32B or 70B?": options are said close together
_PER_UNIT = re.compile(r"/\s*(?:s|sec|min|h|hr|hour|day|秒|分钟?|小时|天)\b")  # "req/s" is a rate, not "or"
_ALL_REACH = 12  # "上下文都在 8k 内", "answers ~300 for all of them": the word said next to the length
_ROLE_REACH = 16  # "qwen3-0.6b 做 embedding", "a 0.6b model for reranking": the role word said right after the model


@dataclass
class ModelSaid:
    """One model served: its size, catalog reading, role and the loads said of it."""

    size_b: float
    named: tuple[Any, ...] | None
    fact: Fact
    role: str = "chat"  # chat | embedding | reranker
    users: list[Fact] = field(default_factory=list)
    rates: list[Fact] = field(default_factory=list)
    prompts: list[Fact] = field(default_factory=list)
    outputs: list[Fact] = field(default_factory=list)
    volumes: list[Fact] = field(default_factory=list)
    label: str | None = None  # an embedder's or reranker's name as said (two of the same size are two models)
    batch: bool = False  # the batch job said is this model's: an embedder's (`_side_job`) or a night's (`parser._night_model`)
    senders: list[Fact] = field(default_factory=list)  # people whose each-person rate became this model's rate
    counted: list[Fact] = field(default_factory=list)  # senders counted by their own noun ("~30 underwriters"), in its sentence

    def same(self, size_b: float, named: tuple[Any, ...] | None, label: str | None = None) -> bool:
        if self.label is not None or label is not None:
            return self.label == label
        if self.named is not None and named is not None:
            return bool(self.named[2] == named[2])
        return abs(self.size_b - size_b) <= _NAME_DIGITS * max(self.size_b, size_b)

    def side(self) -> ModelSide:
        return ModelSide(self.size_b, self.named, self.fact)

    def slot_value(self) -> dict[str, Any]:
        """The model as the workload's `served_models` entry (DESIGN.md field names)."""
        value: dict[str, Any] = {"model_params_b": self.size_b, "role": self.role}
        if self.named is not None:
            value["model_id"] = self.named[2]
            if len(self.named) > 3 and self.named[3]:
                value["active_params_b"] = self.named[3]
        if self.users:
            value["concurrent_users"] = int(sum(f.value for f in self.streams))
        if self.rates:
            value["requests_per_s"] = round(sum(float(f.value) for f in self.rates), 4)
        if self.prompts:
            value["prompt_tokens"] = int(max(f.value for f in self.prompts))
        if self.outputs:
            value["output_tokens"] = int(max(f.value for f in self.outputs))
        if self.volumes:
            value["tokens_per_day"] = float(sum(float(f.value) for f in self.volumes))
        if self.batch:
            value["batch"] = True
        return value

    @property
    def streams(self) -> list[Fact]:
        """The people said of this model that are its streams: those said at once ("同时也就 5 个") when said, not the
        head count beside them ("20 来个人 … 同时也就 5 个" is 5 streams of 20 people, not 25)."""
        at_once = [f for f in self.users if f.slot == "concurrent_users"]
        return at_once or self.users

    @property
    def loaded(self) -> bool:
        return bool(self.users or self.rates or self.volumes)


@dataclass(frozen=True)
class ModelsSaid:
    models: list[ModelSaid]

    @property
    def chat(self) -> list[ModelSaid]:
        return [m for m in self.models if m.role == "chat"]

    @property
    def loads_apart(self) -> bool:
        """Loads said model by model (two or more chat models with their own), or an embedder / reranker beside them."""
        return sum(1 for m in self.chat if m.loaded) > 1 or any(m.role != "chat" for m in self.models)

    @property
    def retrieves(self) -> bool:
        """An embedder or reranker is served beside the models that chat (retrieval-augmented answers)."""
        return any(m.role != "chat" for m in self.models) and bool(self.chat)

    @property
    def largest(self) -> ModelSaid:
        return max(self.chat or self.models, key=lambda m: m.size_b)

    @property
    def others_b(self) -> float:
        return round(sum(m.size_b for m in self.models) - self.largest.size_b, 3)


def _start(text: str, pattern: re.Pattern[str], at: int) -> int:
    before = [m.end() for m in pattern.finditer(text, 0, at)]
    return before[-1] if before else 0


def _side_models(text: str) -> list[tuple[int, int, float, str]]:
    """Embedders and rerankers named: (start, end, size in billions, role)."""
    found = []
    for pattern, size_b, role in SIDE_MODELS:
        found += [(m.start(), m.end(), size_b, role) for m in pattern.finditer(text)]
    found.sort()
    kept: list[tuple[int, int, float, str]] = []
    for item in found:  # the longest name at a place ("bge-reranker-v2-m3" over "bge-m3" inside it)
        if kept and item[0] < kept[-1][1]:
            if item[1] - item[0] > kept[-1][1] - kept[-1][0]:
                kept[-1] = item
            continue
        kept.append(item)
    return kept


def side_model_spans(text: str) -> list[tuple[int, int]]:
    """Where embedders and rerankers are named: a device's name inside theirs is theirs ("bge-m3" is no Apple M3)."""
    return [(start, end) for start, end, _size, _role in _side_models(text)]


def _role_after(text: str, end: int) -> str:
    after = text[end:end + _ROLE_REACH]
    if RERANKER_ROLE.match(after):
        return "reranker"
    return "embedding" if EMBEDDING_ROLE.match(after) else "chat"


def _mentions(text: str, sizes: Sequence[Fact], find_model: ModelLookup | None) -> list[tuple[ModelSaid, int]]:
    """Every model said, in text order, with where its mention ends (a size said again is a mention of the same model)."""
    side = _side_models(text)
    taken = [(s, e) for s, e, _, _ in side]
    mentions: list[tuple[ModelSaid, int]] = [
        (ModelSaid(size_b, None, Fact("model_params_b", size_b, s, e, keyed=True), role=role,
                     label=re.sub(r"[- ]", "", text[s:e])), e)
        for s, e, size_b, role in side]
    boundary = 0
    for fact in sorted(sizes, key=lambda f: f.start):
        if not isinstance(fact.value, int | float) or any(s <= fact.start < e for s, e in taken):
            continue
        start = max(boundary, _start(text, _CLAUSE_END, fact.start))
        boundary = fact.end
        named = find_model(text[start:fact.end]) if find_model is not None else None
        if named is not None and abs(float(named[1]) - float(fact.value)) > _NAME_DIGITS * max(float(named[1]), fact.value):
            named = None  # a name said before, not this size's
        size_b = float(named[1]) if named is not None else float(fact.value)
        mentions.append((ModelSaid(size_b, named, fact, role=_role_after(text, fact.end)), fact.end))
    mentions += _named_without_size(text, sizes, taken + [(m.fact.start, m.fact.end) for m, _ in mentions], find_model)
    mentions.sort(key=lambda pair: pair[0].fact.start)
    return mentions


def _named_without_size(text: str, sizes: Sequence[Fact], taken: Sequence[tuple[int, int]],
                        find_model: ModelLookup | None) -> list[tuple[ModelSaid, int]]:
    """Catalog models named with no size in their names ("GLM-4.6", "MiniMax-M2", "DeepSeek V3.2", "Kimi K2"): a mention
    each, sized from the catalog, so a small model said with its size beside one ("plus a qwen3-8b router") is not the
    only model read. Looked up clause by clause (one name a clause); a size said in the clause that is the name's own
    ("gpt-oss-120b", "Qwen3-8B") is already a mention."""
    if find_model is None:
        return []
    found: list[tuple[ModelSaid, int]] = []
    start = 0
    for end in [m.start() for m in _CLAUSE_END.finditer(text)] + [len(text)]:
        clause, at = text[start:end], start
        start = end + 1
        named = find_model(clause) if clause.strip() else None
        if named is None or len(named) < 5:
            continue
        size = float(named[1])
        if any(at <= f.start < end and isinstance(f.value, int | float)
               and abs(float(f.value) - size) <= _NAME_DIGITS * max(size, float(f.value)) for f in sizes):
            continue
        spans = sorted((at + s, at + e) for s, e in name_spans(clause, named[4]))
        spans = [(s, e) for s, e in spans if not any(s < te and ts < e for ts, te in taken)]
        if not spans:
            continue
        s, e = spans[0]
        found.append((ModelSaid(size, named, Fact("model_params_b", size, s, e, keyed=True)), e))
    return found


def _bare_counts(text: str, ends: Sequence[int]) -> list[Fact]:
    """"32B 同时 10 个": a count right after a model's mention, read only here (alone it names nothing)."""
    found = []
    for end in ends:
        if (m := _BARE_COUNT.match(text, end)) is not None:
            found.append(Fact("concurrent_users", int(m.group("n")), m.start("n"), m.end(), keyed=True))
    return found


def _batch_rates(text: str, by_slot: dict[str, list[Fact]]) -> list[Fact]:
    """Items to get through in a window said of a model ("Qwen3-8B 做 email 分類，一天 20 萬封，上班 9 小時內處理完"): that
    model's arrival rate, items ÷ the window (one window said); it runs beside the other models' loads, no batch of
    the whole. Read as a model's load only when it is one (`apply_served_loads` drops the batch's slots then). A batch
    run at night runs in turn with the day's use instead (`Workload.day_and_night`): no rate beside it."""
    items, windows = by_slot.get("batch_items", []), by_slot.get("batch_window_hours", [])
    if night_window(text) or len(items) != 1 or len(windows) != 1 or not all(isinstance(f.value, int | float) and f.value > 0
                                                       for f in (*items, *windows)):
        return []
    rate = float(items[0].value) / (float(windows[0].value) * 3600)
    return [Fact("requests_per_s", round(rate, 4), items[0].start, items[0].end, keyed=True)]


def _side_job(text: str, by_slot: dict[str, list[Fact]], owner: Sequence[tuple[int, ModelSaid]]) -> ModelSaid | None:
    """"nightly we re-embed ~2M chunks with bge-m3", "用 Qwen3-Embedding-4B 重新算向量": a batch job whose sentence says an
    embedder's or reranker's work (`lexicon.SIDE_JOB`) and names such a model nearest to its items is that model's
    job, prefill only on it (`estimator.advice.batch_jobs.job_workload`), never the chat model's answers."""
    items = by_slot.get("batch_items", [])
    if len(items) != 1:
        return None
    fact = items[0]
    start = _start(text, _SENTENCE_END, fact.start)
    end = next((m.start() for m in _SENTENCE_END.finditer(text, fact.end)), len(text))
    if SIDE_JOB.search(text, start, end) is None:
        return None
    near = [(fact.start - at if at <= fact.start else at - fact.end, model) for at, model in owner
            if start <= at <= end]
    if not near:
        return None
    model = min(near, key=lambda pair: pair[0])[1]
    return model if model.role != "chat" else None


def night_job_model(text: str, mentions: Sequence[Fact], items: Fact) -> int | None:
    """Which of two or more chat models said beside people and a night's job runs that job ("Qwen3-32B 给 40 个人日常
    问答 …；再加一个 Qwen3-8B 跑夜间批量摘要，每晚 5 万篇", "by day qwen3-32b … overnight we'd switch to llama 3.1 8b to
    classify ~200k tickets"): the model said in the items' clause, else the one said nearest to the items in their
    sentence (before or after). The index into `mentions`, None when no model is said in that sentence."""
    sentence = _start(text, _SENTENCE_END, items.start)
    end = next((m.start() for m in _SENTENCE_END.finditer(text, items.end)), len(text))
    clause = _start(text, _CLAUSE_END, items.start)
    clause_end = next((m.start() for m in _CLAUSE_END.finditer(text, items.end)), len(text))

    def distance(fact: Fact) -> int:
        return items.start - fact.end if fact.end <= items.start else fact.start - items.end

    near = [(not (clause <= f.start and f.end <= clause_end), distance(f), i) for i, f in enumerate(mentions)
            if sentence <= f.start and f.end <= end]
    return min(near)[2] if near else None


def _choice_between(text: str, a: ModelSaid, b: ModelSaid) -> bool:
    """Two models said next to each other as options ("32B or 70B", "qwen3-32b 还是 llama 70b"), not a rate's slash."""
    gap = _PER_UNIT.sub("", text[a.fact.end:b.fact.start])
    return len(gap) <= _CHOICE_REACH and MODEL_CHOICE.search(gap) is not None


def read_served_models(text: str, by_slot: dict[str, list[Fact]], find_model: ModelLookup | None) -> ModelsSaid | None:
    """The models served at once with the loads said of each (see the module docstring); None unless two or more
    different models are said as served together: with loads said model by model, with an embedder or reranker beside
    a model that chats, or with words of serving them at once (`lexicon.MODELS_TOGETHER`). Models weighed as a choice
    or a migration ("32B or 70B?", "from an 8B to a 32B") are left to `model_choice`."""
    mentions = _mentions(text, by_slot.get("model_params_b", []), find_model)
    models: list[ModelSaid] = []
    owner: list[tuple[int, ModelSaid]] = []  # where each mention ends, and its model
    for mention, end in mentions:
        model = next((m for m in models if m.same(mention.size_b, mention.named, mention.label)), None)
        if model is None:
            models.append(model := mention)
        owner.append((end, model))
    chat = [m for m in models if m.role == "chat"]
    if len(models) < 2 or not chat:
        return None
    # (a switch to another model for the night's job, "晚上改用 Qwen3-32B", "switch it over to llama 8b at night", is the
    # box taking turns between two models, not a migration from one to the other)
    night_turn = len(chat) > 1 and bool(by_slot.get("batch_items")) and night_window(text)
    if (MIGRATION_TARGET.search(text) and not night_turn) \
            or any(_choice_between(text, a, b) for a, b in zip(models, models[1:], strict=False)):
        return None
    loads = [f for slot in _USER_SLOTS for f in by_slot.get(slot, [])]
    loads += [f for f in _bare_counts(text, [end for end, _ in owner])
              if not any(f.start < said.end and said.start < f.end for said in loads)]
    side_job = _side_job(text, by_slot, owner)
    if side_job is not None:
        side_job.batch = True
    rates = [f for slot in _RATE_SLOTS for f in by_slot.get(slot, [])] + \
        ([] if side_job is not None else _batch_rates(text, by_slot))
    prompts = [f for slot in _PROMPT_SLOTS for f in by_slot.get(slot, []) if isinstance(f.value, int | float)]
    outputs = [f for f in by_slot.get("output_tokens", []) if isinstance(f.value, int | float)]
    volumes = [f for slot in _VOLUME_SLOTS for f in by_slot.get(slot, []) if isinstance(f.value, int | float)]
    counted = by_slot.get("senders", [])
    for fact in sorted(loads + rates + prompts + outputs + volumes + counted, key=lambda f: f.start):
        sentence = _start(text, _SENTENCE_END, fact.start)
        before = [(end, m) for end, m in owner if sentence <= end <= fact.start and m.role == "chat"]
        if not before:
            continue
        model = max(before, key=lambda pair: pair[0])[1]
        if fact in prompts + outputs and LENGTH_OF_ALL_MODELS.search(
                text, max(0, fact.start - _ALL_REACH), min(len(text), fact.end + _ALL_REACH)) is not None:
            continue  # said of every model: each one's, kept as the workload's
        kind = (model.prompts if fact in prompts else model.outputs if fact in outputs else
                model.volumes if fact in volumes else model.rates if fact in rates else
                model.counted if fact in counted else model.users)
        kind.append(fact)
    for model in chat:
        _people_times_their_rate(model)
    with_loads = [m for m in chat if m.loaded]
    beside = any(m.role != "chat" for m in models)
    together = MODELS_TOGETHER.search(text) is not None or bool(by_slot.get("models_served"))
    # people by day on one model and a night's job on another ("白天用 Qwen3-8B 给 20 来个人聊天；夜里想用 Qwen3-32B 给 5 万份
    # 合同做条款抽取"): both models are the box's, taking turns (`parser._night_model` says which runs the job)
    turns = night_turn and bool(with_loads or by_slot.get("concurrent_users") or by_slot.get("users"))
    if len(with_loads) < 2 and not beside and not together and not turns:
        return None
    return ModelsSaid(models)


def _people_times_their_rate(model: ModelSaid) -> None:
    """"the 70b copilot: ~40 agents, each fires one request every 2 min": a rate said of each person beside that model's
    people is the model's arrival rate (people × each one's rate); the people are senders, not streams (Little's law
    turns the rate into streams), the same reading `parser._per_person_rates` gives a single model."""
    each = [f for f in model.rates if f.slot == "requests_per_s_per_person"]
    who = model.users or model.counted[:1]
    if not each or not who:
        return
    people = sum(float(f.value) for f in who)
    first, last = min(who + each, key=lambda f: f.start), max(who + each, key=lambda f: f.end)
    rate = round(people * sum(float(f.value) for f in each), 4)
    model.rates = [f for f in model.rates if f not in each] + [Fact("requests_per_s", rate, first.start, last.end, keyed=True)]
    model.senders, model.users = who, []


def apply_served_loads(served: ModelsSaid, by_slot: dict[str, list[Fact]]) -> bool:
    """The loads said model by model, added: the people of each chat model summed into one count, the rates into one
    rate. True when both people and a rate are said (they load the box together: `Workload.loads_summed`)."""
    users = [f for m in served.chat for f in m.streams]
    rates = [f for m in served.chat for f in m.rates]
    for sender in (f for m in served.chat for f in m.senders):  # senders of a model's rate: a head count, no streams
        for slot in _USER_SLOTS:
            if sender in by_slot.get(slot, []):
                by_slot[slot].remove(sender)
                by_slot.setdefault("total_users", []).append(replace(sender, slot="total_users"))
    if len(users) > 1:
        by_slot["concurrent_users"] = [Fact("concurrent_users", int(sum(f.value for f in users)), users[0].start,
                                            users[-1].end, keyed=True)]
        by_slot.pop("users", None)
    elif len(users) == 1 and users[0].slot == "concurrent_users":  # (a bare "32B 同时 10 个" is read only here)
        by_slot["concurrent_users"] = [users[0]]
    for fact in rates:  # a model's own rate is no rate per person
        if fact.slot != "requests_per_s" and fact in by_slot.get(fact.slot, []):
            by_slot[fact.slot].remove(fact)
    if any(f.slot == "requests_per_s" and f not in by_slot.get("requests_per_s", []) for f in rates):
        # a model's batch said as items in a window became its rate (`_batch_rates`): no batch job of the whole
        by_slot.pop("batch_items", None)
        by_slot.pop("batch_window_hours", None)
    if rates:
        by_slot["requests_per_s"] = [Fact("requests_per_s", round(sum(float(f.value) for f in rates), 4), rates[0].start,
                                          rates[-1].end, keyed=True)]
    # Prompts said model by model ("70B 長文件 16k 輸入 … 8B 輸入 1k"): no conflict; the longest is the request that must
    # fit and be prefilled in time, each model's own scales its KV and prefill (`advice.served_models`).
    said_of_models = [f for m in served.chat for f in m.prompts if f.slot == "prompt_tokens"]
    if len({f.value for f in said_of_models}) > 1:
        by_slot["prompt_tokens"] = [max(said_of_models, key=lambda f: f.value)]
    # Answers said model by model ("~300 out" of the 70B, "~20 out" of the 8B classifier): no conflict either; each
    # model's entry keeps its own, and the workload's answer is the sized model's (the longest when it said none).
    said_answers = [f for m in served.chat for f in m.outputs if f.slot == "output_tokens"]
    if len({f.value for f in said_answers}) > 1:
        own = [f for f in served.largest.outputs if f.slot == "output_tokens"]
        by_slot["output_tokens"] = [max(own or said_answers, key=lambda f: f.value)]
    # A length said only of a smaller model ("Qwen3-8B 做意图识别 … 输入 300、输出 5") is that model's (its entry keeps it):
    # the model sized keeps its own, or the defaults.
    largest = served.largest
    for slot, kind in (("prompt_tokens", "prompts"), ("typical_context", "prompts"), ("output_tokens", "outputs")):
        others = [f for m in served.chat if m is not largest for f in getattr(m, kind)]
        if others and not getattr(largest, kind) and slot in by_slot:
            by_slot[slot] = [f for f in by_slot[slot] if f not in others]
            if not by_slot[slot]:
                by_slot.pop(slot)
    volumes = [f for m in served.chat for f in m.volumes]
    if len(volumes) > 1:
        by_slot["tokens_per_day"] = [Fact("tokens_per_day", float(sum(float(f.value) for f in volumes)), volumes[0].start,
                                          volumes[-1].end, keyed=True)]
    # A volume of one model beside another model's people: two loads on the same hardware, added (a volume beside a
    # rate needs no flag: each model's load is converted on its own, `advice.served_models.own_loads`).
    return bool(users) and (bool(rates) or any(m.volumes for m in served.chat))


__all__ = ["ModelSaid", "ModelsSaid", "apply_served_loads", "night_job_model", "read_served_models", "side_model_spans"]
