"""A fleet of identical boxes, one per site ("rolling out to ~300 kiosks", "每家门店一台，40家店").

Every other fact of the workload is one site's, so the option is sized for one site and bought once per site:
the fleet's capex and TCO are the site's times the sites. A budget is the whole fleet's unless it was said per
site ("$400 per kiosk", "每台预算 5000 元"): sizing one site then takes its share, budget ÷ sites.

Pure: no I/O, no text; the wording layer says the findings.
"""

from __future__ import annotations

from estimator.said import Said, said
from estimator.schemas import FleetPlan, Option
from estimator.workload import Workload


def one_site(workload: Workload) -> tuple[Workload, Said | None]:
    """The workload one site's box is sized for: a fleet-wide budget divided by the sites, said once.

    >>> w, note = one_site(Workload(sites=300, budget_usd=90_000))
    >>> w.budget_usd, note.key
    (300.0, 'note.sites.budget')
    >>> one_site(Workload(sites=300, budget_usd=400, budget_per_site=True))[0].budget_usd
    400.0
    """
    sites = workload.sites or 1
    if sites <= 1 or workload.budget_usd is None or workload.budget_per_site:
        return workload, None
    share = round(workload.budget_usd / sites, 2)
    return (workload.model_copy(update={"budget_usd": share}),
            said("note.sites.budget", budget=workload.budget_usd, sites=sites, share=share))


def fleet_plan(workload: Workload, primary: Option) -> tuple[FleetPlan, Said] | None:
    """The fleet bought: one site's option times the sites, and the finding that says so; None for one site."""
    sites = workload.sites or 1
    if sites <= 1:
        return None
    capex, tco = primary.capex_usd * sites, primary.tco.three_year_total_usd * sites
    plan = FleetPlan(sites=sites, hardware_id=primary.hardware_id, count_per_site=primary.count,
                     capex_per_site_usd=primary.capex_usd, capex_usd=round(capex, 2), three_year_total_usd=round(tco, 2))
    return plan, said("note.sites", sites=sites, count=primary.count, hardware=primary.hardware_name or primary.hardware_id,
                      capex=capex, tco=tco)


__all__ = ["fleet_plan", "one_site"]
