"""Whether the utilization was stated is a fact (`Workload.utilization_stated`), not pydantic's record of which fields
a constructor was handed: a base load said beside the peak sets the utilization the TCO is costed at (base ÷ peak),
unless the lead said the utilization.

First principles: 15 people usually, 150 at the peak. The hardware is sized for 150; on average it carries 15, a
tenth of that, so power and cost per token are costed at 10 % utilization. A lead who says "utilization 40 %" knows
their own average better than that ratio: 40 % stands. A copy of the workload whose utilization code set (the
sensitivity table's "utilization halved", a filled workload) is not the lead's statement.
"""

from __future__ import annotations

import pytest

from estimator.advice.assume import fill_defaults
from estimator.workload import Workload

PEAK_AND_BASE = {"model_params_b": 8, "concurrent_users": 150, "base_concurrent_users": 15}


def test_the_base_sets_the_utilization_when_none_was_stated(catalog):
    filled, notes = fill_defaults(Workload(**PEAK_AND_BASE), catalog)
    assert filled.utilization == pytest.approx(0.1) and filled.utilization_stated is None
    assert any(n.key == "assume.base_utilization" for n in notes)


def test_a_stated_utilization_stands_beside_a_base(catalog):
    stated = Workload(**PEAK_AND_BASE, utilization=0.4)
    assert stated.utilization_stated is True
    filled, notes = fill_defaults(stated, catalog)
    assert filled.utilization == pytest.approx(0.4)
    assert not any(n.key == "assume.base_utilization" for n in notes)


def test_a_utilization_code_set_is_no_statement_and_the_fact_survives_a_round_trip(catalog):
    copied = Workload(**PEAK_AND_BASE).model_copy(update={"utilization": 0.4})
    assert copied.utilization_stated is None
    assert fill_defaults(copied, catalog)[0].utilization == pytest.approx(0.1)
    # the thread stores the stated facts as JSON: read back, a stated utilization is still stated, a default is not
    assert Workload.model_validate(Workload(**PEAK_AND_BASE, utilization=0.4).model_dump(exclude_unset=True)).utilization_stated
    assert Workload.model_validate(Workload(**PEAK_AND_BASE).model_dump(exclude_unset=True)).utilization_stated is None
