"""The production files: the default container image installs no compiler and no compiled extra, the
systemd unit runs the installed console script with its environment file, and the documented
environment covers every setting the app reads."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_default_image_needs_no_compiler():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    extras = re.search(r"^ARG EXTRAS=(\S+)", text, re.M).group(1).split(",")
    assert "llm" not in extras and "all" not in extras  # the llm extra compiles llama.cpp
    assert re.search(r'^ARG BUILD_DEPS=""', text, re.M)
    assert "--only-binary=:all:" in text  # a dependency that would compile fails the build instead
    assert "SILICONSULT_LLM=none" in text and "USER siliconsult" in text


def test_systemd_unit_runs_the_slack_app_from_its_environment_file():
    unit = (ROOT / "deploy" / "siliconsult-slack.service").read_text(encoding="utf-8")
    assert re.search(r"^ExecStart=\S+/siliconsult slack --socket$", unit, re.M)
    assert "EnvironmentFile=/etc/siliconsult/env" in unit and "KillSignal=SIGTERM" in unit
    assert "Restart=on-failure" in unit and "User=siliconsult" in unit


def test_every_setting_is_documented():
    doc = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        env = alias.choices[0] if alias is not None else f"SILICONSULT_{name.upper()}"
        assert f"`{env}`" in doc, env
