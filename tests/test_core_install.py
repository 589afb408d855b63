"""`pip install .` with no extras, for real: a fresh virtual environment, wheels only (no compiler may
run), then the assistant answers in `chat --llm none` and the optional parts are absent. Slow: it
installs the core's dependencies from the package registry or pip's cache."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
OPTIONAL_MODULES = ("llama_cpp", "slack_bolt", "weasyprint", "mcp", "psycopg")


def _copy_sources(target: Path) -> Path:
    """The project without its venv, caches and git data: pip builds in the source tree, not in the checkout."""
    ignore = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build", ".mypy_cache",
                                    ".ruff_cache", ".pytest_cache", ".hypothesis", "tests", "reports")
    shutil.copytree(ROOT, target, ignore=ignore)
    return target


@pytest.fixture(scope="module")
def core_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("core")
    source = _copy_sources(base / "src")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # Wheels only for every dependency: a package that would need a compiler fails the install here.
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--only-binary=:all:", "--no-binary=siliconsult", str(source)],
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return env_dir


def test_the_core_installs_without_any_optional_part(core_env: Path) -> None:
    probe = "import importlib.util, sys; print([m for m in sys.argv[1:] if importlib.util.find_spec(m)])"
    found = subprocess.run([str(core_env / "bin" / "python"), "-c", probe, *OPTIONAL_MODULES],
                           capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]", found.stdout


def test_the_core_answers_in_chat_without_a_model(core_env: Path, tmp_path: Path) -> None:
    env = {**os.environ, "SILICONSULT_HOME": str(tmp_path), "SILICONSULT_LLM": "none"}
    env.pop("PYTHONPATH", None)  # the installed package, not this checkout
    done = subprocess.run([str(core_env / "bin" / "siliconsult"), "chat", "--llm", "none", "--json", "--thread", "core"],
                          input="a 7B model for 40 concurrent users, just recommend\n", capture_output=True,
                          text=True, timeout=120, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    reply = json.loads(done.stdout.splitlines()[0])
    primary = reply["recommendation"]["primary"]
    # 7B at 4 bits is ~4 GB of weights: one mid-range card carries 40 streams (seed 1's team tier), not a rack.
    assert primary["count"] <= 4 and primary["capex_usd"] > 0
    assert "Traceback" not in done.stderr


def test_a_command_needing_an_extra_says_which(core_env: Path, tmp_path: Path) -> None:
    env = {**os.environ, "SILICONSULT_HOME": str(tmp_path)}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([str(core_env / "bin" / "siliconsult"), "slack"], capture_output=True, text=True,
                          timeout=60, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 2 and "slack" in done.stderr.lower() and "Traceback" not in done.stderr
