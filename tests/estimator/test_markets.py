"""Who can buy what where (`advice.markets`, the catalog's dated and sourced rows): a mainland buyer is not sold the
RTX PRO 6000, the RTX 5090 or the H200 (whatever a 2026 licence allows in principle) and is sold the H20 and Huawei's parts;
a Taiwanese buyer is not sold Huawei's parts or the China-market ones; a buyer whose market was not said is sold all."""

from __future__ import annotations

import pytest

from estimator.advice.candidates import exclusion
from estimator.advice.markets import market_status, not_sold_to_buyer
from estimator.catalog import MarketAvailability
from estimator.workload import Workload


def _hw(catalog, hardware_id):  # type: ignore[no-untyped-def]
    return next(h for h in catalog.hardware if h.id == hardware_id)


@pytest.mark.parametrize(("hardware_id", "barred"), [
    ("nvidia-rtx-pro-6000-blackwell", True), ("nvidia-rtx-5090", True), ("nvidia-h100-sxm", True),
    ("nvidia-h200-sxm", True), ("nvidia-h20", False), ("nvidia-rtx-4090d", False), ("huawei-ascend-910b", False),
    ("huawei-atlas-300i-duo", False),
])
def test_a_mainland_buyer(catalog, hardware_id, barred):
    workload = Workload(buyer_in_china=True)
    assert (not_sold_to_buyer(workload, _hw(catalog, hardware_id), catalog.market_availability) is not None) is barred


@pytest.mark.parametrize(("hardware_id", "barred"), [
    ("huawei-atlas-300i-duo", True), ("huawei-ascend-910b", True), ("nvidia-rtx-4090d", True),
    ("nvidia-rtx-pro-6000-blackwell", False), ("nvidia-h100-sxm", False),
])
def test_a_taiwanese_buyer(catalog, hardware_id, barred):
    workload = Workload(buyer_in_taiwan=True)
    assert (not_sold_to_buyer(workload, _hw(catalog, hardware_id), catalog.market_availability) is not None) is barred


def test_a_device_row_outranks_its_makers_and_an_unsaid_market_sells_all(catalog):
    assert market_status(catalog.market_availability, "cn_mainland", _hw(catalog, "nvidia-rtx-4090d")) == "sold"
    assert not_sold_to_buyer(Workload(), _hw(catalog, "huawei-atlas-300i-duo"), catalog.market_availability) is None


def test_the_exclusion_names_the_reason(catalog):
    hw = _hw(catalog, "huawei-atlas-300i-duo")
    stack = next(s for s in catalog.stacks if s.id in hw.software_stacks and s.runs_on(hw.kind))
    reason = exclusion(Workload(buyer_in_taiwan=True), hw, stack, False, catalog.market_availability)
    assert reason is not None and reason.key == "reason.not_sold_in_taiwan"
    low = _hw(catalog, "nvidia-l4")  # below 3A090.a's TPP: a row of the data bars it, not its rates
    stack = next(s for s in catalog.stacks if s.id in low.software_stacks and s.runs_on(low.kind))
    row = MarketAvailability(id="t", market="cn_mainland", hardware_id=low.id, status="not_sold", as_of="2026-01",
                             source_url="https://example.org")
    assert exclusion(Workload(buyer_in_china=True), low, stack, False, ()) is None
    reason = exclusion(Workload(buyer_in_china=True), low, stack, False, (row,))
    assert reason is not None and reason.key == "reason.not_sold_in_china"
