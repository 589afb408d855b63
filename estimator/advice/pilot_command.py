"""The command that starts the pilot of a recommendation, built from the option's own layout.

Seed 2's step 4 pilots the chosen configuration on one or two devices before buying at scale. The
plan names the engine; this module adds the command line that starts it with the recommendation's
figures, so the pilot runs what was sized:

- tensor / pipeline parallel size: the option's `Deployment` (devices per model copy); a copy laid out attention-data-parallel
  (`Deployment.attention_data_parallel`) starts vLLM with `--data-parallel-size`, SGLang with `--dp --enable-dp-attention`;
- maximum model length: the workload's context (else prompt + output tokens), what the KV cache was
  reserved for;
- concurrent sequences: the peak users per model copy (Little's law share of the peak);
- KV cache element type: the one the estimate assumed (`memory.kv_bytes_per_element`: 16-bit unless
  the engine keeps FP8 KV with FP8 weights by default, or the workload stores it in FP8: `Workload.kv_cache_dtype`);
- weight format: the workload's, or the stand-in the stack runs instead (`risks.stand_in_format`);
- a TensorRT-LLM mixture of experts: experts expert-parallel over the copy (`--ep_size` = `--tp_size`, the layout its
  per-layer cost was fitted on, `resolve.EXPERT_PARALLEL_BACKENDS`), and attention data-parallel where the plan chose
  it, a setting trtllm-serve takes only from a YAML file (`PilotCommand.config_file`).

Typed data only: the bot words it. Engines without a documented one-line server command (vendor SDKs,
hosted services) get no command. Flag names follow each engine's own CLI reference:
vLLM `vllm serve` engine arguments (docs.vllm.ai), llama.cpp `llama-server` (-c is the total context,
shared by the -np slots), TensorRT-LLM `trtllm-serve` (nvidia.github.io/TensorRT-LLM commands), SGLang
`python -m sglang.launch_server` server arguments (docs.sglang.io).
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from estimator.advice.risks import stand_in_format
from estimator.catalog import Catalog, ServingStack
from estimator.physics.memory import kv_bytes_per_element
from estimator.physics.model_shape import catalog_model
from estimator.schemas import Option, PilotCommand, PilotConfigFile, PilotEngine
from estimator.workload import Workload

Engine = PilotEngine
# Backend keys (serving_stacks.csv) whose server is vLLM's CLI: the CUDA/ROCm builds and the Gaudi / TPU forks.
VLLM_BACKENDS = frozenset({"vllm", "vllm-gaudi", "vllm-tpu"})
_HF_REPO = re.compile(r"https://huggingface\.co/([^/\s]+/[^/\s]+)")
# trtllm-serve's YAML of LLM API options (`--extra_llm_api_options`, also spelled `--config`): attention data
# parallel has no command-line flag (NVIDIA/TensorRT-LLM examples/serve/deepseek_r1_reasoning_parser.sh).
TRTLLM_OPTIONS_FILE = "./trtllm-pilot.yaml"


def _gguf(weight_format: str) -> bool:
    """llama.cpp's k-quant / legacy formats (Q4_K_M, Q8_0, …) live in a .gguf file."""
    return len(weight_format) > 1 and weight_format[0] == "Q" and weight_format[1].isdigit()


def _model_reference(workload: Workload, catalog: Catalog, weight_format: str, engine: Engine) -> tuple[str, str | None, bool]:
    """(model argument, Hugging Face repo of the base model or None, whether the argument is a placeholder path).

    The repo is the argument when the engine makes the format from the base checkpoint (16-bit, and FP8
    on vLLM / SGLang, which quantize it when loading); any other format is a file or folder the user
    makes first (a GGUF file, an AWQ/GPTQ or ModelOpt checkpoint), named for the model and format."""
    model = catalog_model(workload, catalog)
    found = _HF_REPO.search(model.source_url) if model is not None else None
    repo = found.group(1) if found else None
    if model is not None and workload.model_checkpoint in model.checkpoint_names.values():
        repo = workload.model_checkpoint  # the variant named ("DeepSeek R1"), one of the row's released checkpoints
    from_base = {"FP16", "BF16", "FP8"} if engine in ("vllm", "sglang") else {"FP16", "BF16"}
    if repo and weight_format in from_base and engine != "llama.cpp":
        return repo, repo, False
    slug = (repo.split("/")[-1].lower() if repo and repo != (found.group(1) if found else None)
            else model.id if model is not None else f"model-{workload.model_params_b or 0:g}b")
    path = f"./{slug}-{weight_format.lower()}"
    return (path + ".gguf" if engine == "llama.cpp" or _gguf(weight_format) else path), repo, True


def _mixture_of_experts(workload: Workload, catalog: Catalog) -> bool:
    model = catalog_model(workload, catalog)
    if model is not None:
        return model.is_moe
    return bool(workload.active_params_b and workload.model_params_b and workload.active_params_b < workload.model_params_b)


@dataclass(frozen=True)
class _Layout:
    """What every engine's command is built from: one model copy of the option, as it was sized."""

    fmt: str
    kv: Literal["FP8", "FP16"]
    tp: int
    pp: int
    context: int
    # The `pp` servers run the experts expert-parallel with attention data-parallel (`Deployment.expert_parallel`).
    expert_parallel: bool
    concurrent: int
    kind: str
    attention_dp: bool = False  # the copy's devices attend data-parallel over `tp` ranks (`Deployment`)
    moe: bool = False  # a mixture of experts


def _vllm(layout: _Layout, model: str, repo: str | None, placeholder: bool) -> list[str]:
    # Attention data parallel: `--data-parallel-size` ranks of one GPU each, the experts one tensor-parallel group
    # over all of them (vLLM's default without --enable-expert-parallel), each rank a "core engine" with its own
    # scheduler, so `--max-num-seqs` is per rank (docs.vllm.ai "Data Parallel Deployment").
    concurrent = math.ceil(layout.concurrent / layout.tp) if layout.attention_dp else layout.concurrent
    parallel = ["--data-parallel-size", str(layout.tp)] if layout.attention_dp else \
        ["--tensor-parallel-size", str(layout.tp)]
    argv = ["vllm", "serve", model, *parallel]
    if _gguf(layout.fmt) and repo:
        argv += ["--tokenizer", repo]  # a GGUF file's tokenizer is converted slowly: take the base model's
    if layout.pp > 1 and layout.expert_parallel:
        # One attention copy per server, the experts over every GPU (docs.vllm.ai/en/latest/serving/data_parallel_deployment/).
        argv += ["--data-parallel-size", str(layout.pp), "--enable-expert-parallel"]
    elif layout.pp > 1:
        argv += ["--pipeline-parallel-size", str(layout.pp)]
    argv += ["--max-model-len", str(layout.context), "--max-num-seqs", str(concurrent),
             "--kv-cache-dtype", "fp8" if layout.kv == "FP8" else "auto"]
    if layout.fmt == "FP8" and not placeholder:
        argv += ["--quantization", "fp8"]  # dynamic FP8 from the 16-bit checkpoint
    return argv


def _sglang(layout: _Layout, model: str, repo: str | None, placeholder: bool) -> list[str]:
    argv = ["python", "-m", "sglang.launch_server", "--model-path", model, "--tp", str(layout.tp),
            "--context-length", str(layout.context), "--max-running-requests", str(layout.concurrent)]
    if layout.attention_dp:  # SGLang's DP attention: `--dp` attention ranks inside the `--tp` group
        argv += ["--dp", str(layout.tp), "--enable-dp-attention"]
    if layout.kv == "FP8":
        argv += ["--kv-cache-dtype", "fp8_e4m3"]
    if layout.fmt == "FP8" and not placeholder:
        argv += ["--quantization", "fp8"]
    return argv


def _trtllm(layout: _Layout, model: str, repo: str | None, placeholder: bool) -> list[str]:
    # TensorRT-LLM's FP8 checkpoints keep the KV cache in FP8 without a flag (memory.kv_bytes_per_element).
    if layout.expert_parallel:  # every rank a share of the experts, no pipeline stage
        sizes = ["--tp_size", str(layout.tp * layout.pp), "--ep_size", str(layout.tp * layout.pp), "--pp_size", "1"]
    else:
        sizes = ["--tp_size", str(layout.tp), "--pp_size", str(layout.pp)]
        if layout.moe and layout.tp > 1:  # its published MoE runs: `--ep` equal to `--tp` (tech blog, DeepSeek-R1)
            sizes += ["--ep_size", str(layout.tp)]
    # Under attention data parallel every rank schedules its own batch: `--max_batch_size` is per rank.
    batch = math.ceil(layout.concurrent / layout.tp) if layout.attention_dp else layout.concurrent
    argv = ["trtllm-serve", model, "--backend", "pytorch", *sizes,
            "--max_seq_len", str(layout.context), "--max_batch_size", str(batch)]
    if layout.attention_dp:
        argv += ["--extra_llm_api_options", TRTLLM_OPTIONS_FILE]
    return argv


def _config_file(engine: Engine, layout: _Layout) -> PilotConfigFile | None:
    """The file the engine's command reads, where the layout needs a setting it takes only from a file."""
    if engine == "trt-llm" and layout.attention_dp:
        return PilotConfigFile(name=TRTLLM_OPTIONS_FILE, text="enable_attention_dp: true\n")
    return None


def _llama_server(layout: _Layout, model: str, repo: str | None, placeholder: bool) -> list[str]:
    # -c is the whole KV cache, divided among the -np slots: each slot gets the workload's context.
    argv = ["llama-server", "-m", model, "-c", str(layout.context * layout.concurrent), "-np", str(layout.concurrent)]
    if layout.kind != "cpu":
        argv += ["-ngl", "999"]  # every layer on the accelerator
    if layout.tp > 1:
        argv += ["--split-mode", "layer", "--tensor-split", ",".join(["1"] * layout.tp)]
    return argv


def _mlx(layout: _Layout, model: str, repo: str | None, placeholder: bool) -> list[str]:
    return ["mlx_lm.server", "--model", model]


_BUILDERS: dict[Engine, Callable[[_Layout, str, str | None, bool], list[str]]] = {
    "vllm": _vllm, "sglang": _sglang, "trt-llm": _trtllm, "llama.cpp": _llama_server, "mlx": _mlx,
}


def _engine(backend: str) -> Engine | None:
    if backend in VLLM_BACKENDS:
        return "vllm"
    return {"llama.cpp": "llama.cpp", "trt-llm": "trt-llm", "mlx": "mlx"}.get(backend)  # type: ignore[return-value]


def pilot_commands(workload: Workload, option: Option, stack: ServingStack | None, catalog: Catalog) -> list[PilotCommand]:
    """The command for the option's own engine, then SGLang's equivalent on NVIDIA vLLM / TensorRT-LLM options.

    `workload` is the filled one (defaults applied). Empty when the stack has no one-line server command.
    """
    engine = _engine(stack.backend_key) if stack is not None else None
    if stack is None or engine is None:
        return []
    quant = (workload.quantization or "FP16").upper()
    fmt = stand_in_format(quant, stack.quant_formats) or quant
    deployment = option.deployment
    tp = deployment.tensor_parallel if deployment else 1
    pp = deployment.pipeline_stages if deployment else 1
    copies = deployment.replicas if deployment else max(1, option.count // (tp * pp))
    layout = _Layout(
        fmt=fmt, kv="FP8" if workload.kv_cache_dtype == "FP8" or kv_bytes_per_element(fmt, stack.backend_key) == 1.0
        else "FP16", tp=tp, pp=pp, expert_parallel=bool(deployment and deployment.expert_parallel),
        context=workload.context_length or (workload.prompt_tokens or 512) + (workload.output_tokens or 256),
        # Each copy serves its share of the peak (the router spreads users over the copies).
        concurrent=max(1, math.ceil((workload.concurrent_users or 1) / max(1, copies))), kind=option.kind,
        attention_dp=bool(deployment and deployment.attention_data_parallel), moe=_mixture_of_experts(workload, catalog))
    engines: list[Engine] = [engine]
    if ("cuda" in stack.id or engine == "trt-llm") and pp == 1 and not _gguf(fmt):
        engines.append("sglang")
    if workload.serving_engine in engines:  # the engine the lead runs ("we use SGLang") is the pilot's first command
        engines.sort(key=lambda name: name != workload.serving_engine)
    commands = []
    for name in engines:
        model, repo, placeholder = _model_reference(workload, catalog, fmt, name)
        argv = _BUILDERS[name](layout, model, repo, placeholder)
        commands.append(PilotCommand(
            engine=name, argv=argv, command=shlex.join(argv), model=model, model_is_placeholder=placeholder,
            weight_format=fmt, kv_cache_dtype=layout.kv, tensor_parallel=tp, pipeline_parallel=pp,
            attention_data_parallel=layout.attention_dp,
            devices_per_copy=tp * pp, copies=copies, max_context=layout.context, max_concurrent=layout.concurrent,
            config_file=_config_file(name, layout)))
    return commands


__all__ = ["Engine", "PilotCommand", "pilot_commands"]
