"""Hardware named in a message ("two L40S", "4090 vs L40S", "why not an NPU?", "八卡").

Aliases are derived from the catalog's ids and names (no hand list to drift): "nvidia-rtx-4090" →
"rtx 4090", "rtx4090", "4090"; "amd-mi300x" → "mi300x". An alias shared by several devices
("a100") resolves to all of them; the caller picks one. Device kinds are matched by word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.nlu.fold import fold
from bot.nlu.lexicon import DEVICE_WORDS
from estimator.advice.candidates import owned_class
from estimator.catalog import Hardware, HostChassis

_VENDOR_PREFIXES = ("nvidia", "amd", "intel", "apple", "qualcomm", "google", "aws", "groq", "tenstorrent",
                    "cerebras", "ampere")
_KIND_WORDS: tuple[tuple[str, str], ...] = (
    ("npu", r"\bnpus?\b|神經網路處理器|神经网络处理器|神经网路处理器"),
    ("cpu", r"\bcpus?\b|\bcpu[- ]only\b|\bxeon\b|\bepyc\b|處理器|处理器|至强|至強|霄龙|霄龍"),
    ("soc", r"\bmac studios?\b|\bmac minis?\b|\bmacbooks?(?: pro| air)?\b|\bmacs?\b|apple silicon|\bsocs?\b|蘋果|苹果"),
    ("accel", r"\baccelerators?\b|\basics?\b|\btpus?\b|\blpus?\b|加速器|加速卡"),
    ("gpu", r"\bgpus?\b|graphics cards?|顯卡|显卡"),
)
# Kind words that also name the vendor: a Mac is an Apple SoC, whatever else has that much memory.
_VENDOR_OF_KIND_WORD = ((re.compile(r"\bmacs?\b|\bmacbook|\bmac studio\b|\bmac mini\b|apple|蘋果|苹果"), "apple"),)
# An ASCII word boundary: Python's \b sees none between a CJK character and a letter, so "为什么不用npu"
# would hide the kind word (the same rule as `facts._ASCII_BOUNDARY`).
_ASCII_BOUNDARY = r"(?:(?<![a-z0-9_])(?=[a-z0-9_])|(?<=[a-z0-9_])(?![a-z0-9_]))"
_KIND_CLASS = {"cpu": "cpu_servers", "gpu": "gpu_workstations", "npu": "npu_laptops", "soc": "npu_laptops"}
_KINDS = tuple((kind, re.compile(rx.replace(r"\b", _ASCII_BOUNDARY))) for kind, rx in _KIND_WORDS)
# A maker's or product family's name alone ("why not Tenstorrent?", "a Wormhole", "AMD instead") names
# its devices only when it stands alone: before a device ("nvidia h100") the device is the mention, and
# before anything else ("Google's Gemma 3", "NVIDIA Nemotron") it is the maker of something else.
_STANDS_ALONE = re.compile(
    r"\s*(?:$|[?.!,;:)\]]|(?:cards?|gpus?|chips?|accelerators?|hardware|servers?|boxes|box|devices?|parts?|systems?|"
    r"instead|or|and|vs\.?|versus|for|in|on|with|would|could|can|do|does|is|are|too|then)\b|"
    r"(?:呢|吗|嗎|吧|啊|怎么样|怎麼樣|如何|行|好|卡|芯片|晶片|加速|的(?:卡|芯片|晶片|加速|硬件|硬體|硬体|方案|设备|設備|产品|產品)|"
    r"会|會|能|可以|是|和|或|还是|還是|比|够|夠|来|來|做|跑|替代))"
)
_FAMILY_MIN_LETTERS = 5  # shorter first words ("core", "rtx", "max") are ordinary words or too broad
_COUNT_BEFORE = re.compile(r"(?<![a-z0-9.])(\d{1,6})\s*(?:x|\*)?\s*(?:张|張|块|塊|台|片|个|個|颗|顆)?\s*(?:nvidia\s+|amd\s+|intel\s+)?$")
_COUNT_AFTER = re.compile(r"^s?\s*(?:x|\*)\s*(\d{1,6})(?![\d])")


@dataclass(frozen=True)
class HardwareMention:
    """A device (catalog ids, several when the alias is shared) or a kind, with a count if one was given."""

    hardware_ids: tuple[str, ...]
    kind: str | None
    count: int | None
    start: int
    alias: str
    end: int = -1  # end of the device's words in the normalized text (its count excluded)
    family: bool = False  # a maker's or product family's name: several products, none of them picked
    vendor: str | None = None  # a kind word that names its maker too ("mac studio": an Apple SoC)


# A model number alone ("4090", "6000") is a device only where no quantity stands: "prompts 6000" is a
# length, "6000 users" a head count, "a 6000 budget" or "$5090" money (they were read as an RTX 6000 Ada,
# owned in "we have a 6000 budget", and the length, head count or budget was lost). A plural ("two
# 4090s"), a count ("4 张 4090", "2x 3090") or a question ("would a 4090 do?") keeps it a device.
_BARE_MODEL_NUMBER = re.compile(r"\d{4}(?:ti|d)?")
_QUANTITY_AFTER = re.compile(
    r"\s*(?:tokens?|toks?|k\b|%|users?|people|ppl|persons?|employees?|seats?|staff|developers?|engineers?|agents?|"
    r"analysts?|requests?|documents?|docs|items?|queries|dollars?|usd|bucks|budget|w\b|watts?|kw|gb|tb|mb|ms|s\b|"
    r"calls?|chats?|conversations?|messages?|tickets?|questions?|e-?mails?|sessions?|times\b|"
    # Chinese measure words of events ("一天 6000 次查询", "6000 通电话", "6000 则讯息")
    r"secs?|seconds?|hours?|h\b|人|位|名|篇|份|条|條|个|個|次|通|则|則|轮|輪|美元|美金|元|块钱|塊錢|瓦|毫秒|秒|小时|小時|字|token)")
_QUANTITY_BEFORE = re.compile(
    r"(?:prompts?|inputs?|answers?|outputs?|responses?|completions?|context(?: window| length)?|ctx|budget|capex|"
    r"concurrency|tokens?|\$|us\$|usd|提示|输入|輸入|输出|輸出|回答|上下文|预算|預算|并发|並發|人数|人數)\s*"
    r"(?:of|is|are|:|=|~|about|around|under|up to|约|約|为|為|是)?\s*$")


def _is_quantity(text: str, start: int, end: int) -> bool:
    """Whether a bare model number at `text[start:end]` is a quantity: a unit or counted noun after it,
    or a quantity's keyword (a length, the budget, a currency sign) right before it."""
    if text[end - 1:end] == "s" and not text[start:end - 1].endswith("s"):
        return False  # "two 6000s": devices
    return bool(_QUANTITY_AFTER.match(text, end)) or bool(_QUANTITY_BEFORE.search(text, max(0, start - 24), start))


# Brand words a device's aliases leave out ("GeForce RTX 4090" is found as "rtx 4090", "Cloud AI 100 Ultra" as
# "ai 100 ultra"); when one stands right before a match it belongs to the mention ("4 × Cloud AI 100 Ultra"),
# so its count is read and its words ("cloud") are not read as the user's intent.
_MARKETING_WORDS = re.compile(r"\b(geforce|instinct|radeon|cloud|data center gpu|generation)\b")
_CPU_TIER_WORDS = re.compile(r"\b(platinum|gold|silver|bronze)\b")
_MARKETING_BEFORE = re.compile(r"\b(?:nvidia |amd |qualcomm )?(?:geforce|instinct|radeon|cloud)\s*$")


def _aliases(hw: Hardware) -> set[str]:
    parts = hw.id.split("-")
    if parts[0] in _VENDOR_PREFIXES:
        parts = parts[1:]
    found = {" ".join(parts)}
    # A family named first in the parentheses, when it starts like the name: "Xeon 6980P (Xeon 6, …)" → "xeon 6".
    family = re.match(r"([^(]+)\(([^,)]+)", hw.name.lower())
    if family and family.group(2).split()[:1] == family.group(1).split()[:1] and any(c.isdigit() for c in family.group(2)):
        found.add(" ".join(family.group(2).replace("-", " ").split()))
    name = re.sub(r"\(.*?\)", " ", hw.name.lower())
    name = _MARKETING_WORDS.sub(" ", name)
    found.add(" ".join(name.replace("-", " ").split()))
    # A server CPU is named without its tier ("Xeon 8480+" for "Xeon Platinum 8480+"; the model number is unique).
    found.add(" ".join(_CPU_TIER_WORDS.sub(" ", name).replace("-", " ").split()))
    # Drop trailing qualifiers while what is left still names a product: "a100 80gb pcie" → "a100",
    # "snapdragon x elite" → "snapdragon x" (a model number, or two words at least).
    for cut in range(len(parts) - 1, 0, -1):
        head = parts[:cut]
        if len(head) >= 2 or any(ch.isdigit() for ch in head[-1]):
            found.add(" ".join(head))
    for i, part in enumerate(parts):
        number = re.fullmatch(r"[a-z]?\d{4}(ti|d)?", part)  # "4090", "3060", "4090d" (the China-market D), "a6000", "w7900"
        if number or DEVICE_WORDS.fullmatch(part):  # or one the lexicon knows as a device: "910b" ("8卡910B"), "k100", "mlu370"
            found.add(part)  # unique model numbers
            # the model number with what follows it in the id ("5090d v2", "k100 ai", "mlu370 x8"): the name without its
            # line word, as leads write it ("5090D V2", "海光 K100-AI"); the longer alias wins over the bare number
            found.add(" ".join(parts[i:]))
        if number and number.group(1):
            # a letter suffix said apart from the number ("4090 D", "5090 D V2", "4070 Ti"): the same device, not the
            # unsuffixed one the number alone would match
            spaced = part[:number.start(1)] + " " + number.group(1)
            found.update({spaced, " ".join([spaced, *parts[i + 1:]])})
    return {fold(a) for a in found if len(a) >= 2}  # the text is folded to Simplified before it is read


def _alias_pattern(ordered: list[str]) -> str:
    """One pattern for the aliases, the first listed winning where several match at one place (longest first).

    The aliases are grouped by their first character, each group keeping the aliases' order: two aliases that
    start differently never match at the same place, so which one wins is unchanged, while the matcher tries a
    few dozen first characters at each place in the text instead of every alias (and its word-start check) in
    turn — `find` runs on every message."""
    groups: dict[str, list[str]] = {}
    for alias in ordered:
        first, *more = alias.split()
        rest = r"[\s-]*".join((re.escape(first[1:]), *map(re.escape, more)))
        groups.setdefault(first[0], []).append(rest + r"(?:s\b)?(?![a-z0-9])")
    branches = (re.escape(first) + "(?:" + "|".join(rests) + ")" for first, rests in groups.items())
    return r"(?:(?<![a-z0-9])|(?<=\dx))(?:" + "|".join(branches) + ")"


class HardwareMatcher:
    """Finds catalog devices and device kinds in normalized text."""

    def __init__(self, hardware: Iterable[Hardware], chassis: Iterable[HostChassis] = ()) -> None:
        # Servers cards go into, longest name first ("r760xa" before "r760"): the host a lead names ("our R760").
        self._chassis = [(re.compile(r"(?<![a-z0-9])" + r"[\s-]*".join(map(re.escape, alias.split())) + r"(?![a-z0-9])"), host)
                         for host in chassis for alias in sorted(host.aliases, key=len, reverse=True)]
        self._chassis.sort(key=lambda pair: len(pair[0].pattern), reverse=True)
        index: dict[str, list[str]] = {}
        kinds: dict[str, str] = {}
        self._devices = tuple(hardware)
        for hw in self._devices:
            kinds[hw.id] = hw.kind
            for alias in _aliases(hw):
                index.setdefault(alias, []).append(hw.id)
        self._kinds = kinds
        self._index = {alias: tuple(ids) for alias, ids in index.items()}
        ordered = sorted(self._index, key=len, reverse=True)
        self._pattern = re.compile(_alias_pattern(ordered)) if ordered else None
        self._by_compact = {a.replace(" ", ""): a for a in ordered}
        self._families = _families(self._devices, set(self._index))
        self._family_pattern = re.compile(
            r"(?<![a-z0-9])(" + "|".join(map(re.escape, sorted(self._families, key=len, reverse=True))) + r")s?(?![a-z0-9])"
        ) if self._families else None

    def find(self, text: str) -> list[HardwareMention]:
        mentions: list[HardwareMention] = []
        taken: list[tuple[int, int]] = []
        if self._pattern is not None:
            for m in self._pattern.finditer(text):
                compact = re.sub(r"[\s-]+", "", m.group(0))
                alias = self._by_compact.get(compact) or self._by_compact[compact[:-1]]
                if _BARE_MODEL_NUMBER.fullmatch(alias) and _is_quantity(text, m.start(), m.end()):
                    continue
                ids = self._index[alias]
                kinds = {self._kinds[i] for i in ids}
                brand = _MARKETING_BEFORE.search(text, 0, m.start())
                start = brand.start() if brand is not None else m.start()
                mentions.append(HardwareMention(ids, kinds.pop() if len(kinds) == 1 else None,
                                                _count_near(text, start, m.end()), start, alias, m.end()))
                taken.append((start, m.end()))
        if self._family_pattern is not None:
            for m in self._family_pattern.finditer(text):
                if any(m.start() < e and m.end() > st for st, e in taken) or not _STANDS_ALONE.match(text, m.end()):
                    continue
                ids = self._families[m.group(1)]
                kinds = {self._kinds[i] for i in ids}
                after = text[m.end():m.end() + 24].lstrip()
                if any(rx.match(after) and kind not in kinds for kind, rx in _KINDS):
                    continue  # "an ampere gpu": the architecture of a GPU, not Ampere Computing's CPUs
                mentions.append(HardwareMention(ids, kinds.pop() if len(kinds) == 1 else None,
                                                _count_near(text, m.start(), m.end()), m.start(), m.group(1), m.end(),
                                                family=True))
                taken.append((m.start(), m.end()))
        for kind, rx in _KINDS:
            for m in rx.finditer(text):
                if all(m.end() <= s or m.start() >= e for s, e in taken):
                    maker = next((name for pattern, name in _VENDOR_OF_KIND_WORD if pattern.search(m.group(0))), None)
                    mentions.append(HardwareMention((), kind, _count_near(text, m.start(), m.end()), m.start(), m.group(0),
                                                    m.end(), vendor=maker))
                    taken.append((m.start(), m.end()))
        return sorted(mentions, key=lambda h: h.start)

    def kinds_of(self, hardware_ids: tuple[str, ...]) -> set[str]:
        return {self._kinds[i] for i in hardware_ids if i in self._kinds}

    def memory_gb(self, hardware_id: str) -> float | None:
        """The catalog memory of a device (None when unknown)."""
        return next((hw.memory_gb for hw in self._devices if hw.id == hardware_id), None)

    def owned_class(self, hardware_id: str | None, kind: str | None) -> str | None:
        """The contract's `existing_hardware` class of an owned device: the catalog's rule for a named
        device (a data-center card is no "gpu workstation"), the kind's class for a bare kind word."""
        hw = next((h for h in self._devices if h.id == hardware_id), None) if hardware_id else None
        if hw is not None:
            return owned_class(hw)
        return _KIND_CLASS.get(kind or "")

    def by_kind_and_memory(self, kind: str, memory_gb: float, alias: str = "") -> str | None:
        """The device of `kind` with the least memory that still holds `memory_gb`: "a Mac Studio with
        128 GB" names an Apple SoC with 128 GB (the kind word `alias` may name the vendor too). Ties go
        to the device listed last (the catalog lists generations oldest first)."""
        vendor = next((name for pattern, name in _VENDOR_OF_KIND_WORD if pattern.search(alias.lower())), None)
        fits = [hw for hw in self._devices if hw.kind == kind and hw.memory_gb is not None and hw.memory_gb >= memory_gb
                and (vendor is None or hw.vendor.lower() == vendor)]
        # A product line named in two or more words ("Mac Studio", "Mac mini", "MacBook Pro") is a machine the
        # chip must ship in: its form factor says so. A newer chip sold only in laptops is no Mac Studio.
        product = " ".join(re.sub(r"s$", "", word) for word in alias.lower().split())
        if " " in product:
            shipped_in = re.compile(rf"\b{re.escape(product)}\b", re.IGNORECASE)
            fits = [hw for hw in fits if shipped_in.search(hw.form_factor or "")] or fits
        if not fits:
            return None
        least = min(hw.memory_gb or 0 for hw in fits)
        return [hw.id for hw in fits if hw.memory_gb == least][-1]

    def chassis_named(self, text: str) -> tuple[HostChassis, int] | None:
        """The server named in `text` (folded, normalized) that cards go into, and where its name starts."""
        found = [(m.start(), host) for pattern, host in self._chassis if (m := pattern.search(text))]
        if not found:
            return None
        start, host = min(found, key=lambda pair: pair[0])
        return host, start

    def by_product_line(self, alias: str) -> str | None:
        """The chip a product line named without its chip or memory stands for ("买一台 Mac Studio 就好?", "would a
        Mac mini do?"): of the devices whose form factor names that line (two words or more, as in
        `by_kind_and_memory`), the one a buyer can be quoted today: priced first, then the newest, then the most
        memory. None for a one-word kind ("a mac", "a gpu"): too many machines to pick one."""
        product = " ".join(re.sub(r"s$", "", word) for word in alias.lower().split())
        if " " not in product:
            return None
        shipped_in = re.compile(rf"\b{re.escape(product)}\b", re.IGNORECASE)
        line = [hw for hw in self._devices if shipped_in.search(hw.form_factor or "")]
        if not line:
            return None
        best = max(line, key=lambda hw: (hw.price_usd is not None, hw.launch_year or 0, hw.memory_gb or 0))
        # A chip sold in several memory sizes (the M4 Pro Mac mini's 24 / 48 / 64 GB rows: one vendor, year and bandwidth)
        # stands for its base configuration, the price a buyer is quoted first; a stated size picks another row.
        sizes = [hw for hw in line if (hw.vendor, hw.launch_year, hw.memory_bandwidth_gbs, hw.price_usd is not None)
                 == (best.vendor, best.launch_year, best.memory_bandwidth_gbs, best.price_usd is not None)]
        return min(sizes, key=lambda hw: hw.memory_gb or 0).id


    def line_spread(self, alias: str) -> str | None:
        """The product line's name as the catalog spells it ("MacBook Pro") when its configurations differ more than
        2× in memory or memory bandwidth, so that which one the user means changes the answer by more than 2× (issue
        26 G: asked, not guessed); None for a line whose configurations are alike, or no line at all."""
        product = " ".join(re.sub(r"s$", "", word) for word in alias.lower().split())
        if " " not in product:
            return None
        shipped_in = re.compile(rf"\b{re.escape(product)}\b", re.IGNORECASE)
        line = [(hw, m) for hw in self._devices if (m := shipped_in.search(hw.form_factor or ""))]
        memory = [hw.memory_gb for hw, _ in line if hw.memory_gb]
        bandwidth = [hw.memory_bandwidth_gbs for hw, _ in line if hw.memory_bandwidth_gbs]
        spread = any(len(v) > 1 and max(v) > _LINE_SPREAD * min(v) for v in (memory, bandwidth))
        return line[0][1].group(0) if spread else None


# Configurations of one product line whose memory or bandwidth differ more than this change the answer by as much.
_LINE_SPREAD = 2.0


def _families(devices: tuple[Hardware, ...], aliases: set[str]) -> dict[str, tuple[str, ...]]:
    """Makers' and product families' names, from the catalog: each vendor's first word ("tenstorrent",
    "amd") and a product word that starts the id or name of several of one vendor's devices
    ("wormhole", "blackhole", "instinct", "geforce"), → their devices. A word with another meaning in
    this conversation (an intent word: "cloud"; a kind word: "xeon") or a device's own alias is left out."""
    from bot.nlu.intents import detect_intents

    found: dict[str, list[str]] = {}
    for hw in devices:
        vendor = re.sub(r"[^a-z0-9]", "", hw.vendor.lower().split()[0]) if hw.vendor.strip() else ""
        if vendor:
            found.setdefault(vendor, []).append(hw.id)
        parts = hw.id.split("-")
        words = {parts[1] if parts[0] in _VENDOR_PREFIXES and len(parts) > 2 else parts[0], hw.name.lower().split()[0]}
        for word in words - {vendor}:
            if word.isalpha() and len(word) >= _FAMILY_MIN_LETTERS:
                found.setdefault(f"{vendor} {word}", []).append(hw.id)
    families: dict[str, tuple[str, ...]] = {}
    for key, ids in found.items():
        vendor, _, word = key.partition(" ")
        name = word or vendor
        if word and len(set(ids)) < 2:
            continue
        if name in aliases or detect_intents(name) or any(rx.search(name) for _, rx in _KINDS):
            continue
        families[name] = tuple(dict.fromkeys([*families.get(name, ()), *ids]))
    return families


def mention_span(text: str, mention: HardwareMention) -> tuple[int, int]:
    """Where a mention's words and its count ("2× h100", "4090s x 2") stand in `text`."""
    end = mention.end if mention.end >= 0 else mention.start + len(mention.alias)
    start = mention.start
    if m := _COUNT_BEFORE.search(text[max(0, start - 16):start]):
        start -= len(m.group(0))
    elif m := _COUNT_AFTER.match(text[end:end + 8]):
        end += m.end()
    return start, end


def without_mentions(text: str, mentions: Iterable[HardwareMention]) -> str:
    """`text` with the devices and kinds it names (and their counts) blanked: what is left may hold a
    bare answer ("500"), and a model number ("rtx 5090") is never one."""
    chars = list(text)
    for mention in mentions:
        start, end = mention_span(text, mention)
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def signed_count(text: str, at: int, count: int) -> int:
    """`count` as stated: negative when a minus sign stands right before its digits at `at` ("-2 h100s"),
    not when the dash joins a word or a range ("llama-2", "2-4 h100s")."""
    before = text[:at].rstrip()
    if before.endswith(("-", "−")) and not before[:-1][-1:].isalnum():
        return -count
    return count


def _count_near(text: str, start: int, end: int) -> int | None:
    window = max(0, start - 16)
    if m := _COUNT_BEFORE.search(text[window:start]):
        return signed_count(text, window + m.start(1), int(m.group(1)))
    if m := _COUNT_AFTER.match(text[end:end + 8]):
        return int(m.group(1))
    return None


__all__ = ["HardwareMatcher", "HardwareMention", "mention_span", "signed_count", "without_mentions"]
