"""A request for the Kubernetes manifest, as leads write it, is read as that intent and nothing else is.

Dev examples shaped the words (platform, its tools, the file); the held-out ones were written before the
words and set aside at random (4 of 12), never tuned on. Negatives: deployment questions that name no
cluster file stay what they were.
"""

from __future__ import annotations

import pytest

from bot.nlu import normalize
from bot.nlu.intents import detect_intents

DEV = [
    "give me a k8s manifest",
    "给我 k8s 部署文件",
    "how would I deploy this on our EKS cluster? manifest pls",
    "出一份 K8s 清单",
    "helm chart or raw manifests, either is fine",
    "部署到集群上的yaml有吗",
    "kubectl apply-able config for the pilot?",
    "給我 kubernetes 部署檔",
]
HELD_OUT = [
    "can you spit out the kubernetes yaml for this",
    "need a deployment yaml for our cluster, we run everything on k8s",
    "把这个方案的 Kubernetes 部署 yaml 发我",
    "有 k8s 的 deployment 嗎？我們用 GKE",
]
NOT_A_MANIFEST = [
    "what if we have 400 concurrent users?",
    "how many servers does this deployment need?",
    "show the assumptions",
    "部署在几台服务器上？",
    "why not an NPU?",
]


@pytest.mark.parametrize("text", DEV + HELD_OUT)
def test_a_manifest_request_is_read_as_one(text: str) -> None:
    assert "k8s_manifest" in detect_intents(normalize(text))


@pytest.mark.parametrize("text", NOT_A_MANIFEST)
def test_a_deployment_question_is_not_a_manifest_request(text: str) -> None:
    assert "k8s_manifest" not in detect_intents(normalize(text))
