#!/usr/bin/env bash
# Create .venv/ at the repo root and install the project with every extra and the test tools into it.
# Idempotent: reinstalls only when pyproject.toml changed since the last install.
# llama-cpp-python has no binary wheel here and compiles from source (a few minutes on 2 cores, once
# per machine: the wheel is cached). The core alone (`pip install .`) needs no compiler.
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
  echo "setup: installing siliconsult with every optional part into .venv" >&2
  .venv/bin/python -m pip install --quiet --upgrade pip
  # A llama.cpp built for the build machine's own CPU (GGML_NATIVE, the default) enables AMX on
  # Sapphire Rapids hosts, and there its first decode segfaults (seen on this project's CI machine).
  # Build the portable AVX2 variant instead: once per machine, cached by its flags and version under
  # ~/.cache/siliconsult (scripts/llama_wheel.py), with a progress line every 30 s while it compiles.
  CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF}" .venv/bin/python scripts/llama_wheel.py \
    "$(.venv/bin/python scripts/requirement_of.py llama-cpp-python)"
  # The core and every extra (llm, slack, postgres, pdf, mcp), and the test tools.
  .venv/bin/python -m pip install --quiet -e '.[all,test]'
  # One real decode in a child process: a broken llama.cpp build fails here with a clear message, not
  # as a segfault in the middle of the test suite (and the stamp is not written, so the next run checks again).
  if ! .venv/bin/python scripts/check_llama.py; then
    echo "setup: llama-cpp-python cannot decode on this machine; rebuild it: rm -rf .venv && bash scripts/setup.sh" >&2
    exit 1
  fi
  echo "$want" > "$stamp"
fi
