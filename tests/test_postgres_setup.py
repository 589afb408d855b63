"""scripts/ensure_postgres.sh: finds Debian's server binaries, installs the package when they are missing.

The real install path runs on a fresh CI machine; here `apt-get` is a fake on PATH that records its
arguments and "installs" by creating the binaries, and the library root is a temp dir.
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

from tests.support.pg import ENSURE_SCRIPT

FAKE_APT = """#!/bin/sh
echo "$@" >> "$APT_LOG"
if [ "$1" = install ]; then
    mkdir -p "$SILICONSULT_PG_LIB/16/bin"
    for tool in initdb pg_ctl postgres; do
        printf '#!/bin/sh\\n' > "$SILICONSULT_PG_LIB/16/bin/$tool"; chmod +x "$SILICONSULT_PG_LIB/16/bin/$tool"
    done
fi
"""


def _executable(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _run(tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    fake_bin, log = tmp_path / "fake-bin", tmp_path / "apt.log"
    _executable(fake_bin / "apt-get", FAKE_APT)
    _executable(fake_bin / "sudo", '#!/bin/sh\nexec "$@"\n')  # when the suite does not run as root
    env = {**os.environ, "PATH": f"{fake_bin}:{os.environ['PATH']}", "APT_LOG": str(log),
           "SILICONSULT_PG_LIB": str(tmp_path / "pglib")}
    result = subprocess.run(["bash", str(ENSURE_SCRIPT)], capture_output=True, text=True, env=env, timeout=60)
    return result, log.read_text().splitlines() if log.exists() else []


def test_missing_server_binaries_are_installed_from_debian(tmp_path: Path) -> None:
    result, apt_calls = _run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert apt_calls[0].endswith("update -qq")
    assert "install" in apt_calls[1] and apt_calls[1].split()[-1] == "postgresql"
    assert result.stdout.strip() == str(tmp_path / "pglib" / "16" / "bin")


def test_installed_binaries_are_used_as_they_are_newest_version_first(tmp_path: Path) -> None:
    for version in ("9.6", "15", "16"):
        for tool in ("initdb", "pg_ctl"):
            _executable(tmp_path / "pglib" / version / "bin" / tool, "#!/bin/sh\n")
    _executable(tmp_path / "pglib" / "17" / "bin" / "psql", "#!/bin/sh\n")  # client only: not a server
    result, apt_calls = _run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert apt_calls == []
    assert result.stdout.strip() == str(tmp_path / "pglib" / "16" / "bin")
