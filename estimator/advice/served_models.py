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

from estimator.advice.load import LoadConversion, load_conversion
from estimator.catalog import Catalog
from estimator.physics.memory import kv_bytes_per_element, resolve_architecture, weights_gb
from estimator.workload import ServedModel, Workload

# Decode reads at ~80 % of a device's peak memory bandwidth (the capex trial's shorthand; the estimator's calibrated
# figures are the primary's own): the per-user speed of a card given to some of the models is read at that share.
_BANDWIDTH_SHARE = 0.8
# A card is filled to ~90 % of its memory: the runtime, activations and fragmentation take the rest (vLLM's default
# --gpu-memory-utilization 0.9, docs.vllm.ai engine arguments).
_USABLE_MEMORY = 0.9
# Embedders and rerankers are served at 16 bits (their checkpoints' own; no FP8 serving of them is common).
_SIDE_BITS = 16.0
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


def _is_sized(workload: Workload, model: ServedModel) -> bool:
    if model.model_id or workload.model_id:
        return model.model_id == workload.model_id
    return model.model_params_b == workload.model_params_b


def _lengths(workload: Workload, model: ServedModel) -> tuple[int | None, int | None]:
    """(prompt, answer) of a model's own requests: its own when said apart; else the workload's, unless those were said
    of the model sized (its entry holds them): a router beside a 40k-context agent does not read 40k-token prompts, while
    "4k context typical" said of no model in particular is every model's."""
    if _is_sized(workload, model):
        return model.prompt_tokens or workload.prompt_tokens, model.output_tokens or workload.output_tokens
    sized = next((m for m in workload.served_models or () if _is_sized(workload, m)), None)
    prompt = model.prompt_tokens or (None if sized is not None and sized.prompt_tokens else workload.prompt_tokens)
    answer = model.output_tokens or (None if sized is not None and sized.output_tokens else workload.output_tokens)
    return prompt, answer


def own_load(workload: Workload, model: ServedModel) -> LoadConversion | None:
    """A model's own rate or daily volume as its streams (`load.load_conversion`), at its own prompt and answer when
    said apart (an 8B router's 5-token answers hold a slot ~1 s, not a 256-token answer's ~9 s; "3 亿 token a day" of
    the main model is requests of its length, not the router's); None for people said, or no load of its own."""
    if model.role != "chat" or model.concurrent_users or not (model.requests_per_s or model.tokens_per_day):
        return None
    prompt, answer = _lengths(workload, model)
    own = workload.model_copy(update={
        "requests_per_s": model.requests_per_s, "tokens_per_day": None if model.requests_per_s else model.tokens_per_day,
        "prompt_tokens": prompt, "output_tokens": answer,
        "requests_per_user_per_hour": None, "requests_per_day": None, "requests_per_user_per_day": None,
        "tokens_per_s_total": None, "api_spend_usd_per_month": None})
    return load_conversion(own)


def own_loads(workload: Workload) -> list[LoadConversion]:
    """Each chat model's own rate or volume as streams (`own_load`), when two or more models carry loads of their own."""
    models = [m for m in workload.served_models or () if m.role == "chat"]
    if sum(1 for m in models if m.concurrent_users or m.requests_per_s or m.tokens_per_day) < 2:
        return []
    return [c for m in models if (c := own_load(workload, m)) is not None]


def _streams(model: ServedModel, answer_s: float, workload: Workload | None = None) -> float:
    if model.concurrent_users:
        return float(model.concurrent_users)
    if workload is not None and (conversion := own_load(workload, model)) is not None:
        return float(conversion.concurrent_streams)
    if model.requests_per_s:
        return model.requests_per_s * (answer_s + _QUEUE_S)
    return 0.0


def load_shares(workload: Workload, catalog: Catalog, sized_params_b: float) -> LoadShares | None:
    """The load-weighted KV and compute of the models served (`sized_params_b`: the size the request is sized at, whose
    architecture the KV scale is against). None unless at least one chat model has its own load said."""
    models = [m for m in workload.served_models or () if m.role == "chat"]
    answer_s = (workload.output_tokens or 256) / (workload.tokens_per_s_target or 30.0)
    streams = [(m, _streams(m, answer_s, workload)) for m in models]
    total = sum(s for _, s in streams)
    if total <= 0:
        return None
    sized = resolve_architecture(sized_params_b, catalog.models, workload.model_id).kv_bytes_per_token(2.0)
    answer = workload.output_tokens or 256
    # A model's own prompt said apart ("the 70B: 16k documents; the 8B: 1k"): the request's prompt is the streams' mean,
    # its compute the parameters each prompt token runs through (weighted by tokens), so the prefill FLOPs are each
    # model's own; the longest prompt stays the request that must fit (`context_tokens`).
    prompts = {id(m): _lengths(workload, m)[0] or 512 for m, _ in streams}
    mean_prompt = sum(s * prompts[id(m)] for m, s in streams) / total
    tokens = sum(s * prompts[id(m)] for m, s in streams)
    compute = sum(s * prompts[id(m)] * (m.active_params_b or m.model_params_b) for m, s in streams) / tokens
    answers = {id(m): _lengths(workload, m)[1] or 256 for m, _ in streams}
    kv = sum(s * (prompts[id(m)] + answers[id(m)]) * resolve_architecture(m.model_params_b, catalog.models, m.model_id)
             .kv_bytes_per_token(2.0) for m, s in streams) / total / (mean_prompt + answer)
    apart = len(set(prompts.values())) > 1
    return LoadShares(kv_scale=kv / sized if sized > 0 else 1.0, compute_params_b=compute,
                      prompt_tokens=round(mean_prompt) if apart else None,
                      context_tokens=max(prompts.values()) + answer if apart else None)

@dataclass(frozen=True)
class PlacedGroup:
    """Models given a set of devices of their own: their labels (catalog ids, else sizes), the devices, the memory
    they need and the per-user speed while all of them are busy on those devices."""

    models: tuple[str, ...]
    devices: int
    memory_gb: float
    tokens_per_s: float | None  # None: no model there streams answers (embedders, rerankers)


def _need(model: ServedModel, workload: Workload, catalog: Catalog, bits: float, kv_element: float,
          answer_s: float) -> tuple[float, float]:
    """(GB the model holds, GB a decode step of it reads): its weights, and its streams' KV at their lengths."""
    side = model.role != "chat"
    weights = weights_gb(model.model_params_b, _SIDE_BITS if side else bits)
    if side:
        return weights, 0.0
    prompt, answer = (said or default for said, default in zip(_lengths(workload, model), (512, 256), strict=True))
    tokens = prompt + answer
    arch = resolve_architecture(model.model_params_b, catalog.models, model.model_id)
    kv = _streams(model, answer_s, workload) * tokens * arch.kv_bytes_per_token(kv_element) / 1e9
    # (a mixture of experts with several streams touches most of its experts a step: its weights are read whole)
    return weights + kv, weights + kv


def _label(model: ServedModel, catalog: Catalog) -> str:
    named = next((m.name for m in catalog.models if m.id == model.model_id), None) if model.model_id else None
    return named or f"{model.model_params_b:g}B"


def placement(workload: Workload, catalog: Catalog, *, quant: str, bits: float, devices: int, memory_gb: float,
              bandwidth_gbs: float) -> list[PlacedGroup] | None:
    """The models on separate devices of the `devices` bought, when they sit apart: the largest need first, each on the
    fewest devices that hold it (tensor parallel past one), the smaller ones packed beside each other on a device of
    their own where room is left. None unless several models were said with their loads and each group fits apart.

    A device shared by several models runs each one's step in turn (its users wait for all of them); apart, a model's
    users wait only for its own step, so a 32B's users are not slowed by an 8B's 30 streams.
    """
    models = list(workload.served_models or ())
    if devices < 2 or len(models) < 2 or load_shares(workload, catalog, sum(m.model_params_b for m in models)) is None:
        return None
    answer_s = (workload.output_tokens or 256) / (workload.tokens_per_s_target or 30.0)
    element = kv_bytes_per_element(quant)
    needs = sorted(((m, *_need(m, workload, catalog, bits, element, answer_s)) for m in models), key=lambda n: -n[1])
    room = memory_gb * _USABLE_MEMORY
    groups: list[list[tuple[ServedModel, float, float]]] = []
    spans: list[int] = []
    for need in needs:
        fits = next((i for i, g in enumerate(groups) if spans[i] == 1 and sum(n[1] for n in g) + need[1] <= room), None)
        if fits is not None and groups[fits][0][0].role == "chat" and need[0].role == "chat" and len(groups) < devices:
            fits = None  # a chat model gets its own device while devices are left
        if fits is None:
            groups.append([need])
            spans.append(max(1, -(-int(need[1] * 1000) // int(room * 1000))))
        else:
            groups[fits].append(need)
    if len(groups) < 2 or sum(spans) > devices:
        return None
    placed = []
    for group, span in zip(groups, spans, strict=True):
        read = sum(n[2] for n in group)
        speed = _BANDWIDTH_SHARE * bandwidth_gbs * span / read if read > 0 and any(n[0].role == "chat" for n in group) \
            else None
        placed.append(PlacedGroup(models=tuple(_label(n[0], catalog) for n in group), devices=span,
                                  memory_gb=sum(n[1] for n in group), tokens_per_s=speed))
    return placed


__all__ = ["LoadShares", "PlacedGroup", "load_shares", "own_load", "own_loads", "placement"]
