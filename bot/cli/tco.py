"""`siliconsult tco`: total cost of ownership of one option.

A thin adapter over `estimator.costing.tco.tco`: it reads the hardware from the knowledge store, builds the
workload from kebab-case flags named after the workload fields (`--hours-per-day 24`,
`--concurrent-users 50`, `--existing-hardware cpu_servers,npu_laptops`, a bare `--accuracy-critical`),
asks the throughput estimator how many tokens per second the option serves, and prints the result as
a table or, with `--json`, as the DESIGN.md contract object.
"""

from __future__ import annotations

import difflib
import json
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from estimator.advice.complete import complete
from estimator.catalog import Catalog, Hardware
from estimator.errors import InvalidRequest, UnknownHardware
from estimator.schemas import EstimateRequest, TcoResult
from estimator.workload import WORKLOAD_FIELDS, Workload

CONTRACT_KEYS = (
    "capex_usd", "annual_power_usd", "annual_opex_usd", "three_year_total_usd", "cost_per_million_tokens_usd",
    "assumptions",
)
_LIST_FIELDS = {"existing_hardware"}
_BOOL_FIELDS = {name for name, info in Workload.model_fields.items() if "bool" in str(info.annotation)}
WORKLOAD_FLAGS = ", ".join("--" + name.replace("_", "-") for name in WORKLOAD_FIELDS)


def parse_workload_flags(args: list[str]) -> Workload:
    """Turn `--field-name value` pairs into a validated `Workload`; a bad flag or value names itself."""
    facts: dict[str, str | bool | list[str]] = {}  # raw flag values: Workload validation converts them
    position = 0
    while position < len(args):
        flag = args[position]
        name = flag.removeprefix("--").replace("-", "_")
        if not flag.startswith("--") or name not in WORKLOAD_FIELDS:
            close = difflib.get_close_matches(name, WORKLOAD_FIELDS, n=1)
            hint = f" Did you mean --{close[0].replace('_', '-')}?" if close else ""
            raise InvalidRequest(f"Unknown option '{flag}'.{hint} Workload flags: {WORKLOAD_FLAGS}.", field=name)
        following = args[position + 1] if position + 1 < len(args) else None
        if name in _BOOL_FIELDS and (following is None or following.startswith("--")):
            facts[name], position = True, position + 1
            continue
        if following is None:
            raise InvalidRequest(f"{flag} needs a value.", field=name)
        facts[name] = following.split(",") if name in _LIST_FIELDS else following
        position += 2
    try:
        return Workload.model_validate(facts)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error["loc"] else ""
        raise InvalidRequest(f"--{field.replace('_', '-')}: {error['msg']}.", field=field) from None


def find_hardware(catalog: Catalog, hardware_id: str) -> Hardware:
    hardware = catalog.hardware_by_id(hardware_id)
    if hardware is None:
        ids = [hw.id for hw in catalog.hardware]
        raise UnknownHardware(hardware_id, difflib.get_close_matches(hardware_id, ids, n=3, cutoff=0.5))
    return hardware


def served_tokens(catalog: Catalog, hardware: Hardware, count: int, workload: Workload) -> tuple[float | None, str]:
    """Tokens/s the option serves at the workload's peak concurrency, from the throughput estimator."""
    from estimator.physics.throughput import estimate

    users = workload.concurrent_users or 1
    result = estimate(
        EstimateRequest(
            hardware=hardware.id, count=count, params_b=workload.model_params_b or 7.0,
            # a named model's own shape: its architecture's KV cache and, for a mixture of experts, its active experts
            model=workload.model_id, active_params_b=workload.active_params_b,
            quant=workload.weight_format, concurrency=users,
            prompt_tokens=workload.prompt_tokens or 512, output_tokens=workload.output_tokens or 256,
            context=workload.context_length, arrival_pattern=workload.arrival_pattern or "steady",
        ),
        catalog,
    )
    if not result.fits:
        return None, f"served tokens: the model does not fit on {count} × {hardware.name}"
    total = result.decode_tokens_per_s_total
    return total, (f"served tokens: {users} concurrent users × {result.decode_tokens_per_s_per_stream:,.1f} tok/s "
                   f"= {total:,.0f} tok/s ({result.method} estimate)")


def compute(
    catalog: Catalog, hardware_id: str, count: int, workload: Workload, *, existing: bool, migration_usd: float,
) -> TcoResult:
    """The TCO of `count` × `hardware_id` for the workload, with the filled-in defaults listed first."""
    from bot.wording import words
    from bot.wording.tco import worded
    from estimator.costing.tco import tco

    hardware = find_hardware(catalog, hardware_id)
    _, filled, notes = complete(workload, catalog)  # as `recommend` completes it: a spend's volume at the API's price
    served, served_note = served_tokens(catalog, hardware, count, filled)
    result = worded(tco(hardware, count, filled, served_tokens_per_s=served, existing=existing,
                        migration_usd=migration_usd))
    return result.model_copy(update={"assumptions": [*words(notes), served_note, *result.assumptions]})


def contract_json(result: TcoResult) -> dict[str, object]:
    """The DESIGN.md TCO object: the contract keys of `model_dump(mode="json")`, then the extras present."""
    data = result.model_dump(mode="json")
    return {key: data[key] for key in CONTRACT_KEYS} | {
        key: data[key] for key in ("price_is_estimate", "price_basis", "power_w", "lifetime_total_usd") if key in data
    }


def _print_table(hardware_id: str, count: int, result: TcoResult) -> None:
    table = Table(title=f"TCO: {count} × {hardware_id}")
    table.add_column("item")
    table.add_column("value", justify="right")
    estimate_mark = " (estimate)" if result.price_is_estimate else ""
    table.add_row("capex", f"${result.capex_usd:,.0f}{estimate_mark}")
    table.add_row("power per year", f"${result.annual_power_usd:,.0f}")
    table.add_row("opex per year", f"${result.annual_opex_usd:,.0f}")
    table.add_row("3-year total", f"${result.three_year_total_usd:,.0f}")
    per_m = result.cost_per_million_tokens_usd
    table.add_row("$ per million tokens", "n/a" if per_m is None else f"${per_m:,.3f}")
    console = Console()
    console.print(table)
    for line in result.assumptions:
        console.print(f"• {line}", highlight=False)


def tco_command(
    ctx: typer.Context,
    hardware: Annotated[str, typer.Option("--hardware", help="Catalog hardware id (see `siliconsult kb hardware`).")],
    count: Annotated[int, typer.Option("--count", min=1, max=1024, help="Number of devices.")] = 1,
    existing: Annotated[bool, typer.Option("--existing", help="Already owned and idle: cost only its power.")] = False,
    migration_usd: Annotated[
        float, typer.Option("--migration-usd", min=0, help="One-time cost of porting the model to this stack.")
    ] = 0.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON contract object.")] = False,
) -> None:
    """Total cost of ownership: capex, power, opex, 3-year total and $ per million tokens.

    Workload flags are the workload field names in kebab-case, e.g. --electricity-usd-per-kwh 0.2
    --hours-per-day 24 --concurrent-users 50 --model-params-b 7 --quantization Q4_K_M.
    """
    from bot.settings import Settings
    from bot.wiring import load_catalog

    workload = parse_workload_flags(list(ctx.args))
    catalog = load_catalog(Settings())
    result = compute(catalog, hardware, count, workload, existing=existing, migration_usd=migration_usd)
    if as_json:
        typer.echo(json.dumps(contract_json(result), indent=2, ensure_ascii=False))
    else:
        _print_table(hardware, count, result)


# Workload flags are parsed from the extra arguments, so they always match the Workload fields.
TCO_CONTEXT_SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True}

__all__ = ["TCO_CONTEXT_SETTINGS", "compute", "contract_json", "parse_workload_flags", "tco_command"]
