"""A lead who rules a vendor out gets a purchase from another vendor, and the reply's echo says the rule was
read, in the reader's language (through the real engine; the rule's arithmetic is in
tests/estimator/test_vendor_ruled_out.py)."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk

_CASE = {
    "en": ("Export rules: we can't use NVIDIA. ~50 people at once on a 32B model, answers around 500 tokens, first "
           "token within 2 s.", "just recommend", "no NVIDIA"),
    "zh-Hans": ("信创要求，不能用英伟达。一个 32B 模型，50 人同时用，回答 500 token 左右，首字 2 秒内。", "直接推荐", "不用 NVIDIA"),
    "zh-Hant": ("公司規定不能用英偉達的卡。一個 32B 模型，50 人同時用，回答 500 token 左右，首字 2 秒內。", "直接推薦", "不用 NVIDIA"),
}


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_purchase_comes_from_another_vendor_and_the_rule_is_echoed(engine, catalog, lang):
    message, go_on, echoed = _CASE[lang]
    replies = talk(engine, message, go_on)
    final = next(r for r in reversed(replies) if r.recommendation is not None)
    options = [final.recommendation.primary, *final.recommendation.alternatives]
    assert all(catalog.hardware_by_id(o.hardware_id).vendor != "NVIDIA" for o in options if o is not None)
    assert echoed in final.text
