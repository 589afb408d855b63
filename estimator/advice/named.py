"""The device the user named, answered first: "would one L40S do?", "how many MI300X?".

Each `Workload.named_devices` entry is sized with the recommendation's own tools (same sizer, same
targets): at the stated count, or at the smallest count that meets the targets when the user asked
how many. The answer says yes or no with that device's numbers, the smallest count that works when
the stated one does not, and whether the recommendation is the same option or differs and why.
A device without a sourced price is still evaluated: its figures count power only and the answer
says it is unpriced (it cannot be ranked against purchases on cost). Seed rules that make it
ineligible (an NPU for many users, a consumer card at organization scale) are said as the reason.
"""

from __future__ import annotations

import re

from estimator.advice.batch_jobs import BatchSizer, shown_hours
from estimator.advice.candidates import MAX_COUNT, Candidate, exclusion, fill_owned_power, ownership, purchase_unit
from estimator.advice.laptops import laptops_of
from estimator.advice.lower_format import lower_format_text
from estimator.advice.shortfall import ceiling_text, limits_passed, shortfall_text
from estimator.advice.sizing import Sized, Sizer
from estimator.advice.sold_singly import board_variant, priced_variant
from estimator.catalog import Catalog, Hardware
from estimator.defaults import device_price
from estimator.said import Said, said
from estimator.schemas import LIMIT_VIOLATIONS, NamedVerdict
from estimator.workload import NamedDevice, Workload

# Reasons that only say the device cannot be costed as a purchase: a named device is evaluated anyway.
_COSTING_REASONS = ("reason.no_price", "reason.no_tdp")


def _reason(workload: Workload, hw: Hardware, cand: Candidate, owned: bool, catalog: Catalog) -> Said | None:
    reason = exclusion(workload, hw, cand.stack, owned, catalog.market_availability)
    if isinstance(reason, Said) and reason.key in _COSTING_REASONS:
        return None
    return reason


def _candidates(workload: Workload, hw: Hardware, catalog: Catalog) -> tuple[list[Candidate], bool, bool]:
    """Every stack of the device; an unpriced device is costed like an owned one (power only)."""
    owner = ownership(workload, hw, catalog)
    priced = device_price(hw.id, hw.price_usd, hw.price_basis)
    existing = owner is not None or priced is None
    cands = []
    for stack_id in hw.software_stacks:
        stack = catalog.stack(stack_id)
        if stack is None or not stack.runs_on(hw.kind):
            continue
        cands.append(Candidate(hw, stack, existing, None if priced is None else priced[0],
                               class_owned=owner == "class"))
    return fill_owned_power(cands, catalog), owner is not None, priced is not None


def evaluate_named(sizer: Sizer, workload: Workload, catalog: Catalog, named: NamedDevice
                   ) -> tuple[Sized, Said | None, int | None, bool] | None:
    """(best option, ineligibility reason, smallest count that meets, priced) for one named device;
    None for an id the catalog does not know or a device with no serving stack."""
    hw = catalog.hardware_by_id(named.hardware_id)
    if hw is None:
        return None
    cands, owned, priced = _candidates(workload, hw, catalog)
    laptops = [] if owned else laptops_of(catalog, workload, hw, named.memory_gb)
    if laptops:  # a laptop asked for: the chip named is answered as the laptops sold with it, the best of them
        found = [_candidates(workload, laptop, catalog) for laptop in laptops]
        cands, priced = [c for each in found for c in each[0]], any(each[2] for each in found)
    if not cands:
        return None
    options: list[tuple[Sized, Said | None, int | None]] = []
    for cand in cands:
        smallest = sizer.smallest_count(cand)
        if smallest is not None:  # bought in whole baseboards / kits, with the N+1 spare at organization scale
            smallest = sizer._purchase(cand, smallest)[0]
        count = named.count if named.count is not None else (smallest or cand.max_count)
        count = max(1, min(count, MAX_COUNT))  # more than one estimate sizes: said so (`named_text`)
        option = sizer.build(cand, count, meets=sizer.meets(cand, count))
        if named.count is None and smallest is None:
            # "How many L40S?" when no count meets the targets: the fewest that hold the model and its
            # users, with their figures, never the search's ceiling (1,024 cards at $11M that miss the
            # speed target as four do); the sentence then says why no count would.
            count = _fewest_fitting(sizer, cand)
            option = sizer.build(cand, count, meets=False)
        options.append((option, _reason(workload, cand.hardware, cand, owned, catalog), smallest))
    best = min(options, key=lambda o: (o[1] is not None, bool(o[0].violations), o[0].shortfall,
                                       o[0].cost_per_token))
    sizer.finalize(best[0])
    return best[0], best[1], best[2], priced


def named_purchase(sizer: Sizer, workload: Workload, catalog: Catalog, named: NamedDevice) -> Sized | None:
    """What buying the named device takes to meet the targets within the limits (and a stated budget): the smallest
    count of it that does, in whole baseboards (seed 1: start from the smallest configuration that meets the need;
    a stated count above it is a guess, "would 2,000 L40S do?", and one below it does not meet). None for a device
    the user owns (the owned answer judges it), one without a price (it cannot be ranked against a purchase), one a
    seed rule makes ineligible, or one no count of which meets the targets."""
    hw = catalog.hardware_by_id(named.hardware_id)
    if hw is None or ownership(workload, hw, catalog) is not None:
        return None
    found = evaluate_named(sizer, workload, catalog, named)
    if found is None:
        return None
    option, reason, smallest, priced = found
    if reason is not None or not priced:
        return None
    if smallest is not None and smallest != option.count:
        bought = _smallest_meeting(sizer, option, smallest)
    else:
        bought = None if option.violations else (_purchase(sizer, option) or option)
    if bought is None or bought.violations or bought.tco is None or sizer.over_budget(bought.tco):
        return None
    return bought


def named_purchases(sizer: Sizer, workload: Workload, catalog: Catalog, named: NamedDevice) -> list[Sized]:
    """`named_purchase` of the named device and, for a card that meets the targets only with a board's worth of cards
    or more (or at no count), also its chip on the baseboard it is sold on (`sold_singly.board_variant`): a fleet that
    size is bought as boards, where the chip's own links join the devices (seed 1: start from the smallest
    configuration that meets the need), and "one H100" read as its PCIe card must not lead with 32 of them across 8
    servers when one HGX board of the chip the user named does it. The lead ranks them (`recommend._named_ranked`)."""
    bought = named_purchase(sizer, workload, catalog, named)
    hw = catalog.hardware_by_id(named.hardware_id)
    board = board_variant(catalog, hw) if hw is not None else None
    # A variant with no sourced price cannot be bought: the same chip's priced variant is (`sold_singly.priced_variant`),
    # so "H100 or H200?" keeps the H200 in the ranking when the H200 NVL card it was read as has no price.
    priced = priced_variant(catalog, hw) if hw is not None and ownership(workload, hw, catalog) is None else None
    if board is not None and bought is not None and bought.count < purchase_unit(board):
        board = None  # fewer cards than a board holds: the cards are the purchase
    variants = {v.id: v for v in (board, priced) if v is not None}
    options = [bought, *(named_purchase(sizer, workload, catalog, named.model_copy(update={"hardware_id": v, "count": None}))
                         for v in variants)]
    return [option for option in options if option is not None]


def named_verdict(option: Sized, reason: Said | None, smallest: int | None, priced: bool) -> NamedVerdict:
    """The case a named device's answer states (`schemas.NamedVerdict`): the rule first, then the price,
    then the targets and limits at the count evaluated, then whether a larger count would meet them."""
    if reason is not None:
        return "ineligible"
    if not priced:
        return "unpriced"
    if not option.violations:
        return "fits"
    if all(v.key in LIMIT_VIOLATIONS for v in option.violations):
        return "past_limits"
    return "fits_at_more" if smallest is not None and smallest > option.count else "never_fits"


def named_text(sizer: Sizer, named: NamedDevice, option: Sized, reason: Said | None, smallest: int | None,
               priced: bool, primary: Sized | None, format_stated: bool = False) -> tuple[Said, bool]:
    """The answer sentence, and whether the recommendation is this very option. A device that does not hold
    the model at the format in force is also told the first lower-bit format it would hold it at
    (`format_stated`: the user chose the format, so it is only mentioned)."""
    hw = option.candidate.hardware
    est, cost = option.estimate, option.tco
    assert cost is not None
    ok = not option.violations and reason is None
    ttft = est.ttft_p95_ms or est.ttft_ms
    bought = _purchase(sizer, option) if priced else None
    if bought is not None and bought.tco is not None:
        # "Would two MI300X do?": the numbers are the two's, but MI300X is sold on 8-GPU boards, so a price
        # for two is no purchase anyone can make: the price and the comparison are the board's.
        price = said("answer.named.capex_bought", unit=option.candidate.board, count=bought.count,
                    capex=bought.tco.capex_usd, tco=bought.tco.three_year_total_usd)
    elif priced:
        price = said("answer.named.capex", capex=cost.capex_usd, tco=cost.three_year_total_usd)
    elif hw.tdp_w:
        price = said("answer.named.unpriced", power=cost.annual_power_usd)
    else:
        price = said("answer.named.unpriced_no_power")
    batch = isinstance(sizer, BatchSizer)  # a job has no users nor first-token target: when it finishes decides
    if batch and est.fits:
        assert isinstance(sizer, BatchSizer)
        figures = said("answer.named.figures_batch", hours=shown_hours(sizer.hours(option.candidate, option.count)),
                      window=sizer.window_hours, required=est.memory_required_gb, available=est.memory_available_gb,
                      price=price)
    else:
        figures = said("answer.named.figures", tps=est.decode_tokens_per_s_per_stream, users=sizer.peak,
                      ttft=ttft, capacity=option.capacity_users, required=est.memory_required_gb,
                      available=est.memory_available_gb, price=price)
    # A format chosen for this device and engine (FP8 on an H100 under vLLM) is named beside it.
    shown = hw.name + (said("answer.named.at_format", quant=option.weight_format)
                       if option.format_default and option.weight_format != sizer.workload.weight_format else "")
    head = said("answer.named.ask_many" if named.count is None else "answer.named.ask", count=option.count, hardware=shown)
    if named.count is not None and named.count > option.count:  # "would 2,000 L40S do?": judged at the ceiling, said
        head = said("answer.named.ask_capped", asked=named.count, count=option.count, hardware=shown)
    if reason is not None:
        text = head + said("answer.named.ineligible", reason=reason, figures=figures)
    elif ok:
        text = head + said("answer.named.yes", figures=figures) + sizer.band_note(option)
    elif option.meets_slo and (limits := limits_passed(sizer, option.candidate, option.count)):
        # The targets are met, a limit is not: "no, it falls short: 39 tok/s against 30" read as a contradiction.
        text = head + said("answer.named.past_limits", limits=limits, figures=figures)
        if smallest is not None and smallest < option.count and not limits_passed(sizer, option.candidate, smallest):
            text += said("answer.named.smallest", count=smallest, hardware=hw.name)
    else:  # the shortfall already quotes speed and first token: the rest of the figures only
        rest = (said("answer.named.figures_memory", required=est.memory_required_gb,
                    available=est.memory_available_gb, price=price) if batch else
                said("answer.named.figures_short", capacity=option.capacity_users,
                    required=est.memory_required_gb, available=est.memory_available_gb, price=price))
        text = head + said("answer.named.no", short=shortfall_text(sizer, option), figures=rest)
        if smallest is not None and smallest != option.count:
            limits = limits_passed(sizer, option.candidate, smallest)
            text += (said("answer.named.smallest_past", count=smallest, hardware=hw.name, limits=limits) if limits
                     else said("answer.named.smallest", count=smallest, hardware=hw.name))
        elif smallest is None and option.candidate.max_count > 1:
            text += _none_text(sizer, option)
        if not est.fits:
            cands = _candidates(sizer.workload, hw, sizer.catalog)[0]
            text += lower_format_text(sizer, cands or [option.candidate], option.count, hw.name, format_stated)
            if named.line:  # "a MacBook Pro" taken as the one sold today: a larger configuration may hold it
                text += line_room(sizer, named.line, hw)
    compared = bought or option  # what buying the named device means
    same = primary is not None and primary.candidate.hardware.id == hw.id and primary.count == compared.count
    if primary is None:
        return text, False
    if same:
        return text + said("answer.named.same"), True
    pcost = primary.tco
    assert pcost is not None
    alt = _smallest_meeting(sizer, option, smallest) if not ok and priced else None
    if alt is not None and primary.candidate.hardware.id == hw.id and primary.count == alt.count:
        alt = None  # the recommendation is that smallest count: it differs from the ask because it meets
    if alt is not None:  # "2 × RTX 4090 would meet them": the recommendation differs from those, by cost or risk
        compared, ok = alt, True
    if not ok and not primary.violations:
        why = said("answer.why.meets")
    elif not ok and primary.shortfall < compared.shortfall:
        # neither meets the targets: never "because it meets the targets" (the headline says it does not)
        why = said("answer.why.closer")
    elif not priced and (variant := _priced_variant_purchase(sizer, hw)) is not None:
        # "H200 NVL" has no sourced price, the H200 SXM has: the named chip is costed as that variant, never dropped
        if primary.candidate.hardware.id == variant.candidate.hardware.id:
            why = said("answer.why.priced_variant", hardware=variant.candidate.hardware.name)
        else:
            why = said("answer.why.variant_cheaper", count=variant.count, hardware=variant.candidate.hardware.name,
                       capex=variant.tco.capex_usd if variant.tco else 0.0, primary=primary.cost_per_token,
                       named=variant.cost_per_token)
    elif not priced:
        why = said("answer.why.unpriced")
    elif primary.cost_per_token < compared.cost_per_token:
        why = said("answer.why.cheaper", primary=primary.cost_per_token, named=compared.cost_per_token)
    else:
        why = said("answer.why.risk", primary=primary.risk_points, named=compared.risk_points)
    text += said("answer.named.differs", count=primary.count, hardware=primary.candidate.hardware.name,
                capex=pcost.capex_usd, why=why)
    return text, False


def _priced_variant_purchase(sizer: Sizer, hw: Hardware) -> Sized | None:
    """Buying the named chip as its variant with a sourced price (`sold_singly.priced_variant`), at the smallest count
    that meets the targets in whole boards; None when it has none or none meets."""
    variant = priced_variant(sizer.catalog, hw)
    if variant is None:
        return None
    return named_purchase(sizer, sizer.workload, sizer.catalog, NamedDevice(hardware_id=variant.id, count=None))


def line_room(sizer: Sizer, line: str, taken: Hardware) -> Said:
    """A product line named without its chip or memory, taken as a configuration that does not hold the model: the
    smallest configuration of that line on record that does (one machine; they do not pool), and the question
    which one theirs is, or that none on record does."""
    shipped_in = re.compile(rf"\b{re.escape(line)}\b", re.IGNORECASE)
    larger = sorted((hw for hw in sizer.catalog.hardware if shipped_in.search(hw.form_factor or "")
                     and (hw.memory_gb or 0) > (taken.memory_gb or 0)), key=lambda hw: (hw.memory_gb or 0, -(hw.launch_year or 0)))
    for hw in larger:
        if any(sizer.figures(cand, 1).fits for cand in _candidates(sizer.workload, hw, sizer.catalog)[0]):
            return said("answer.named.line_room", line=line, hardware=hw.name, memory=hw.memory_gb)
    return said("answer.named.line_none", line=line)


def _smallest_meeting(sizer: Sizer, option: Sized, smallest: int | None) -> Sized | None:
    """The smallest count of the named device that meets the targets within the limits, when it is not the
    one asked about: what the recommendation is to be compared with ("2 × RTX 4090 would meet them")."""
    if smallest is None or smallest == option.count:
        return None
    if limits_passed(sizer, option.candidate, smallest):
        return None
    alt = sizer.finalize(sizer.build(option.candidate, smallest, meets=True))
    return None if alt.violations or alt.tco is None else alt


def _fewest_fitting(sizer: Sizer, cand: Candidate) -> int:
    """The fewest devices (whole baseboards) whose plan holds the weights and the peak's KV cache; the
    maximum when none does. Fit is not monotonic in the count (uneven replicas), so counts are walked up,
    one board at a time while small, then doubling."""
    board, top = max(1, cand.board), cand.max_count
    count = min(top, -(-sizer.min_devices(cand) // board) * board)
    while count < top and not sizer.estimate(cand, count).fits:
        count = min(top, count + board if count < 64 else count * 2)
    return count


def _none_text(sizer: Sizer, option: Sized) -> Said:
    """Why no count of the device meets the targets. More devices add model copies, each serving a share
    of the users: they never make one copy decode faster than its own group (the tensor-parallel group
    inside one server; pipeline stages across servers work in turn) nor prefill one prompt faster. So
    when even the largest count misses, the answer is that ceiling (its best per-user speed or first
    token), not "even 1,024 would not", which reads as if enough money would do."""
    cand, hw = option.candidate, option.candidate.hardware
    text = ceiling_text(sizer, cand, "answer.named.none")
    return text or said("answer.named.none", count=cand.max_count, hardware=hw.name)


def _purchase(sizer: Sizer, option: Sized) -> Sized | None:
    """The named count rounded up to what can be bought, when it differs: SXM/OAM modules ship on
    baseboards (`candidates.purchase_unit`), so "two H100 SXM" are bought as one 8-GPU board. None for
    a count that is already whole boards, or for devices the user owns (nothing is bought)."""
    cand, board = option.candidate, option.candidate.board
    if cand.existing or board <= 1 or option.count % board == 0:
        return None
    count = -(-option.count // board) * board
    bought = sizer.build(cand, count, meets=sizer.meets(cand, count))
    sizer.finalize(bought)
    return bought


__all__ = ["evaluate_named", "named_purchase", "named_purchases", "named_text"]
