"""Data files are held to physical ranges on load: a value no device or measurement can have is refused
with its file, line and column, before it can reach a reply (a negative price once showed as capex -$91,400).

Expectations come from physics, not from the code: memory, bandwidth, compute rates and power are > 0;
a price is >= 0; a measured rate is > 0; every number is finite.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from knowledge import read_dir, validate_dir
from knowledge.errors import DataError
from knowledge.loader import MAX_FILE_BYTES
from tests.support.knowledge_helpers import copy_data


def _set_cell(path: Path, data_line: int, column: str, value: str) -> int:
    """Put `value` in `column` of the `data_line`-th row (1 = first row after the header); return its line."""
    rows = list(csv.reader(path.open(encoding="utf-8", newline="")))
    header = rows[0]
    rows[data_line][header.index(column)] = value
    with path.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out, lineterminator="\n").writerows(rows)
    # Shipped rows may hold quoted newlines: find the physical line the row starts on.
    seen = 0
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        for record in reader:
            start = reader.line_num - sum(cell.count("\n") for cell in record)
            if seen == data_line:
                return start
            seen += 1
    raise AssertionError("row not found")


IMPOSSIBLE = [
    ("hardware.csv", "memory_bandwidth_gbs", "-5", "greater than 0"),
    ("hardware.csv", "memory_bandwidth_gbs", "0", "greater than 0"),
    ("hardware.csv", "memory_gb", "0", "greater than 0"),
    ("hardware.csv", "price_usd", "-91400", "greater than or equal to 0"),
    ("hardware.csv", "fp16_tflops", "nan", "finite"),
    ("hardware.csv", "tdp_w", "inf", "finite"),
    ("hardware.csv", "memory_bandwidth_gbs", "1e400", "finite"),
    ("hardware.csv", "tdp_w", "-300", "greater than 0"),
    ("benchmarks.csv", "value", "-3", "greater than 0"),
    ("benchmarks.csv", "value", "0", "greater than 0"),
    ("benchmarks.csv", "value", "NaN", "finite"),
    ("benchmarks.csv", "device_count", "0", "greater than or equal to 1"),
    ("models.csv", "layers", "0", "greater than or equal to 1"),
    ("models.csv", "params_b", "-7", "greater than 0"),
    ("quant_formats.csv", "bits_per_weight", "0", "greater than 0"),
]


@pytest.mark.parametrize(("name", "column", "value", "reason"), IMPOSSIBLE)
def test_an_impossible_value_is_refused_with_file_line_and_column(tmp_path, name, column, value, reason) -> None:
    data = copy_data(tmp_path)
    line = _set_cell(data / name, 3, column, value)
    errors = validate_dir(data)
    assert any(e.startswith(f"{name}:{line}: {column}:") and reason in e for e in errors), errors


def test_the_shipped_data_is_within_every_range() -> None:
    from knowledge import default_data_dir

    assert validate_dir(default_data_dir()) == []


def test_a_free_item_is_allowed_but_not_a_negative_price(tmp_path) -> None:
    data = copy_data(tmp_path)
    _set_cell(data / "hardware.csv", 3, "price_usd", "0")
    assert validate_dir(data) == []


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path) -> None:
    data = copy_data(tmp_path)
    path = data / "benchmarks.csv"
    with path.open("r+b") as handle:  # sparse: past the limit without writing 32 MiB
        handle.truncate(MAX_FILE_BYTES + 1)
    errors = validate_dir(data)
    assert errors[0].startswith("benchmarks.csv:0: (file):") and "MiB" in errors[0], errors
    assert os.path.getsize(path) > MAX_FILE_BYTES


def test_a_start_up_refusal_is_one_line_and_the_listing_stops_at_twenty(tmp_path) -> None:
    data = copy_data(tmp_path)
    for row in range(1, 31):
        _set_cell(data / "benchmarks.csv", row, "value", "-1")
    with pytest.raises(DataError) as caught:
        read_dir(data)
    error = caught.value
    assert len(error.errors) >= 30
    assert "\n" not in error.user_message and error.user_message.startswith(f"{len(error.errors)} problem")
    assert "kb validate" in error.user_message
    shown = error.shown()
    assert len(shown) == DataError.SHOWN + 1 and shown[-1] == f"… and {len(error.errors) - DataError.SHOWN} more"
