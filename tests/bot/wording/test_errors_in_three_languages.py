"""Input the core cannot answer is refused with a finding, so the reader gets the refusal in their own
language: a Chinese follow-up asking for 2,000 cards is told the limit in Chinese, not in English."""

from __future__ import annotations

import re

import pytest

from bot.wording.worded import error_text
from estimator.advice.assume import fill_defaults
from estimator.advice.evaluate import evaluate_option
from estimator.errors import InvalidRequest, SiliconsultError, UnknownHardware
from estimator.physics.memory import bits_per_weight
from estimator.workload import Workload
from knowledge.testing import memory_catalog

_HAN = re.compile(r"[\u4e00-\u9fff]")
_ENGLISH_WORDS = re.compile(r"\b(?:the|must|between|record|unknown|budget)\b", re.IGNORECASE)


def _raised(call) -> SiliconsultError:
    with pytest.raises(SiliconsultError) as caught:
        call()
    return caught.value


@pytest.fixture(scope="module")
def refusals() -> dict[str, SiliconsultError]:
    catalog = memory_catalog()
    workload = Workload(model_params_b=7, concurrent_users=20)
    return {
        "count": _raised(lambda: evaluate_option(workload, catalog, "nvidia-l40s", 2000)),
        "hardware": _raised(lambda: evaluate_option(workload, catalog, "nvidia-l40z", 1)),
        "quant": _raised(lambda: bits_per_weight("Q3_WHATEVER")),
        "budget": _raised(lambda: fill_defaults(Workload.model_construct(**{**workload.model_dump(), "budget_usd": -5}), memory_catalog())),
    }


@pytest.mark.parametrize("case", ["count", "hardware", "quant", "budget"])
def test_each_refusal_is_a_finding_worded_in_every_language(refusals, case):
    error = refusals[case]
    assert isinstance(error, InvalidRequest) and error.finding is not None
    english = error_text(error, "en")
    assert not _HAN.search(english) and _ENGLISH_WORDS.search(english)
    for lang in ("zh-Hans", "zh-Hant"):
        text = error_text(error, lang)
        assert _HAN.search(text) and not _ENGLISH_WORDS.search(text), (lang, text)


def test_the_refusals_keep_their_numbers_and_names(refusals):
    assert "1" in error_text(refusals["count"], "zh-Hans") and "1024" in error_text(refusals["count"], "zh-Hans")
    assert "Q3_WHATEVER" in error_text(refusals["quant"], "zh-Hant")
    assert isinstance(refusals["hardware"], UnknownHardware) and "nvidia-l40z" in error_text(refusals["hardware"], "zh-Hans")
    assert "nvidia-l40s" in error_text(refusals["hardware"], "en")  # the closest id is suggested
