"""Words for seed 2's accelerator-first verdict (`estimator.advice.accelerator_findings`) in en, zh-Hans, zh-Hant.

The core returns what it found (which accelerator, how many, its peak draw against the limit, its price
or that a quote is needed, its stack's shape handling and maturity, the migration cost); this module only
picks the sentences. Every number comes from the verdict.
"""

from __future__ import annotations

from bot.wording.sentences import t
from estimator.advice.accelerator_findings import AcceleratorEvaluation, AcceleratorVerdict


def _w(key: str, lang: str, **fields: object) -> str:
    return t("accel." + key, lang, **fields)


def _n(value: float | int | None) -> str:
    """A figure as the reply writes it: thousands separated, no decimals."""
    return f"{value or 0:,.0f}"


def _price(ev: AcceleratorEvaluation, lang: str) -> str:
    if ev.unit_price_usd is None:
        return _w("price.quote", lang)
    if ev.price_range_usd is not None:
        evidence = _w(f"evidence.{ev.price_range_evidence}", lang) if ev.price_range_evidence else ""
        return _w("price.range", lang, low=_n(ev.price_range_usd[0]), high=_n(ev.price_range_usd[1]), evidence=evidence)
    return _w("price.listed", lang, capex=_n(ev.capex_usd)) if ev.capex_usd is not None else ""


def _tco(ev: AcceleratorEvaluation, gpu_tco: float | None, lang: str) -> dict[str, str]:
    """The accelerator's 3-year TCO (with the span across its quote range) beside the GPU answer's."""
    span = _w("tco.span", lang, low=_n(ev.tco_range_usd[0]), high=_n(ev.tco_range_usd[1])) if ev.tco_range_usd else ""
    return {"tco": _n(ev.tco_usd), "tco_span": span, "gpu_tco": _n(gpu_tco)}


def _shapes(mode: str, lang: str) -> str:
    if mode == "buckets":
        return _w("shapes.buckets", lang)
    if mode == "static":
        return _w("shapes.static", lang)
    return _w("shapes.other", lang, mode=mode)


def _outcome(verdict: AcceleratorVerdict, users: int | None, lang: str) -> str:
    """The verdict's outcome sentence: the accelerator that fits (its price, its cost floor or the quote it
    would need beside the GPU answer's TCO), the closest one past the limit, or that none meets the targets."""
    best = verdict.best
    if best is None or best.count is None or best.power_w is None:
        return _w("outcome.none_meets", lang)
    if verdict.outcome == "closest":
        ratio = best.power_w / best.power_limit_w if best.power_limit_w else 0.0
        return _w("outcome.closest", lang, count=best.count, name=best.hardware_name, power=_n(best.power_w),
                  ratio=f"{ratio:.1f}", watts=_n(best.power_limit_w), price=_price(best, lang), users=_n(users),
                  per_card=_n((users or 0) / best.count),
                  basis=_w("basis.calibrated" if best.calibrated else "basis.uncalibrated", lang))
    if verdict.outcome == "fits_quote_only" and verdict.quote_cannot_win:
        return _w("outcome.quote_cannot_win", lang, count=best.count, name=best.hardware_name,
                  power=_n(best.power_w), floor=_n(best.tco_at_zero_usd), gpu_tco=_n(verdict.gpu_tco_usd))
    if verdict.outcome == "fits_quote_only" and verdict.quote_ceiling_unit_usd is not None:
        return _w("outcome.quote_ceiling", lang, count=best.count, name=best.hardware_name,
                  power=_n(best.power_w), ceiling=_n(verdict.quote_ceiling_unit_usd), gpu_tco=_n(verdict.gpu_tco_usd))
    if verdict.outcome == "fits_quote_only":
        return _w("outcome.fits_quote_only", lang, count=best.count, name=best.hardware_name, power=_n(best.power_w))
    if verdict.outcome == "costlier":
        line = _w("outcome.costlier", lang, count=best.count, name=best.hardware_name, power=_n(best.power_w),
                  price=_price(best, lang), **_tco(best, verdict.gpu_tco_usd, lang))
    else:
        line = _w("outcome.primary", lang, count=best.count, name=best.hardware_name, power=_n(best.power_w),
                  price=_price(best, lang))
        if best.tco_usd is not None:
            key = "tco.compare" if verdict.gpu_tco_usd is not None else "tco.alone"
            line += _w(key, lang, **_tco(best, verdict.gpu_tco_usd, lang))
    if verdict.break_even_unit_usd is not None and verdict.outcome in ("primary", "costlier"):
        line += _w("tco.break_even", lang, price=_n(verdict.break_even_unit_usd))
    return line


def accelerator_lines(verdict: AcceleratorVerdict | None, users: int | None, gpu_title: str | None,
                      lang: str = "en") -> list[str]:
    """The verdict as reply lines (nothing when seed 2's conditions did not hold)."""
    if verdict is None:
        return []
    best = verdict.best
    limit = best.power_limit_w if best is not None else None
    limit_text = _w("limit.power", lang, watts=_n(limit)) if limit else _w("limit.space", lang)
    lines = [_w("head", lang, users=_n(users), limit=limit_text), _outcome(verdict, users, lang)]
    if best is not None and verdict.migration is not None:
        m = verdict.migration
        lines.append(_w("risks", lang, stack=best.serving_stack, maturity=_w(f"maturity.{best.stack_maturity}", lang),
                        shapes=_shapes(best.dynamic_shapes, lang), usd=_n(m.usd), cny_low=_n(m.cny_low),
                        cny_high=_n(m.cny_high), usd_low=_n(m.usd_low), usd_high=_n(m.usd_high)))
    if gpu_title:
        lines.append(_w("gpu", lang, gpu=gpu_title))
    return lines


def accelerator_outcome_line(verdict: AcceleratorVerdict | None, hardware_ids: set[str], users: int | None,
                             lang: str = "en") -> str | None:
    """The verdict's own outcome sentence (its price, its cost floor or the quote it would need beside the GPU
    answer's TCO) when a comparison shows that accelerator ("why not an accelerator?"), so the follow-up says why
    with the figures the reply ranked it on, never only "capex unknown"."""
    if verdict is None or verdict.best is None or verdict.best.hardware_id not in hardware_ids:
        return None
    return _outcome(verdict, users, lang)


__all__ = ["accelerator_lines", "accelerator_outcome_line"]
