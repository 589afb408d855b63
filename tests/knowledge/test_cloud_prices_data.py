"""Every rental and API price row is sourced, dated and refers to a known device."""

from __future__ import annotations

import shutil
from pathlib import Path

from estimator.catalog import ApiPrice, CloudGpuPrice
from knowledge.loader import default_data_dir, validate_dir
from knowledge.testing import shared_memory_store


def test_every_price_row_has_a_source_and_a_read_date() -> None:
    store = shared_memory_store()
    rentals, apis = store.cloud_gpu_prices(), store.api_prices()
    assert rentals and apis
    assert all(isinstance(row, CloudGpuPrice) for row in rentals)
    assert all(isinstance(row, ApiPrice) for row in apis)
    for row in [*rentals, *apis]:
        assert row.source_url.startswith(("http://", "https://")), row.id
        assert len(row.read_date) == 10, row.id  # YYYY-MM-DD
    known = {hw.id for hw in store.hardware()}
    assert {row.hardware_id for row in rentals} <= known


def test_store_filters_rentals_by_device() -> None:
    store = shared_memory_store()
    rows = store.cloud_gpu_prices("nvidia-l40s")
    assert rows and {row.hardware_id for row in rows} == {"nvidia-l40s"}
    assert store.applied_migrations()[-1] >= 4


def test_unknown_device_in_a_rental_row_is_a_row_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(default_data_dir(), data)
    path = data / "cloud_gpu_prices.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.append(lines[1].replace("runpod-pod-rtx-3090", "bogus-row").replace(",nvidia-rtx-3090,", ",no-such-gpu,"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    errors = validate_dir(data)
    assert any(e.startswith(f"cloud_gpu_prices.csv:{len(lines)}: hardware_id") for e in errors), errors


def test_price_files_are_optional(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(default_data_dir(), data)
    (data / "cloud_gpu_prices.csv").unlink()
    (data / "api_prices.csv").unlink()
    assert validate_dir(data) == []
