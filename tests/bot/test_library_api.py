"""The Python library (`bot.api`): its documented examples run, and bad input is a named error."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import bot.api
from estimator.errors import InvalidRequest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_docs_example_runs():
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0


def test_module_docstring_example_runs():
    result = doctest.testmod(bot.api)
    assert result.attempted > 5 and result.failed == 0


def test_unknown_workload_field_names_the_field():
    with pytest.raises(InvalidRequest) as info:
        bot.api.recommend({"model_params_b": 8, "colour": "red"})
    assert info.value.field == "colour"


def test_estimate_request_mapping_is_validated():
    with pytest.raises(InvalidRequest) as info:
        bot.api.estimate({"hardware": "nvidia-rtx-4090", "params_b": -3})
    assert info.value.field == "params_b"


def test_tco_count_must_be_positive():
    with pytest.raises(InvalidRequest):
        bot.api.tco("nvidia-rtx-4090", 0, {"model_params_b": 8})
