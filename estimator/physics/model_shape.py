"""The model a workload names, and how its shape and deployment are described.

- `apply_catalog_model`: a workload that names a catalog model (`model_id`) is sized with that model:
  its total parameters (when no size was stated), its active parameters (mixture of experts) and, when
  no format was stated, the format its checkpoint ships in (MXFP4 for gpt-oss, FP8 for DeepSeek-V3).
- `shape_note`: the assumption line saying which architecture was sized (total / active parameters,
  attention, KV per token, weight format), for a named model or a stated mixture of experts.
- `deployment_of`: servers × devices per server, devices per model copy and copies, for an option.

Pure functions over the catalog and the workload; the sentences live in `messages_models.py`.
"""

from __future__ import annotations

import math
from typing import Any

from estimator.catalog import Catalog, Hardware, ModelArch
from estimator.errors import InvalidRequest
from estimator.measured_rows import model_serving_rows
from estimator.physics.catalog_index import catalog_index
from estimator.physics.memory import (
    bits_per_weight,
    model_by_name,
    resolve_architecture,
    weights_gb,
)
from estimator.physics.servers import devices_per_server, needs_host_server
from estimator.said import Said, said
from estimator.schemas import Deployment, Estimate
from estimator.workload import QUANTIZATIONS, Workload


def catalog_model(workload: Workload, catalog: Catalog) -> ModelArch | None:
    """The catalog model the workload names (by id, name or alias), or None."""
    if not workload.model_id:
        return None
    return next((m for m in catalog.models if m.id == workload.model_id), None) or model_by_name(
        workload.model_id, catalog.models)


def implied_facts(workload: Workload, catalog: Catalog) -> dict[str, Any]:
    """The facts the named catalog model settles where the user stated none: its size, active parameters
    and the format its checkpoint ships in. The interview does not ask for them (`bot/interview.py`)."""
    model = catalog_model(workload, catalog)
    return {} if model is None else _settled_by(model, workload)


def _settled_by(model: ModelArch, workload: Workload) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    if workload.model_params_b is None:
        facts["model_params_b"] = model.total_b
    if workload.active_params_b is None and model.is_moe:
        facts["active_params_b"] = model.active_b
    native = (model.native_format or "").upper()
    if workload.quantization is None and native in QUANTIZATIONS:
        facts["quantization"] = native
    return facts


def apply_catalog_model(workload: Workload, catalog: Catalog) -> tuple[Workload, list[Said]]:
    """Fill size, active parameters and native format from the named catalog model (stated facts win)."""
    model = catalog_model(workload, catalog)
    if model is None:
        return workload, []
    facts: dict[str, Any] = {"model_id": model.id, **_settled_by(model, workload)}
    notes: list[Said] = []
    native = (model.native_format or "").upper()
    if "quantization" in facts:
        notes.append(said("model.native_format", name=model.name, native=native))
    elif workload.quantization and native and native not in (workload.quantization, "BF16", "FP16"):
        notes.append(said("model.requantize", name=model.name, native=native, quant=workload.quantization))
    notes += _measured_scale_notes(model, catalog)
    return workload.model_copy(update=facts), notes


def _measured_scale_notes(model: ModelArch, catalog: Catalog) -> list[Said]:
    """Say when the model's figures are scaled to its own measured serving runs, and what those runs
    reached per user at their lowest concurrency (`CalibrationParams.model_step_scale`)."""
    measured = catalog.measured_scale_model(model)
    if measured is None:
        return []
    scale = catalog.calibration.model_step_scale[measured.id]
    index = catalog_index(catalog)
    runs = [row for row in model_serving_rows(catalog)
            if row.metric == "total_tps" and index.architecture(row.params_b, row.model).source == measured.id]
    if not runs:
        return []
    fewest = min(row.concurrency or 0 for row in runs)
    per_user = [row.value / fewest for row in runs if row.concurrency == fewest]
    figures = {"rows": catalog.calibration.model_step_rows.get(measured.id, 0), "scale": scale, "users": fewest,
               "low": min(per_user), "high": max(per_user)}
    if measured.id != model.id:  # Kimi K2 on DeepSeek-V3's runs: same kernels, its own runs not on record
        return [said("model.measured_scale_twin", name=model.name, twin=measured.name, **figures)]
    return [said("model.measured_scale", name=model.name, **figures)]


def _attention(arch: Any) -> Said:
    if arch.state_layers:
        # A hybrid (Mamba / Gated DeltaNet / KDA beside attention or MLA, or in parallel with it in every layer
        # as in Falcon-H1): its KV layers and its state per stream are what sizes it.
        return said("model.attn.hybrid_state", kv_layers=arch.kv_layer_count, layers=arch.layers,
                    state_layers=arch.state_layers, state_mb=arch.state_bytes_per_sequence() / 1e6)
    if arch.attention_type == "mla" and arch.kv_values_per_layer:
        rope = 64 if arch.kv_values_per_layer > 512 else 0
        return said("model.attn.mla", rank=int(arch.kv_values_per_layer) - rope, rope=rope)
    if arch.sliding_layers and arch.sliding_window:
        return said("model.attn.sliding", sliding=arch.sliding_layers, layers=arch.layers,
                   window=arch.sliding_window)
    if arch.kv_layers is not None and arch.kv_layers < arch.layers:
        return said("model.attn.hybrid", kv_layers=arch.kv_layers, layers=arch.layers)
    key = "model.attn.mha" if arch.attention_type == "mha" else "model.attn.gqa"
    return said(key, kv_heads=arch.kv_heads, layers=arch.layers)


def shape_note(workload: Workload, catalog: Catalog) -> Said | None:
    """The architecture that was sized, for a named catalog model or a stated mixture of experts; None
    for a bare size (the recommender's own note covers that)."""
    model = catalog_model(workload, catalog)
    size = workload.model_params_b or (model.total_b if model else 7.0)
    quant = workload.weight_format
    bits = bits_per_weight(quant, catalog)
    resident = size + workload.co_served_params_b if workload.co_served_params_b is not None else size * (workload.models_served or 1)
    fmt = said("model.format", quant=quant, bits=bits, weights=weights_gb(resident, bits))
    if model is not None:
        arch = resolve_architecture(size, catalog.models, model.id)
        moe: Said | str = ""
        if model.is_moe:
            shared = said("model.shared", n=model.shared_experts) if model.shared_experts else ""
            moe = (said("model.moe_routing", experts=model.n_experts, k=model.experts_per_token, shared=shared)
                   if model.n_experts and model.experts_per_token else said("model.moe_plain"))
        key = "model.sized_as" if model.is_moe else "model.sized_as_dense"
        return said(key, name=model.name, id=model.id, total=model.total_b, active=model.active_b,
                   moe=moe, attention=_attention(arch), kv_kb=arch.kv_bytes_per_token(2.0) / 1e3, format=fmt)
    active = workload.active_params_b
    if active is not None and active < size:
        moes = [m for m in catalog.models if m.is_moe and m.n_experts and m.experts_per_token]
        lender = min(moes, key=lambda m: abs(math.log(m.total_b / size)), default=None)
        if lender is not None:
            return said("model.unnamed_moe", total=size, active=active, lender=lender.name,
                       k=lender.experts_per_token, experts=lender.n_experts) + fmt
    return None


def paged_kv_note(workload: Workload) -> Said | None:
    """Said when a maximum context longer than the typical request was given (it is checked, not reserved)."""
    typical = (workload.prompt_tokens or 0) + (workload.output_tokens or 0)
    if not workload.context_length or workload.context_length <= typical:
        return None
    return said("model.paged_kv", users=workload.concurrent_users or 1, tokens=typical,
               context=workload.context_length)


def complete_request(data: dict[str, object], catalog: Catalog) -> dict[str, object]:
    """An estimate request's fields with what a named catalog model implies (`--model NAME`, `"model"` in
    a batch line): its total size when `params_b` is not given, its native format when `quant` is not.
    A name the catalog does not know needs `params_b`; InvalidRequest otherwise."""
    name = data.get("model")
    if not isinstance(name, str) or not name.strip():
        return data
    model = next((m for m in catalog.models if m.id == name), None) or model_by_name(name, catalog.models)
    if model is None:
        if data.get("params_b") is None:
            raise InvalidRequest(said("error.unknown_model", model=name), field="model")
        return data
    filled = dict(data)
    filled["model"] = model.id
    filled.setdefault("params_b", model.total_b)
    if filled.get("params_b") is None:
        filled["params_b"] = model.total_b
    native = (model.native_format or "").upper()
    if filled.get("quant") is None and native in QUANTIZATIONS:
        filled["quant"] = native
    return filled


def deployment_of(hardware: Hardware, count: int, estimate: Estimate) -> Deployment:
    """Servers (`servers.devices_per_server` each; laptops and SoC boxes are one device per machine), the devices
    in each when spread evenly, and the plan's devices per copy and copies."""
    per_server = devices_per_server(hardware) if needs_host_server(hardware) else 1
    servers = max(1, math.ceil(count / per_server))
    return Deployment(
        servers=servers, devices_per_server=math.ceil(count / servers),
        tensor_parallel=estimate.tensor_parallel, replicas=estimate.replicas,
        pipeline_stages=estimate.pipeline_stages, expert_parallel=estimate.expert_parallel,
        attention_data_parallel=estimate.attention_data_parallel,
    )


def deployment_text(option_hardware: str, deployment: Deployment) -> Said:
    """"3 server(s) × 8 H100: 3 model cop(ies) of 8 device(s) each" (with the pipeline clause if any)."""
    spans = deployment.pipeline_stages > 1
    pipe = (said("deploy.expert_parallel", stages=deployment.pipeline_stages) if spans and deployment.expert_parallel
            else said("deploy.pipeline", stages=deployment.pipeline_stages) if spans else "")
    if deployment.attention_data_parallel:  # the layout the KV cache was sized in (`Estimate.attention_data_parallel`)
        dp = said("deploy.attention_dp")
        pipe = pipe + dp if isinstance(pipe, Said) else dp
    return said("deploy.layout", servers=deployment.servers, per_server=deployment.devices_per_server,
               hardware=option_hardware, replicas=deployment.replicas,
               group=deployment.tensor_parallel * deployment.pipeline_stages, pipe=pipe)


__all__ = [
    "apply_catalog_model",
    "catalog_model",
    "complete_request",
    "deployment_of",
    "deployment_text",
    "implied_facts",
    "paged_kv_note",
    "shape_note",
]
