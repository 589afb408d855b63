#!/usr/bin/env bash
# Quickstart 1: set up .venv/ and start the assistant in the terminal (deterministic reading by default).
# Extra arguments go to `siliconsult chat` (e.g. --llm bundled for the local model, --thread my-thread, --json).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/siliconsult chat "$@"
