#!/usr/bin/env bash
# Quickstart 2: set up .venv/ and run the whole test suite (what CI runs).
# Extra arguments go to pytest (e.g. -k estimator, -x).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
