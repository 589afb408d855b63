"""The TCO working: the core finds typed lines and names their sentences, the wording layer says each in every language."""

from __future__ import annotations

import inspect

import pytest

from bot.wording.sentences import LANGUAGES, MESSAGES
from bot.wording.tco import tco_line
from estimator.costing.tco import tco
from estimator.costing.tco_findings import TCO_FINDING_IDS, TcoFinding
from estimator.said import said

# The ids named by a rule of their own (sub-templates, a reason finding); every other id is its `tco.<id>` template.
_BUILT = {"power_note", "devices", "power", "energy"}

# One finding of each id with the values the core gives it.
SAMPLES = [
    TcoFinding("power_note", {"note": said("power_note.chip", hardware="NPU", tdp="30", chip="SoC")}),
    TcoFinding("owned", {"hardware": "L40S"}),
    TcoFinding("owned_part", {"hardware": "L40S", "owned": 2, "count": 4}),
    TcoFinding("devices", {"hardware": "L40S", "unit": 8600.0, "count": 2, "total": 17200.0, "basis": "seed 1",
                           "date": "2024-03", "estimate": True}),
    TcoFinding("host_workstation", {"hardware": "RTX 4090"}),
    TcoFinding("host_owned_server", {"hardware": "Atlas 300I Duo", "servers": 2, "host": 8_600.0}),
    TcoFinding("host_owned_topup", {"hardware": "RTX 4090", "host": 0.0}),
    TcoFinding("host_slots", {"hardware": "L40S", "slots": 2, "held": 2, "beyond": 0, "servers": 0, "host": 0.0}),
    TcoFinding("host_slots_short", {"hardware": "L40S", "slots": 2, "held": 2, "beyond": 2, "servers": 1, "host": 4400.0}),
    TcoFinding("host_slots_modules", {"hardware": "H100 SXM5", "slots": 2, "held": 0, "beyond": 4, "servers": 1,
                                      "host": 8600.0}),
    TcoFinding("hosts", {"servers": 1, "host": 8600.0, "multi": 8600.0, "per_server": 4}),
    TcoFinding("hosts_in_price", {"hardware": "Ascend 910B", "servers": 1, "per_server": 8}),
    TcoFinding("no_tdp", {"hardware": "Mystery card"}),
    TcoFinding("power", {"count": 2, "tdp": 350.0, "utilization": 0.7, "already_running": False, "hosts": 250.0,
                         "each": 250.0}),
    TcoFinding("energy", {"hours": 12, "price": 0.12, "days": 365.0, "annual": 389.0, "office": False, "pue": 1.5}),
    TcoFinding("days", {"days": 5, "running": 260.7}),
    TcoFinding("operations", {"share": 0.05, "operations": 1290.0}),
    TcoFinding("rack_space", {"usd": 1200.0}),
    TcoFinding("migration", {"usd": 15000.0}),
    TcoFinding("per_m", {"lifetime": 30837.0, "years": 3, "tps": 1634.0, "hours": 12, "utilization": 0.7,
                         "days": 365.0}),
    TcoFinding("per_m_served", {"lifetime": 30837.0, "years": 3, "tps": 1634.0, "hours": 12, "utilization": 0.7,
                                "days": 365.0}),
    TcoFinding("per_m_unknown", {}),
]


def test_every_finding_id_has_a_sample_and_a_wording():
    assert sorted(sample.id for sample in SAMPLES) == sorted(TCO_FINDING_IDS)
    for finding_id in set(TCO_FINDING_IDS) - _BUILT:
        assert f"tco.{finding_id}" in MESSAGES, finding_id


@pytest.mark.parametrize("finding", SAMPLES, ids=lambda finding: finding.id)
def test_every_finding_is_worded_in_every_language(finding):
    lines = [tco_line(finding, lang) for lang in LANGUAGES]
    assert all(lines) and lines[0] not in lines[1:], lines  # Chinese is never left in English
    assert "{" not in "".join(lines)


def test_the_costing_takes_no_language():
    # A language picks sentences, never costs: the wording is `bot.wording`'s alone.
    assert "lang" not in inspect.signature(tco).parameters
