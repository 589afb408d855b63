"""Properties of `recommend` over many workloads: it answers or explains, and never contradicts itself."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.wording.worded import error_text
from estimator.advice.recommend import recommend
from estimator.defaults import ESTIMATE_TYPICAL_ERROR
from estimator.errors import NoFeasibleOption
from estimator.said import origin_of
from estimator.workload import QUANTIZATIONS, Workload

workloads = st.builds(
    Workload,
    model_params_b=st.sampled_from([0.5, 1.5, 3.0, 7.0, 8.0, 14.0, 32.0, 70.0, 405.0]),
    quantization=st.sampled_from(QUANTIZATIONS),
    concurrent_users=st.integers(min_value=1, max_value=3000),
    tokens_per_s_target=st.one_of(st.none(), st.sampled_from([10.0, 15.0, 30.0, 60.0])),
    ttft_target_ms=st.one_of(st.none(), st.sampled_from([200, 1000, 5000])),
    arrival_pattern=st.one_of(st.none(), st.sampled_from(["steady", "bursty", "batch"])),
    power_budget_w=st.one_of(st.none(), st.integers(min_value=50, max_value=20000)),
    budget_usd=st.one_of(st.none(), st.floats(min_value=0, max_value=500_000)),
    models_served=st.one_of(st.none(), st.integers(min_value=1, max_value=4)),
    mixed_training=st.one_of(st.none(), st.booleans()),
    existing_hardware=st.one_of(st.none(), st.lists(
        st.sampled_from(["cpu_servers", "npu_laptops", "gpu_workstations"]), max_size=2, unique=True)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(workload=workloads)
# Found by this property: the closest option short only of memory (942.5 GB needed, 942.1 held) had no hint.
@example(workload=Workload(model_params_b=405, quantization="Q2_K", concurrent_users=748, budget_usd=65550,
                           models_served=3))
def test_every_workload_gets_an_option_or_an_explanation(catalog, workload):
    try:
        rec = recommend(workload, catalog)
    except NoFeasibleOption as exc:
        assert error_text(exc) and error_text(exc) != exc.user_message  # worded, not its key
        return
    primary = rec.primary
    assert primary is not None and primary.count >= 1
    assert primary.meets_slo == (not primary.violations)
    assert bool(rec.relax) != primary.meets_slo  # relax hints exactly when nothing meets every constraint
    if primary.meets_slo:
        filled = rec.workload or {}
        if workload.budget_usd is not None:
            assert primary.capex_usd <= workload.budget_usd + 1e-6
        if workload.power_budget_w is not None:
            assert primary.power_w is not None and primary.power_w <= workload.power_budget_w
        # a comfortable speed nobody set is met by a GPU's estimate within its typical error (`Sizer.target_for`)
        within_error = filled.get("speed_basis") == "comfortable" and primary.kind == "gpu"
        bar = filled["tokens_per_s_target"] / (1 + ESTIMATE_TYPICAL_ERROR if within_error else 1)
        assert primary.estimate.decode_tokens_per_s_per_user >= bar * 0.999
        if (workload.concurrent_users or 1) > 1:
            assert primary.kind != "npu"
    # Alternatives add choice, never the lead's device again; except where a stated budget is a limit and the lead is
    # the best within it (its shortfall is the targets, not the budget): the first alternative is then what meets
    # the targets past the budget, which may be the same device at a larger count.
    best_within = (workload.budget_usd is not None and not primary.meets_slo
                   and not any(origin_of(v) == "violation.budget" for v in primary.violations))
    others = rec.alternatives[1:] if best_within else rec.alternatives
    assert primary.hardware_id not in {alt.hardware_id for alt in others}
    assert rec.validation_plan and rec.assumptions
