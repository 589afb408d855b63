#!/usr/bin/env bash
# Quickstart 2: set up .venv/ and run the whole test suite (what CI runs).
# Extra arguments go to pytest (e.g. -k estimator, -x).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The report browser test renders HTML in Debian's headless Chromium (with a CJK font); install it if missing.
bash scripts/ensure_chromium.sh >/dev/null || echo "test.sh: chromium not installed; the report browser test will skip" >&2
exec .venv/bin/python -m pytest "$@"
