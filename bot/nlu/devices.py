"""Which devices the user owns and which they ask about: `owned_devices` and `named_devices`.

"We have six L40S" and "我们有8张4090" are owned hardware (with counts and stated memory); "would one
L40S do?", "is a single 8×H200 node enough?", "how many MI300X?" and "两张L40S够吗" name a device to
evaluate (count None for "how many"). The cue is read per clause (a clause without a cue takes the
previous clause's, so "we have 6 L40S, 2 A100s" owns both): an ownership cue ("we have", "已经有",
"idle") makes the clause's devices owned, a question cue makes them named; both (the 6 L40S we have,
would they do?) make them both. A denied device ("no GPUs", "没有显卡") is neither.

Pure functions over the normalized text and the matcher's mentions; no catalog access besides the
matcher's memory lookup. Counts are never invented: a device without a count is one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TypedDict

from bot.nlu.hardware import HardwareMatcher, HardwareMention, signed_count
from bot.nlu.lexicon import (
    BUY_INSTEAD,
    DEVICE_COUNT_AFTER,
    DEVICE_EACH,
    LENDERS_EN,
    LENDERS_ZH,
    OWNED_FALLS_SHORT,
    OWNERSHIP,
    SERVER_FORM_GPUS,
    SERVER_OF_CARDS,
    _rx,
)
from bot.nlu.load import MAKER_NAME, NAMED_ONLY
from estimator.catalog import HostChassis

MAX_COUNT = 100_000

# Asking whether a device would do, or how many of it are needed.
QUESTION = _rx(r"\bwould\b(?! (?:like|love|prefer|rather))", r"\bwill (?:it|they|that|this|these|one|\d)\b", r"\benough\b", r"\bsuffic", r"\bdo the job\b",
               r"\bshould (?:we|i) (?:buy|get|go with|pick|order)\b", r"\bhow many\b", r"\bcan (?:a|an|one|\d+|it|they)\b",
               # whether it carries models served together ("can both live on a single L40S?", "could one 5090 serve X and Y?",
               # "one H100 for both X and Y?")
               r"\bcan (?:both|all|the two|these|those)\b", r"\bcould (?:a|an|one|\d+|it|they|both|we)\b", r"\bfor both\b[^?]{0,80}\?",
               r"\bsane\b", r"\bworth\b", r"\bok(?:ay)? to buy\b", r"\bconsider(?:ing)?\b", r"\bthinking (?:about|of)\b",
               r"\bplan(?:ning)? to (?:buy|get|order)\b", r"\bis (?:a|an|one|1|\d+)\b.{0,40}\?", r"\bdo\?",
               # A choice asked between devices ("8x h100 or 8x h200?", "8卡h100还是h200？"): each is weighed.
               r"\b(?:or|vs\.?|versus)\b[^?]{0,40}\?", r"(?:还是|還是)[^?？]{0,30}[?？]",
               # a choice said as one between devices ("deciding between 2x H200 NVL and 4x L40S", "torn between …")
               r"\b(?:decid(?:e|ing)|choos(?:e|ing)|pick(?:ing)?|torn|weighing|comparing)\s+between\b",
               r"在.{1,40}?(?:和|与|跟|或).{1,40}?之间\s*(?:选|挑|纠结|犹豫)",
               # "H200 还是 B200，几台": 还是 right before another device is the choice, with or without the mark
               r"(?:还是|還是)\s*(?:直接)?\s*(?:上|买|買|用|选|選|换|換)?\s*(?:\d{1,3}\s*(?:张|張|台|块|塊|个|個|片|卡)\s*)?"
               r"(?:[a-z]|\d{4}\s*[a-z])",  # a device's name or model number ("还是 H20", "还是 4090D", "还是 5090 D")
               "够吗", "夠嗎", "够不够", "夠不夠", "够用吗", "夠用嗎", "能不能", "可以吗", "可以嗎", "行吗", "行嗎", "行不行",
               # "一张 L40S 可以同时跑 X 跟 Y 吗", "能同时挂 … 吗": a yes/no with its verb between (text folded to Simplified)
               "(?:能|可以)[^,，。;；?？!！]{0,60}?(?:吗|么)", "吗\\s*[?？]",
               "需要几", "需要幾", "要几", "要幾", "多少(?:张|張|块|塊|台|个|個|片)", "(?:几|幾)(?:张|張|块|塊|台|个|個|片|卡)",
               "值得买", "值得買", "该买", "該買",
               "考虑买", "考慮買", "打算买", "打算買", "能跑吗", "能跑嗎", "撑得住", "撐得住",
               # Whether it runs or carries the load: "能跑 qwen3 吗", "跑得动70b吗", "will a 5090 handle it?".
               "能跑", "跑得动", "跑得動", "跑得了", "跑得起", "带得动", "帶得動", "扛得住", "能否", "可否",
               r"\bwill (?:a|an)\b", r"\bhandle (?:it|this|that|the|\d)", r"\boverkill\b", "大材小用",
               # "… on 4 h200 — ok?", "is that fine?": a yes/no on the setup just described
               r"\b(?:ok|okay|fine|good enough|feasible|viable|realistic|workable)\s*\?", r"\b(?:ok|okay)\s*(?:吗|嗎|吧|不)",
               # A device the lead leans to ("H100s probably", "leaning towards MI300X", "大概用H100"): weighed
               # like one asked about, so the reply says how many of it, at which format.
               r"\bprobably\b", r"\bmost likely\b", r"\bleaning (?:to|toward|towards)\b",
               "大概用", "可能用", "可能会用", "可能會用", "倾向于", "傾向於",
               # a device the lead means to use ("想用 H100 跑 R1", "planning to use MI300X"): weighed the same way
               "想用", "打算用", "准备用", "準備用", "计划用", "計劃用",
               # "買一台 Mac Studio 就好?", "一张 4090 就够了吧？", "单卡能搞定吗", "does one 5090 cut it?": a yes/no on
               # that device (the text is folded to Simplified before it is read)
               r"就(?:好|行|够|可以)了?\s*(?:吧|吗|嘛)?\s*[?？]", "搞得定", "能搞定", "搞定吗", r"\bcut it\b", r"\bget away with\b",
               r"\b(?:want|wants|wanted|plan|planning|going|intend|intending) to use\b",
               # whether it can be used at all ("H20 能用吗", "4090 用得了吗", "L20 好使吗", "is an L4 up to it?", "would
               # one card cover it?"): a yes/no on that device like "够吗"
               r"能用\s*(?:吗|嘛|么|不|[?？])", "用得了", "好使", "顶得住", r"\bup to (?:it|this|that|the (?:job|task))\b",
               r"\bcover (?:it|this|that)\b", r"\bgood for (?:this|that|it)\b", r"\bwork for (?:this|us|that|it)\b",
               # a purchase quoted ("we got quoted 8x h200", "报了台 8 卡 H20"): weighed like one asked about, so the reply
               # answers the quote with numbers. A pitch ("vendors keep pitching 8x 910B") is not the lead's question: a
               # device named by it would lead at the pitched count.
               r"\bquoted\b", r"\bquotes? (?:for|of|on)\b", "报了", "报价")
# The devices named are the only ones the buyer can buy (export rules, local channels, a vendor's deal): "只买得到 4090D",
# "能采购到的只有 H20", "H20 或 4090D 选一个", "our office can only source 4090D", "H20 or 4090D is what we can buy". Each
# device in such a clause is weighed (like one asked about), and nothing else is bought (`named_only`). Read on the
# folded text (Simplified).
ONLY_BUYABLE = _rx(r"\bcan only (?:buy|source|get|procure|order|purchase|import)\b", r"\bonly (?:able|allowed) to (?:buy|source|get|procure)\b",
                   r"\b(?:is|are) (?:all|what|the only (?:thing|option|card|gpu|one)s?) (?:we|i|they) can (?:buy|source|get|procure|order)\b",
                   r"\bonly (?:option|choice)s? (?:we|i) (?:have|can buy|can get)\b", r"\b(?:are|is) (?:the )?only (?:ones? )?(?:available|sold|on sale|buyable)\b",
                   r"只(?:能)?(?:买|购买|采购|订|拿|搞)(?:得)?到", r"只能(?:买|购买|采购|订购)",
                   # "只能用 H20" is a rule on what may be bought; "只能用手上这台 / 现有的" is what they own (OWNERSHIP)
                   r"只能(?:用|上)(?!\s*(?:现有|现成|手上|手头|已有|原有|自己|我们|咱们|公司|库存|这|那|它|靠))",
                   r"能(?:买|购买|采购|订|拿|搞)(?:得)?到的\s*(?:只有|就是|也就是|只是|是|就)", r"只有\s*[^,，。;；]{1,20}?(?:能|可以)(?:买|购买|采购)",
                   r"(?:二|两|2)\s*选\s*(?:一|1)", r"选\s*(?:一|1)\s*(?:个|家|种|款)?\s*(?:吧|就行|就好)?\s*[,，。.?？!！]?\s*$", r"只卖")
# Devices listed as examples of what may be bought ("只能买国内买得到的卡（H20、L20、昇腾这些都行）", "china-market parts only,
# e.g. H20 or L20", "like the L20 and such"): the rule is the market, the list illustrates it, so nothing else is ruled
# out by it (the market rule itself is read apart: `buyer_in_china`).
EXAMPLES_ONLY = _rx(r"这些\s*(?:都|也)?\s*(?:行|可以|能用|ok)", r"之类", r"什么的", r"比如", r"例如", r"诸如",
                    r"\be\.?\s?g\b", r"\bsuch as\b", r"\bfor (?:example|instance)\b", r"\band (?:the )?like\b",
                    r"\b(?:and|or) (?:so on|such)\b", r"\betc\b")
# Whether a device carries the load: asked even about a device to rent ("renting 8 h100s … enough?").
SUFFICES = _rx(r"\benough\b", r"\bsuffic", r"\bwould (?:it|they|that|this|these)\b.{0,20}\bdo\b", r"\bhandle\b",
               r"\bcope\b", "够吗", "夠嗎", "够不够", "夠不夠", "够用", "夠用", "撑得住", "撐得住", "扛得住", "跑得动", "跑得動")
# A device the lead leans to or means to use, with no number ("H100s probably", "大概用H100", "想用 MI300X"): some number of
# it, sized like "how many" (a device asked about with no number and no such cue is one: "would an L40S do?").
_LEANS = re.compile(r"\bprobably\b|\bmost likely\b|\bleaning (?:to|toward|towards)\b|"
                    r"\b(?:want|wants|plan|planning|going|intend|intending) to use\b|"
                    r"大概用|可能用|可能会用|可能會用|倾向于|傾向於|想用|打算用|准备用|準備用|计划用|計劃用")
# A later clause asking how many of the devices named before ("H200 还是 B200，几台？", "…, how many do we need?"), not
# how many of something else ("…, how many users can it serve?").
_HOW_MANY_DEVICES = re.compile(r"(?:几|幾|多少)\s*(?:张|張|块|塊|台|片|卡)|\bhow many\b(?:\s+(?:of (?:them|those|these)|do|would|"
                               r"should|will|cards?|gpus?|nodes?|servers?|boxes))?\s*(?:we|i)?\s*(?:need|buy|get)?\s*\??\s*$")
HOW_MANY = _rx(r"\bhow many\b", "需要几", "需要幾", "要几", "要幾", "多少(?:张|張|块|塊|台|个|個|片)",
               "(?:几|幾)(?:张|張|块|塊|台|个|個|片|卡)")
# A possessive right before the device ("our 8 h100 server", "my rtx 4090", "我们的8张h100"): at most two
# describing words between, so "our fine-tuned 7b model on an l40s" owns no l40s.
_POSSESSED = re.compile(r"(?:\bour|\bmy)\s+(?:own\s+)?(?:\d{1,6}\s*(?:x|\*)?\s*)?(?:[a-z][a-z+-]*\s+){0,2}$|"
                        r"(?:我们的|我們的|我的|咱们的|咱們的|公司的)\s*(?:\d{1,6}\s*(?:张|張|块|塊|台|个|個|片)?)?\s*$")
# A machine lent by someone, named right after them ("my manager's m3 ultra mac studio", "老板那台 mac studio m2 ultra",
# "同事他那台 mac mini", "老板的 m4"): at most two describing words between, as for `_POSSESSED`.
# The machine's line may come first with its chip in brackets ("老板那台 mac studio (m2 ultra 192g)").
_LENT = re.compile(r"\b(?:my|our)\s+(?:" + "|".join(map(re.escape, LENDERS_EN)) + r")'?s\s+(?:[a-z][a-z+-]*\s+[(（]?\s*){0,2}$|"
                   r"(?:" + "|".join(map(re.escape, LENDERS_ZH)) + r")(?:他|她)?\s*(?:的|那台|那部|那个|这台)\s*"
                   r"(?:\d{1,6}\s*(?:张|块|台|个)?)?\s*(?:[a-z][a-z+-]*\s+[(（]?\s*){0,2}$")
# Devices referred to as known, on first mention ("the two L40S", "these 4 A100s", "the pair of 3090s", "那两张 L40S",
# "这台 8 卡 4090"): a definite count or a demonstrative presupposes devices that exist, and in a lead's question those are
# theirs; never ones being bought in the same clause ("buy the two L40S the vendor quoted", "买那台 H200") nor a
# product's variants ("the two H100 variants").
_KNOWN_BEFORE = re.compile(r"\b(?:the|those|these)\s+(?:\d{1,4}|two|three|four|five|six|eight|pair of|couple of)\s*(?:x\s*)?"
                           r"(?:[a-z][a-z+-]*\s+)?$|(?:那|这)\s*(?:\d{1,3})?\s*(?:台|张|块|部)\s*(?:\d{1,3}\s*卡\s*)?(?:的\s*)?$")
_KNOWN_NOT_AFTER = re.compile(r"\s*(?:variants?|versions?|options?|configs?|configurations?|models?|skus?|choices?)\b")
_BUYING = re.compile(r"\b(?:buy|buying|purchase|order|rent|renting|quoted?|pitch(?:ed)?)\b|买|购|订|租|报价")
# Devices still to come ("the two L40S will be installed next month", "那两张卡下个月到货"): known, not yet theirs.
_TO_COME = re.compile(r"\b(?:will|'ll|going to|gonna|to be|arriv(?:e|es|ing)|coming|on order|ordered|next (?:week|month|quarter|year))\b|"
                      r"将|会|下(?:个)?月|到货|即将|订了")
# Wanting, not having: "we have 20 users and want to run it on an l40s", "我们有20个用户，想用一张l40s", "we have
# budget for 4 l40s": a device after such a word is one they want, whatever "have" owned before it.
_WANTS = re.compile(r"\b(?:want|wants|wanted|need|needs|would like|'d like|plan|planning|looking to|hope|hoping|trying to|"
                    r"run|serve|deploy|host|buy|purchase|rent|get|budget|money|funds?|funding|room|space)\b|"
                    r"想|需要|打算|计划|計劃|准备|準備|买|買|租|部署|预算|預算")
# Getting a device, not running it ("slow on 2 l40s, should we buy h100s?"): a device after such a word is not theirs.
_TO_GET = re.compile(r"\b(?:want|need|would like|'d like|plan|planning|looking (?:to|at)|hope|buy|purchase|rent|get|add|"
                     r"upgrade to|replace|switch to|move to|budget)\b|想|需要|打算|计划|準備|准备|买|買|租|预算|加|换成|升级")
# Words that deny owning a device right before it ("no GPUs", "without a GPU", "没有显卡").
_DENIED = re.compile(r"(?:\bno|\bwithout(?: any| a)?|\bzero|\bnot a single|没有|沒有|无|無|不带|不帶)\s*(?:dedicated\s+|discrete\s+)?$")
# NVIDIA's board servers, named before their GPU (`SERVER_FORM_GPUS`): they carry SXM modules, and as many GPUs as
# the form holds ("a DGX A100 left from training", "an HGX H200 box": eight), unless the board's GPUs are said right
# after ("HGX H100 4-GPU").
_BOARD_SERVER = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, SERVER_FORM_GPUS)) + r")\s*-?\s*$")
_BOARD_GPUS_AFTER = re.compile(r"\s*[(（]?\s*(\d{1,2})\s*-?\s*(?:gpus?|卡|way)\b")
# A form factor said beside the device names its variant ("A100 40G（SXM 的）", "SXM 版 A100", "h100 pcie"): the
# catalog's ids end in it (nvidia-a100-40gb-sxm, nvidia-h100-pcie, nvidia-h100-nvl).
_FORM_FACTOR = re.compile(r"\b(sxm|pcie|nvl)\d?\b")
_FORM_REACH = 16
# A decimal point ("llama 3.3 70b") ends no clause.
_CLAUSE = re.compile(r"(?:[^,.;!?\n]|(?<=\d)\.(?=\d))+[,.;!?\n]*")
_SENTENCE_END = re.compile(r"[.;!?\n]")
# "3 idle dual-socket xeon": a count, then at most three describing words, then the device. A word that
# links other things ("10 people on an l40s": a head count, a preposition, an article) is no description.
_NOT_DESCRIBING = (r"(?!(?:on|for|with|to|in|of|at|per|by|from|across|an?|the|and|or|people|persons?|users?|"
                   r"staff|employees|developers|engineers|agents|analysts|seats|concurrent|simultaneous)[\s-])")
# A number with a memory unit ("a 512 gb mac studio") is the device's memory, not how many there are.
_MEMORY_UNIT_AFTER = r"(?![\d.])(?!\s*(?:gb|g|tb|gib|mb)(?![a-z]))"
_COUNT_BEFORE_PHRASE = re.compile(
    rf"(?<![a-z0-9.])(\d{{1,6}}){_MEMORY_UNIT_AFTER}\s*(?:x|\*|张|張|块|塊|台|片|个|個|颗|顆|部)?\s*"
    rf"(?:{_NOT_DESCRIBING}(?:[a-z][a-z+]*|\d+-(?:socket|core|way|node|gpu)|\d+(?:\.\d+)?\s*(?:gb|tb))[\s-]+){{0,3}}$"
)
# "2 8xh100" (two 8×H100 nodes), "1台8卡h100", "8卡h100": the cards of each node times the nodes.
# What is bought or owned is often said in servers ("two servers of 8 h100", "2 nodes with 4x l40s each", "two 4-gpu
# l40s boxes", "one 8-gpu h200 server"): the devices are servers × cards, counted once.
_SERVER_NOUN = r"(?:servers?|nodes?|box(?:es)?|machines?|systems?|hosts?|chassis)"
_NODES_OF_CARDS = re.compile(r"(?<![a-z0-9.])(?:(?P<nodes>\d{1,3})\s*(?:台|个|個|部)?\s*)?(?P<cards>\d{1,3})\s*(?:卡|张卡|張卡)\s*"
                             rf"(?:{MAKER_NAME}\s*(?:的\s*)?)?$|"
                             r"(?<![a-z0-9.])(?P<nodes2>\d{1,3})\s+(?P<cards2>\d{1,3})\s*[x*]\s*$|"
                             rf"(?<![a-z0-9.])(?P<nodes3>\d{{1,3}})\s+{_SERVER_NOUN}\s+(?:of|with|each with|w/)\s+"
                             r"(?P<cards3>\d{1,3})\s*(?:[x*]|gpus?|cards?)?\s*$|"
                             r"(?<![a-z0-9.])(?:(?P<nodes4>\d{1,3})\s+)?(?P<cards4>\d{1,3})\s*-?\s*(?:gpus?|cards?)\s*$")
# "三台闲置的双路至强": a count with its measure word, then a few describing characters.
_COUNT_BEFORE_ZH = re.compile(r"(?<![a-z0-9.])(\d{1,6})\s*(?:台|张|張|块|塊|个|個|片|颗|顆|部)\s*(?:\d+(?:\.\d+)?\s*(?:gb|tb)\s*)?"
                              r"[\u4e00-\u9fff\d\s]{0,8}$")
# "1 tb of ram" is 1,024 GB (memory is sold in binary sizes); "2 tb/s" is a bandwidth, not a size.
_MEMORY = re.compile(r"(?<![a-z0-9.])(\d{1,4}(?:\.\d+)?)\s*(gb|g|tb)\b(?!\s*/?\s*s\b)")
# "a 512 gb mac studio m3 ultra", "一台 512 GB 的 M3 Ultra": the size right before the device (a few
# describing words between, none of them linking it to something else).
_MEMORY_BEFORE = re.compile(
    rf"(?<![a-z0-9.])(\d{{1,4}}(?:\.\d+)?)\s*(?:gb|g)(?![a-z])\s*(?:的\s*)?(?:{_NOT_DESCRIBING}[a-z][a-z+]*\s+){{0,2}}$")
_UNIFIED_MEMORY_KINDS = ("soc", "npu")
_SOCKETS = re.compile(r"(?<![a-z0-9.])([1-8])[\s-]*(?:sockets?|路)|双路|雙路")
# A bare kind word names owned machines only with a machine noun after it ("cpu servers", "gpu boxes").
_PLURAL_HOST = re.compile(r"(?:servers|boxes|nodes|machines|workstations|hosts|rigs|laptops)$")
_HOST_AFTER = re.compile(r"[\s-]*(?:\d+[a-z]*\s*)?(?:only\s+)?(?:servers?|boxes|box|nodes?|machines?|workstations?|hosts?|rigs?|laptops?|"
                         r"服务器|伺服器|服務器|主机|主機|工作站|机器|機器|节点|節點|笔记本|筆電|笔电)")


class OwnedDeviceFacts(TypedDict, total=False):
    """An `OwnedDevice` as read (its JSON fields; the ones not stated are left out)."""

    hardware_id: str
    kind: str
    count: int
    memory_gb: float
    label: str
    line: str


class NamedDeviceFacts(TypedDict, total=False):
    """A `NamedDevice` as read: `count` None for "how many X?"; `memory_gb` only when stated."""

    hardware_id: str
    count: int | None
    memory_gb: float
    line: str


@dataclass
class DeviceReading:
    """The owned and named devices of one message (JSON-ready dicts of the Workload models)."""

    owned: list[OwnedDeviceFacts] = field(default_factory=list)
    named: list[NamedDeviceFacts] = field(default_factory=list)
    named_only: bool = False  # the named devices are the only ones the buyer can buy (`ONLY_BUYABLE`)
    owned_ids: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)  # `existing_hardware` values of the owned devices
    negative: list[int] = field(default_factory=list)  # device counts stated below zero ("-2 h100s")


@dataclass(frozen=True)
class _Clause:
    start: int
    end: int
    text: str
    owns: bool
    asks: bool
    how_many: bool
    sentence: int
    only: bool = False  # the clause says its devices are the only ones buyable


def _clauses(text: str) -> list[_Clause]:
    clauses: list[_Clause] = []
    sentence = 0
    listed: set[int] = set()  # sentences that list devices as examples (`EXAMPLES_ONLY`): no rule on what is bought
    for m in _CLAUSE.finditer(text):
        if EXAMPLES_ONLY.search(m.group(0)):
            listed.add(sentence)
        if _SENTENCE_END.search(m.group(0)[-1:]):
            sentence += 1
    sentence = 0
    for m in _CLAUSE.finditer(text):
        body = m.group(0)
        only = bool(ONLY_BUYABLE.search(body)) and sentence not in listed
        # a device planned for each person ("每人买一台 DGX Spark", "one 5090 box per researcher") is one to weigh
        owns, asks = bool(OWNERSHIP.search(body)), bool(QUESTION.search(body) or DEVICE_EACH.search(body)) or only
        previous = clauses[-1] if clauses and clauses[-1].sentence == sentence else None
        if previous is not None and not (owns or asks) and not (previous.owns and _WANTS.search(body)):
            # "we have 6 l40s, 2 a100s": the cue carries on (not into "…, want to run it on an l40s")
            owns, asks = previous.owns, previous.asks
        clauses.append(_Clause(m.start(), m.end(), body, owns, asks, bool(HOW_MANY.search(body)), sentence, only))
        if _SENTENCE_END.search(body[-1:]):
            sentence += 1
    return clauses


def _count(text: str, clause: _Clause, mention: HardwareMention) -> int | None:
    before = text[max(clause.start, mention.start - 40):mention.start]
    if m := _NODES_OF_CARDS.search(before):  # "two 8×h100 nodes", "2台8卡h100": nodes × cards per node
        nodes = m.group("nodes") or m.group("nodes2") or m.group("nodes3") or m.group("nodes4") or 1
        return int(nodes) * int(m.group("cards") or m.group("cards2") or m.group("cards3") or m.group("cards4"))
    if mention.count is not None:
        return mention.count
    end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
    if (after := DEVICE_COUNT_AFTER.match(text, end)) is not None and after.end() <= clause.end + 8:
        return int(after.group("n") or after.group("m"))  # "a100 40g x8", "A100 40G，8 卡 SXM 的": after its spec
    if m := _COUNT_BEFORE_PHRASE.search(before) or _COUNT_BEFORE_ZH.search(before):
        return signed_count(text, mention.start - len(before) + m.start(1), int(m.group(1)))
    return None


def _sockets(text: str, clause: _Clause, mention: HardwareMention) -> int:
    """CPUs per server the user states ("dual-socket", "双路", or after it: "xeon 8592+ boxes (dual socket, …)"):
    the catalog counts a CPU per socket."""
    end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
    m = (_SOCKETS.search(text[max(clause.start, mention.start - 30):mention.start])
         or _SOCKETS.search(text[end:min(clause.end, end + 30)]))
    return int(m.group(1)) if m and m.group(1) else (2 if m else 1)


def _memory_gb(text: str, clause: _Clause, mention: HardwareMention) -> float | None:
    """A memory size stated right after the device ("m4 max 64 gb", "mac studio with 128 gb"), else right
    before it ("a 512 gb mac studio")."""
    end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
    after = text[mention.start:min(clause.end, end + 30)]  # "a100 80gb" states it inside the name
    # The size right before the device first: one after it may belong to the next thing named ("a 24 gb rtx
    # 4090 and 32 gb of ram").
    m = _MEMORY_BEFORE.search(text[max(clause.start, mention.start - 30):mention.start]) or _MEMORY.search(after)
    if m is None:
        return None
    size = float(m.group(1)) * (1024 if m.lastindex and m.lastindex >= 2 and m.group(2) == "tb" else 1)
    return size if 0 < size <= 100_000 else None


def _same_device(word: HardwareMention, device: HardwareMention, matcher: HardwareMatcher) -> bool:
    """A kind word describing a named device beside it ("macbook pro m4 max", "snapdragon 筆電, 內建 npu")."""
    kinds = matcher.kinds_of(device.hardware_ids)
    return word.kind in kinds or (word.kind in _UNIFIED_MEMORY_KINDS and bool(kinds & set(_UNIFIED_MEMORY_KINDS)))


def _first_kind(mention: HardwareMention, matcher: HardwareMatcher) -> str | None:
    kinds = matcher.kinds_of(mention.hardware_ids[:1])
    return kinds.pop() if kinds else None


def _wanted_after_having(text: str, clause: _Clause, mention: HardwareMention) -> bool:
    """"We have 20 users and want to run it on an l40s": a verb of wanting between the clause's ownership
    cue and the device, so the device is not what they have."""
    before = text[clause.start:mention.start]
    cues = list(OWNERSHIP.finditer(before))
    return bool(cues) and bool(_WANTS.search(before, cues[-1].end()))


def _known(text: str, before: str, mention: HardwareMention) -> bool:
    """The device referred to as one that exists ("the two L40S", "那台 8 卡 4090"), not being bought in its clause."""
    end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
    clause_end = _SENTENCE_END.search(text, end)
    return (bool(_KNOWN_BEFORE.search(before)) and not _BUYING.search(before)
            and not _KNOWN_NOT_AFTER.match(text, end) and not _TO_COME.search(text, end, clause_end.start() if clause_end else len(text)))


def _plural(text: str, mention: HardwareMention) -> bool:
    """The device said in the plural ("h100s"; an alias ending in s, "l40s", is no plural)."""
    return mention.end > 0 and text[mention.end - 1] == "s" and not mention.alias.endswith("s")


# A question that opens on what was just named ("would that carry …?", "is that sane?", "will it do?").
# Or a bare yes/no on sufficiency that names nothing ("One L40S. Enough?", "… good enough?", "That gonna be ok?", "一张
# L40S。够不够？", "打算上两张 4090。能跑得动吗？", "兩張 A6000。夠嗎？"): Chinese and terse English leave the subject out.
_REFERS_BACK = re.compile(r"\s*(?:so|and|but)?\s*(?:(?:would|will|can|could|is|are|does|do|should)\s+(?:that|it|this|those|these|they)\b|"
                          r"(?:(?:that|it|this|those|these)(?:'s|\s+is|\s+are)?\s+)?(?:gonna|going to|good enough|enough|sufficient|"
                          r"ok(?:ay)?|fine(?![- ]?tun)|viable|feasible|adequate)\b|"
                          r"(?:这样|这个|这些|那|那样|它|这)?\s*(?:能|可以|会)?\s*(?:够|行|可以|跑得动|跑得了|撑得住|扛得住|顶得住|搞得定|能跑|带得动|hold))")


def _asked_after(clause: _Clause | None, clauses: list[_Clause],
                 placed: list[tuple[HardwareMention, _Clause | None]]) -> _Clause | None:
    """`clause`, asking too when a later clause of its sentence asks about no device of its own: "14b
    for 12 people on one rtx 4090, is that enough?", "一张4090，够吗？" ask about the device named before; and
    "how many" when that clause asks how many ("H200 还是 B200，几台？": how many of the devices named before)."""
    if clause is None or (clause.asks and clause.how_many):
        return clause
    with_devices = {id(c) for m, c in placed if c is not None and m.hardware_ids}
    later = [c for c in clauses if c.asks and id(c) not in with_devices and (
        (c.sentence == clause.sentence and c.start > clause.start)
        # the next sentence asking about "that" / "it" ("… one HGX B200. would that carry kimi k2?", "… is that sane?")
        or (c.sentence == clause.sentence + 1 and _REFERS_BACK.match(c.text)))]
    if later:
        counted = clause.how_many or any(_HOW_MANY_DEVICES.search(c.text) for c in later)
        return replace(clause, asks=True, how_many=counted)
    return clause


# What stands between a server named by its GPU and the same GPU with its count: "hgx h100 node (8x h100)",
# "dgx h100 box with 8 h100s", "8卡 a100 服务器（8 张 a100）".
_SERVER_THEN_GPUS = re.compile(r"^\s*(?:nodes?|servers?|box(?:es)?|machines?|systems?|服务器|伺服器|服務器|机器|機器|主机|主機)?\s*"
                               r"(?:[(（:：,，-]|with|w/|有|带|帶)?\s*(?:\d{1,3}\s*(?:x|\*|×|张|張|块|塊)?\s*)?$")
_EACH = re.compile(r"s?\s*(?:each|apiece|per (?:node|server|box)|in each|每台|各)")


# A device said per machine of a counted set ("3 台工作站，每台一张 4090", "两台工作站，各一张 3090", "3 workstations w/ an
# a6000 each", "3 workstations each with a 4090"): the machines times the devices each holds. The machines are counted
# in the sentence before the device; the per-machine word sits right before it (每台/各/each with) or right after (each).
_MACHINES = re.compile(r"(?<![a-z0-9.])(\d{1,4})\s*(?:台|部|个)?\s*[^\d,.;!?]{0,8}?(?:工作站|机器|服务器|主机|电脑|台式机|笔记本|"
                       r"workstations?|machines?|servers?|boxes|nodes?|desktops?|pcs|laptops?|rigs?|towers?)")
_PER_MACHINE_BEFORE = re.compile(r"(?:每台|每部|各|每个)\s*(?:\d{1,3}\s*(?:张|块|个|片)?)?\s*$|"
                                 r"\beach\s+(?:with|has|have|holding|carrying|got)\s+(?:an?|one|\d{1,3}\s*x?)?\s*$")
_PER_MACHINE_AFTER = re.compile(r"\s*(?:\([^)]{0,40}\)\s*)?(?:each|apiece)\b")


def _per_machine(text: str, mention: HardwareMention, count: int | None) -> int | None:
    """The devices in all of a counted set of machines, when the device is said per machine; else `count`."""
    start = max(0, mention.start - 80)
    before = text[start:mention.start]
    cut = max((m.end() for m in re.finditer(r"[.;!?\n]", before)), default=0)
    before = before[cut:]
    end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
    said_each = _PER_MACHINE_BEFORE.search(before) or _PER_MACHINE_AFTER.match(text, end)
    machines = list(_MACHINES.finditer(before))
    if not said_each or not machines or _MACHINES.match(text, mention.start):
        return count
    return int(machines[-1].group(1)) * (count or 1)


@dataclass
class _ServerGpus:
    named_again: set[int] = field(default_factory=set)  # ids of server mentions whose GPUs are named right after
    nodes: dict[int, int] = field(default_factory=dict)  # id of the GPUs' mention → servers it is "each" of


def _server_cards_before(text: str, clauses: list[_Clause], clause: _Clause, mention: HardwareMention) -> int | None:
    """The cards of a server said in cards earlier in the sentence with no device of its own ("一台8卡服务器，卡是 H20":
    8; "two 4-gpu nodes with l40s": 8), when nothing but words stands between it and this device."""
    start = min(c.start for c in clauses if c.sentence == clause.sentence)
    said = list(SERVER_OF_CARDS.finditer(text, start, mention.start))
    found = said[-1] if said else None
    if found is None or re.search(r"[a-z]\d|\d{2,}|[a-z]{2,}\d", text[found.end():mention.start]):
        return None  # another device or figure between ("8卡服务器跑 70b, 用 h20"): not the server's cards
    return int(found.group("cards")) * int(found.group("servers") or 1)


def _servers_with_their_gpus(text: str, placed: list[tuple[HardwareMention, _Clause | None]]) -> _ServerGpus:
    """A server named with its GPUs counts them once: the server's mention is dropped for the counted GPUs
    after it, times the servers when they are counted "each"."""
    found = _ServerGpus()
    for (first, clause), (second, _) in zip(placed, placed[1:], strict=False):
        if (clause is None or not first.hardware_ids or first.hardware_ids != second.hardware_ids or second.count is None
                or not _SERVER_THEN_GPUS.match(text[first.end:second.start])):
            continue
        found.named_again.add(id(first))
        servers = _count(text, clause, first)
        if servers and servers > 1 and _EACH.match(text, second.end):
            found.nodes[id(second)] = servers
    return found


# The speaker's own server, named right before it ("our R760", "我们的 R760", "公司那台 R760xa").
_OURS_BEFORE = re.compile(r"(?:\bour|\bmy|我们的|我们那台|我们这台|公司的|公司那台|我的)\s*(?:dell\s+|supermicro\s+|emc\s+)*$")


def owned_chassis(normalized: str, matcher: HardwareMatcher) -> HostChassis | None:
    """The server the lead owns and names by model ("our R760 has room", "我们有一台 R760xa"): one whose GPU slots the
    catalog knows (`host_chassis`), said to be theirs in its sentence or by a possessive right before it."""
    named = matcher.chassis_named(normalized)
    if named is None:
        return None
    host, start = named
    sentence = next((c for c in _clauses(normalized) if c.start <= start < c.end), None)
    in_sentence = " ".join(c.text for c in _clauses(normalized) if sentence is not None and c.sentence == sentence.sentence)
    ours = _OURS_BEFORE.search(normalized[max(0, start - 24):start]) or OWNERSHIP.search(in_sentence)
    return host if ours else None


def read_devices(normalized: str, mentions: list[HardwareMention], matcher: HardwareMatcher,
                 *, intent: str = "provide", answering: tuple[bool, bool] | None = None) -> DeviceReading:
    """Owned and named devices of a message. A "compare" follow-up names hardware to compare, not a
    device to answer about; "why not X?" names it without owning it either. `answering` (owns, asks): the
    message answers which configuration a device named before is ("it's an M4 Max with 128GB"), so a clause
    with no cue of its own takes that device's."""
    reading = DeviceReading()
    if intent == "why_not" or not mentions:
        return reading
    # "What would renting L40S cost?" asks for a rental, not whether they do; "renting 8 H100s, enough?" asks both.
    asking_allowed = intent != "compare" and (intent != "explain_cloud" or bool(SUFFICES.search(normalized)))
    clauses = _clauses(normalized)
    if NAMED_ONLY.search(normalized):  # "those are the only two we can get": the devices named are the choice asked
        clauses = [c if c.owns or c.asks else replace(c, asks=True) for c in clauses]
    if answering is not None:
        clauses = [c if c.owns or c.asks else replace(c, owns=answering[0], asks=answering[1]) for c in clauses]
    if OWNED_FALLS_SHORT.search(normalized):  # "4张4090跑32b，高峰时卡得不行": slow now, so running, so theirs
        clauses = [c if c.owns or _TO_GET.search(c.text) else replace(c, owns=True) for c in clauses]
    # "is the A100 fine, or do we need to buy something bigger?": a purchase only if the devices named fall short, so
    # those named before any buying word are theirs
    buy_instead = bool(BUY_INSTEAD.search(normalized))
    placed = [(m, next((c for c in clauses if c.start <= m.start < c.end), None)) for m in mentions]
    devices_by_sentence: dict[int, list[HardwareMention]] = {}
    for m, c in placed:
        if c is not None and m.hardware_ids:
            devices_by_sentence.setdefault(c.sentence, []).append(m)
    placed = [(m, _asked_after(c, clauses, placed)) for m, c in placed]
    server_gpus = _servers_with_their_gpus(normalized, placed)
    for mention, clause in placed:
        if id(mention) in server_gpus.named_again:
            continue  # "an HGX H100 node (8x H100)": the node is its eight GPUs, counted once
        if clause is not None and not clause.owns and (_POSSESSED.search(before := normalized[clause.start:mention.start])
                                                       or _LENT.search(before) or _known(normalized, before, mention)
                                                       or (buy_instead and not _TO_GET.search(before))):
            clause = replace(clause, owns=True)  # "on our 8 h100 server", "老板那台": theirs, whatever else the clause says
        elif clause is not None and clause.owns and _wanted_after_having(normalized, clause, mention):
            clause = replace(clause, owns=False)
        if clause is None or not (clause.owns or clause.asks) or mention.family:
            continue  # a maker's name ("two tenstorrent cards") says no product: none is guessed
        if _DENIED.search(normalized[clause.start:mention.start]):
            continue
        if not mention.hardware_ids and any(_same_device(mention, d, matcher) for d in devices_by_sentence.get(clause.sentence, [])):
            continue  # the kind word describes the device named beside it
        memory = _memory_gb(normalized, clause, mention)
        hardware_id = mention.hardware_ids[0] if mention.hardware_ids else None
        if hardware_id is None and memory is not None and mention.kind is not None:
            hardware_id = matcher.by_kind_and_memory(mention.kind, memory, mention.alias)
        line = None
        if hardware_id is None and memory is None and (clause.asks or clause.owns) and mention.kind is not None:
            # "买一台 Mac Studio 就好?", "my MacBook Pro": the one sold today, an assumption the reply states and asks
            # about when the line's configurations differ more than 2× (`line`)
            hardware_id = matcher.by_product_line(mention.alias)
            line = matcher.line_spread(mention.alias) if hardware_id is not None else None
        end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
        host = _HOST_AFTER.match(normalized, end)
        if hardware_id is None and host is None:
            continue  # "an old core i5 cpu" in "my desktop": a kind word alone is no owned machine
        count = _count(normalized, clause, mention)
        board = _BOARD_SERVER.search(normalized[max(clause.start, mention.start - 12):mention.start])
        if hardware_id is not None and board is not None:
            # "a DGX A100", "2 hgx h20 servers", "一台HGX H100": the servers × the GPUs each holds
            said = _BOARD_GPUS_AFTER.match(normalized, end)
            count = (count or 1) * (int(said.group(1)) if said else SERVER_FORM_GPUS[board.group(1)])
        elif count is None and mention.count is None and (cards := _server_cards_before(normalized, clauses, clause, mention)):
            count = cards  # "一台8卡服务器，卡是 H20", "a 4-GPU node with L40S in it": the server's cards
        if count is not None and (nodes := server_gpus.nodes.get(id(mention))) is not None:
            count *= nodes  # "2 HGX H100 nodes (8x H100 each)": sixteen GPUs
        elif hardware_id is not None and not _NODES_OF_CARDS.search(normalized[max(clause.start, mention.start - 40):mention.start]):
            count = _per_machine(normalized, mention, count)
        if count == 0:
            continue  # "we have 0 h100s": none owned, none asked about (a missing count is one; a zero is none)
        if count is not None and count < 0:
            reading.negative.append(count)  # "-2 h100s" is asked about, never read as two
            continue
        if count is None and host is not None and _PLURAL_HOST.search(host.group(0)):
            count = 2  # "idle cpu servers": the least a plural says (never more than stated)
        sockets = _sockets(normalized, clause, mention) if mention.kind == "cpu" else 1
        servers = count
        if hardware_id is not None and len(mention.hardware_ids) > 1 and _BOARD_SERVER.search(
                normalized[max(clause.start, mention.start - 12):mention.start]):
            # "a DGX A100 box", "HGX H100": NVIDIA's board servers carry the SXM module, never the PCIe card
            hardware_id = next((i for i in mention.hardware_ids if "sxm" in i), hardware_id)
        if hardware_id is not None and len(mention.hardware_ids) > 1:
            hardware_id = _said_form(normalized, clause, mention, end, hardware_id)
        if hardware_id is not None and len(mention.hardware_ids) > 1 and memory is not None:
            # "a100 … 80 gb": the first variant with that memory (of the SXM ones on a board server)
            variants = [i for i in mention.hardware_ids if "sxm" in i] if "sxm" in hardware_id else mention.hardware_ids
            hardware_id = next((i for i in variants if matcher.memory_gb(i) == memory), hardware_id)
        label = normalized[mention.start:host.end() if host is not None else end].strip()
        if count is not None and sockets > 1:  # three dual-socket servers are six CPUs (catalog: one per socket)
            count *= sockets
            per_server = f", {memory:g} GB per server" if memory is not None and f"{memory:g}" not in label else ""
            label = f"{label} ({servers} × {sockets} sockets{per_server})"
        if memory is not None and f"{memory:g}" not in label:  # "a100 80gb" says it already
            label = f"{label} {memory:g} GB"
        if clause.owns:
            owned: OwnedDeviceFacts = {}  # the stated fields only, in the model's field order
            kind = mention.kind or _first_kind(mention, matcher)
            if hardware_id is not None:
                owned["hardware_id"] = hardware_id
            if kind is not None:
                owned["kind"] = kind
            owned["count"] = min(count or 1, MAX_COUNT)
            if memory is not None:  # a server's memory is shared by its sockets (the catalog counts a CPU each)
                owned["memory_gb"] = memory / sockets
            owned["label"] = label[:200]
            if line is not None:
                owned["line"] = line
            reading.owned.append(owned)
            if hardware_id is not None:
                reading.owned_ids.append(hardware_id)
            if hardware_id is not None and (cls := matcher.owned_class(hardware_id, mention.kind)) is not None:
                reading.classes.append(cls)
        if clause.asks and asking_allowed and hardware_id is not None:
            # "how many", or a plural with no number ("H100s probably", "a few l40s?"): some number of them, to size
            some = count is None and (_plural(normalized, mention) or bool(_LEANS.search(clause.text)))
            # the only device buyable, no number said ("只买得到 4090D"): how many of it, not one
            some = some or (clause.only and count is None)
            asked = None if (clause.how_many or some) and mention.count is None else min(count or 1, MAX_COUNT)
            reading.named_only = reading.named_only or (clause.only and not clause.owns)
            named: NamedDeviceFacts = {"hardware_id": hardware_id, "count": asked}
            if memory is not None and not clause.owns:  # an owned device's memory is its owned entry's
                named["memory_gb"] = memory / sockets
            if line is not None:
                named["line"] = line
            reading.named.append(named)
    reading.owned_ids = list(dict.fromkeys(reading.owned_ids))
    reading.classes = list(dict.fromkeys(reading.classes))
    reading.named = list({(d["hardware_id"], d["count"]): d for d in reading.named}.values())
    return reading


def _said_form(normalized: str, clause: _Clause, mention: HardwareMention, end: int, hardware_id: str) -> str:
    """The variant of the form factor said right beside the device, within its clause; else `hardware_id`."""
    # A count said after the spec ("A100 40G，8 卡 SXM 的") runs past the clause's comma: the form after it is the device's.
    spec = DEVICE_COUNT_AFTER.match(normalized, end)
    stop = max(clause.end, spec.end() + _FORM_REACH if spec is not None else 0)
    around = normalized[max(clause.start, mention.start - _FORM_REACH):mention.start] + " " + \
        normalized[end:min(stop, end + _FORM_REACH + (spec.end() - end if spec is not None else 0))]
    forms = {m.group(1) for m in _FORM_FACTOR.finditer(around)}
    if len(forms) != 1:
        return hardware_id  # none said, or two ("sxm or pcie?"): the mention's own reading stands
    form = forms.pop()
    variants = [i for i in mention.hardware_ids if i.endswith(f"-{form}") or f"-{form}-" in i]
    if not variants:
        return hardware_id
    same_memory = [i for i in variants if i.split("-")[:-1] == hardware_id.split("-")[:-1]]
    return (same_memory or variants)[0]


__all__ = ["HOW_MANY", "QUESTION", "DeviceReading", "NamedDeviceFacts", "OwnedDeviceFacts", "owned_chassis", "read_devices"]
