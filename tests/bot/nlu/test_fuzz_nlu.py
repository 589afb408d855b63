"""Fuzzing the deterministic language understanding: any text, any pending question, never a crash.

Invariants (tests/support/fuzz_support.py): `parse_message` returns for arbitrary unicode, huge and odd
numbers, empty and very long messages, mixed English/Chinese; every fact it reports is a valid
workload value; the truncation flag matches the cut-off.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings

from tests.support.fuzz_support import MESSAGES, PENDING_SLOTS, check_parse


@settings(max_examples=400, deadline=None)
@given(text=MESSAGES, pending_slot=PENDING_SLOTS)
@example(text="9" * 400 + "k", pending_slot="ttft_target_ms")  # found: inf → int() raised
@example(text="9" * 400 + "k", pending_slot="prompt_tokens")
@example(text="0W " + "9" * 400 + "kW", pending_slot=None)  # found: a conflict holding a 10^21 int
@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_parse_message_never_raises_and_reports_only_valid_facts(text: str, pending_slot: str | None) -> None:
    check_parse(text, pending_slot)


def test_the_long_fuzz_script_runs_and_reports_its_count() -> None:
    """scripts/fuzz_engine.py (the 10,000-example run) keeps working: a tiny run prints its tally."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[3] / "scripts" / "fuzz_engine.py"
    result = subprocess.run([sys.executable, str(script), "--examples", "25", "--seed", "1"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "parse_message: 25 examples" in result.stdout
    assert "Engine.handle: 25 examples" in result.stdout and "0 failure(s)" in result.stdout
