"""One named option for a workload: "compare with two L40S", "why not an NPU?", "what about 8 GPUs?".

`evaluate_option(workload, catalog, hardware_id, count=None)` runs the same tools as the
recommendation (sizing, TCO, risks) on one device, at the count the user named or at its own smallest
count that meets the targets, over every serving stack the device runs, and returns the best as an
`Option`. Unlike `recommend` it does not drop ineligible devices: an exclusion (an NPU for many
users, a consumer card at organization scale) is reported in `violations` with the seed's reason, so
a follow-up can say why the device was not recommended, with its numbers.
"""

from __future__ import annotations

import difflib

from estimator.advice.answers import annotate
from estimator.advice.batch_jobs import BatchSizer, is_batch_job
from estimator.advice.candidates import Candidate, exclusion, fill_owned_power, ownership
from estimator.advice.complete import complete, counted_load
from estimator.advice.load import prompts_per_stream_per_s
from estimator.advice.owned import top_up
from estimator.advice.recommend import default_throughput, rank, to_option
from estimator.advice.sizing import CapacityFn, EstimateFn, Sized, Sizer, people_at_once
from estimator.catalog import Catalog
from estimator.defaults import device_price
from estimator.errors import InvalidRequest, UnknownHardware
from estimator.said import Said, said
from estimator.schemas import Option
from estimator.workload import Workload


def evaluate_option(
    workload: Workload,
    catalog: Catalog,
    hardware_id: str,
    count: int | None = None,
    *,
    estimate_fn: EstimateFn | None = None,
    capacity_fn: CapacityFn | None = None,
) -> Option:
    """The best serving stack for `count` × `hardware_id` (or its smallest count meeting the targets).

    Raises `UnknownHardware` for an id not in the catalog and `InvalidRequest` for a device that runs
    no known serving stack, has no price (and is not owned), or a count outside 1–1024. The rationale and
    risks are findings (`estimator.said`), worded by the caller.
    """
    # Completed as `recommend` completes it (a batch job's framing, the model's shape, a spend's volume at the API's
    # price), so an option weighed beside the recommendation is sized for the same load.
    named, filled, _ = complete(workload, catalog)
    hardware = catalog.hardware_by_id(hardware_id)
    if hardware is None:
        ids = [h.id for h in catalog.hardware]
        raise UnknownHardware(hardware_id, difflib.get_close_matches(hardware_id, ids, n=3, cutoff=0.5))
    if count is not None and not 1 <= count <= 1024:
        raise InvalidRequest(said("error.count_range", low=1, high=1024), field="count")
    owner = ownership(filled, hardware, catalog)
    existing = owner is not None
    priced = device_price(hardware.id, hardware.price_usd, hardware.price_basis)
    if priced is None and not existing:
        raise InvalidRequest(said("error.no_price.owned", hardware=hardware.name), field="hardware")
    stacks = [s for sid in hardware.software_stacks if (s := catalog.stack(sid)) is not None]
    if not stacks:
        raise InvalidRequest(said("error.no_stack", hardware=hardware.name), field="hardware")
    if estimate_fn is None or capacity_fn is None:
        default_estimate, default_capacity = default_throughput()
        estimate_fn, capacity_fn = estimate_fn or default_estimate, capacity_fn or default_capacity
    # Each device in the format an expert serves it in unless the user chose one, as `recommend` sizes it.
    format_stated = named.quantization is not None
    sizer = BatchSizer(filled, catalog, estimate_fn, capacity_fn, format_stated=format_stated) if is_batch_job(filled) \
        else Sizer(filled, catalog, estimate_fn, capacity_fn, people=people_at_once(workload), format_stated=format_stated,
                   prompt_rate=prompts_per_stream_per_s(counted_load(named, filled, catalog)))
    # "Six owned, what about eight?": the cards beyond the owned ones are bought (capex for those only).
    owned_count = sum(d.count for d in filled.owned_devices or [] if d.hardware_id == hardware.id)
    options: list[tuple[Sized, Said | None]] = []
    # Owned units of a device with no price on record, and more asked for: the added ones cannot be costed.
    unpriced_extra = count is not None and existing and priced is None and 0 < owned_count < count
    for stack in stacks:
        candidate = fill_owned_power([Candidate(hardware, stack, existing, None if priced is None else priced[0],
                                                class_owned=owner == "class")], catalog)[0]
        if count is not None and existing and 0 < owned_count < count:
            candidate = top_up(candidate, owned_count, filled) or candidate
        if count is None:
            sized = sizer.size(candidate)
        else:
            sized = [sizer.build(candidate, count, meets=sizer.meets(candidate, count))]
        reason = exclusion(filled, hardware, stack, existing, catalog.market_availability)
        options += [(option, reason) for option in sized]
    meeting = [s for s, reason in options if not s.violations and reason is None]
    if meeting:
        best, reason = rank(meeting)[0], None
    else:
        # Eligible stacks first, then the smallest shortfall, then the cheapest.
        best, reason = min(options, key=lambda pair: (pair[1] is not None, pair[0].shortfall, pair[0].cost_per_token))
    best = sizer.finalize(best)
    if reason:
        best.violations.insert(0, said("violation.not_eligible", reason=reason))
    option = annotate(to_option(best), best, sizer)  # batch hours of a job's option
    if best.candidate.owned_units:  # a top-up: the option says how many of its devices are owned already
        option = option.model_copy(update={"owned_units": best.candidate.owned_units})
    elif unpriced_extra:  # costed at power only: its capex is unknown, not zero
        option = option.model_copy(update={"owned_units": owned_count, "unpriced": True})
    return option


__all__ = ["evaluate_option"]
