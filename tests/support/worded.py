"""The core's entry points as a reader sees their results: findings worded in a language.

`estimator/` returns findings (`estimator.said.Said`); tests that check what a recommendation *says*
(a risk's why, an assumption, the rationale) word it first, as every surface does, through the one
wording layer. Numbers, ids and verdicts are the core's, untouched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.wording import worded, words
from bot.wording.worded import error_text
from estimator.advice.assume import fill_defaults as _fill_defaults
from estimator.advice.evaluate import evaluate_option as _evaluate_option
from estimator.advice.recommend import recommend as _recommend
from estimator.advice.risks import assess_risks as _assess_risks
from estimator.advice.validation_plan import validation_plan as _validation_plan
from estimator.catalog import Catalog
from estimator.errors import SiliconsultError
from estimator.physics.throughput import estimate as _estimate
from estimator.schemas import Estimate, EstimateRequest, Option, Recommendation, Risk
from estimator.workload import Workload


def recommend(workload: Workload, catalog: Catalog, *, lang: str = "en", **kwargs: Any) -> Recommendation:
    return worded(_recommend(workload, catalog, **kwargs), lang)


def evaluate_option(workload: Workload, catalog: Catalog, hardware_id: str, count: int | None = None, *,
                    lang: str = "en", **kwargs: Any) -> Option:
    return worded(_evaluate_option(workload, catalog, hardware_id, count, **kwargs), lang)


def assess_risks(*args: Any, lang: str = "en", **kwargs: Any) -> list[Risk]:
    return [worded(risk, lang) for risk in _assess_risks(*args, **kwargs)]


def fill_defaults(workload: Workload, catalog: Catalog, *, lang: str = "en") -> tuple[Workload, list[str]]:
    filled, notes = _fill_defaults(workload, catalog)
    return filled, words(notes, lang)


def validation_plan(*args: Any, lang: str = "en", **kwargs: Any) -> list[str]:
    return words(_validation_plan(*args, **kwargs), lang)


def estimate(request: EstimateRequest, catalog: Catalog, *, lang: str = "en") -> Estimate:
    """One estimate with its notes worded (what `siliconsult estimate` prints)."""
    return worded(_estimate(request, catalog), lang)


@contextmanager
def raises_saying(kind: type[SiliconsultError], pattern: str, lang: str = "en") -> Iterator[Any]:
    """`pytest.raises(kind)` whose error, as the reader sees it (`error_text` in `lang`), matches `pattern`:
    the core raises findings, so `match=` on the exception's own text would see a key."""
    with pytest.raises(kind) as caught:
        yield caught
    text = error_text(caught.value, lang)
    assert re.search(pattern, text), f"{pattern!r} not in {text!r}"
