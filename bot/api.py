"""Siliconsult as a Python library: estimate, recommend, tco, compare and report.

The same engine the chat, the Slack app and the CLI use, without a conversation: plain functions over
the typed models of `estimator.schemas` and `estimator.workload`. Every argument that takes a
workload or a request also takes a plain mapping with the contract's field names (DESIGN.md), so a
notebook or an agent can pass JSON. Bad input raises `estimator.errors.InvalidRequest` naming the
field (`.user_message` is one sentence); nothing here prints.

The catalog (hardware, models, benchmarks, prices) is read once per process from the knowledge store
under `$SILICONSULT_HOME`; pass `catalog=` to use another one (e.g. `load_catalog(Settings(...))`).

    >>> from bot.api import estimate, recommend, tco, compare, report
    >>> rec = recommend({"model_params_b": 8, "concurrent_users": 20, "quantization": "INT4"})
    >>> rec.primary is not None and rec.primary.count >= 1
    True
    >>> fit = estimate({"hardware": "nvidia-rtx-4090", "params_b": 8, "quant": "Q4_K_M"})
    >>> fit.fits, fit.decode_tokens_per_s_per_stream > 0
    (True, True)
    >>> cost = tco("nvidia-rtx-4090", 2, {"model_params_b": 8, "concurrent_users": 20})
    >>> round(cost.capex_usd) > 0
    True
    >>> [o.hardware_id for o in compare({"model_params_b": 8}, ["nvidia-rtx-4090", "nvidia-l40s"])]
    ['nvidia-rtx-4090', 'nvidia-l40s']
    >>> report(rec, fmt="md").startswith("#")
    True
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Literal

from pydantic import ValidationError

from bot.settings import Settings
from bot.wording import worded
from estimator.catalog import Catalog
from estimator.errors import InvalidRequest
from estimator.schemas import Estimate, EstimateRequest, Option, Recommendation, TcoResult
from estimator.workload import Workload

WorkloadLike = Workload | Mapping[str, object]
ReportFormat = Literal["md", "html", "pdf", "csv", "xlsx"]


@cache
def _default_catalog() -> Catalog:
    from bot.wiring import load_catalog

    return load_catalog(Settings())


def catalog() -> Catalog:
    """The shipped catalog (hardware, models, engines, benchmarks, prices), read once per process."""
    return _default_catalog()


def as_workload(workload: WorkloadLike) -> Workload:
    """A `Workload` from a mapping of its contract fields; `InvalidRequest` names the first bad one."""
    if isinstance(workload, Workload):
        return workload
    try:
        return Workload.model_validate(dict(workload))
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"]) or None
        raise InvalidRequest(f"{field}: {error['msg']}", field=field) from None


def estimate(request: EstimateRequest | Mapping[str, object], *, catalog: Catalog | None = None) -> Estimate:
    """Decode tokens/s (per user and total), prefill, TTFT and memory fit of one configuration.

    `request` has the fields of `siliconsult estimate --batch` lines: hardware (or custom), count,
    params_b (or model), quant, backend, concurrency, prompt_tokens, output_tokens, context, …
    """
    from bot.cli.estimate import build_request
    from estimator.physics.throughput import estimate as run

    checked = request if isinstance(request, EstimateRequest) else build_request(dict(request))
    return worded(run(checked, catalog or _default_catalog()), "en")  # its notes are findings: said in English


def recommend(workload: WorkloadLike, *, lang: str = "en", catalog: Catalog | None = None) -> Recommendation:
    """The recommended hardware for a workload: primary option, alternatives, TCO, risks, validation plan.

    Missing facts take the seeds' defaults and are listed in `Recommendation.assumptions`. `lang` (en,
    zh-Hans, zh-Hant) is the language its sentences are worded in (`bot.wording.worded`); numbers and ids
    are the same in all. Raises `NoFeasibleOption` when nothing in the catalog meets the workload's limits
    (`bot.wording.error_text` says why).
    """
    from estimator.advice.recommend import recommend as run

    return worded(run(as_workload(workload), catalog or _default_catalog()), lang)


def tco(hardware_id: str, count: int, workload: WorkloadLike, *, existing: bool = False, migration_usd: float = 0.0,
        catalog: Catalog | None = None) -> TcoResult:
    """Total cost of ownership of `count` × `hardware_id` serving the workload (capex, power, opex, 3 years).

    `existing=True`: the devices are already owned (no capex). Raises `UnknownHardware` for an id not in
    the catalog and `InvalidRequest` for a device without a price.
    """
    from bot.cli.tco import compute

    if count < 1:
        raise InvalidRequest("count must be at least 1", field="count")
    return compute(catalog or _default_catalog(), hardware_id, count, as_workload(workload), existing=existing,
                   migration_usd=migration_usd)


def compare(workload: WorkloadLike, hardware: Sequence[str | tuple[str, int]], *, lang: str = "en",
            catalog: Catalog | None = None) -> list[Option]:
    """Each device (an id, or (id, count)) costed and sized for the same workload, in the order given.

    Without a count, each device gets the smallest count that meets the workload's targets.
    """
    from estimator.advice.evaluate import evaluate_option

    checked, chosen = as_workload(workload), catalog or _default_catalog()
    options = []
    for entry in hardware:
        hardware_id, count = (entry, None) if isinstance(entry, str) else entry
        options.append(worded(evaluate_option(checked, chosen, hardware_id, count), lang))
    return options


def report(recommendation: Recommendation, *, fmt: ReportFormat = "html", lang: str = "en",
           catalog: Catalog | None = None) -> str | bytes:
    """The recommendation as a self-contained document: Markdown or HTML text, or PDF bytes; or its cost
    model: CSV text, or XLSX bytes with live formulas and the sensitivity table.

    PDF needs the `pdf` extra (`pip install 'siliconsult[pdf]'`); without it `PdfUnavailable` says so.
    """
    from bot.report import build_report, render_html, render_markdown, render_pdf
    from bot.state import StateJSON

    state: StateJSON = {"recommendation": recommendation.model_dump(mode="json"), "lang": lang,
                        "slots": dict(recommendation.workload or {})}
    data = build_report(state, catalog or _default_catalog(), "library",
                        generated=dt.datetime.now(dt.UTC).date().isoformat())
    if fmt in ("csv", "xlsx"):
        from bot.report.export import cost_model_csv, cost_model_xlsx

        if data.cost_model is None:
            raise InvalidRequest("This recommendation has no costed option on a catalog device: no cost model.")
        return cost_model_csv(data.cost_model) if fmt == "csv" else \
            cost_model_xlsx(data.cost_model, data.sensitivity_table())
    if fmt == "pdf":
        return render_pdf(data)
    return render_markdown(data) if fmt == "md" else render_html(data)


__all__ = ["ReportFormat", "WorkloadLike", "as_workload", "catalog", "compare", "estimate", "recommend", "report",
           "tco"]
