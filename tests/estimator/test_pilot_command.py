"""The pilot's command line in every recommendation: its flags are the recommendation's own layout.

Expectations come from the recommendation's fields, not from the command builder: the tensor-parallel
size is the option's devices per model copy, the model length is the context the KV cache was sized for
(the stated context, else prompt + output tokens), each copy runs its share of the peak users
(Little's law: copies × sequences per copy ≥ concurrent users), the weight format is the one served
(a GGUF file for llama.cpp's formats), and llama-server's -c is the whole KV cache shared by its -np slots.
"""

from __future__ import annotations

import math

import pytest

from bot.api import recommend

# Terse, as leads write them; chosen to land on each engine (llama.cpp for one user on a small box,
# TensorRT-LLM / vLLM on GPUs, several GPUs per copy for a 70B model at 16-bit).
WORKLOADS = [
    {"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 1},
    {"model_params_b": 8, "quantization": "INT4", "concurrent_users": 20, "prompt_tokens": 2000, "output_tokens": 400},
    {"model_id": "llama-3.1-70b", "model_params_b": 70, "concurrent_users": 500},
    {"model_params_b": 70, "quantization": "FP16", "concurrent_users": 40, "context_length": 16384,
     "ttft_target_ms": 2000},
    {"model_id": "llama-3.1-8b", "model_params_b": 8, "quantization": "FP8", "concurrent_users": 100,
     "context_length": 8192},
]
FLAGS = {  # engine -> (tensor parallel, model length, concurrent sequences)
    "vllm": ("--tensor-parallel-size", "--max-model-len", "--max-num-seqs"),
    "trt-llm": ("--tp_size", "--max_seq_len", "--max_batch_size"),
    "sglang": ("--tp", "--context-length", "--max-running-requests"),
}


def _flag(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


@pytest.fixture(scope="module", params=range(len(WORKLOADS)), ids=lambda i: f"workload{i}")
def case(request):
    workload = WORKLOADS[request.param]
    return workload, recommend(workload)


def test_every_recommendation_has_a_pilot_command_in_its_plan(case):
    _, rec = case
    assert rec.pilot_commands, rec.primary.serving_stack
    assert any(rec.pilot_commands[0].command in step for step in rec.validation_plan)


def test_flags_match_the_recommendations_layout(case):
    workload, rec = case
    option, layout = rec.primary, rec.primary.deployment
    context = workload.get("context_length") or workload.get("prompt_tokens", 512) + workload.get("output_tokens", 256)
    users = workload["concurrent_users"]
    for command in rec.pilot_commands:
        argv = command.argv
        tp = layout.tensor_parallel if layout else 1
        copies = layout.replicas if layout else option.count
        assert tp * (layout.pipeline_stages if layout else 1) * copies <= option.count
        if command.engine == "llama.cpp":
            slots = int(_flag(argv, "-np"))
            assert int(_flag(argv, "-c")) == context * slots  # each slot holds the full context
            assert command.model.endswith(".gguf") and _flag(argv, "-m") == command.model
            assert math.ceil(users / copies) == slots
            continue
        if command.engine == "mlx":
            continue
        tp_flag, length_flag, seqs_flag = FLAGS[command.engine]
        assert int(_flag(argv, tp_flag)) == tp
        assert int(_flag(argv, length_flag)) == context
        per_copy = int(_flag(argv, seqs_flag))
        assert per_copy * copies >= users and (per_copy - 1) * copies < users


def test_weight_format_is_the_one_served(case):
    workload, rec = case
    stated = workload.get("quantization")
    for command in rec.pilot_commands:
        if stated and stated.startswith("Q") and command.engine in ("llama.cpp", "vllm"):
            assert command.model.endswith(".gguf")
        if command.weight_format == "FP8" and command.engine in ("vllm", "sglang"):
            # From the 16-bit checkpoint, quantized when loading; or a prepared FP8 checkpoint.
            assert "--quantization" in command.argv or "fp8" in command.model
        if not command.model_is_placeholder:
            assert "/" in command.model and not command.model.startswith("./")  # a Hugging Face repo


def test_vllm_kv_cache_is_the_16_bit_one_the_memory_was_sized_with():
    # vLLM keeps KV at the activation dtype unless asked (memory.kv_bytes_per_element); 16-bit weights.
    rec = recommend(WORKLOADS[2])
    vllm = [c for c in rec.pilot_commands if c.engine == "vllm"]
    for command in vllm:
        assert _flag(command.argv, "--kv-cache-dtype") == "auto" and command.kv_cache_dtype == "FP16"


def test_plan_step_is_worded_in_the_threads_language():
    rec = recommend(WORKLOADS[1], lang="zh-Hans")
    step = next(s for s in rec.validation_plan if rec.pilot_commands[0].command in s)
    assert step.startswith("用这条命令启动试点")


def test_json_carries_the_commands():
    data = recommend(WORKLOADS[0]).model_dump(mode="json")
    assert data["pilot_commands"][0]["argv"][0] == "llama-server"


def test_a_copy_that_holds_its_kv_cache_only_attention_data_parallel_starts_that_way(catalog):
    # DeepSeek-V3 FP8, 64 users of 30,000 + 1,000 tokens: 64 x 31,000 x 70,272 B (61 layers x 576 latent values x
    # 2 B) = 139 GB of MLA cache, whole on every tensor-parallel rank, beside 671 / 8 = 84 GB of weights: 223 GB
    # per device, more than any GPU of 192 GB or less holds (176.6 usable). Split by user over 8 ranks it is 17 GB.
    # So a vLLM or SGLang copy of 8 such GPUs serving the 64 users is attention-data-parallel, and its command
    # says so: vLLM `--data-parallel-size 8` with `--max-num-seqs` per rank (each DP rank schedules its own),
    # SGLang `--dp 8 --enable-dp-attention`.
    rec = recommend({"model_id": "deepseek-v3", "model_params_b": 671, "quantization": "FP8", "concurrent_users": 64,
                     "prompt_tokens": 30000, "output_tokens": 1000})
    memory = {hw.id: hw.memory_gb for hw in catalog.hardware}
    copies_of_eight = [o for o in (rec.primary, *rec.alternatives) if o.deployment and "vLLM" in o.serving_stack
                       and o.deployment.tensor_parallel == 8 and o.deployment.replicas == 1
                       and memory[o.hardware_id] <= 192]
    assert copies_of_eight
    assert all(o.deployment.attention_data_parallel for o in copies_of_eight)
    layout = rec.primary.deployment
    for command in rec.pilot_commands:
        assert command.attention_data_parallel == bool(layout and layout.attention_data_parallel)
        if not command.attention_data_parallel:
            continue
        if command.engine == "vllm":
            ranks = int(_flag(command.argv, "--data-parallel-size"))
            assert ranks == layout.tensor_parallel and "--tensor-parallel-size" not in command.argv
            assert int(_flag(command.argv, "--max-num-seqs")) * ranks * layout.replicas >= 64
        if command.engine == "sglang":
            assert int(_flag(command.argv, "--dp")) == layout.tensor_parallel and "--enable-dp-attention" in command.argv


def test_a_tensorrt_llm_moe_copy_starts_expert_parallel_with_attention_data_parallel():
    # The estimate sizes a TensorRT-LLM mixture of experts the way its published MoE runs lay it out: experts
    # expert-parallel over the copy's GPUs (`--ep_size` equal to `--tp_size`, resolve.EXPERT_PARALLEL_BACKENDS), and,
    # where the plan chose it, attention data-parallel (`enable_attention_dp: true`, a key of the YAML file given to
    # `--extra_llm_api_options`; NVIDIA/TensorRT-LLM examples/serve/deepseek_r1_reasoning_parser.sh), each rank
    # scheduling its own batch, so `--max_batch_size` is per rank. Qwen3-235B-A22B FP8 is 235 GB of weights: more
    # than one 80-141 GB GPU, so the copy spans several; 100 users over its ranks.
    import yaml

    users = 100
    rec = recommend({"model_id": "qwen3-235b-a22b", "model_params_b": 235, "quantization": "FP8",
                     "concurrent_users": users, "serving_engine": "trt-llm"})
    layout = rec.primary.deployment
    assert "TensorRT-LLM" in rec.primary.serving_stack and layout is not None and layout.tensor_parallel > 1
    command = rec.pilot_commands[0]
    assert command.engine == "trt-llm"
    tp = int(_flag(command.argv, "--tp_size"))
    assert tp == layout.tensor_parallel and int(_flag(command.argv, "--ep_size")) == tp
    assert command.attention_data_parallel == layout.attention_data_parallel
    if layout.attention_data_parallel:
        assert command.config_file is not None and _flag(command.argv, "--extra_llm_api_options") == command.config_file.name
        assert yaml.safe_load(command.config_file.text) == {"enable_attention_dp": True}
        per_rank = int(_flag(command.argv, "--max_batch_size"))
        assert per_rank * tp * layout.replicas >= users and (per_rank - 1) * tp * layout.replicas < users
        steps = rec.validation_plan
        start = next(i for i, s in enumerate(steps) if command.command in s)
        assert command.config_file.name in steps[start - 1] and "enable_attention_dp: true" in steps[start - 1]


def test_a_dense_model_on_tensorrt_llm_gets_no_expert_flags():
    # Llama 3.1 70B at 16-bit (141 GB) spans GPUs tensor-parallel; it has no experts and no attention-DP layout.
    rec = recommend({"model_id": "llama-3.1-70b", "model_params_b": 70, "quantization": "FP16",
                     "concurrent_users": 40, "serving_engine": "trt-llm"})
    for command in rec.pilot_commands:
        if command.engine == "trt-llm":
            assert "--ep_size" not in command.argv and command.config_file is None
