"""The OpenAI-compatible backend against a real server: llama-cpp-python's own, on loopback, bundled model."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from bot.llm.extract import extract_workload_facts
from bot.llm.factory import bundled_model_path, load_model
from bot.llm.openai_http import OpenAICompatibleModel
from bot.llm.phrasing import phrase_reply, phrasing_problems
from bot.llm.schema import flat_workload_schema
from estimator.workload import Workload

try:
    import llama_cpp.server  # noqa: F401  (the `server` extra: fastapi, uvicorn, sse-starlette)
except ImportError as exc:
    print(f"llama-cpp-python's server cannot be imported: {exc}")
    pytest.skip(f"llama-cpp-python's server cannot be imported: {exc}", allow_module_level=True)

pytestmark = [pytest.mark.llm, pytest.mark.slow]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    port = _free_port()
    log_path: Path = tmp_path_factory.mktemp("llama-server") / "server.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(bundled_model_path()),
               "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--verbose", "False"]
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited with {process.returncode}:\n{log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{url}/v1/models", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server not healthy after 90 s:\n{log_path.read_text()[-2000:]}")
            time.sleep(0.25)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_load_model_with_a_url_reaches_the_server(server_url: str) -> None:
    model = load_model(server_url + "/v1", timeout_s=60)
    assert isinstance(model, OpenAICompatibleModel)
    assert model.base_url == server_url
    text = model.complete([{"role": "user", "content": "Say hello."}], max_tokens=16)
    assert isinstance(text, str) and text.strip()
    model.close()


def test_schema_constrained_output_through_the_server(server_url: str) -> None:
    model = OpenAICompatibleModel(server_url, timeout_s=60)
    fields = ["model_params_b", "concurrent_users", "quantization"]
    answer = model.complete(
        [{"role": "user", "content": "Our 7B model serves 200 people in Q4_K_M."}],
        json_schema=flat_workload_schema(fields),
        max_tokens=80,
    )
    data = json.loads(answer)
    assert sorted(data) == sorted(fields)  # the grammar held: exactly the schema's fields
    # llama-cpp-python's server refuses OpenAI's json_schema form; the backend learned its own form.
    assert model._schema_style == "llama-cpp-python"
    model.close()


def test_extract_and_phrase_through_the_server_keep_the_contract(server_url: str) -> None:
    model = OpenAICompatibleModel(server_url, timeout_s=60)
    text = "We want to serve a 7B model to about 200 people, first token under 1 s."
    facts = extract_workload_facts(model, text, {}, "en")
    Workload.model_validate(facts)
    question = "What quantization will you run (for example Q4_K_M or Q8_0)?"
    reply = phrase_reply(model, question, "", "en", "question")
    assert reply == question or phrasing_problems(reply, question, "", "en", "question") == []
    model.close()
