"""`siliconsult mcp` through the official MCP SDK's own client: a client spawns the server over stdio,
lists the tools (schemas from the pydantic models) and gets a recommendation; a bad request is a
tool error with the one-line message, never a traceback."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from bot.errors import ConfigError  # noqa: E402
from bot.mcp_server import check_loopback  # noqa: E402
from estimator.workload import Workload  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {"recommend", "estimate", "tco", "compare", "explain", "list_hardware", "get_hardware", "find_model"}


def _server(tmp_path: Path) -> StdioServerParameters:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SILICONSULT_HOME": str(tmp_path)}
    return StdioServerParameters(command=sys.executable, args=["-m", "bot.cli.main", "mcp"], env=env, cwd=str(ROOT))


async def _session(tmp_path: Path) -> dict[str, object]:
    out: dict[str, object] = {}
    async with Client(_server(tmp_path), read_timeout_seconds=120) as client:
        listed = await client.list_tools()
        out["tools"] = {tool.name: tool for tool in listed.tools}
        out["rec"] = await client.call_tool("recommend", {"workload": {
            "model_params_b": 70, "quantization": "FP8", "concurrent_users": 50, "ttft_target_ms": 1000}})
        out["bad"] = await client.call_tool("recommend", {"workload": {"model_params_b": 8, "concurrent_users": 0}})
        out["unknown"] = await client.call_tool("get_hardware", {"hardware_id": "nvidia-rtx-4091"})
        out["tco"] = await client.call_tool("tco", {"hardware_id": "nvidia-rtx-4090", "count": 2,
                                                    "workload": {"model_params_b": 8, "concurrent_users": 10}})
    return out


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return asyncio.run(_session(tmp_path_factory.mktemp("mcp-home")))


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_client_lists_every_tool_with_the_models_schema(session):
    tools = session["tools"]
    assert TOOLS <= set(tools)
    workload = tools["recommend"].input_schema
    # The workload's schema is the pydantic model's: every contract field, nothing else allowed.
    fields = set(Workload.model_fields)
    schema = workload["$defs"]["Workload"] if "$defs" in workload else workload["properties"]["workload"]
    assert fields == set(schema["properties"]) and schema.get("additionalProperties") is False


def test_recommend_returns_the_contract_object(session):
    result = session["rec"]
    assert not result.is_error
    rec = result.structured_content
    primary = rec["primary"]
    # 70B at FP8 is 70 GB of weights before any KV cache: no single 48 GB card holds it.
    assert primary["count"] >= 2 and primary["meets_slo"] is True
    assert rec["risks"] and rec["validation_plan"]
    assert primary["tco"]["three_year_total_usd"] > primary["capex_usd"] > 0


def test_bad_request_is_a_tool_error_naming_the_field(session):
    result = session["bad"]
    assert result.is_error
    text = result.content[0].text
    assert "concurrent_users" in text and "Traceback" not in text


def test_unknown_device_is_a_tool_error_with_a_suggestion(session):
    result = session["unknown"]
    assert result.is_error and "nvidia-rtx-4091" in result.content[0].text


def test_tco_costs_the_devices(session):
    result = session["tco"]
    assert not result.is_error and result.structured_content["capex_usd"] > 0


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "example.com"])
def test_http_listens_on_loopback_only(host):
    with pytest.raises(ConfigError):
        check_loopback(host)
    check_loopback("127.0.0.1")
    check_loopback("::1")


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _http_tools(url: str) -> set[str]:
    async with Client(url, read_timeout_seconds=60) as client:
        return {tool.name for tool in (await client.list_tools()).tools}


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_streamable_http_on_loopback_serves_the_same_tools(tmp_path):
    import subprocess
    import time

    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SILICONSULT_HOME": str(tmp_path)}
    server = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "mcp", "--http", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline, names = time.monotonic() + 90, set()
        while time.monotonic() < deadline and not names:
            try:
                names = asyncio.run(_http_tools(f"http://127.0.0.1:{port}/mcp"))
            except Exception:  # noqa: BLE001 - not listening yet
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                time.sleep(0.5)
        assert TOOLS <= names
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stderr:
            server.stderr.close()
