#!/usr/bin/env bash
# Make sure Debian's PostgreSQL server binaries are installed; print their directory on stdout.
#
# The test suite starts its own throw-away server on loopback (tests/support/pg.py) and only needs `initdb`,
# `pg_ctl` and `postgres`. On a fresh machine (CI) they are installed from Debian's `postgresql`
# package; nothing is started or enabled system-wide here.
set -euo pipefail

# Where Debian puts the server binaries (overridable for the script's own test).
PG_LIB=${SILICONSULT_PG_LIB:-/usr/lib/postgresql}

find_bindir() {
    # Newest major version first; Debian keeps the server binaries out of PATH.
    local dir
    for dir in $(ls -d "$PG_LIB"/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
            echo "$dir"
            return 0
        fi
    done
    return 1
}

if ! find_bindir >/dev/null; then
    echo "ensure_postgres: installing Debian's postgresql package" >&2
    bash "$(dirname "$0")/apt_install.sh" ensure_postgres postgresql
fi

find_bindir || { echo "ensure_postgres: no initdb/pg_ctl under $PG_LIB/*/bin" >&2; exit 1; }
