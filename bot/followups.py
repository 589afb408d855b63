"""Follow-up nodes on an existing recommendation: compare named hardware, "why not X", explain.

They decide (which options, at which counts) and leave a `Comparison` or `Explanation` outcome;
`bot/wording/outcomes.py` words it.

Comparisons run the same deterministic tools on a catalog narrowed to the named device (or kind), so
"compare with two L40S" and "why not an NPU?" answer with estimated numbers for this workload, not
with general statements; a count the user names is judged at that count (`estimator.advice.evaluate`). Nothing here changes the stored facts or recommendation.
"""

from __future__ import annotations

import re

from bot.nodes import Deps, decided, filled_workload
from bot.outcomes import ComparedOption, Comparison, Explanation, Recommended
from bot.routers import EXPLAIN_INTENTS
from bot.state import ConversationState, HardwareRef, TurnReading, facts_of, turn_of
from bot.wording import error_text, words
from estimator.advice.candidates import purchase_unit
from estimator.advice.k8s_manifest import k8s_serving
from estimator.catalog import Hardware
from estimator.defaults import device_price
from estimator.errors import NoFeasibleOption, SiliconsultError
from estimator.schemas import Option, Recommendation
from estimator.workload import NamedDevice, Workload

MAX_TARGETS = 2


class FollowupNodes:
    deps: Deps

    def _targets(self, state: ConversationState, rec: Recommendation) -> list[HardwareRef]:
        turn = turn_of(state)
        targets = _described(turn.hardware)[:MAX_TARGETS]
        if not targets and turn.gpu_count and rec.primary is not None:  # "what if we use 8 GPUs?", "那三张呢？"
            # The device the thread asked about ("两张4090能跑吗？" then "那三张呢？"), else the recommended one.
            asked = self._asked_target(state)
            targets = [asked.model_copy(update={"count": turn.gpu_count}) if asked is not None else
                       HardwareRef(hardware_ids=[rec.primary.hardware_id], kind=rec.primary.kind,
                                   count=turn.gpu_count, alias=rec.primary.hardware_name or rec.primary.hardware_id)]
        if turn.more_devices:  # "buy two more": on top of the devices owned, else of the recommended ones
            base = targets[:1] or [b for b in [self._base_target(state, rec)] if b is not None]
            targets = [_topped_up(t, turn.more_devices, state, rec) for t in base]
        return targets

    def _asked_target(self, state: ConversationState) -> HardwareRef | None:
        """The last device the user asked about by name ("would two 4090 do?"), if any."""
        named = [d for d in facts_of(state).named_devices or [] if d.hardware_id]
        hw = self.deps.catalog.hardware_by_id(named[-1].hardware_id) if named else None
        return None if hw is None else HardwareRef(hardware_ids=[hw.id], kind=hw.kind, alias=hw.name)

    def _base_target(self, state: ConversationState, rec: Recommendation) -> HardwareRef | None:
        """The device "two more" adds to when none is named: the one owned, else the recommended one."""
        owned = [d for d in facts_of(state).owned_devices or [] if d.hardware_id]
        hardware_id = owned[0].hardware_id if owned else (rec.primary.hardware_id if rec.primary else None)
        hw = self.deps.catalog.hardware_by_id(hardware_id) if hardware_id else None
        return None if hw is None else HardwareRef(hardware_ids=[hw.id], kind=hw.kind, alias=hw.name)

    def _option_for(self, workload: Workload, target: HardwareRef, rec: Recommendation,
                    lang: str = "en", *, rent: bool = False) -> tuple[Option | None, str, Recommendation | None, bool]:
        """The best option using the target's device (or kind) for this workload, or None with the reason,
        and the recommendation over that device alone (its buy / rent / API comparison) when it was run, and
        whether every reason is a missing price or power figure (the devices cannot be costed, not unfit).
        `rent`: the rental is asked for, so the device's own recommendation is run even when the current
        one sized the device already as an alternative (its cloud comparison is the primary's only)."""
        known = [o for o in [rec.primary, *rec.alternatives] if o is not None]
        target = _evaluated_accelerator(target, rec)
        ids = target.hardware_ids
        for option in known:  # reuse the recommendation's own numbers when it already sized this device
            if option.hardware_id in ids and target.count in (None, option.count) and not (rent and option is not rec.primary):
                return option, "", rec if option is rec.primary else None, False
        if ids:
            # A device the recommendation sized already is compared at the user's count; otherwise every
            # device the words name ("a100": its variants; "tenstorrent": the maker's range) competes.
            sized = next((o.hardware_id for o in known if o.hardware_id in ids), None)
            pool = tuple(h for h in self.deps.catalog.hardware if h.id == sized or (sized is None and h.id in ids))
        else:
            pool = _product_line(target, tuple(
                h for h in self.deps.catalog.hardware if h.kind == target.kind
                and (target.vendor is None or h.vendor.lower() == target.vendor)))  # a Mac: Apple's
        if not pool:
            return None, "", None, False
        narrowed = self.deps.catalog.model_copy(update={"hardware": pool})
        try:
            result = self.deps.recommend(workload, narrowed)
        except NoFeasibleOption as exc:
            unpriced = self._unpriced_option(workload, pool, target, lang)
            if unpriced is not None:
                return unpriced, "", None, False
            # The catalog was narrowed here: the devices' own reasons, not advice about the whole catalog.
            costing = bool(exc.reasons) and all(r.key in _COSTING_REASONS for r in exc.reasons)
            return None, _sentence(words(exc.reasons, lang), lang) or error_text(exc, lang), None, costing
        except SiliconsultError as exc:
            return None, error_text(exc, lang), None, False
        return result.primary, " ".join(words([result.rationale, *result.relax], lang)).strip(), result, False

    def _unpriced_option(self, workload: Workload, pool: tuple[Hardware, ...], target: HardwareRef,
                         lang: str) -> Option | None:
        """A device with no sourced price ("why not B200?") cannot be ranked as a purchase, but its numbers
        can be estimated: it is answered as a named device (estimator.advice.named: power only, said unpriced)."""
        # Costing needs a price and a power draw: an M3 Ultra with a price but no TDP cannot be ranked either.
        if not pool or any(device_price(h.id, h.price_usd, h.price_basis) is not None and h.tdp_w for h in pool):
            return None
        # The fastest of the pool first (a Mac Studio: its Ultra chips before an M1 Max), the best answer shown.
        fastest = sorted(pool, key=lambda h: -(h.memory_bandwidth_gbs or 0.0))
        asked = [NamedDevice(hardware_id=h.id, count=target.count) for h in fastest[:MAX_TARGETS]]
        try:
            result = self.deps.recommend(workload.model_copy(update={"named_devices": asked}), self.deps.catalog)
        except SiliconsultError:
            return None
        options = [a.option for a in result.named if a.option is not None]
        return max(options, key=lambda o: (o.meets_slo, o.estimate.decode_tokens_per_s_per_user), default=None)

    def _at_count(self, workload: Workload, option: Option, count: int, lang: str) -> Option:
        """The same device at the count the user named ("two L40S", "8 GPUs"), judged against the targets."""
        try:
            return self.deps.evaluate(workload, self.deps.catalog, option.hardware_id, count)
        except SiliconsultError:  # a count the estimator refuses: the sized option stands, the "sized" line explains
            return option

    def _board(self, option: Option) -> int:
        """Devices per purchasable unit of the option's device (SXM/OAM baseboards, kits), else 1."""
        hw = self.deps.catalog.hardware_by_id(option.hardware_id)
        return 1 if hw is None else purchase_unit(hw)

    def _in_whole_units(self, entry: ComparedOption, workload: Workload, option: Option, board: int,
                        lang: str) -> ComparedOption:
        """The entry with the smallest purchase that holds the named count (whole kits or baseboards, `board`
        devices each), its capex and peak draw: what buying "two" of a kit-sold device actually means."""
        count = entry.target.count or 1
        whole = -(-count // board) * board
        unit = option if option.count == whole else self._at_count(workload, option, whole, lang)
        return entry.model_copy(update={"unit": board, "unit_count": whole, "unit_capex_usd": unit.capex_usd,
                                        "unit_power_w": unit.power_w})

    def compare(self, state: ConversationState) -> ConversationState:
        turn = turn_of(state)
        rec = _current(state)
        comparison = self._comparison(state, turn, rec)
        earlier = state.get("outcome")  # after a re-run this turn ("300 users on L40S?"): keep its answer
        if isinstance(earlier, Recommended) and comparison.targets and not comparison.primary_named:
            return decided(state, earlier.model_copy(update={"comparison": comparison}))
        return decided(state, comparison)

    def _comparison(self, state: ConversationState, turn: TurnReading, rec: Recommendation) -> Comparison:
        lang = state.get("lang") or "en"
        targets = self._targets(state, rec)
        why_not = "why_not" in turn.intents
        rent = "explain_cloud" in turn.intents
        if not targets:
            return Comparison(why_not=why_not, rent=rent)
        workload = filled_workload(rec, facts_of(state))  # the card's workload: the same users and targets
        users = workload.concurrent_users
        primary = rec.primary
        if why_not and not rent and primary is not None and len(targets) == 1 and _names(targets[0], primary):
            return Comparison(why_not=True, targets=targets, primary_named=True, users=users)
        entries: list[ComparedOption] = []
        for target in targets:
            option, reason, result, costing = self._option_for(workload, target, rec, lang, rent=rent)
            if option is None:
                entries.append(ComparedOption(target=target, reason=reason, costing_only=costing))
                continue
            if rent:  # what renting it costs: the device's own buy / rent / API comparison, at its sized count
                entries.append(ComparedOption(target=target, option=option, cloud=result.cloud if result else None))
                continue
            sized = option.count
            if target.count and target.count != sized:
                at_count = self._at_count(workload, option, target.count, lang)
                board = self._board(option)
                # "Two Gaudi 3" when they are sold as 8-accelerator kits: the named count is no purchase.
                no_purchase = board > 1 and not at_count.existing and target.count % board != 0
                partial = no_purchase and option.meets_slo
                # The sized count is said only when it meets the targets: an owned card that falls short is
                # no count "the estimator sizes it at".
                entry = ComparedOption(target=target, option=at_count, sized=sized if option.meets_slo else None,
                                       board=board if partial else None,
                                       sized_capex_usd=option.capex_usd if partial else None)
                if no_purchase and not partial:  # nothing sized to point at: cost the whole units that hold the count
                    entry = self._in_whole_units(entry, workload, option, board, lang)
                entries.append(entry)
            else:
                entries.append(ComparedOption(target=target, option=option))
        return Comparison(why_not=why_not, rent=rent, targets=targets, entries=entries, users=users)

    def explain(self, state: ConversationState) -> ConversationState:
        turn = turn_of(state)
        intent = next((i for i in turn.intents if i in EXPLAIN_INTENTS), "just_recommend")
        k8s = None
        if intent == "k8s_manifest":  # the manifest's contents from the recommendation's own pilot command
            rec = state.get("recommendation")
            k8s = k8s_serving(rec, self.deps.catalog) if rec is not None else None
        # A question in another language than the recommendation's needs no re-run: its findings are worded
        # in the reply's language when shown (`bot.wording.worded`).
        return decided(state, Explanation(intent=intent, k8s=k8s))



def _topped_up(target: HardwareRef, more: int, state: ConversationState, rec: Recommendation) -> HardwareRef:
    """`target` at the count it has plus `more`: the owned units of that device, else the recommended
    count when the recommendation uses it, else none (so "2 more L40S" alone is two)."""
    if not target.hardware_ids:
        return target
    ids = target.hardware_ids
    owned = sum(d.count or 0 for d in facts_of(state).owned_devices or [] if d.hardware_id in ids)
    base = owned or (rec.primary.count if rec.primary is not None and rec.primary.hardware_id in ids else 0)
    hardware_id = next((d.hardware_id for d in facts_of(state).owned_devices or [] if d.hardware_id in ids), ids[0])
    return target.model_copy(update={"hardware_ids": [hardware_id], "count": base + more})


def _described(mentions: list[HardwareRef]) -> list[HardwareRef]:
    """The mentions to compare: a kind word beside a named device of that kind describes it ("two Mac
    Studios M3 Ultra", "an RTX 4090 GPU"), so it is dropped and its count goes to the device."""
    devices = {i: m for i, m in enumerate(mentions) if m.hardware_ids}
    keep: list[int] = []
    for i, mention in enumerate(mentions):
        same = None if mention.hardware_ids else next((j for j, d in devices.items() if d.kind == mention.kind), None)
        if same is None:
            keep.append(i)
        elif mention.count is not None and devices[same].count is None:  # "two mac studios m3 ultra"
            devices[same] = devices[same].model_copy(update={"count": mention.count})
    return [devices.get(i, mentions[i]) for i in keep]


def _product_line(target: HardwareRef, pool: tuple[Hardware, ...]) -> tuple[Hardware, ...]:
    """The devices of `pool` that a maker's product line holds: "mac studio" is the chips whose form factor
    names a Mac Studio (Max and Ultra), not every Apple chip (the base M4 of a Mac mini, the only priced
    one, answered "a Mac Studio" with "1 × M4 holds 12 GB"). Only a kind word that names its maker can be
    a product line; the maker itself ("mac", "apple") or a plain kind ("gpu") keeps the whole pool."""
    line = re.sub(r"s$", "", " ".join(target.alias.lower().split()))
    if target.vendor is None or line in _MAKER_WORDS:
        return pool
    inside = tuple(h for h in pool if line in (h.form_factor or "").lower())
    return inside or pool


_MAKER_WORDS = ("mac", "apple", "apple silicon", "苹果", "蘋果")


# A device left out only because it cannot be costed (no price, no power figure) is not unfit.
_COSTING_REASONS = frozenset({"reason.no_price", "reason.no_tdp"})


def _sentence(reasons: list[str], lang: str) -> str:
    """Exclusion reasons ("seed 1: NPUs are built for one user; …") as one sentence of the reply."""
    if not reasons:
        return ""
    if lang == "en":
        text = "; ".join(reasons)
        return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
    text = "；".join(reasons)
    return text + ("" if text.endswith("。") else "。")


def _current(state: ConversationState) -> Recommendation:
    """The recommendation a follow-up is about (the router sends follow-ups only once there is one)."""
    rec = state.get("recommendation")
    if rec is None:
        raise ValueError("a follow-up node ran without a recommendation")
    return rec


def _names(target: HardwareRef, option: Option) -> bool:
    """Whether the mention names the option's device (or, for a bare kind, its kind)."""
    if target.hardware_ids:
        return option.hardware_id in target.hardware_ids
    return target.kind == option.kind



def _evaluated_accelerator(target: HardwareRef, rec: Recommendation) -> HardwareRef:
    """"Why not an accelerator?" after seed 2's accelerator-first evaluation answers with the accelerator
    that evaluation found best (or closest), at the count it needs, not with whichever priced one ranks first."""
    verdict = rec.accelerator_first
    best = verdict.best if verdict is not None else None
    if target.hardware_ids or target.kind != "accel" or best is None or best.count is None:
        return target
    return target.model_copy(update={"hardware_ids": [best.hardware_id], "count": best.count, "alias": best.hardware_name})

__all__ = ["FollowupNodes"]
