"""Every surface refuses to start on damaged local files or unreachable services with one line naming
what is wrong (the file, or the URL without its password) and an exit code: never a traceback.

Run as real processes (`python -m bot.cli.main`), the way a user or systemd starts them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.knowledge_helpers import copy_data, replace_in_line

pytestmark = pytest.mark.slow  # each case starts a Python process (~2-4 s)

ROOT = Path(__file__).resolve().parents[3]
UNREACHABLE = "http://127.0.0.1:9/api/"  # port 9 (discard): nothing listens on loopback


def _run(args: list[str], env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    full_env = {key: value for key, value in os.environ.items() if not key.startswith(("SILICONSULT_", "SLACK_"))}
    full_env.update({"PYTHONPATH": str(ROOT), **env})
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *args], input=stdin, capture_output=True,
                          text=True, env=full_env, cwd=ROOT, timeout=120, check=False)


def _one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def bad_data(tmp_path: Path) -> Path:
    data = copy_data(tmp_path)
    replace_in_line(data / "hardware.csv", "nvidia-l4,", ",gpu,24,", ",gpu,-24,")  # 24 GB of memory made negative
    return data


SLACK_ENV = {"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": "secret", "SLACK_API_URL": UNREACHABLE}


@pytest.mark.parametrize("surface", [
    ["chat", "--llm", "none"],
    ["mcp"],
    ["slack", "--http", "--port", "0"],
])
def test_bad_data_files_refuse_every_surface_in_one_line(tmp_path, bad_data, surface) -> None:
    result = _run(surface, {"SILICONSULT_DATA_DIR": str(bad_data), "SILICONSULT_HOME": str(tmp_path / "home"),
                            **SLACK_ENV}, stdin="7B for 20 users\n")
    assert result.returncode != 0
    line = _one_line(result)
    assert "hardware.csv:" in line and "memory_gb" in line and "kb validate" in line


def test_kb_validate_lists_the_problem_and_fails(bad_data) -> None:
    result = _run(["kb", "validate", "--data-dir", str(bad_data)], {})
    assert result.returncode == 1
    assert any(line.startswith("hardware.csv:") and "memory_gb" in line for line in result.stdout.splitlines())


@pytest.mark.parametrize("damage", ["truncated", "garbage"])
def test_a_damaged_state_file_is_named_in_one_line(tmp_path, damage) -> None:
    home = tmp_path / "home"
    first = _run(["chat", "--llm", "none"], {"SILICONSULT_HOME": str(home)}, stdin="7B for 20 users\n")
    assert first.returncode == 0, first.stderr
    state = home / "state.sqlite"
    raw = state.read_bytes()
    for leftover in home.glob("state.sqlite-*"):
        leftover.unlink()
    state.write_bytes(raw[:3000] if damage == "truncated" else b"not a database " * 300)
    result = _run(["chat", "--llm", "none"], {"SILICONSULT_HOME": str(home)}, stdin="7B for 20 users\n")
    assert result.returncode != 0
    assert str(state) in _one_line(result)


def test_a_damaged_slack_inbox_is_named_in_one_line(tmp_path) -> None:
    inbox = tmp_path / "home" / "slack" / "inbox.sqlite3"
    inbox.parent.mkdir(parents=True)
    inbox.write_bytes(b"not a database " * 300)
    result = _run(["slack", "--http", "--port", "0"], {"SILICONSULT_HOME": str(tmp_path / "home"), **SLACK_ENV})
    assert result.returncode != 0
    assert str(inbox) in _one_line(result)


def test_an_unreachable_state_database_is_named_without_its_password(tmp_path) -> None:
    url = "postgresql://bot:hunter2secret@127.0.0.1:9/siliconsult"
    for args in (["chat", "--llm", "none"], ["slack", "--http", "--port", "0"]):
        result = _run(args, {"SILICONSULT_HOME": str(tmp_path / "home"), "SILICONSULT_STATE_URL": url, **SLACK_ENV},
                      stdin="hi\n")
        assert result.returncode != 0
        line = _one_line(result)
        assert "127.0.0.1:9/siliconsult" in line and "hunter2secret" not in result.stderr + result.stdout


def test_an_unreachable_slack_api_is_named_in_one_line(tmp_path) -> None:
    result = _run(["slack", "--http", "--port", "0"], {"SILICONSULT_HOME": str(tmp_path / "home"), **SLACK_ENV})
    assert result.returncode != 0
    assert UNREACHABLE in _one_line(result)


@pytest.mark.parametrize("env,named", [
    ({"SILICONSULT_LLM_TIMEOUT_S": "abc"}, "SILICONSULT_LLM_TIMEOUT_S='abc'"),
    ({"SILICONSULT_SLACK_DRAIN_S": "soon"}, "SILICONSULT_SLACK_DRAIN_S='soon'"),
])
def test_a_mistyped_setting_is_one_line_naming_the_variable(env: dict[str, str], named: str) -> None:
    result = _run(["chat", "--llm", "none"], env, stdin="quit\n")
    assert result.returncode == 2
    assert named in _one_line(result)
