"""In-process backend: a GGUF model run by llama-cpp-python (the bundled SmolLM2 or any local file).

One `Llama` instance per backend, reached only through a single worker thread (llama.cpp is not
thread-safe), with a per-call deadline that also stops generation early. Decoding is greedy
(temperature 0) so evals are reproducible. The context is raised from llama-cpp-python's 512-token
default, logging is off, and the instance is kept between calls so llama.cpp reuses the evaluated
prefix (the callers keep one stable system prompt first for that reason), helped by a RAM cache of
evaluated states so alternating kinds of prompts each find their own prefix.

A stopping criterion ends a call past its deadline at the next token (the GGUF's chat template is
applied here so that `create_completion`, which takes one, can be used). JSON output is constrained by a grammar compiled here from the schema (and cached per schema)
instead of `response_format`, because `response_format` silently falls back to free JSON when a
schema cannot be converted; a conversion failure here is a loud `LLMError`.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.errors import ConfigError, LLMError
from bot.llm.base import JSONSchema, Message
from bot.llm.worker import SerialWorker

if TYPE_CHECKING:  # imported when a model is loaded: llama-cpp-python is optional
    from llama_cpp.llama_grammar import LlamaGrammar

DEFAULT_N_CTX = 4096
# Plain-text replies are one paragraph (an interview question, a short summary); a small model that
# goes on after a blank line is rambling, and every extra token costs time on a CPU.
TEXT_STOP = ("\n\n",)


def is_looping(token_ids: Any, window: int = 24, max_period: int = 6) -> bool:
    """True when the last `window` tokens repeat a cycle of at most `max_period` tokens ("1.1.1.1…").

    A small model that starts such a loop never leaves it; stopping saves the rest of `max_tokens`
    (seconds on a CPU), and the guard rejects the text anyway.
    """
    tail = [int(t) for t in token_ids[-window:]]
    if len(tail) < window:
        return False
    return any(all(tail[i] == tail[i - period] for i in range(period, window)) for period in range(1, max_period + 1))


def _import_llama_cpp() -> Any:
    try:
        import llama_cpp
    except ImportError as exc:  # the package, or its compiled library, is missing
        raise ConfigError(
            f"llama-cpp-python is not usable ({exc}); install the local-model part "
            "(`pip install 'siliconsult[llm]'`) or run with --llm none."
        ) from exc
    return llama_cpp


class LlamaCppModel:
    """A local GGUF model. `complete` is safe to call from any thread."""

    def __init__(
        self,
        model_path: str | Path,
        *,
        name: str | None = None,
        timeout_s: float | None = 20.0,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int | None = None,
        cache_bytes: int = 64 << 20,
        languages: tuple[str, ...] | None = None,
    ) -> None:
        llama_cpp = _import_llama_cpp()
        self._llama_cpp = llama_cpp
        threads = n_threads or max(1, (os.cpu_count() or 2) // 2)
        self.model_path = Path(model_path)
        self.name = name or self.model_path.stem
        self.timeout_s = timeout_s
        self.languages = languages
        try:
            self.llama = llama_cpp.Llama(
                model_path=str(self.model_path),
                n_ctx=n_ctx,
                # Half the cores (llama-cpp-python's own default), for prompt processing too. llama.cpp
                # threads spin-wait on each other: on this 2-core machine under load, 2 threads decoded
                # at 0.8 tokens/s against 20 with 1 thread (measured), so never oversubscribe.
                n_threads=threads,
                n_threads_batch=threads,
                seed=0,
                verbose=False,
            )
        except (ValueError, RuntimeError, OSError) as exc:
            raise ConfigError(f"Cannot load the model file {self.model_path}: {exc}") from exc
        if cache_bytes > 0:
            # Extraction and phrasing calls alternate with different prompts after the shared system
            # message; a RAM cache of evaluated states (about 1 MB each for the bundled model) lets
            # each kind of call resume from its own longest cached prefix instead of re-evaluating.
            self.llama.set_cache(llama_cpp.LlamaRAMCache(capacity_bytes=cache_bytes))
        self._grammars: dict[str, LlamaGrammar] = {}
        self._formatter = self._template_formatter()
        self._worker = SerialWorker()

    def _template_formatter(self) -> Any:
        """The GGUF's own chat template as a formatter, built exactly as `Llama` builds its handler.

        Formatting here and calling `create_completion` lets a call carry a stopping criterion (for
        the deadline) without streaming; `create_chat_completion` accepts none, and streaming costs
        about 15 % of decode speed (measured). None for models that name another chat format.
        """
        template = self.llama.metadata.get("tokenizer.chat_template")
        if self.llama.chat_format != "chat_template.default" or not template:
            return None
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        def token_text(token_id: int) -> str:
            return self.llama.detokenize([token_id], special=True).decode("utf-8", "ignore") if token_id != -1 else ""

        eos, bos = self.llama.token_eos(), self.llama.token_bos()
        return Jinja2ChatFormatter(template=template, eos_token=token_text(eos), bos_token=token_text(bos),
                                   stop_token_ids=[eos])

    def grammar_for(self, json_schema: JSONSchema) -> LlamaGrammar:
        """The compiled grammar for `json_schema` (cached). Raises `LLMError` if it cannot be built."""
        key = json.dumps(json_schema, sort_keys=True)
        if key not in self._grammars:
            try:
                self._grammars[key] = self._llama_cpp.LlamaGrammar.from_json_schema(key, verbose=False)
            except Exception as exc:  # the converter raises assorted types on unsupported schemas
                raise LLMError(f"JSON schema cannot be turned into a grammar: {exc}") from exc
        return self._grammars[key]

    def complete(
        self,
        messages: list[Message],
        *,
        json_schema: JSONSchema | None = None,
        max_tokens: int = 256,
        timeout_s: float | None = None,
    ) -> str:
        grammar = self.grammar_for(json_schema) if json_schema is not None else None
        timeout = self.timeout_s if timeout_s is None else timeout_s

        stop = [] if grammar is not None else list(TEXT_STOP)

        def call(cancelled: threading.Event) -> str:
            try:
                if self._formatter is None:
                    return self._streamed(messages, grammar, stop, max_tokens, cancelled)
                formatted = self._formatter(messages=messages)
                prompt = self.llama.tokenize(formatted.prompt.encode("utf-8"), add_bos=not formatted.added_special,
                                             special=True)
                extra_stops = [] if formatted.stop is None else [formatted.stop] if isinstance(formatted.stop, str) else formatted.stop
                criteria = self._llama_cpp.StoppingCriteriaList(
                    [*(formatted.stopping_criteria or []), lambda ids, _logits: cancelled.is_set() or is_looping(ids)]
                )
                result = self.llama.create_completion(
                    prompt=prompt, temperature=0.0, max_tokens=max_tokens, grammar=grammar,
                    stop=stop + list(extra_stops), stopping_criteria=criteria,
                )
                return result["choices"][0]["text"] or ""
            except (ValueError, RuntimeError) as exc:  # e.g. "Requested tokens exceed context window"
                raise LLMError(f"{self.name}: {exc}") from exc

        return self._worker.run(call, timeout_s=timeout, what=self.name)

    def _streamed(self, messages: list[Message], grammar: Any, stop: list[str], max_tokens: int,
                  cancelled: threading.Event) -> str:
        """The chat-completion path for models without a GGUF template: streamed, so that closing the
        stream at the deadline ends the generation."""
        parts: list[str] = []
        stream = self.llama.create_chat_completion(
            messages=messages, temperature=0.0, max_tokens=max_tokens, grammar=grammar, stream=True, stop=stop
        )
        for chunk in stream:
            if cancelled.is_set():
                stream.close()
                break
            parts.append(chunk["choices"][0]["delta"].get("content") or "")
        return "".join(parts)

    def close(self) -> None:
        self._worker.close()
        self.llama.close()


__all__ = ["DEFAULT_N_CTX", "TEXT_STOP", "LlamaCppModel", "is_looping"]
