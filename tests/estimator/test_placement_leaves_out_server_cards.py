"""A box at a desk or in an office with no server room: passively cooled server cards (they need a server chassis's
forced airflow) and rack-only systems are not bought, at most one tower of devices (seed 1: 1-4 GPUs fit an office),
owned hardware still counts, a server room changes nothing, and the reply's assumptions say so."""

from __future__ import annotations

from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import enumerate_candidates, exclusion, needs_server_room
from estimator.workload import Workload


def _hardware(catalog, hardware_id):
    return next(h for h in catalog.hardware if h.id == hardware_id)


def _stack(catalog):
    return next(s for s in catalog.stacks if s.continuous_batching == "yes")


def test_a_passive_card_is_left_out_at_a_desk(catalog):
    desk = Workload(model_params_b=32, placement="desk")
    why = exclusion(desk, _hardware(catalog, "nvidia-l40s"), _stack(catalog), existing=False)
    assert why is not None and why.key == "reason.placement_passive"


def test_a_rack_only_module_is_left_out_in_an_office(catalog):
    office = Workload(model_params_b=70, placement="office")
    assert needs_server_room(office, _hardware(catalog, "nvidia-h100-sxm")) == "rack"


def test_a_card_with_its_own_fans_stays(catalog):
    office = Workload(model_params_b=32, placement="office")
    for hardware_id in (
        "nvidia-rtx-pro-6000-blackwell-maxq",
        "nvidia-rtx-6000-ada",
        "apple-m3-ultra",
        "nvidia-dgx-spark-gb10",
    ):
        assert needs_server_room(office, _hardware(catalog, hardware_id)) is None


def test_a_server_room_or_no_placement_changes_nothing(catalog):
    l40s = _hardware(catalog, "nvidia-l40s")
    assert needs_server_room(Workload(model_params_b=32, placement="datacenter"), l40s) is None
    assert needs_server_room(Workload(model_params_b=32), l40s) is None


def test_an_owned_passive_card_still_counts(catalog):
    desk = Workload(model_params_b=32, placement="desk")
    assert exclusion(desk, _hardware(catalog, "nvidia-l40s"), _stack(catalog), existing=True) is None


def test_an_office_box_is_one_tower_of_at_most_four_cards(catalog):
    eligible, _ = enumerate_candidates(Workload(model_params_b=32, placement="office", concurrent_users=5), catalog)
    cards = [c for c in eligible if c.hardware.kind == "gpu"]
    assert cards and all(c.max_count == 4 for c in cards)
    anywhere, _ = enumerate_candidates(Workload(model_params_b=32, concurrent_users=5), catalog)
    assert max(c.max_count for c in anywhere if c.hardware.kind == "gpu") > 4


def test_the_assumptions_name_the_exclusion(catalog):
    _, notes = fill_defaults(Workload(model_params_b=32, placement="office"), catalog)
    assert any(n.key == "assume.placement" for n in notes)
    _, elsewhere = fill_defaults(Workload(model_params_b=32, placement="datacenter"), catalog)
    assert not any(n.key == "assume.placement" for n in elsewhere)
