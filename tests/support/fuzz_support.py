"""Hypothesis strategies for hostile chat messages, and the invariants every message must keep.

Shared by the CI fuzz tests (tests/bot/test_fuzz_engine.py, tests/bot/nlu/test_fuzz_nlu.py, a few hundred examples) and the long run
(scripts/fuzz_engine.py, >= 10,000). Messages mix arbitrary unicode with the shapes the interview
really parses (numbers with units, Chinese numerals, shorthand, intents), so the fuzzer reaches the
parser's number and unit paths instead of only bouncing off "no fact found".
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from bot.checkpoint_serde import StateSerializer
from bot.nlu import MAX_MESSAGE_CHARS, parse_message
from bot.reply import Reply
from estimator.workload import WORKLOAD_FIELDS, Workload

# Fragments in the three languages the interview supports, with and without valid values.
FRAGMENTS: tuple[str, ...] = (
    "We want to serve our fine-tuned 7B model", "200 ppl", "about 200 people", "p95 < 300ms",
    "first token under 1 s", "2 kW", "$50k", "budget 1.5M USD", "Q4_K_M", "Q4", "fp16", "Q8_0 please",
    "prompts ~1000 tokens", "answers ~300", "context 128k", "32k context", "Q4 next year", "bursty",
    "models change every week", "we also fine-tune on it", "accuracy critical", "just recommend",
    "what if 500 users?", "compare with two L40S", "why not an NPU?", "explain the cost", "thanks",
    "no, I meant 13B", "actually 70b", "8x H100", "we have idle CPU servers", "RTX 4090", "M4 Max laptop",
    "直接推荐", "八卡", "两百人", "兩百人", "部门大约五十人", "預算五萬美元", "首字延迟小于300毫秒", "功耗2千瓦",
    "模型7B", "量化Q4_K_M", "如果用户增加到一千人呢？", "为什么不用NPU", "我們有閒置的CPU伺服器", "谢谢",
    "１２３４５６人", "七十亿参数", "一亿人", "零", "負五人",
    # Owned and named devices, head counts, batch jobs, lengths, other currencies.
    "we have 8 RTX 4090s in a box already", "我们有8张4090", "我們有八張 A100", "would one L40S do?",
    "is a single 8×H200 node enough?", "how many MI300X?", "两张L40S够吗", "about 1,200 staff", "团队两百人",
    "classify 150k tickets overnight", "done in 6 hours", "5-token label", "每晚处理两万篇文档", "每篇大约3000 token",
    "700 tokens in / 5 out", "~120k tokens of context per request", "预算50万元", "budget €40k", "HK$300k",
    "30B MoE with 3B active", "和两张L40S比一下", "用Q8_0", "three idle dual-socket Xeon 6 servers", "6小時內完成",
)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["1e308", "1e-308", "-0", "nan", "inf", "0x7fffffff", "9" * 400, "1,000,000,000,000", "½"]),
)
UNITS = st.sampled_from(["b", "B", "ppl", "users", "people", "ms", "s", "kW", "W", "k", "M", "$", "tokens", "k context",
                         "tok/s", "人", "卡", "毫秒", "千瓦", "亿", "万", "%", "x", "GB", ""])
NUMBER_WITH_UNIT = st.tuples(NUMBERS, st.sampled_from(["", " "]), UNITS).map("".join)
# Control characters, zero-width and bidi marks, emoji, combining marks, CJK and other scripts.
ODD_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60
) | st.sampled_from(["\u200b", "\u202e", "\ufeff", "\x00", "\r\n", "\t", "🤖🚀", "e\u0301", "مرحبا", "שלום", "Привет"])
PART = st.one_of(st.sampled_from(FRAGMENTS), NUMBER_WITH_UNIT, ODD_TEXT)


@st.composite
def long_messages(draw: st.DrawFn) -> str:
    """Past the parser's cut-off: a fragment repeated, so meaning sits on both sides of the cut."""
    unit = draw(st.sampled_from(FRAGMENTS)) + " "
    return unit * (MAX_MESSAGE_CHARS // len(unit) + draw(st.integers(min_value=1, max_value=200)))


MESSAGES = st.one_of(
    st.just(""),
    st.sampled_from([" ", "\n", "\t\t", "？", "...", "0"]),
    st.lists(PART, min_size=1, max_size=8).map(" ".join),
    st.lists(PART, min_size=1, max_size=8).map("".join),
    ODD_TEXT,
    long_messages(),
)
# Slots the interview may be waiting on when a bare answer ("200", "是") arrives.
PENDING_SLOTS = st.none() | st.sampled_from(WORKLOAD_FIELDS)


def check_parse(text: str, pending_slot: str | None) -> None:
    """`parse_message` never raises and only ever returns valid workload facts."""
    result = parse_message(text, pending_slot=pending_slot)
    assert result.truncated == (len(text) > MAX_MESSAGE_CHARS)
    assert result.lang in (None, "en", "zh-Hans", "zh-Hant")
    workload_facts = {k: v for k, v in result.facts.items() if k in WORKLOAD_FIELDS}
    Workload.model_validate(workload_facts)
    for problem in result.problems:  # problems go into the checkpoint too
        assert_storable(problem.value)


def assert_storable(value: Any) -> None:
    """What the checkpoint serializer (msgpack) can store: JSON values, integers within 64 bits."""
    if isinstance(value, list | tuple):
        for item in value:
            assert_storable(item)
    elif isinstance(value, dict):
        for item in value.values():
            assert_storable(item)
    elif isinstance(value, int) and not isinstance(value, bool):
        assert -(2**63) <= value < 2**64, f"integer {value} does not fit the checkpoint serializer"
    else:
        assert value is None or isinstance(value, str | float | bool), f"{value!r} is not a JSON value"


def check_turns(engine: Any, texts: list[str], after: Callable[[str], Any] | None = None) -> list[Reply]:
    """Drive one fresh thread through `texts`: a reply every time, no swallowed error, valid state.

    `after(thread_id)` runs once the checks passed (the long run deletes the thread's checkpoints).
    """
    thread = f"fuzz-{uuid.uuid4().hex}"
    replies = []
    for text in texts:
        reply = engine.handle(thread, text)
        assert isinstance(reply, Reply)
        assert reply.text.strip(), f"empty reply to {text!r}"
        # Engine.handle turns an exception into an "error" reply; for the fuzzer that is a crash.
        assert reply.intent != "error", f"turn failed on {text!r}: {reply.text}"
        Workload.model_validate(reply.slots)
        replies.append(reply)
    stored = engine.state(thread)
    # The state's JSON view is JSON (a round trip changes nothing), and the typed state passes the
    # checkpoint serializer unchanged (SECURITY.md: only the state's own models, as tagged JSON).
    assert json.loads(json.dumps(stored, allow_nan=False)) == stored
    typed = dict(engine.conversation(thread))
    serde = StateSerializer()
    assert serde.loads_typed(serde.dumps_typed(typed)) == typed
    Workload.model_validate(stored.get("slots") or {})
    assert stored.get("slots") == replies[-1].slots
    if after is not None:
        after(thread)
    return replies


__all__ = ["MESSAGES", "PENDING_SLOTS", "assert_storable", "check_parse", "check_turns"]
