"""`siliconsult kb …`: browse and validate the knowledge store.

A thin adapter: it opens the store through `bot.wiring.open_knowledge` and prints models as a rich table
or, with `--json`, as a JSON list carrying every field (including `source_url`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from bot.settings import Settings
from estimator.catalog import HARDWARE_KINDS
from estimator.plurals import agree_plurals
from knowledge import KnowledgeStore, default_data_dir, validate_dir
from knowledge.errors import DataError

app = typer.Typer(help="Browse and validate the hardware/benchmark knowledge store.", no_args_is_help=True)

# Enums make typer offer and check the allowed values (a bad --kind exits 2 with the choices).
# Built from the data-driven vocabularies, so mypy cannot list their members (hence the ignores).
Kind = Enum("Kind", {kind: kind for kind in HARDWARE_KINDS}, type=str)  # type: ignore[misc]
Metric = Enum("Metric", {metric: metric for metric in ("tg", "pp", "total_tps", "decode_tps")}, type=str)  # type: ignore[misc]

KindOption = Annotated[Kind | None, typer.Option("--kind", help="Only this hardware kind.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print a JSON list with every field.")]


def _store() -> KnowledgeStore:
    from bot.wiring import open_knowledge

    return open_knowledge(Settings())


def _value(choice: Enum | None) -> str | None:
    return None if choice is None else choice.value


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return ", ".join(str(part) for part in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _show(items: Sequence[BaseModel], columns: Sequence[str], title: str, as_json: bool) -> None:
    """Print `items` as JSON (all fields) or as a table of the chosen columns."""
    if as_json:
        typer.echo(json.dumps([item.model_dump(mode="json") for item in items], indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{title} ({len(items)})")
    for column in columns:
        table.add_column(column, overflow="fold")
    for item in items:
        table.add_row(*(_cell(getattr(item, column)) for column in columns))
    Console().print(table)


Fetch = Callable[[KnowledgeStore], Sequence[BaseModel]]


def _listing(fetch: Fetch, columns: Sequence[str], title: str, as_json: bool) -> None:
    store = _store()
    try:
        _show(fetch(store), columns, title, as_json)
    finally:
        store.close()


@app.command()
def hardware(kind: KindOption = None, as_json: JsonOption = False) -> None:
    """Devices with their memory, bandwidth, compute, power and price (and its basis)."""
    columns = ("id", "kind", "memory_gb", "memory_bandwidth_gbs", "fp16_tflops", "int8_tops", "tdp_w",
               "price_usd", "price_basis", "software_stacks")
    _listing(lambda store: store.hardware(_value(kind)), columns, "Hardware", as_json)


@app.command()
def models(as_json: JsonOption = False) -> None:
    """Open models with the architecture facts used for sizing (MoE, attention type, native format)."""
    columns = ("id", "params_b", "active_params_b", "attention_type", "layers", "hidden_size", "attention_heads",
               "kv_heads", "head_dim", "max_context", "native_format", "license")
    _listing(lambda store: store.models(), columns, "Models", as_json)


@app.command()
def benchmarks(
    kind: KindOption = None,
    hardware_id: Annotated[str | None, typer.Option("--hardware", help="Only rows of this device id.")] = None,
    metric: Annotated[Metric | None, typer.Option(help="Only this metric.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Measured throughput rows from public sources."""
    columns = ("row_id", "hardware_label", "hardware_id", "device_count", "model", "quant", "backend",
               "concurrency", "metric", "value")

    def fetch(store: KnowledgeStore) -> list[Any]:
        rows = store.benchmarks(hardware_id=hardware_id, metric=_value(metric))
        return [row for row in rows if kind is None or row.kind == kind.value]

    _listing(fetch, columns, "Benchmarks", as_json)


@app.command()
def stacks(kind: KindOption = None, as_json: JsonOption = False) -> None:
    """Serving stacks: maturity, dynamic shapes, batching, multi-model, quantization formats."""
    columns = ("id", "maturity", "dynamic_shapes", "continuous_batching", "multi_model", "quant_formats",
               "hardware_kinds", "backend_key")

    def fetch(store: KnowledgeStore) -> list[Any]:
        return [stack for stack in store.stacks() if kind is None or kind.value in stack.hardware_kinds]

    _listing(fetch, columns, "Serving stacks", as_json)


@app.command()
def validate(
    data_dir: Annotated[
        Path | None, typer.Argument(help="Data directory to check (default: the shipped data).")
    ] = None,
    data_dir_option: Annotated[
        Path | None, typer.Option("--data-dir", help="The same as the argument.")
    ] = None,
) -> None:
    """Check a data directory; list problems as file:line: column: reason, the first 20 (exit 1 if any)."""
    target = data_dir or data_dir_option or Settings().data_dir or default_data_dir()
    errors = validate_dir(target)
    if errors:
        for error in DataError(errors).shown():
            typer.echo(error)
        typer.echo(agree_plurals(f"{len(errors)} problem(s) in {target}"), err=True)
        raise typer.Exit(1)
    typer.echo(f"OK: {target} is valid")
