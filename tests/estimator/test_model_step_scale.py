"""A mixture-of-experts model's own measured serving runs calibrate its decode steps (`model_step_scale`).

The shared factors are fitted on dense and single-stream rows; DeepSeek-R1's 80 March 2025 serving runs on
8x H200 and 8x MI300X (dstack, SGLang / vLLM / TensorRT-LLM, concurrency 4-256) measure 2.6-5.6x below what
those factors give; its 11 runs on 2025-26 engines (rows 4400-4410) about 1.1x below. Newer runs of the same
engines supersede the March 2025 ones (`measured_rows`, dated in benchmark_provenance.csv), so the scale is
the median predicted / measured ratio over the 11 (about 1.1). Expectations: it lengthens every decode-step
term of the named model and of nothing else, and one device's runs predict the other device's.
"""

from __future__ import annotations

import statistics

import pytest

from estimator.fitting.calibration_fit import MIN_MODEL_SERVING_ROWS, model_serving_rows, predict_row
from estimator.schemas import EstimateRequest
from evals.moe_accuracy import leave_one_device_out, moe_rows
from tests.support.worded import estimate


def _request(**fields: object) -> EstimateRequest:
    return EstimateRequest.model_validate(fields)


def _without_scale(catalog):
    calibration = catalog.calibration.model_copy(update={"model_step_scale": {}, "model_step_rows": {}})
    return catalog.model_copy(update={"calibration": calibration})


def test_deepseek_serving_runs_fit_their_own_step_scale(catalog):
    rows = [row for row in model_serving_rows(catalog) if "DeepSeek" in row.model]
    assert len(rows) >= MIN_MODEL_SERVING_ROWS
    # The 2025-26 engines' runs sit about 1.1x below the general factors (not the March 2025 runs' 3.3x).
    assert 1.0 <= catalog.calibration.model_step_scale["deepseek-v3"] < 1.5
    assert catalog.calibration.model_step_rows["deepseek-v3"] == len(rows)
    # Dense models have no scale: their serving rows are in the shared fit.
    assert set(catalog.calibration.model_step_scale) <= {m.id for m in catalog.models if m.is_moe}


def test_the_scale_slows_the_named_model_only(catalog):
    scale = catalog.calibration.model_step_scale["deepseek-v3"]
    shape = dict(hardware="nvidia-h200-sxm", count=8, params_b=671, quant="FP8", backend="sglang",
                 concurrency=4, prompt_tokens=64, output_tokens=512)
    named = estimate(_request(model="deepseek-r1", **shape), catalog)
    unscaled = estimate(_request(model="deepseek-r1", **shape), _without_scale(catalog))
    # A short prompt and a long answer: the answer is nearly all decode steps, each `scale` times longer.
    ratio = unscaled.decode_tokens_per_s_per_stream / named.decode_tokens_per_s_per_stream
    assert ratio == pytest.approx(scale, rel=0.05)
    assert any("measured serving runs" in note for note in named.notes)
    # An unnamed model merely sized with DeepSeek-V3's shape is not DeepSeek's engines.
    unnamed = estimate(_request(active_params_b=37, **shape), catalog)
    unnamed_unscaled = estimate(_request(active_params_b=37, **shape), _without_scale(catalog))
    assert unnamed.decode_tokens_per_s_per_stream == unnamed_unscaled.decode_tokens_per_s_per_stream


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_one_devices_runs_predict_the_others(catalog):
    rows = [row for row in moe_rows(catalog) if "DeepSeek" in row.model and row.metric == "total_tps"
            and row.concurrency]
    held_out = leave_one_device_out(catalog, rows)
    errors = [abs(predicted / row.value - 1) for row, predicted in held_out]
    # Only the current runs are judged (the superseded and excluded ones are reported apart); held out,
    # the other devices' runs bring the median error under the MoE accuracy bound of 30 %.
    assert rows and all(row.row_id >= 4400 for row in rows)
    assert statistics.median(errors) <= 0.30


@pytest.mark.parametrize("lang, words", [("en", "measured serving runs"), ("zh-Hans", "实测部署运行"),
                                         ("zh-Hant", "實測部署運行")])
def test_a_recommendation_for_the_model_says_it_is_scaled_and_what_its_runs_reached(catalog, lang, words):
    from estimator.workload import Workload
    from tests.support.worded import recommend

    rec = recommend(Workload(model_id="deepseek-v3", concurrent_users=100), catalog, lang=lang)
    notes = [note for note in rec.assumptions if words in note]
    assert len(notes) == 1
    # The lowest-concurrency current runs are at 4 users: the 2025-26 engines' rows 4407-4410 (169.6 to
    # 360.0 output tok/s over 4 users: SGLang v0.5.7 at 1k/1k and 1k/8k, vLLM v0.11.0 on ShareGPT), so
    # 42-90 tok/s per user is quoted (169.6 / 4, 360.0 / 4); dstack's superseded March 2025 rows are not.
    assert "42-90 tok/s" in notes[0]
    assert " 4 " in notes[0]


def test_a_model_of_the_same_kernel_shape_is_scaled_like_the_measured_one(catalog):
    # Kimi K2's config is a DeepseekV3ForCausalLM: MLA (512 latent + 64 rope), 61 layers, hidden 7168, routed
    # experts (384 instead of 256). The engines run it on DeepSeek-V3's kernels, so without runs of its own
    # it takes DeepSeek-V3's measured scale; GLM-4.5 (GQA, 92 layers) and a dense 70B do not.
    by_id = {m.id: m for m in catalog.models}
    assert catalog.measured_scale_model(by_id["kimi-k2"]).id == "deepseek-v3"
    assert catalog.measured_scale_model(by_id["glm-4.5"]) is None
    assert catalog.measured_scale_model(by_id["llama-3.3-70b"]) is None
    scale = catalog.calibration.model_step_scale["deepseek-v3"]
    shape = dict(hardware="nvidia-h200-sxm", count=8, params_b=1000, quant="FP8", backend="sglang",
                 concurrency=4, prompt_tokens=64, output_tokens=512)
    kimi = estimate(_request(model="kimi-k2", **shape), catalog)
    unscaled = estimate(_request(model="kimi-k2", **shape), _without_scale(catalog))
    assert unscaled.decode_tokens_per_s_per_stream / kimi.decode_tokens_per_s_per_stream == pytest.approx(scale, rel=0.05)
    assert any("deepseek-v3's (same kernel shape)" in note for note in kimi.notes)


@pytest.mark.parametrize("lang, words", [("en", "runs the same kernels as"), ("zh-Hans", "使用相同的内核"),
                                         ("zh-Hant", "使用相同的核心")])
def test_a_recommendation_for_a_kernel_twin_says_whose_runs_scale_it(catalog, lang, words):
    from estimator.workload import Workload
    from tests.support.worded import recommend

    rec = recommend(Workload(model_id="kimi-k2", concurrent_users=20), catalog, lang=lang)
    notes = [note for note in rec.assumptions if words in note]
    assert len(notes) == 1 and "42-90 tok/s" in notes[0]


def test_the_scale_comes_from_the_current_runs_only(catalog):
    # Rows 4400-4410 are DeepSeek-R1 runs on 2025-26 engines (TensorRT-LLM's DeepSeek blog, InferenceX
    # SGLang v0.5.7, GPUStack vLLM v0.11.0); the rest are dstack's March 2025 runs of the same three engines,
    # superseded by them. The scale is the median over the current runs alone, and the newer engines are
    # faster per decode step than the March 2025 ones: the general model is ~2x too fast for those, within
    # 2x for these (2.4x / 1.3x before a multi-device MoE step paid its layers' synchronization, which the old
    # runs paid too), so the old runs take at least 1.5x the new ones' step.
    plain = _without_scale(catalog).calibration
    rows = [row for row in model_serving_rows(catalog) if "DeepSeek" in row.model]
    assert {row.row_id for row in rows} == set(range(4400, 4411))
    older = [row for row in catalog.benchmarks if "dstackai" in row.source_url and "DeepSeek" in row.model
             and row.concurrency and not 423 <= row.row_id <= 428]
    def median_ratio(group):
        return statistics.median(predict_row(row, catalog, plain) / row.value for row in group)
    low, high = median_ratio(rows), median_ratio(older)
    assert low < 2.0 and high > 1.5 * low
    assert catalog.calibration.model_step_scale["deepseek-v3"] == pytest.approx(low, rel=0.02)
