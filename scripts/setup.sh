#!/usr/bin/env bash
# Create .venv/ at the repo root and install the project (with test extras) into it.
# Idempotent: reinstalls only when pyproject.toml changed since the last install.
# llama-cpp-python has no binary wheel here and compiles from source (a few minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)" >&2
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.siliconsult-installed
want=$(cat pyproject.toml | .venv/bin/python -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing siliconsult and its dependencies into .venv (first time: ~5 minutes, llama-cpp-python compiles)" >&2
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[test]'
  echo "$want" > "$stamp"
fi
