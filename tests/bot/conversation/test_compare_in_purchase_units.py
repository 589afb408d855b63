"""A compared count that is no purchase anyone can make is costed as the unit that is sold.

Written before the fix, from the catalog's own rows: Gaudi 3 (OAM) is priced by Intel's list for an
8-accelerator kit ($125,000 = 8 × $15,625), 900 W a module. "Compare with 2 × Gaudi 3" can be answered for
speed at two, but two OAM modules are not sold: the smallest purchase holding them is one kit of 8, so the
answer must say 8 and cost it: capex ≥ 8 × $15,625 = $125,000 (before the host) and a peak draw ≥ 8 × 900 W
= 7,200 W, far past the 1 kW limit of this thread. Before, the reply priced two modules ($39,850 at
~2,050 W) because the kit line was only added when the sized option met every target within the limits.
"""

from __future__ import annotations

import re

import pytest

from tests.support.engine_fixtures import talk

_CASE = {
    "en": ("Our 7B model is frozen, no changes for a year. Requests come in one at a time (batch 1) but about 300 "
           "people hit it concurrently at peak. The whole system has to stay under 1 kW.", "just recommend",
           "compare with 2x Gaudi 3"),
    "zh-Hans": ("我们的 8B 模型已经定型，半年一年都不动。请求都是单条的，高峰大概 300 人同时在用，整套系统功耗上限 1kW。",
                "直接推荐", "和两张 Gaudi 3 比一下"),
    "zh-Hant": ("我們的 8B 模型已經定型，一年內都不會再改。請求都是單筆的，尖峰大約 300 人同時在用，整套系統功耗上限 1kW。",
                "直接推薦", "跟兩張 Gaudi 3 比較一下"),
}
_UNIT_WORD = {"en": "kit", "zh-Hans": "套件", "zh-Hant": "套件"}
KIT, MODULE_USD, MODULE_W = 8, 15_625, 900


def _numbers(line: str, unit: str) -> list[int]:
    if unit == "$":
        return [int(v.replace(",", "")) for v in re.findall(r"\$([\d,]+)", line)]
    return [int(v.replace(",", "")) for v in re.findall(r"([\d,]+)\s*W", line)]


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_two_gaudi_3_modules_are_costed_as_the_kit_that_is_sold(engine, lang):
    reply = talk(engine, *_CASE[lang])[-1]
    lines = [line for line in reply.text.splitlines() if _UNIT_WORD[lang] in line and str(KIT) in line]
    assert lines, reply.text[:1500]
    assert any(c >= KIT * MODULE_USD for c in _numbers(lines[0], "$")), lines[0]
    assert any(w >= KIT * MODULE_W for w in _numbers(lines[0], "W")), lines[0]
