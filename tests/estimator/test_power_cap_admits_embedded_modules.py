"""A stated power cap is an edge constraint: embedded modules compete for it, and win where they fit it.

Seed 1 keeps embedded modules (Jetson-class boards) for edge deployments. A factory terminal "whose whole
system may draw 15 W" running a 1.5B model for one stream is such a deployment even when the message says
nothing about "edge": by first principles a 1.5B model at Q4_K_M is ~1 GB of weights, and a board reading
68 GB/s (the Orin Nano Super's sourced 15 W mode) decodes it at roughly 68 / 1 × ~0.6 ≈ 40 tok/s, well
above the 15 tok/s a single user needs, for $249, while every laptop or mini PC draws 30 W or more.
"""

from __future__ import annotations

from estimator.advice.recommend import recommend
from estimator.workload import Workload


def test_a_15_watt_single_stream_terminal_gets_an_embedded_board_in_its_15_watt_mode(catalog):
    rec = recommend(Workload(model_params_b=1.5, concurrent_users=1, power_budget_w=15, deployment_scale="personal"),
                    catalog)
    primary = rec.primary
    assert primary is not None and primary.verdict == "meets", primary and (primary.hardware_id, primary.violations)
    assert primary.capex_usd <= 700 and primary.count == 1
    assert primary.estimate.decode_tokens_per_s_per_user >= 15


def test_without_a_power_cap_a_personal_deployment_still_gets_a_computer_not_a_board(catalog):
    rec = recommend(Workload(model_params_b=1.5, concurrent_users=1, deployment_scale="personal"), catalog)
    board = {hw.id for hw in catalog.hardware if "jetson" in hw.id}
    assert rec.primary is not None and rec.primary.hardware_id not in board
