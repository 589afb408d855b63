"""A cheaper accelerator that seed 2's table keeps out of the lead: the reply names it as the first alternative
with the reason, and "why not it?" answers with seed 2's reason, in each language. The catalog's 32-chip system is
made cheap and office-sized here so that it would lead on cost (written before running)."""

from __future__ import annotations

import pytest

from estimator.catalog import Catalog
from tests.support.engine_fixtures import talk

GALAXY = "tenstorrent-galaxy-blackhole"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    from knowledge.testing import memory_catalog

    shipped = memory_catalog()
    cheap = tuple(hw.model_copy(update={"price_usd": 3_000.0, "tdp_w": 1_500.0, "price_is_estimate": False})
                  if hw.id == GALAXY else hw for hw in shipped.hardware)
    return shipped.model_copy(update={"hardware": cheap})


@pytest.mark.parametrize(("lang", "turns", "reason", "why_not"), [
    ("en", ["8 developers share a 70B model at the same time, prompts around 16k tokens", "just recommend",
            "why not an accelerator?"], "listed as an alternative, not the primary", "seed 2's reason"),
    ("zh-Hans", ["8 个开发者同时用一个 70B 模型，提示大约 16k token", "直接推荐", "为什么不用加速卡？"],
     "列为备选而非主推荐", "原因在种子文档 2"),
    ("zh-Hant", ["8 位開發者同時使用一個 70B 模型，提示大約 16k token", "直接推薦", "為什麼不用加速卡？"],
     "列為備選而非主推薦", "原因在種子文件 2"),
])
def test_the_held_back_accelerator_is_an_alternative_and_why_not_says_why(engine, lang, turns, reason, why_not):
    *_, recommended, answer = talk(engine, *turns, thread=lang)
    rec = recommended.recommendation
    assert rec is not None and rec.primary is not None and rec.primary.kind != "accel"
    assert rec.alternatives[0].hardware_id == GALAXY and reason in recommended.text
    assert rec.accelerator_held_back is not None and rec.accelerator_held_back.hardware_id == GALAXY
    assert why_not in answer.text, answer.text
