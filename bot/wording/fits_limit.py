"""The sentence for what fits a hard limit that rules out the stated model (`estimator.schemas.FitsLimit`).

Shared by the recommendation reply (nothing within the limits, the closest far past them) and the error reply (no
device within the limits even holds the stated model). Words only; the numbers are the estimator's.
"""

from __future__ import annotations

from bot.wording.sentences import t
from estimator.schemas import FitsLimit


def fits_limit_line(fit: FitsLimit | None, lang: str = "en") -> str:
    """"What fits your limits instead: Qwen2.5 7B … on 1 × …: ~18 tok/s per user …", or that not even the smallest
    catalog model does."""
    if fit is None:
        return t("rec.fits_limit.none", lang)
    power = t("rec.fits_limit.power", lang, watts=f"{fit.power_w:,.0f}") if fit.power_w else ""
    return t("rec.fits_limit", lang, model=fit.model_name, params=f"{fit.params_b:g}", quant=fit.weight_format,
             count=fit.count, hardware=fit.hardware_name, owned=t("rec.fits_limit.owned", lang) if fit.existing else "",
             tps=f"{fit.tokens_per_s_per_user:,.1f}", users=fit.users, target=f"{fit.target_tokens_per_s:g}",
             power=power, capex=f"${fit.capex_usd:,.0f}")


__all__ = ["fits_limit_line"]
