"""The serving engine the lead names ("we run vLLM", "用 SGLang", "ollama on the box"): the estimate and the pilot
command use it on every device it runs on.

The catalog's stacks are engines by their `backend_key`. An engine without a stack of its own is sized as the nearest
one that has: SGLang and TGI are continuous-batching servers with a paged KV cache like vLLM (SGLang's RadixAttention,
https://docs.sglang.ai/; TGI's continuous batching, https://huggingface.co/docs/text-generation-inference/), sized as
vLLM; Ollama runs llama.cpp underneath (https://github.com/ollama/ollama), sized as llama.cpp.

A team that runs an engine buys hardware that engine runs on (moving engines is work the price does not show): the
devices it runs on are the candidates, with that engine. Devices it does not run on stay only where the user owns or
names them, or where it runs on none (TensorRT-LLM said for an Apple-only question): then they keep their own engines
and the reply says so (`note.engine_elsewhere`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from estimator.advice.candidates import Candidate
from estimator.advice.request_shape import shape
from estimator.advice.sizing import cached_prefix_tokens, resends_history, sessions_counted
from estimator.catalog import RequestShape
from estimator.said import Said, said
from estimator.workload import ServingEngine, Workload

ENGINE_BACKEND: dict[str, str] = {"vllm": "vllm", "sglang": "vllm", "tgi": "vllm", "trt-llm": "trt-llm",
                                  "llama.cpp": "llama.cpp", "ollama": "llama.cpp", "mlx": "mlx"}
# The engines' own names, for the reply (the Workload holds the lower-case key).
ENGINE_NAMES: dict[str, str] = {"vllm": "vLLM", "sglang": "SGLang", "tgi": "TGI", "trt-llm": "TensorRT-LLM",
                                "llama.cpp": "llama.cpp", "ollama": "Ollama", "mlx": "MLX"}


def with_named_engine(candidates: Sequence[Candidate], engine: ServingEngine | None,
                      kept: Collection[str] = ()) -> list[Candidate]:
    """`candidates` run with the named engine where it runs (module docstring); `kept`: ids of devices the user owns or
    names, never dropped."""
    if engine is None:
        return list(candidates)
    backend = ENGINE_BACKEND[engine]
    runs_on = {c.hardware.id for c in candidates if c.stack.backend_key == backend}
    if not runs_on:
        return list(candidates)
    return [c for c in candidates if c.stack.backend_key == backend
            or (c.hardware.id not in runs_on and (c.existing or c.hardware.id in kept))]


def engine_note(engine: ServingEngine | None, primary: Candidate) -> Said | None:
    """What the reply says about the named engine: sized as a stand-in, or not run on the device recommended."""
    if engine is None:
        return None
    backend = ENGINE_BACKEND[engine]
    name = ENGINE_NAMES[engine]
    if primary.stack.backend_key != backend:
        return said("note.engine_elsewhere", engine=name, hardware=primary.hardware.name, stack=primary.stack.name)
    if ENGINE_NAMES.get(backend) != name:
        return said("note.engine_stand_in", engine=name, stack=primary.stack.name)
    return None


def prefix_note(workload: Workload, primary: Candidate, shapes: Iterable[RequestShape]) -> Said | None:
    """The prefix cache the primary's sizing credits (prefill only, `sizing.cached_prefix_tokens`): a session's own history
    served by the engine's default cache, or why it is not (caching said off, no default cache on record, a load that
    names no sessions); a shared prefix credited, or said not credited where the recommended engine keeps no prefix cache
    across requests (llama.cpp-class slot servers)."""
    shapes = tuple(shapes)
    stated_shared = workload.shared_prefix_tokens is not None or workload.shared_prefix_share is not None
    if resends_history(workload) and not stated_shared:
        return _own_history_note(workload, primary, shapes)
    cached = cached_prefix_tokens(workload, shapes)
    if not cached:
        return None
    if primary.stack.continuous_batching != "yes":
        return said("note.prefix_not_cached", stack=primary.stack.name)
    return said("note.prefix_cached", cached=cached, prompt=workload.prompt_tokens or 512)


def _own_history_note(workload: Workload, primary: Candidate, shapes: tuple[RequestShape, ...]) -> Said | None:
    """`prefix_note` for sessions re-sending their history; None where the history is short beside a turn's new tokens
    (a chat at the default prompt: nothing worth saying)."""
    prompt = workload.prompt_tokens or 512
    name = workload.request_class or ("coding_agent" if workload.agentic_sessions else "chat")
    found = shape(name, shapes)
    new = found.new_tokens_per_turn if found is not None and found.new_tokens_per_turn else None
    if new is None or prompt < 2 * new:
        return None
    cached = cached_prefix_tokens(workload, shapes, primary.stack)
    if cached:
        engine = ENGINE_NAMES.get(primary.stack.backend_key, primary.stack.name)
        return said("note.own_history_cached", engine=engine, new=prompt - cached, prompt=prompt)
    if workload.prefix_caching is False:
        return said("note.own_history_off", prompt=prompt)
    if not sessions_counted(workload):
        return said("note.own_history_unresident", prompt=prompt)
    return said("note.own_history_not_default", stack=primary.stack.name, prompt=prompt)


__all__ = ["ENGINE_BACKEND", "ENGINE_NAMES", "engine_note", "prefix_note", "with_named_engine"]
