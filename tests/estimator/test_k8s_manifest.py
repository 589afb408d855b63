"""The Kubernetes manifest of a recommendation: its pods, devices and engine flags are the recommendation's own.

Expectations come from the recommendation's fields (the option's deployment layout, the pilot command's
figures) and from first principles: a 70B model at FP16 is 140 GB of weights (params × 2 bytes), more than
one 80 GB GPU holds, so one model copy spans at least two of them (tensor-parallel ≥ 2), and each pod asks
for that many. The objects are checked against the API's required keys (no cluster here to validate on).
"""

from __future__ import annotations

import re

import pytest

from bot.api import recommend
from estimator.advice.k8s_manifest import IMAGES, K8sGap, K8sServing, k8s_serving, manifest_objects
from estimator.schemas import Deployment, PilotCommand
from knowledge.testing import memory_catalog

# Terse, as leads write them; landing on vLLM (NVIDIA, AMD), TensorRT-LLM and llama.cpp.
WORKLOADS = [
    {"model_params_b": 70, "quantization": "FP16", "concurrent_users": 40, "context_length": 16384, "ttft_target_ms": 2000},
    {"model_id": "llama-3.1-70b", "model_params_b": 70, "concurrent_users": 500},
    {"model_params_b": 8, "quantization": "INT4", "concurrent_users": 20, "prompt_tokens": 2000, "output_tokens": 400},
    {"model_id": "llama-3.1-8b", "model_params_b": 8, "quantization": "FP8", "concurrent_users": 100, "context_length": 8192},
]
EIGHTY_GB = ("nvidia-a100-80gb-pcie", "nvidia-a100-80gb-sxm", "nvidia-h100-sxm", "nvidia-h100-pcie")
DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
TP_FLAG = {"vllm": "--tensor-parallel-size", "trt-llm": "--tp_size", "sglang": "--tp"}
LENGTH_FLAG = {"vllm": "--max-model-len", "trt-llm": "--max_seq_len", "sglang": "--context-length"}


def _flag(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def _check_api_shape(deployment: dict, service: dict) -> dict:
    """The keys the API server requires of a Deployment and a Service, and the references between them."""
    assert (deployment["apiVersion"], deployment["kind"]) == ("apps/v1", "Deployment")
    assert (service["apiVersion"], service["kind"]) == ("v1", "Service")
    for obj in (deployment, service):
        assert DNS_LABEL.match(obj["metadata"]["name"]), obj["metadata"]["name"]
    spec = deployment["spec"]
    pod_labels = spec["template"]["metadata"]["labels"]
    assert spec["selector"]["matchLabels"].items() <= pod_labels.items()  # the selector must select the template
    [container] = spec["template"]["spec"]["containers"]
    assert container["name"] and container["image"] and isinstance(container["command"], list)
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert all(isinstance(p, int) and 0 < p < 65536 for p in ports.values())
    assert container["readinessProbe"]["httpGet"]["path"] == "/health"
    assert container["readinessProbe"]["httpGet"]["port"] in ports
    volumes = {v["name"] for v in spec["template"]["spec"]["volumes"]}
    assert {m["name"] for m in container["volumeMounts"]} <= volumes
    assert service["spec"]["selector"].items() <= pod_labels.items()
    assert all(p["targetPort"] in ports for p in service["spec"]["ports"])
    return container


@pytest.fixture(scope="module", params=range(len(WORKLOADS)), ids=lambda i: f"workload{i}")
def case(request):
    rec = recommend(WORKLOADS[request.param])
    return rec, k8s_serving(rec, memory_catalog())


def test_pods_devices_and_flags_are_the_recommendations_own(case):
    rec, serving = case
    assert isinstance(serving, K8sServing), serving
    option, layout, pilot = rec.primary, rec.primary.deployment, rec.pilot_commands[0]
    deployment, service = manifest_objects(serving)
    container = _check_api_shape(deployment, service)
    tp = layout.tensor_parallel if layout else 1
    copies = layout.replicas if layout else option.count
    assert deployment["spec"]["replicas"] == copies
    assert deployment["spec"]["replicas"] * tp <= option.count  # every pod's devices are bought
    if option.kind == "cpu":
        assert "resources" not in container
    else:
        [(resource, gpus)] = container["resources"]["limits"].items()
        assert resource == ("amd.com/gpu" if option.hardware_id.startswith("amd-") else "nvidia.com/gpu")
        assert gpus == tp * (layout.pipeline_stages if layout else 1)
    argv = [*container["command"], *container["args"]]
    assert argv[: len(pilot.argv)] == pilot.argv  # the pilot command, then only the listen flags
    assert _flag(argv, "--host") == "0.0.0.0" and int(_flag(argv, "--port")) == container["ports"][0]["containerPort"]
    if pilot.engine in TP_FLAG:
        assert _flag(argv, TP_FLAG[pilot.engine]) == str(tp)
        assert _flag(argv, LENGTH_FLAG[pilot.engine]) == str(pilot.max_context)
    if pilot.engine == "vllm":
        assert _flag(argv, "--kv-cache-dtype") == ("fp8" if pilot.kv_cache_dtype == "FP8" else "auto")
    tag = container["image"].rsplit(":", 1)[-1]
    assert ":" in container["image"] and tag != "latest"


def test_a_70b_fp16_model_on_80gb_gpus_spans_at_least_two_per_pod():
    catalog = memory_catalog()
    eighty = catalog.model_copy(update={"hardware": tuple(h for h in catalog.hardware if h.id in EIGHTY_GB)})
    rec = recommend({"model_params_b": 70, "quantization": "FP16", "concurrent_users": 20}, catalog=eighty)
    assert rec.primary.hardware_id in EIGHTY_GB
    serving = k8s_serving(rec, eighty)
    assert isinstance(serving, K8sServing), serving
    deployment, _ = manifest_objects(serving)
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    # 70e9 params × 2 bytes = 140 GB > 80 GB: no single GPU holds one copy.
    assert container["resources"]["limits"]["nvidia.com/gpu"] >= 2
    tp_flag = TP_FLAG.get(serving.engine)
    if tp_flag:
        assert int(_flag([*container["command"], *container["args"]], tp_flag)) >= 2
    assert any(m["mountPath"] == "/dev/shm" for m in container["volumeMounts"])  # tensor parallel talks via shm


def _pilot(**overrides) -> PilotCommand:
    values = dict(engine="vllm", argv=["vllm", "serve", "m", "--tensor-parallel-size", "4"], command="vllm serve m",
                  model="m", model_is_placeholder=False, weight_format="FP16", kv_cache_dtype="FP16", tensor_parallel=4,
                  pipeline_parallel=1, devices_per_copy=4, copies=1, max_context=4096, max_concurrent=8)
    values.update(overrides)
    return PilotCommand(**values)


def test_gaps_are_named_not_guessed():
    rec = recommend(WORKLOADS[0])
    catalog = memory_catalog()
    assert k8s_serving(rec.model_copy(update={"primary": None}), catalog) == K8sGap(reason="no_option")
    assert k8s_serving(rec.model_copy(update={"pilot_commands": []}), catalog) == K8sGap(reason="no_command")
    # One copy over two servers (pipeline stages): one pod cannot hold it.
    spanning = rec.model_copy(update={
        "pilot_commands": [_pilot(pipeline_parallel=2, devices_per_copy=16)],
        "primary": rec.primary.model_copy(update={"deployment": Deployment(servers=2, devices_per_server=8,
                                                                           tensor_parallel=8, replicas=1, pipeline_stages=2)})})
    assert k8s_serving(spanning, catalog) == K8sGap(reason="spans_servers", engine="vllm")
    # MLX on a Mac: no server image is published for it, so none is made up.
    apple = rec.model_copy(update={"pilot_commands": [_pilot(engine="mlx", argv=["mlx_lm.server", "--model", "m"])],
                                   "primary": rec.primary.model_copy(update={"hardware_id": "apple-m4-max", "kind": "soc",
                                                                             "deployment": None})})
    assert k8s_serving(apple, catalog) == K8sGap(reason="no_image", engine="mlx")
    # One user on a small box lands on a SoC (llama.cpp): no GPU device plugin serves it in a cluster.
    small = recommend({"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 1})
    if small.primary.kind == "soc":
        assert k8s_serving(small, catalog) == K8sGap(reason="no_image", engine=small.pilot_commands[0].engine)


def test_every_image_is_from_a_cited_source():
    for (engine, accelerator), image in IMAGES.items():
        assert image.source_url.startswith("https://"), (engine, accelerator)
        assert ":" in image.image and not image.image.endswith(":latest")


def test_a_settings_file_the_command_names_is_mounted_where_it_looks():
    # trtllm-serve reads attention data parallel from the YAML file its command names, relative to the working
    # directory (the models volume): the manifest carries that file as a ConfigMap mounted at exactly that path.
    import posixpath

    from estimator.schemas import PilotConfigFile

    config = PilotConfigFile(name="./trtllm-pilot.yaml", text="enable_attention_dp: true\n")
    pilot = _pilot(engine="trt-llm", argv=["trtllm-serve", "m", "--tp_size", "4", "--extra_llm_api_options", config.name],
                   config_file=config)
    serving = K8sServing(name="s", engine="trt-llm", image="nvcr.io/x:1", image_source_url="https://x", argv=pilot.argv,
                         port=8000, gpu_resource="nvidia.com/gpu", gpus_per_replica=4, replicas=1, tensor_parallel=4,
                         max_context=4096, kv_cache_dtype="FP16", model="m", model_is_placeholder=False,
                         config_file=pilot.config_file)
    deployment, service, config_map = manifest_objects(serving)
    _check_api_shape(deployment, service)
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    [mount] = [m for m in container["volumeMounts"] if m["name"] == "config"]
    assert mount["mountPath"] == posixpath.normpath(posixpath.join(container["workingDir"], config.name))
    assert config_map["kind"] == "ConfigMap" and config_map["data"][mount["subPath"]] == config.text
    [volume] = [v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == "config"]
    assert volume["configMap"]["name"] == config_map["metadata"]["name"]
