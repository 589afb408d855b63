"""A Kubernetes Deployment and Service that serve a recommendation the way its pilot command does.

Built from the primary option's pilot command (`pilot_command.pilot_commands`, the option's own engine):
the container runs that same argv (tensor-parallel size, maximum model length, KV cache type, …) plus
the flags that make the server listen on the pod's address; each pod asks for the devices of one
model copy (`devices_per_copy`) as the device plugin's extended resource (`nvidia.com/gpu`,
`amd.com/gpu`); the Deployment runs as many pods as the option has model copies (`copies`, the
deployment's replicas); readiness is the server's `GET /health`.

Typed data only: `k8s_serving` returns a `K8sServing` (or a `K8sGap` naming why there is none) and
`manifest_objects` turns it into the two API objects as plain data. The bot serializes them (YAML)
and words the gaps. Nothing here writes text for people.

What is left to the cluster: a PersistentVolumeClaim named `<name>-models` (weights and the Hugging
Face cache live there; its size and storage class are the cluster's choice) and, for gated models, a
Secret `hf-token` with key `token` (optional: public models start without it).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from estimator.catalog import Catalog
from estimator.schemas import PilotCommand, PilotConfigFile, PilotEngine, Recommendation

GpuResource = Literal["nvidia.com/gpu", "amd.com/gpu"]
GapReason = Literal["no_option", "no_command", "no_image", "spans_servers"]
MODELS_PATH = "/models"
# A model copy's first load reads its weights (tens of GB for 70B) before /health answers.
READINESS_INITIAL_DELAY_S = 60


@dataclass(frozen=True)
class ServerImage:
    image: str
    source_url: str


# (engine, accelerator) -> the engine's published server image. Pinned where the publisher documents
# a versioned tag; llama.cpp's ROCm and CPU server images are published under rolling tags only.
IMAGES: dict[tuple[PilotEngine, str], ServerImage] = {
    ("vllm", "nvidia"): ServerImage("vllm/vllm-openai:v0.11.0", "https://docs.vllm.ai/en/stable/deployment/docker/"),
    ("vllm", "amd"): ServerImage(
        "rocm/vllm:rocm7.0.0_vllm_0.11.2_20251210",
        "https://github.com/ROCm/amdgpu-docs/issues/88 ; "
        "https://docs.vultr.com/inference-cookbook/rocm/getting-started/environment-setup"),
    ("trt-llm", "nvidia"): ServerImage("nvcr.io/nvidia/tensorrt-llm/release:1.3.0rc5",
                                       "https://nvidia.github.io/TensorRT-LLM/quick-start-guide.html"),
    ("llama.cpp", "nvidia"): ServerImage("ghcr.io/ggml-org/llama.cpp:server-cuda12-b9603",
                                         "https://github.com/orgs/ggml-org/packages/container/llama.cpp/938474228"),
    ("llama.cpp", "amd"): ServerImage("ghcr.io/ggml-org/llama.cpp:server-rocm",
                                      "https://mintlify.com/ggml-org/llama.cpp/advanced/docker"),
    ("llama.cpp", "cpu"): ServerImage("ghcr.io/ggml-org/llama.cpp:server",
                                      "https://mintlify.com/ggml-org/llama.cpp/advanced/docker"),
}
# The flags that make each engine's server listen on the pod's address (their defaults differ:
# llama-server and trtllm-serve bind localhost), and the port it listens on.
LISTEN: dict[PilotEngine, tuple[list[str], int]] = {
    "vllm": (["--host", "0.0.0.0", "--port", "8000"], 8000),
    "trt-llm": (["--host", "0.0.0.0", "--port", "8000"], 8000),
    "llama.cpp": (["--host", "0.0.0.0", "--port", "8080"], 8080),
    "sglang": (["--host", "0.0.0.0", "--port", "30000"], 30000),
}
_GPU_RESOURCES: dict[str, GpuResource] = {"nvidia": "nvidia.com/gpu", "amd": "amd.com/gpu"}


class K8sServing(BaseModel):
    """What the manifest is made of: one pod per model copy, running the pilot's argv."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    engine: PilotEngine
    image: str
    image_source_url: str
    argv: list[str]  # the pilot command's argv followed by the listen flags
    port: int
    gpu_resource: GpuResource | None  # None: a CPU deployment
    gpus_per_replica: int  # devices of one model copy (tensor × pipeline parallel)
    replicas: int  # model copies of the whole deployment
    tensor_parallel: int
    max_context: int
    kv_cache_dtype: Literal["FP8", "FP16"]
    model: str
    model_is_placeholder: bool  # True: the model file or folder is put on the models volume first
    config_file: PilotConfigFile | None = None  # the file the command names, mounted from a ConfigMap


class K8sGap(BaseModel):
    """Why a recommendation gets no manifest: no option; no server command for its stack; no published
    server image for its engine and accelerator; a model copy that spans servers (one pod cannot)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    reason: GapReason
    engine: PilotEngine | None = None


def _dns_label(text: str) -> str:
    """A Kubernetes object name (RFC 1123 label: lowercase alphanumerics and '-', at most 63)."""
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9-]", "-", text.lower())).strip("-")[:63].rstrip("-")


def _accelerator(kind: str, vendor: str | None) -> str:
    """The IMAGES key of a device: "cpu", or a discrete GPU's vendor. SoCs, NPUs and other accelerators
    are no cluster node with a GPU device plugin here: they get no image."""
    if kind == "gpu":
        return (vendor or "").strip().lower()
    return kind


def k8s_serving(recommendation: Recommendation, catalog: Catalog) -> K8sServing | K8sGap:
    """The manifest's contents for the primary option, or the gap that prevents one."""
    option = recommendation.primary
    if option is None:
        return K8sGap(reason="no_option")
    if not recommendation.pilot_commands:
        return K8sGap(reason="no_command")
    pilot: PilotCommand = recommendation.pilot_commands[0]  # the option's own engine
    deployment = option.deployment
    if pilot.pipeline_parallel > 1 or (deployment is not None and pilot.devices_per_copy > deployment.devices_per_server):
        return K8sGap(reason="spans_servers", engine=pilot.engine)
    hardware = catalog.hardware_by_id(option.hardware_id)
    accelerator = _accelerator(option.kind, hardware.vendor if hardware is not None else None)
    image = IMAGES.get((pilot.engine, accelerator))
    listen = LISTEN.get(pilot.engine)
    resource = _GPU_RESOURCES.get(accelerator)
    if image is None or listen is None or (resource is None and accelerator != "cpu"):
        return K8sGap(reason="no_image", engine=pilot.engine)
    flags, port = listen
    return K8sServing(
        name=_dns_label(f"siliconsult-{option.hardware_id}"), engine=pilot.engine, image=image.image,
        image_source_url=image.source_url, argv=[*pilot.argv, *flags], port=port, gpu_resource=resource,
        gpus_per_replica=pilot.devices_per_copy, replicas=pilot.copies, tensor_parallel=pilot.tensor_parallel,
        max_context=pilot.max_context, kv_cache_dtype=pilot.kv_cache_dtype, model=pilot.model,
        model_is_placeholder=pilot.model_is_placeholder, config_file=pilot.config_file)


def manifest_objects(serving: K8sServing) -> list[dict[str, Any]]:
    """The Deployment and the Service (and the ConfigMap of a command's settings file), as the Kubernetes API objects
    (plain data, ready to serialize)."""
    def labels() -> dict[str, str]:  # a fresh mapping per use: serialized objects share no nodes
        return {"app.kubernetes.io/name": serving.name, "app.kubernetes.io/part-of": "siliconsult"}

    def selector() -> dict[str, str]:
        return {"app.kubernetes.io/name": serving.name}

    resources: dict[str, Any] = {}
    if serving.gpu_resource is not None:
        # Extended resources are requested as limits (requests default to them and may not differ).
        resources = {"limits": {serving.gpu_resource: serving.gpus_per_replica}}
    mounts: list[dict[str, Any]] = [{"name": "models", "mountPath": MODELS_PATH}]
    volumes: list[dict[str, Any]] = [{"name": "models", "persistentVolumeClaim": {"claimName": f"{serving.name}-models"}}]
    if serving.gpus_per_replica > 1:
        # Tensor-parallel workers exchange data through shared memory; a container's /dev/shm is 64 MiB.
        mounts.append({"name": "dshm", "mountPath": "/dev/shm"})
        volumes.append({"name": "dshm", "emptyDir": {"medium": "Memory"}})
    config_map: dict[str, Any] | None = None
    if serving.config_file is not None:
        # The command names the file relative to its working directory (the models volume): mount the ConfigMap's
        # one key over that path (a subPath mount of a single file).
        key = posixpath.basename(serving.config_file.name)
        config_map = {"apiVersion": "v1", "kind": "ConfigMap",
                      "metadata": {"name": f"{serving.name}-config", "labels": labels()},
                      "data": {key: serving.config_file.text}}
        mounts.append({"name": "config", "mountPath": posixpath.join(MODELS_PATH, key), "subPath": key, "readOnly": True})
        volumes.append({"name": "config", "configMap": {"name": f"{serving.name}-config"}})
    container: dict[str, Any] = {
        "name": "server",
        "image": serving.image,
        "command": serving.argv[:1],
        "args": serving.argv[1:],
        # A placeholder model path (./model-q4_k_m.gguf) is relative: it resolves on the models volume.
        "workingDir": MODELS_PATH,
        "env": [{"name": "HF_HOME", "value": f"{MODELS_PATH}/huggingface"},
                {"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "token", "optional": True}}}],
        "ports": [{"name": "http", "containerPort": serving.port}],
        "readinessProbe": {"httpGet": {"path": "/health", "port": "http"},
                           "initialDelaySeconds": READINESS_INITIAL_DELAY_S, "periodSeconds": 10},
        "volumeMounts": mounts,
    }
    if resources:
        container["resources"] = resources
    deployment = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": serving.name, "labels": labels()},
        "spec": {
            "replicas": serving.replicas,
            "selector": {"matchLabels": selector()},
            "template": {"metadata": {"labels": labels()}, "spec": {"containers": [container], "volumes": volumes}},
        },
    }
    service = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": serving.name, "labels": labels()},
        "spec": {"selector": selector(), "ports": [{"name": "http", "port": serving.port, "targetPort": "http"}]},
    }
    # The ConfigMap last: the Deployment and the Service keep their places; a pod waits for the map it mounts.
    return [deployment, service] if config_map is None else [deployment, service, config_map]


__all__ = ["IMAGES", "LISTEN", "GapReason", "GpuResource", "K8sGap", "K8sServing", "ServerImage", "k8s_serving",
           "manifest_objects"]
