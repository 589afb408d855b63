"""The Kubernetes manifest on request: `siliconsult report --format k8s` and a chat turn asking for it.

The YAML is parsed back and its figures compared with the thread's stored recommendation (the option's
layout and its pilot command), not with what the generator printed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from langgraph.checkpoint.memory import InMemorySaver

from bot.cli.main import main
from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.settings import Settings
from bot.wiring import build_engine
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend
from estimator.schemas import Recommendation
from knowledge.testing import memory_catalog
from tests.bot.nlu.test_manifest_request import DEV, HELD_OUT

ASK = "Serve a 70B model in FP16 to 200 people, first token under 2 s. Just recommend."
ASK_ZH = "给 200 人部署 70B 模型，FP16，首 token 2 秒内。直接推荐。"


def _flag(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def _check_against(objects: list[dict], rec: Recommendation) -> None:
    deployment, service = objects
    assert (deployment["kind"], service["kind"]) == ("Deployment", "Service")
    layout, pilot = rec.primary.deployment, rec.pilot_commands[0]
    assert deployment["spec"]["replicas"] == layout.replicas
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    [gpus] = container["resources"]["limits"].values()
    assert gpus == layout.tensor_parallel * layout.pipeline_stages
    argv = [*container["command"], *container["args"]]
    # Both the vLLM and the TensorRT-LLM command carry the tensor-parallel size and the model length.
    tp = _flag(argv, "--tensor-parallel-size") or _flag(argv, "--tp_size")
    length = _flag(argv, "--max-model-len") or _flag(argv, "--max_seq_len")
    assert (tp, length) == (str(layout.tensor_parallel), str(pilot.max_context))
    # One pod holds one model copy: its devices hold the 140 GB of weights (70e9 params × 2 bytes).
    device = memory_catalog().hardware_by_id(rec.primary.hardware_id)
    assert device is not None and gpus * device.memory_gb >= 140


def test_report_k8s_writes_the_threads_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with build_engine(Settings(llm="none"), llm=None) as engine:
        engine.handle("k8s", ASK)
        rec = Recommendation.model_validate(engine.state("k8s")["recommendation"])
    out = tmp_path / "pilot.yaml"
    try:
        main(["report", "--thread", "k8s", "--format", "k8s", "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None), capsys.readouterr().err
    _check_against(list(yaml.safe_load_all(out.read_text(encoding="utf-8"))), rec)


def test_report_k8s_for_a_thread_without_a_recommendation_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with build_engine(Settings(llm="none"), llm=None) as engine:
        engine.handle("half", "hello")
    with pytest.raises(SystemExit) as exc:
        main(["report", "--thread", "half", "--format", "k8s", "--out", str(tmp_path / "m.yaml")])
    assert exc.value.code == 2 and "no recommendation yet" in capsys.readouterr().err
    assert not (tmp_path / "m.yaml").exists()


@pytest.mark.parametrize("ask,request_text,sentence", [(ASK, DEV[0], "Kubernetes manifest"),
                                                       (ASK_ZH, DEV[1], "Kubernetes 部署文件"),
                                                       (ASK, HELD_OUT[0], "Kubernetes manifest")])
def test_chat_answers_a_manifest_request_with_yaml_in_the_threads_language(ask: str, request_text: str, sentence: str) -> None:
    engine = Engine(build_graph(Deps(catalog=memory_catalog(), recommend=recommend, fill_defaults=fill_defaults),
                                InMemorySaver()))
    engine.handle("t", ask)
    reply = engine.handle("t", request_text)
    assert reply.intent == "k8s_manifest" and reply.text.startswith(sentence)
    [block] = re.findall(r"```\n(.*?)```", reply.text, flags=re.S)
    _check_against(list(yaml.safe_load_all(block)), Recommendation.model_validate(engine.state("t")["recommendation"]))
