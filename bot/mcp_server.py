"""`siliconsult mcp`: the estimator as Model Context Protocol tools, for agents (official `mcp` SDK).

Tools: recommend, estimate, tco, compare, explain, and the catalog look-ups list_hardware,
get_hardware and find_model. Their input schemas are the pydantic models' own (`Workload`,
`EstimateRequest`), their results the typed models of `estimator.schemas` as structured output,
so an agent gets the same JSON as `--json`. A bad request is a tool error carrying the one-line
message (`SiliconsultError.user_message`), never a traceback. The tools only read: the catalog is
loaded once when the server starts.

Transports: stdio (the default; the client spawns `siliconsult mcp`) and streamable HTTP on a
loopback address (`--http --port P`, path /mcp): it has no authentication, so it never listens on
other interfaces.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from pydantic import BaseModel

from bot import api
from bot.errors import ConfigError
from bot.wording.sentences import Language
from bot.wording.worded import error_text
from estimator.catalog import Catalog, Hardware, HardwareKind, ModelArch
from estimator.errors import InvalidRequest, SiliconsultError, UnknownHardware
from estimator.schemas import Estimate, EstimateRequest, Option, Recommendation, Risk, TcoResult
from estimator.workload import Workload

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

HTTP_PATH = "/mcp"
P = ParamSpec("P")
R = TypeVar("R")


class Explanation(BaseModel):
    """Why the recommendation is what it is: the reasoning, risks, assumptions and the pilot that checks it."""

    recommended: str | None
    rationale: str
    risks: list[Risk]
    assumptions: list[str]
    validation_plan: list[str]
    calibration_rows: list[int]


def tool_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """A `SiliconsultError` becomes the SDK's `ToolError` with its one-line message (the client sees a
    tool error it can show or act on); anything else is the SDK's generic tool error."""
    from mcp.server.mcpserver.exceptions import ToolError

    @wraps(fn)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except SiliconsultError as exc:
            raise ToolError(error_text(exc)) from exc

    return call


def build_server(catalog: Catalog) -> MCPServer:
    """The MCP server over one catalog (tests pass a catalog; the CLI the shipped one)."""
    from bot.extras import require

    require("mcp", "mcp")
    from mcp.server.mcpserver import MCPServer

    from bot.version import package_version

    server: MCPServer = MCPServer(
        "siliconsult", version=package_version(),
        instructions="Inference hardware sizing: recommend hardware for serving a language model, estimate "
                     "throughput and latency, cost it (TCO), compare devices. Every number comes from the "
                     "estimator over sourced specs and measured benchmarks.")

    def add(fn: Callable[..., Any]) -> None:
        server.add_tool(tool_errors(fn), structured_output=True)

    def recommend(workload: Workload, lang: Language = "en") -> Recommendation:
        """The hardware to buy for a workload: primary option, alternatives with their numbers, TCO,
        cloud comparison, risks, assumptions and a two-week validation plan. Unstated facts take
        defaults, listed in `assumptions`."""
        return api.recommend(workload, lang=lang, catalog=catalog)

    def estimate(request: EstimateRequest) -> Estimate:
        """Decode tokens/s per user and in total, prefill tokens/s, time to first token and memory fit of
        one configuration (a catalog device or a custom one), with likely ranges."""
        return api.estimate(request, catalog=catalog)

    def tco(hardware_id: str, count: int, workload: Workload, existing: bool = False) -> TcoResult:
        """Total cost of ownership of `count` devices serving the workload: capex, power, opex, 3-year
        total, cost per million tokens. `existing`: the devices are already owned (no capex)."""
        return api.tco(hardware_id, count, workload, existing=existing, catalog=catalog)

    def compare(workload: Workload, hardware_ids: list[str], lang: Language = "en") -> list[Option]:
        """Each device sized (its smallest count meeting the workload's targets) and costed for the same
        workload, in the order given."""
        return api.compare(workload, hardware_ids, lang=lang, catalog=catalog)

    def explain(workload: Workload, lang: Language = "en") -> Explanation:
        """Why the recommendation for a workload is what it is: rationale, risks (why, mitigation),
        assumptions, validation plan and the measured benchmark rows it was calibrated on."""
        rec = api.recommend(workload, lang=lang, catalog=catalog)
        return Explanation(
            recommended=f"{rec.primary.count} × {rec.primary.hardware_name or rec.primary.hardware_id}"
            if rec.primary else None,
            rationale=rec.rationale, risks=rec.risks, assumptions=rec.assumptions,
            validation_plan=rec.validation_plan, calibration_rows=rec.calibration_rows)

    def list_hardware(kind: HardwareKind | None = None) -> list[Hardware]:
        """The catalog's devices (specs, price and its source), optionally of one kind."""
        return [hw for hw in catalog.hardware if kind is None or hw.kind == kind]

    def get_hardware(hardware_id: str) -> Hardware:
        """One device of the catalog by id (e.g. nvidia-l40s)."""
        hardware = catalog.hardware_by_id(hardware_id)
        if hardware is None:
            raise UnknownHardware(hardware_id)
        return hardware

    def find_model(name: str) -> ModelArch:
        """A model's architecture (parameters, layers, KV heads, context) by name or alias, e.g. "llama 3 70b"."""
        lowered = name.strip().lower()
        for model in catalog.models:
            if lowered in (model.id.lower(), model.name.lower(), *(a.lower() for a in model.aliases)):
                return model
        raise InvalidRequest(f"No model named {name!r} in the catalog.", field="name")

    for fn in (recommend, estimate, tco, compare, explain, list_hardware, get_hardware, find_model):
        add(fn)
    return server


def check_loopback(host: str) -> None:
    """The HTTP transport has no authentication: it listens on loopback only."""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ConfigError(f"--host {host}: the MCP server listens on loopback only (127.0.0.1, ::1 or localhost).")


def serve(catalog: Catalog, *, http: bool = False, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Run the server until the client closes stdin (stdio) or until interrupted (HTTP)."""
    if http:
        check_loopback(host)
    server = build_server(catalog)
    if http:
        server.run("streamable-http", host=host, port=port, streamable_http_path=HTTP_PATH)
    else:
        server.run("stdio")


__all__ = ["HTTP_PATH", "Explanation", "build_server", "check_loopback", "serve", "tool_errors"]
