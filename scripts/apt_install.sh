#!/usr/bin/env bash
# Install Debian packages quietly, as root or through sudo: `apt_install.sh CALLER PACKAGE...`
# (CALLER names the script in the error message). Shared by ensure_postgres.sh and ensure_chromium.sh.
set -euo pipefail
caller=$1
shift
sudo=""
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "$caller: need root or sudo to apt-get install $*" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends "$@" >&2
