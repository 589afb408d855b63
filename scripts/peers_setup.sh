#!/usr/bin/env bash
# Install the peer estimators (GenZ-LLM-Analyzer, llm-analysis) into their OWN virtualenv, never the
# project's: they pin their own torch/numpy versions. Usage: scripts/peers_setup.sh [VENV_DIR]
# Then: VENV_DIR/bin/python scripts/compare_peers.py  (reads the project's data through PYTHONPATH).
set -uo pipefail
VENV="${1:-${PEERS_VENV:-/tmp/siliconsult-peers}}"
python3 -m venv "$VENV" || { echo "peers: could not create $VENV"; exit 1; }
"$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
status=0
for package in genz-llm llm-analysis; do
  if "$VENV/bin/python" -m pip install --quiet "$package"; then
    echo "peers: installed $package"
  else
    echo "peers: $package did NOT install (see pip's message above); compare_peers.py skips it"
    status=1
  fi
done
# The project's own light dependencies, so compare_peers.py can read the catalog CSVs.
"$VENV/bin/python" -m pip install --quiet pydantic duckdb >/dev/null 2>&1 || true
echo "peers: environment at $VENV"
exit $status
