"""The one way a stated workload becomes the complete workload an answer computes on.

`complete(workload, catalog)` is what every entry point calls before it sizes or costs anything (`recommend`, an option
evaluated side by side, `siliconsult tco`, and through them the API and MCP tools): one site's share of a fleet budget,
a batch job's framing, the named catalog model's shape, an end-to-end target split into its first token and speed,
then the seeds' defaults with the catalog's tables (`assume.fill_defaults`). Filled anywhere with fewer tables, a load
stated as an API spend became another volume there (the spend needs the API's list price to be a volume at all).
"""

from __future__ import annotations

from typing import NamedTuple

from estimator.advice.assume import fill_defaults, streams_pace
from estimator.advice.batch_jobs import prepare as prepare_batch
from estimator.advice.end_to_end import split_end_to_end
from estimator.advice.load import LoadConversion, load_conversion
from estimator.advice.served_models import own_loads
from estimator.advice.sites import one_site
from estimator.catalog import Catalog
from estimator.physics.model_shape import apply_catalog_model
from estimator.said import Said
from estimator.workload import Workload


class Completed(NamedTuple):
    """A workload before and after its defaults, and every note said on the way."""

    # the stated facts as the catalog and the framing settle them, before any default: whether the user set a format,
    # a prompt, the shapes, is read here
    named: Workload
    filled: Workload  # every fact an answer needs
    notes: list[Said]  # the settled facts' notes first, then one per assumption (`fill_defaults`)


def complete(workload: Workload, catalog: Catalog) -> Completed:
    """`workload` settled by the catalog and filled with the seeds' defaults, with what was said on the way."""
    one, site_budget = one_site(workload)  # one box per site: sized for one site's share of a fleet budget
    named, model_notes = apply_catalog_model(prepare_batch(one), catalog)
    named, e2e_notes = split_end_to_end(named)  # "end to end 10 s": the first-token bound and speed it leaves
    filled, assumptions = fill_defaults(named, catalog)
    settled = ([site_budget] if site_budget is not None else []) + model_notes + e2e_notes
    return Completed(named, filled, settled + assumptions)


def counted_load(named: Workload, filled: Workload, catalog: Catalog) -> LoadConversion | None:
    """How a stated rate, volume or spend became the filled workload's streams, at the speed, prompt and answer they
    were counted at (`assume.streams_pace`, a half window, a class's answer): the conversion the reply shows and the
    rate the streams send their prompts at (`load.prompts_per_stream_per_s`). None when the streams were said."""
    if named.concurrent_users is not None or len(own_loads(filled)) > 1:
        return None  # (loads of several models: each one's conversion is among the assumptions, `assume._from_load`)
    if named.batch_items is None and filled.batch_items is not None:
        return None  # an unattended volume sized as a job by its throughput, not as streams (`assume.volume_job`)
    paced = named if (pace := streams_pace(filled)) is None else named.model_copy(update={"tokens_per_s_target": pace})
    if named.prompt_tokens is None:
        paced = paced.model_copy(update={"prompt_tokens": filled.prompt_tokens})
    if named.output_tokens is None:
        paced = paced.model_copy(update={"output_tokens": filled.output_tokens})
    return load_conversion(paced, catalog.api_prices)


__all__ = ["Completed", "complete", "counted_load"]
