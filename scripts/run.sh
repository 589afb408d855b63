#!/usr/bin/env bash
# Quickstart 1: set up .venv/ and start the assistant in the terminal with the bundled local model.
# Extra arguments go to `siliconsult chat` (e.g. --llm none, --thread my-thread, --json).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/siliconsult chat "$@"
