"""Install llama-cpp-python from a wheel built once per machine, keyed by its build flags.

llama-cpp-python ships no binary wheel here and compiles llama.cpp from source (about 5 minutes on
two cores). setup.sh used to compile it on every fresh .venv. This script builds the wheel once with
`pip wheel` into ~/.cache/siliconsult/llama-cpp-python/<key>/ and installs from there, so a second
clone on the same machine (or a rebuilt .venv) installs in seconds:

- the key hashes CMAKE_ARGS, the Python version and the machine, so a build with other flags (a
  native or CUDA build) never stands in for the portable one (see setup.sh: GGML_NATIVE=OFF);
- the version is in the wheel's file name: pip takes a cached wheel only when it satisfies the
  requirement from pyproject.toml, else a new one is built beside it;
- while it compiles, a line every 30 s says it is still at work (pip prints nothing for minutes).

Usage: python scripts/llama_wheel.py REQUIREMENT   (e.g. "llama-cpp-python[server]>=0.3.2")
Env: CMAKE_ARGS (build flags), SILICONSULT_WHEEL_CACHE (default ~/.cache/siliconsult).
"""

from __future__ import annotations

import hashlib
import os
import platform
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PROGRESS_EVERY_S = 30.0


def cache_dir(cmake_args: str, root: Path | None = None) -> Path:
    """Where wheels built with these flags, for this interpreter and machine, are kept."""
    root = root or Path(os.environ.get("SILICONSULT_WHEEL_CACHE") or Path.home() / ".cache" / "siliconsult")
    key = "\n".join([cmake_args.strip(), f"{sys.implementation.name}{sys.version_info[0]}{sys.version_info[1]}",
                     platform.machine(), platform.system()])
    return root / "llama-cpp-python" / hashlib.sha256(key.encode()).hexdigest()[:16]


def bare(requirement: str) -> str:
    """The requirement without extras: `pip wheel --no-deps` builds the package itself only."""
    return re.sub(r"\[[^\]]*\]", "", requirement)


def run_with_progress(command: list[str], what: str, *, every_s: float = PROGRESS_EVERY_S,
                      log: Path | None = None, env: dict[str, str] | None = None) -> int:
    """Run `command`, print "<what>: still at work, N s" every `every_s` seconds; its output goes to `log`."""
    started = time.monotonic()
    done = threading.Event()

    def tick() -> None:
        while not done.wait(every_s):
            print(f"setup: {what}: still at work, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        with open(log or os.devnull, "wb") as out:
            return subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, env=env, check=False).returncode
    finally:
        done.set()
        ticker.join()


def _pip(*args: str) -> list[str]:
    return [sys.executable, "-m", "pip", *args]


def install_from_cache(requirement: str, wheels: Path) -> bool:
    """Install a cached wheel that satisfies `requirement`; False when there is none."""
    if not wheels.is_dir():
        return False
    command = _pip("install", "--quiet", "--no-index", "--no-deps", "--find-links", str(wheels), bare(requirement))
    return subprocess.run(command, capture_output=True, check=False).returncode == 0


def main(requirement: str) -> int:
    cmake_args = os.environ.get("CMAKE_ARGS", "")
    wheels = cache_dir(cmake_args)
    if install_from_cache(requirement, wheels):
        print(f"setup: llama-cpp-python installed from the cached build in {wheels}", file=sys.stderr)
        return 0
    wheels.mkdir(parents=True, exist_ok=True)
    print(f"setup: compiling llama.cpp for llama-cpp-python (CMAKE_ARGS={cmake_args or '(none)'}); about 5 minutes "
          f"on 2 cores, once per machine: the wheel is kept in {wheels}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory() as build:
        log = Path(build) / "pip-wheel.log"
        started = time.monotonic()
        # --no-cache-dir: never take a wheel pip cached from a build with other flags (a native one).
        code = run_with_progress(_pip("wheel", "--no-deps", "--no-cache-dir", "--wheel-dir", build, bare(requirement)),
                                 "compiling llama.cpp", log=log)
        if code != 0:
            print(log.read_text(encoding="utf-8", errors="replace")[-4000:], file=sys.stderr)
            print("setup: building llama-cpp-python failed (its log's end is above)", file=sys.stderr)
            return code
        for wheel in Path(build).glob("*.whl"):
            # Move in by rename from a temporary name: a second clone installing at the same moment
            # never sees half a wheel.
            partial = wheels / (wheel.name + ".partial")
            partial.write_bytes(wheel.read_bytes())
            partial.replace(wheels / wheel.name)
        print(f"setup: llama.cpp compiled in {time.monotonic() - started:.0f} s", file=sys.stderr)
    if not install_from_cache(requirement, wheels):
        print(f"setup: the wheel built in {wheels} does not install", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    raise SystemExit(main(sys.argv[1]))
