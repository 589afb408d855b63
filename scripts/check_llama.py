"""Decode a few tokens with the bundled model in a child process; exit 1 with the reason if that fails.

A llama.cpp build whose CPU kernels do not run on this machine crashes (SIGSEGV) at the first decode;
run in a child, the crash becomes a message instead of killing whoever asked.
"""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
from llama_cpp import Llama
from bot.llm.factory import bundled_model_path
llm = Llama(model_path=str(bundled_model_path()), n_ctx=256, n_threads=1, n_threads_batch=1, seed=0, verbose=False)
# A prompt of ~100 tokens: batched prompt processing takes other kernels (AMX, GEMM) than one token does.
out = llm.create_completion(prompt="The quick brown fox jumps over the lazy dog. " * 10, max_tokens=4, temperature=0.0)
print(len(out["choices"][0]["text"]) >= 0)
"""


def main() -> int:
    try:
        done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        print("check_llama: the bundled model did not decode 4 tokens within 120 s", file=sys.stderr)
        return 1
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        print(f"check_llama: decoding with the bundled model failed (exit {done.returncode}): {tail}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
