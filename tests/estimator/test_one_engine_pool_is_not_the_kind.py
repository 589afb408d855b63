"""An engine never measured does not inherit another vendor's engine as "its kind".

A figure's likely range is the spread of measured/predicted over rows like it (`physics.ranges`): its
engine on its kind, else the kind's pool, else every row of the metric. Accelerators' pool is
Tenstorrent's tt-metal rows and nothing else, so Furiosa-LLM on an RNGD, RBLN vLLM on an ATOM or the
QAic SDK on a Cloud AI 100 were given tt-metal's misses as their own (total_tps 0.78-2.56 of the
prediction) and an uncalibrated RNGD was "judged at the low end" of Tenstorrent's software. A pool of one
engine says how that engine misses, not how the kind does: for any other engine the metric's whole set
stands in (every engine and kind), and the figures are labelled a prior, not "pooled over accel". A pool
of several engines (GPUs; accelerators since session 18's Furiosa-LLM and vLLM-Gaudi rows) still speaks for an
engine of its kind that has no rows.
"""

from __future__ import annotations

import pytest

from estimator.catalog import CalibrationParams
from estimator.physics.calibration import pool_is_another_engine, resolve_factors
from estimator.physics.ranges import ratio_bounds
from knowledge.testing import memory_catalog


def _bounds(key: str) -> tuple[float, float]:
    cal = memory_catalog().calibration
    widening = cal.range_widening.get(key.split("|")[0], 1.0)
    return cal.range_ratio_low[key] / widening, cal.range_ratio_high[key] * widening


def _one_engine_pool() -> CalibrationParams:
    # The shipped state before session 18: the accelerator pool was tt-metal's 13 rows and nothing else.
    return CalibrationParams(rows_used={"*/accel": 13, "tt-metal/accel": 13, "*/gpu": 300, "vllm/gpu": 100,
                                        "trt-llm/gpu": 200})


@pytest.mark.parametrize("engine", ["furiosa-llm", "rbln", "qaic"])
def test_a_pool_of_one_other_engine_does_not_stand_for_an_engine(engine):
    assert pool_is_another_engine(_one_engine_pool(), engine, "accel")
    assert not pool_is_another_engine(_one_engine_pool(), "tt-metal", "accel")
    assert not pool_is_another_engine(_one_engine_pool(), "lmdeploy", "gpu")


def test_the_accelerator_pool_now_holds_several_serving_engines():
    # Session 18's rows: Furiosa-LLM (FuriosaAI's RNGD runs) and vLLM-Gaudi beside tt-metal; Intel's static
    # batches (Optimum Habana) calibrate their own key only (`batching.STATIC_BATCH_BACKENDS`).
    rows = memory_catalog().calibration.rows_used
    engines = {k for k, n in rows.items() if k.endswith("/accel") and not k.startswith("*/") and n}
    assert {"tt-metal/accel", "furiosa-llm/accel", "vllm/accel"} <= engines
    assert rows["*/accel"] == sum(rows[k] for k in engines if k != "optimum-habana/accel")


# vLLM-Ascend ("ascend") has measured rows of its own since session 22 (tests/estimator/test_ascend_measured_serving.py).
@pytest.mark.parametrize("engine", ["rbln", "qaic"])
def test_an_unmeasured_accelerator_engine_takes_its_kinds_pool_of_several_engines(engine):
    cal = memory_catalog().calibration
    assert ratio_bounds(cal, "total_tps", engine, "accel") == pytest.approx(_bounds("total_tps|*/accel"))
    factors = resolve_factors(cal, engine, "accel")
    assert not factors.calibrated and factors.source == "pooled over accel"


def test_the_measured_engine_keeps_its_own_range():
    cal = memory_catalog().calibration
    assert ratio_bounds(cal, "total_tps", "tt-metal", "accel") == pytest.approx(_bounds("total_tps|tt-metal/accel"))


def test_a_pool_of_several_engines_still_speaks_for_its_kind():
    cal = memory_catalog().calibration
    engines = {k for k, n in cal.rows_used.items() if k.endswith("/gpu") and not k.startswith("*/") and n}
    assert len(engines) > 1
    assert ratio_bounds(cal, "total_tps", "lmdeploy", "gpu") == pytest.approx(_bounds("total_tps|*/gpu"))
