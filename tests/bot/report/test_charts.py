"""Charts: the plotted numbers come from the estimator and the recommendation; PNGs are well-formed."""

from __future__ import annotations

import io

import pytest
from matplotlib.image import imread

from bot.charts import (
    TcoBar,
    ThroughputCurve,
    concurrency_grid,
    tco_bars,
    tco_chart_png,
    throughput_chart_png,
    throughput_curves,
)
from estimator.catalog import Catalog
from estimator.schemas import Estimate, EstimateRequest
from tests.support.slack_fixtures import SLOTS, recommendation

pytestmark = pytest.mark.slack

EMPTY_CATALOG = Catalog(data_version="test", hardware=())


def fake_estimate(calls: list[EstimateRequest]):
    """Per-user speed 400 / concurrency on every device; beyond 300 users the model 'no longer fits'."""

    def estimate(request: EstimateRequest, catalog: Catalog) -> Estimate:
        calls.append(request)
        return Estimate(
            decode_tokens_per_s_per_stream=400 / request.concurrency, decode_tokens_per_s_total=400,
            prefill_tokens_per_s=5000, ttft_ms=100, fits=request.concurrency <= 300, memory_required_gb=9,
            memory_available_gb=48, bound="memory", method="model",
        )

    return estimate


def test_grid_runs_from_one_to_twice_the_peak_and_includes_the_peak() -> None:
    grid = concurrency_grid(200)
    assert grid[0] == 1 and grid[-1] == 400 and 200 in grid
    assert grid == sorted(set(grid)) and len(grid) <= 10
    assert concurrency_grid(1) == [1, 2]
    big = concurrency_grid(100_000)
    assert len(big) <= 11 and big[0] == 1 and big[-1] == 200_000 and 100_000 in big


def test_curves_are_the_estimators_answers_for_each_option() -> None:
    calls: list[EstimateRequest] = []
    curves = throughput_curves(recommendation(), SLOTS, EMPTY_CATALOG, fake_estimate(calls))
    assert [c.label for c in curves] == ["2× NVIDIA L40S", "4× NVIDIA GeForce RTX 4090"]
    assert {(c.hardware, c.count) for c in calls} == {("nvidia-l40s", 2), ("nvidia-rtx-4090", 4)}
    assert all(c.params_b == 7.0 and c.quant == "Q4_K_M" and c.prompt_tokens == 1000 for c in calls)
    users = [p[0] for p in curves[0].points]
    assert users == [u for u in concurrency_grid(200) if u <= 300]  # points that do not fit are left out
    assert all(speed == pytest.approx(400 / u) for u, speed in curves[0].points)


def test_no_model_size_means_no_curve_rather_than_a_guess() -> None:
    calls: list[EstimateRequest] = []
    assert throughput_curves(recommendation(), {"concurrent_users": 50}, EMPTY_CATALOG, fake_estimate(calls)) == []
    assert calls == []


def test_tco_bars_split_the_recommendations_total() -> None:
    bars = tco_bars(recommendation(), years=3)
    first = bars[0]
    assert first.capex_usd == 26_000 and first.power_usd == pytest.approx(3 * 1_100)
    assert first.capex_usd + first.power_usd + first.ops_usd == pytest.approx(31_500)


def _image(png: bytes):
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return imread(io.BytesIO(png), format="png")


def test_charts_render_as_png() -> None:
    curve = ThroughputCurve("2× L40S", ((1, 80.0), (64, 40.0), (200, 20.0)))
    image = _image(throughput_chart_png([curve], slo_tokens_per_s=15))
    assert image.shape[0] > 200 and image.shape[1] > 300
    image = _image(tco_chart_png([TcoBar("2× L40S", 26_000, 3_300, 2_200), TcoBar("4× 4090", 18_000, 7_000, 900)]))
    assert image.shape[1] > 300


def test_real_estimator_points_are_the_tools_numbers_and_fall_under_load() -> None:
    from estimator.physics.throughput import estimate
    from knowledge.testing import memory_catalog

    catalog = memory_catalog()
    curves = throughput_curves(recommendation(), SLOTS, catalog, estimate)
    assert [c.label for c in curves] == ["2× NVIDIA L40S", "4× NVIDIA GeForce RTX 4090"]
    users, speed = curves[0].points[-1]
    direct = estimate(EstimateRequest(hardware="nvidia-l40s", count=2, params_b=7.0, quant="Q4_K_M",
                                      concurrency=users, prompt_tokens=1000, output_tokens=300), catalog)
    assert speed == direct.decode_tokens_per_s_per_stream
    for curve in curves:  # twice the peak load leaves each user far less than one user alone gets
        assert curve.points[-1][1] < curve.points[0][1] / 2


def test_the_chart_plots_the_cards_filled_workload_not_the_stated_facts(monkeypatch, tmp_path, catalog) -> None:
    """Accuracy-critical department work with no user count: the estimator fills the users from the
    scale (seed 1: a department is 50–200 people) and Q8_0 for accuracy (seed 1's rule). The card is
    computed for that filled workload, so the chart must be too: same users, same quant, same target.
    (It used to re-read the stated facts and plot 1–2 users at Q4_K_M.)"""
    import bot.slack.charts as slack_charts
    from bot.settings import Settings
    from bot.wiring import build_engine
    from estimator.physics.throughput import estimate

    with build_engine(Settings(home=tmp_path, llm="none"), llm=None, catalog=catalog) as engine:
        engine.handle("t", "We want to serve a 32B model for our department; accuracy is critical (contract review)")
        reply = engine.handle("t", "just recommend")
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None and rec.workload is not None
    assert "concurrent_users" not in reply.slots and "quantization" not in reply.slots  # nothing stated
    users = rec.workload["concurrent_users"]
    # Seed 1 keeps accuracy-critical work at 8 bits: Q8_0 under llama.cpp-class engines, FP8 where a batched
    # engine runs it natively.
    assert 50 <= users <= 200 and rec.workload["quantization"] in ("Q8_0", "FP8")
    assert f"at {users} concurrent users" in reply.text  # the card speaks of the filled count

    requests: list[EstimateRequest] = []
    slos: list[float | None] = []
    plotted: list[ThroughputCurve] = []

    def recording_estimate(request: EstimateRequest, catalog: Catalog) -> Estimate:
        requests.append(request)
        return estimate(request, catalog)

    def recording_png(curves, slo_tokens_per_s):
        slos.append(slo_tokens_per_s)
        plotted.extend(curves)
        return b"png"

    monkeypatch.setattr(slack_charts, "throughput_chart_png", recording_png)
    files = slack_charts.recommendation_charts(catalog, recording_estimate)(reply)
    assert [f.filename for f in files][:1] == ["throughput.png"]
    # Each option is plotted at the format it was sized at (seed 1's Q8_0 for accuracy on llama.cpp-class cards,
    # FP8 behind a batched engine that runs it natively), never one format for all.
    sized_at = {(o.hardware_id, o.count): o.weight_format for o in [rec.primary, *rec.alternatives]}
    assert {(r.hardware, r.count, r.quant) for r in requests} <= {(h, c, q) for (h, c), q in sized_at.items()}
    assert {r.params_b for r in requests} == {32.0}
    primary = [r for r in requests if (r.hardware, r.count) == (rec.primary.hardware_id, rec.primary.count)]
    assert sorted(r.concurrency for r in primary) == concurrency_grid(users)
    assert slos == [rec.workload["tokens_per_s_target"]]
    # Same estimator, same inputs: each curve passes through its card's speed at the card's user count.
    options = [rec.primary, *rec.alternatives][: len(plotted)]
    assert [c.label for c in plotted] == [f"{o.count}× {o.hardware_name or o.hardware_id}" for o in options]
    for curve, option in zip(plotted, options, strict=True):
        at_peak = dict(curve.points)[users]
        assert at_peak == pytest.approx(option.estimate.decode_tokens_per_s_per_user, abs=0.051), curve.label
