#!/usr/bin/env bash
# Quickstart 2: set up .venv/, run the lint and type gates, then the whole test suite (what CI runs).
# Extra arguments go to pytest (e.g. -k estimator, -x). Fast tier for development: -m "not slow" (what a bare `pytest` runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The report browser test renders HTML in Debian's headless Chromium (with a CJK font); install it if missing.
bash scripts/ensure_chromium.sh >/dev/null || echo "test.sh: chromium not installed; the report browser test will skip" >&2
# Gates first: a lint or type error fails in seconds, before the minutes of tests.
if ! .venv/bin/python -m ruff check .; then
  echo "test: ruff found problems (above); fix them, or run: .venv/bin/python -m ruff check --fix ." >&2
  exit 1
fi
if ! .venv/bin/python -m mypy; then
  echo "test: mypy found type errors (above); the checked packages are [tool.mypy] files in pyproject.toml" >&2
  exit 1
fi
# Every tier: pyproject's addopts select the fast tier for a bare `pytest`; a later -m in "$@" still wins.
exec .venv/bin/python -m pytest -m "slow or not slow" "$@"
