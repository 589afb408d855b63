"""Several models on the same hardware, each with its own load (`Workload.served_models`): what one estimate of the
whole needs besides the weights of all of them (`sizing.served_params_b` already holds each model's weights once).

A shared device runs each model's decode step in turn, so a step of the whole reads every model's weights and every
model's KV for its own streams; prefill runs each prompt through its own model only. One estimate request carries
that as two numbers over its streams (the chat models' summed load):
- `kv_scale`: the streams' KV bytes per token, weighted by each model's streams, against the architecture the request
  is sized with (an 8B's 30 streams at 131 KB/token beside a 32B's 10 at 262 KB are not 40 streams at 262 KB);
- `compute_params_b`: the parameters a token's matmuls run through, the streams' mean (30 tokens through 8B and 10
  through 32B are not 40 tokens through 40B), weighted by each model's prompt when said apart (prefill dominates the
  compute; decode is bound by the bytes read, which the weights and `kv_scale` carry).
Embedders and rerankers hold weights and carry no streams. Pure: the catalog's architectures, no store.
"""

from __future__ import annotations

from dataclasses import dataclass

from estimator.catalog import Catalog
from estimator.physics.memory import resolve_architecture
from estimator.workload import ServedModel, Workload

# A stream of a model said by its arrival rate holds a slot for its answer at the speed target and ~0.5 s of prompt and
# queueing (Little's law, as `advice.load` converts a rate); only its share among the models is used here.
_QUEUE_S = 0.5


@dataclass(frozen=True)
class LoadShares:
    """Per-stream averages over the models' own loads (see the module docstring)."""

    kv_scale: float
    compute_params_b: float
    prompt_tokens: int | None = None  # the streams' mean prompt when the models' prompts are said apart
    context_tokens: int | None = None  # then the longest request, which must fit


def _streams(model: ServedModel, answer_s: float) -> float:
    if model.concurrent_users:
        return float(model.concurrent_users)
    if model.requests_per_s:
        return model.requests_per_s * (answer_s + _QUEUE_S)
    return 0.0


def load_shares(workload: Workload, catalog: Catalog, sized_params_b: float) -> LoadShares | None:
    """The load-weighted KV and compute of the models served (`sized_params_b`: the size the request is sized at, whose
    architecture the KV scale is against). None unless at least one chat model has its own load said."""
    models = [m for m in workload.served_models or () if m.role == "chat"]
    answer_s = (workload.output_tokens or 256) / (workload.tokens_per_s_target or 30.0)
    streams = [(m, _streams(m, answer_s)) for m in models]
    total = sum(s for _, s in streams)
    if total <= 0:
        return None
    sized = resolve_architecture(sized_params_b, catalog.models, workload.model_id).kv_bytes_per_token(2.0)
    answer = workload.output_tokens or 256
    # A model's own prompt said apart ("the 70B: 16k documents; the 8B: 1k"): the request's prompt is the streams' mean,
    # its compute the parameters each prompt token runs through (weighted by tokens), so the prefill FLOPs are each
    # model's own; the longest prompt stays the request that must fit (`context_tokens`).
    prompts = {id(m): m.prompt_tokens or workload.prompt_tokens or 512 for m, _ in streams}
    mean_prompt = sum(s * prompts[id(m)] for m, s in streams) / total
    tokens = sum(s * prompts[id(m)] for m, s in streams)
    compute = sum(s * prompts[id(m)] * (m.active_params_b or m.model_params_b) for m, s in streams) / tokens
    kv = sum(s * (prompts[id(m)] + answer) * resolve_architecture(m.model_params_b, catalog.models, m.model_id)
             .kv_bytes_per_token(2.0) for m, s in streams) / total / (mean_prompt + answer)
    apart = any(m.prompt_tokens for m, _ in streams)
    return LoadShares(kv_scale=kv / sized if sized > 0 else 1.0, compute_params_b=compute,
                      prompt_tokens=round(mean_prompt) if apart else None,
                      context_tokens=max(prompts.values()) + answer if apart else None)

__all__ = ["LoadShares", "load_shares"]
