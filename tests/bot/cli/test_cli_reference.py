"""docs/cli.md is generated from `--help` (STYLE.md §12): it must match what the CLI prints now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_cli_reference_is_current():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_cli_reference.py"), "--check"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr + "\n(regenerate: python scripts/gen_cli_reference.py)"


def test_cli_reference_covers_every_contract_command():
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for command in ("chat", "estimate", "tco", "eval", "slack", "kb hardware", "kb validate"):
        assert f"## `siliconsult {command}`" in text
