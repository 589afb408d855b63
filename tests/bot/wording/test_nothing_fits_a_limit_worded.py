"""Nothing fits a hard limit for the stated model: the reply says so plainly in each language, says what fits the limit
(the smaller model, its device and numbers), and calls the closest option for the stated model the closest, never the
recommendation. When the closest is near the limit the usual headline stands."""

from __future__ import annotations

import pytest

from bot.wording import worded
from bot.wording.fits_limit import fits_limit_line
from bot.wording.render_text import far_past_lines, recommendation_headline
from estimator.advice.recommend import recommend
from estimator.workload import Workload


@pytest.fixture(scope="module")
def far(catalog):
    return recommend(Workload(model_params_b=405, concurrent_users=5, power_budget_w=150, ttft_target_ms=5000), catalog)


@pytest.mark.parametrize(("lang", "plain", "instead", "closest"), [
    ("en", "Nothing fits your limits", "What fits your limits instead", "Closest for the model you asked about"),
    ("zh-Hans", "没有方案可行", "可行的替代方案", "你问的模型最接近的方案"),
    ("zh-Hant", "沒有方案可行", "可行的替代方案", "你問的模型最接近的方案"),
])
def test_far_past_a_limit_the_reply_says_nothing_fits_and_what_does(far, lang, plain, instead, closest):
    rec = worded(far, lang)
    lines = far_past_lines(rec, lang)
    assert plain in lines[0] and f"{far.far_past_limits:.1f}" in lines[0]
    fit = far.fits_limit
    assert fit is not None
    assert instead in lines[1] and fit.model_name in lines[1] and fit.hardware_name in lines[1]
    assert recommendation_headline(rec, lang).startswith(closest)


def test_no_model_fitting_says_so(catalog):
    assert "smallest model" in fits_limit_line(None, "en")


def test_within_the_limits_the_usual_headline_stands(catalog):
    rec = recommend(Workload(model_params_b=8, concurrent_users=5), catalog)
    assert far_past_lines(rec, "en") == []
    assert recommendation_headline(rec, "en").startswith("Recommendation:")
