"""`siliconsult tco`: workload flags, the JSON contract, and one-line errors."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main
from bot.cli.tco import compute, contract_json, parse_workload_flags
from estimator.errors import InvalidRequest, UnknownHardware
from tests.support.worded import raises_saying

CONTRACT = {"capex_usd", "annual_power_usd", "annual_opex_usd", "three_year_total_usd",
            "cost_per_million_tokens_usd", "assumptions"}


def test_flags_are_the_workload_fields_in_kebab_case():
    workload = parse_workload_flags([
        "--electricity-usd-per-kwh", "0.2", "--hours-per-day", "24", "--concurrent-users", "50",
        "--model-params-b", "7", "--quantization", "Q4_K_M", "--accuracy-critical",
        "--existing-hardware", "cpu_servers,npu_laptops",
    ])
    assert workload.electricity_usd_per_kwh == 0.2 and workload.hours_per_day == 24
    assert workload.concurrent_users == 50 and workload.model_params_b == 7
    assert workload.accuracy_critical is True
    assert workload.existing_hardware == ["cpu_servers", "npu_laptops"]


def test_bad_flags_name_themselves():
    with raises_saying(InvalidRequest, "Did you mean --hours-per-day"):
        parse_workload_flags(["--hours-per-dya", "3"])
    with raises_saying(InvalidRequest, "--hours-per-day"):
        parse_workload_flags(["--hours-per-day", "30"])
    with raises_saying(InvalidRequest, "needs a value"):
        parse_workload_flags(["--concurrent-users"])


def test_compute_on_the_shipped_catalog(catalog):
    from estimator.workload import Workload

    result = compute(catalog, "nvidia-rtx-4090", 1, Workload(concurrent_users=32, model_params_b=7),
                     existing=False, migration_usd=0)
    assert result.capex_usd == pytest.approx(1599 + 4400)
    assert result.cost_per_million_tokens_usd is not None and result.cost_per_million_tokens_usd > 0
    assert any(line.startswith("served tokens: 32 concurrent users") for line in result.assumptions)
    with raises_saying(UnknownHardware, "nvidia-rtx-4090"):
        compute(catalog, "nvidia-rtx-409", 1, Workload(), existing=False, migration_usd=0)


def test_cli_json_contract(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["tco", "--hardware", "nvidia-rtx-4090", "--count", "2", "--hours-per-day", "24",
              "--electricity-usd-per-kwh", "0.2", "--concurrent-users", "50", "--json"])
    assert exit_info.value.code in (0, None)
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= CONTRACT
    # Two cards share seed 1's multi-card server ($15,000 − 4 × $1,600 = $8,600).
    assert data["capex_usd"] == pytest.approx(2 * 1599 + 8600)
    # (2 × 450 W × 0.7 + 250 W host) × 24 h × 365 × $0.2 — seed 1's office cooling up to 4 cards.
    assert data["annual_power_usd"] == pytest.approx((2 * 450 * 0.7 + 250) * 24 * 365 / 1000 * 0.2, rel=1e-3)
    assert any("24 h/day" in line for line in data["assumptions"])


def test_cli_unpriced_device_is_a_one_line_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["tco", "--hardware", "qualcomm-cloud-ai100-pro", "--json"])
    assert exit_info.value.code == 2  # a request the tool cannot honour: a usage error
    err = capsys.readouterr().err
    assert err.startswith("error: No price on record") and "Traceback" not in err


def test_cli_existing_hardware_costs_power_only(capsys):
    with pytest.raises(SystemExit):
        main(["tco", "--hardware", "intel-xeon-8480plus", "--count", "2", "--existing", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["capex_usd"] == 0
    assert data["annual_opex_usd"] == pytest.approx(data["annual_power_usd"])


def test_contract_json_keeps_the_contract_keys_first():
    from estimator.schemas import TcoResult

    result = TcoResult(capex_usd=1, annual_power_usd=2, annual_opex_usd=3, three_year_total_usd=4,
                       cost_per_million_tokens_usd=None, assumptions=["a"])
    assert list(contract_json(result))[:6] == list(CONTRACT_KEYS_ORDER)


CONTRACT_KEYS_ORDER = ("capex_usd", "annual_power_usd", "annual_opex_usd", "three_year_total_usd",
                       "cost_per_million_tokens_usd", "assumptions")


def _served_line(capsys, *flags: str) -> tuple[float, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(["tco", "--hardware", "nvidia-h100-sxm", "--count", "2", "--concurrent-users", "1", *flags, "--json"])
    assert exit_info.value.code in (0, None)
    data = json.loads(capsys.readouterr().out)
    return data["cost_per_million_tokens_usd"], next(line for line in data["assumptions"] if line.startswith("served tokens"))


def test_a_named_model_is_costed_at_its_catalog_shape(capsys, catalog):
    # The catalog's llama-3.3-70b is a dense 70.6B: named, it costs what its size says, never seed 1's default 7B.
    llama = next(m for m in catalog.models if m.id == "llama-3.3-70b")
    assert _served_line(capsys, "--model-id", "llama-3.3-70b") == _served_line(capsys, "--model-params-b", str(llama.params_b))
    # gpt-oss-120b reads 5.1B of its 116.8B parameters per token (a mixture of experts): at one user the decode is
    # bandwidth-bound, so at the same format it streams several times faster than a dense model of its total size.
    moe, _ = _served_line(capsys, "--model-id", "gpt-oss-120b", "--quantization", "MXFP4")
    dense, _ = _served_line(capsys, "--model-params-b", "116.8", "--quantization", "MXFP4")
    assert moe * 3 < dense
