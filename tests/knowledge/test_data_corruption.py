"""Corrupt and half-written knowledge data: a clear error naming the file, and the last good store serves.

Complements tests/knowledge/test_knowledge_store.py (a bad *value*) with damaged *files*: a CSV cut off while
being written, binary garbage, bad encodings, an emptied file, a half-written store file, and the
leftovers of a build that was killed. Expectations come from DESIGN.md: loading is validated and
atomic (a bad file loads nothing), and a user sees one clear message, never a traceback.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge import open_store, read_dir
from knowledge.errors import DataError
from tests.support.forged_checkpoint import TRIPPED, forged_blob
from tests.support.knowledge_helpers import copy_data

CSV_FILES = ("hardware.csv", "benchmarks.csv", "models.csv", "quant_formats.csv", "serving_stacks.csv")
STORE_FILE = "knowledge.duckdb"


def _cut_inside_last_row(path: Path) -> None:
    """Simulate a writer that died mid-row: keep the last row only up to its second comma."""
    text = path.read_text(encoding="utf-8")
    body = text.rstrip("\n")
    last_row_start = body.rindex("\n") + 1
    second_comma = body.index(",", body.index(",", last_row_start) + 1)
    path.write_text(body[: second_comma + 1], encoding="utf-8")


def _assert_names_file(error: DataError, name: str) -> None:
    assert error.errors, "DataError without any problem line"
    assert all(line.startswith(f"{name}:") for line in error.errors), error.errors


@pytest.fixture
def served(tmp_path: Path, _built_store: Path) -> tuple[Path, Path, object, bytes]:
    """A home with a good store open, the writable data dir it came from, and the store file's bytes. The
    store is the one the same data built earlier in the session (its data version is the files' hash), so
    only the damaged data is built here: that build is what these tests are about."""
    home, data = tmp_path / "home", copy_data(tmp_path)
    home.mkdir()
    shutil.copyfile(_built_store, home / STORE_FILE)
    store = open_store(home, data)
    return home, data, store, (home / STORE_FILE).read_bytes()


@pytest.mark.parametrize("name", CSV_FILES)
def test_half_written_csv_is_reported_and_the_previous_store_keeps_serving(served, name: str) -> None:
    home, data, previous, before = served
    expected_ids = [hw.id for hw in previous.hardware()]
    _cut_inside_last_row(data / name)

    with pytest.raises(DataError) as caught:
        open_store(home, data)

    _assert_names_file(caught.value, name)
    assert (home / STORE_FILE).read_bytes() == before
    assert [hw.id for hw in previous.hardware()] == expected_ids
    # A process (re)starting now still gets the last good store from the shipped data.
    assert [hw.id for hw in open_store(home).hardware()] == expected_ids


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (b"\x00\x01\x02\xff\xfe garbage \x89PNG\r\n\x1a\n", "not UTF-8"),
        ("id,vendor\n".encode("utf-16"), "not UTF-8"),
        (b"", "empty file"),
        (b"id,ven", "unknown column"),
    ],
    ids=["binary", "utf16", "emptied", "header-cut"],
)
def test_damaged_hardware_csv_gives_one_clear_error(served, damage: bytes, reason: str) -> None:
    home, data, previous, before = served
    (data / "hardware.csv").write_bytes(damage)

    with pytest.raises(DataError) as caught:
        open_store(home, data)

    assert any(line.startswith("hardware.csv:") and reason in line for line in caught.value.errors), caught.value.errors
    assert (home / STORE_FILE).read_bytes() == before
    assert previous.get_hardware("nvidia-rtx-4090") is not None


def test_missing_csv_is_named(served) -> None:
    home, data, _, before = served
    (data / "models.csv").unlink()
    with pytest.raises(DataError) as caught:
        open_store(home, data)
    assert any(line.startswith("models.csv:") and "missing file" in line for line in caught.value.errors)
    assert (home / STORE_FILE).read_bytes() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(CSV_FILES), fraction=st.floats(min_value=0.0, max_value=1.0, exclude_max=True))
@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_csv_cut_anywhere_never_loads_a_mangled_row(tmp_path: Path, name: str, fraction: float) -> None:
    """Cut at any byte: either the loader reports that file, or every row it loads is an original row.

    A cut exactly at a line end is a shorter but well-formed file, which nothing can tell apart from a
    deliberate edit; what must never happen is a row with a truncated cell loading silently.
    """
    # A fresh directory per example: Hypothesis may draw the same example twice (replaying its database).
    data = copy_data(Path(tempfile.mkdtemp(prefix=f"cut-{name}-", dir=tmp_path)))
    original = read_dir(data)
    raw = (data / name).read_bytes()
    kept = raw[: int(len(raw) * fraction)]
    (data / name).write_bytes(kept)
    try:
        damaged = read_dir(data)
    except DataError as exc:
        # A cut at a line end is a well-formed shorter file: refusing it for what other files then
        # reference (a benchmark's quant format that is gone) is as good as naming the file.
        assert kept.endswith(b"\n") or any(line.startswith(f"{name}:") for line in exc.errors), exc.errors
        return
    for table, rows in damaged.rows.items():
        originals = {row.item for row in original.rows[table]}
        assert all(row.item in originals for row in rows), f"{name} cut at {fraction:.4f} loaded a mangled row"


def test_half_written_store_file_is_rebuilt(tmp_path: Path) -> None:
    """A store file cut short (disk full, killed copy) is detected and rebuilt from the CSVs."""
    home = tmp_path / "home"
    expected = [hw.id for hw in open_store(home).hardware()]
    store_file = home / STORE_FILE
    content = store_file.read_bytes()
    store_file.write_bytes(content[: len(content) // 3])
    assert [hw.id for hw in open_store(home).hardware()] == expected


def test_leftovers_of_a_killed_build_are_harmless(tmp_path: Path) -> None:
    """A build killed before its atomic rename leaves a temp file; the next open ignores it."""
    home = tmp_path / "home"
    home.mkdir()
    (home / f".{STORE_FILE}.4242.deadbeef.tmp").write_bytes(b"\x00" * 4096)
    (home / f".{STORE_FILE}.4242.deadbeef.tmp.wal").write_bytes(b"partial")
    store = open_store(home)
    assert store.get_hardware("nvidia-l40s") is not None


def test_cli_reports_corrupt_data_in_one_clear_message_without_traceback(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    _cut_inside_last_row(data / "benchmarks.csv")
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli.main", "kb", "validate", str(data)],
        capture_output=True, text=True, timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "benchmarks.csv:" in output
    assert "Traceback" not in output


# -- the checkpoint store ---------------------------------------------------------------------------

def test_a_forged_checkpoint_cannot_make_the_bot_call_code(tmp_path: Path) -> None:
    """Whoever writes the state file can name any callable in a checkpoint; loading must not call it."""
    import sqlite3

    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    from bot.settings import Settings
    from bot.wiring import STATE_FILE, build_engine

    home = tmp_path / "home"
    with build_engine(Settings(home=home), llm=None) as engine:
        engine.handle("forged", "A 7B model for 20 users")
    db = sqlite3.connect(home / STATE_FILE)
    checkpoint_id, kind, blob = db.execute(
        "SELECT checkpoint_id, type, checkpoint FROM checkpoints WHERE thread_id = 'forged' "
        "ORDER BY checkpoint_id DESC LIMIT 1").fetchone()
    default = JsonPlusSerializer()
    forged_kind, forged = forged_blob(default, default.loads_typed((kind, blob)))
    db.execute("UPDATE checkpoints SET type = ?, checkpoint = ? WHERE checkpoint_id = ?",
               (forged_kind, forged, checkpoint_id))
    db.commit()
    db.close()

    TRIPPED.clear()
    default.loads_typed((forged_kind, forged))
    assert TRIPPED == ["rm -rf /"], "control: langgraph's default serializer calls what a checkpoint names"

    TRIPPED.clear()
    with build_engine(Settings(home=home), llm=None) as engine:
        engine.state("forged")
        reply = engine.handle("forged", "200 users, Q4")
    assert TRIPPED == []
    assert reply.intent != "error" and reply.slots.get("concurrent_users") == 200
