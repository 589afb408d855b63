"""`siliconsult estimate`: throughput, TTFT and memory fit of one configuration, or a JSONL batch of them.

A thin adapter over `estimator.physics.throughput.estimate`: flags (or one JSON object per batch line, with
the same names in snake_case) become an `EstimateRequest`; the result prints as a table or, with
`--json`, as the DESIGN.md contract object. A bad request is one line naming the field (`{"error": …}`
for that line in batch mode, the other lines still run); never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any, TypedDict

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from bot.wording.sentences import words
from bot.wording.worded import error_text
from estimator.catalog import Catalog
from estimator.errors import InvalidRequest, SiliconsultError
from estimator.schemas import Estimate, EstimateRequest

CONTRACT_KEYS = (
    "decode_tokens_per_s_per_stream", "decode_tokens_per_s_total", "prefill_tokens_per_s", "ttft_ms", "fits",
    "memory_required_gb", "memory_available_gb", "bound", "method", "error",
)
EXTRA_KEYS = (
    "ttft_p95_ms", "confidence_low", "confidence_high", "calibrated", "calibration_key", "source_rows",
    # Likely [low, high] beside each figure, from held-out validation residuals.
    "decode_tokens_per_s_per_stream_range", "decode_tokens_per_s_total_range", "prefill_tokens_per_s_range",
    "ttft_ms_range",
)
_CUSTOM_FLAGS = {"kind": "--kind", "memory_gb": "--memory-gb", "memory_bandwidth_gbs": "--bandwidth-gbs"}


class ErrorJSON(TypedDict):
    """A bad request: the message and the field it names (None when it names none)."""

    error: str
    field: str | None


class BatchErrorJSON(ErrorJSON):
    line: int  # the 1-based input line


def build_request(data: object) -> EstimateRequest:
    """A validated request from a mapping; InvalidRequest names the first bad field."""
    if not isinstance(data, dict):
        raise InvalidRequest("each request must be a JSON object", field=None)
    try:
        return EstimateRequest.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"]) or None
        raise InvalidRequest(f"{field}: {error['msg']}", field=field) from None


_OUTPUT_KEYS = (*CONTRACT_KEYS, *EXTRA_KEYS)


def result_json(result: Estimate) -> dict[str, object]:
    """The contract fields first, then the confidence range and provenance; floats to 2 decimals.

    Built from the model's attributes rather than `model_dump` (several times faster in a batch);
    the values are the `Estimate` fields' own (numbers, ranges, lists of source rows)."""
    values = result.__dict__
    return {
        key: round(value, 2) if value.__class__ is float else value
        for key, value in ((key, values[key]) for key in _OUTPUT_KEYS)
    }


def error_json(exc: SiliconsultError) -> ErrorJSON:
    field = getattr(exc, "field", None)
    return {"error": error_text(exc), "field": field}


def run_batch(lines: Iterable[str], catalog: Catalog) -> Iterator[str]:
    """One JSON result line per non-blank input line; a bad line yields {"error", "field", "line"}."""
    from estimator.physics.throughput import estimate

    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidRequest(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
            if isinstance(data, dict):
                data = _with_model(data, catalog)
            out: Mapping[str, object] = result_json(estimate(build_request(data), catalog))
        except SiliconsultError as exc:
            failed: BatchErrorJSON = {**error_json(exc), "line": number}
            out = failed
        yield json.dumps(out)  # default separators: json's cached C encoder, several times faster


def _with_model(data: dict[str, object], catalog: Catalog) -> dict[str, object]:
    """A named catalog model fills the size and native format (`--model NAME`, `"model"` in batch lines)."""
    from estimator.physics.model_shape import complete_request

    return complete_request(data, catalog)


def _flags_request(options: Mapping[str, object]) -> EstimateRequest:
    """The request of the single-estimate flags; custom hardware needs kind, memory and bandwidth."""
    custom_keys = ("kind", "memory_gb", "memory_bandwidth_gbs", "fp16_tflops", "tdp_w")
    given = {key: options[key] for key in custom_keys if options[key] is not None}
    data = {key: value for key, value in options.items() if key not in custom_keys and value is not None}
    if options["params_b"] is None:
        raise InvalidRequest("--params-b is required (model size in billions of parameters), or --model NAME.",
                             field="params_b")
    if given and data.get("hardware"):
        raise InvalidRequest("Give --hardware or custom specs (--kind/--memory-gb/--bandwidth-gbs), not both.",
                             field="hardware")
    if given:
        missing = [flag for key, flag in _CUSTOM_FLAGS.items() if key not in given]
        if missing:
            raise InvalidRequest(f"Custom hardware also needs {', '.join(missing)}.",
                                 field=next(k for k, f in _CUSTOM_FLAGS.items() if f == missing[0]))
        data["custom"] = given
    elif not data.get("hardware"):
        raise InvalidRequest("Give --hardware ID, or --kind K --memory-gb G --bandwidth-gbs B.", field="hardware")
    return build_request(data)


def _print_table(request: EstimateRequest, result: Estimate) -> None:
    device = request.hardware or f"custom {request.custom.kind if request.custom else ''}"
    table = Table(title=f"{request.count} × {device}: {request.params_b:g}B {request.quant}, "
                        f"{request.concurrency} user(s)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [
        ("decode tok/s per user", f"{result.decode_tokens_per_s_per_stream:,.1f}"),
        ("  confidence range", f"{result.confidence_low or 0:,.1f} – {result.confidence_high or 0:,.1f}"),
        ("decode tok/s total", f"{result.decode_tokens_per_s_total:,.1f}"),
        ("prefill tok/s", f"{result.prefill_tokens_per_s:,.0f}"),
        ("TTFT mean / p95", f"{result.ttft_ms:,.0f} / {result.ttft_p95_ms or 0:,.0f} ms"),
        ("memory required / available", f"{result.memory_required_gb:,.1f} / {result.memory_available_gb:,.1f} GB"),
        ("fits", "yes" if result.fits else "NO"),
        # Past its KV cache a paged engine still serves the streams it admits (the rest queue): say how many and
        # at what rate, beside the contract's "does not fit".
        *([("admitted (KV cache holds)", f"{result.admitted_concurrency:,} streams, "
            f"{result.admitted_decode_tokens_per_s_total or 0:,.0f} tok/s total")]
          if result.admitted_concurrency else []),
        ("bound", result.bound),
        ("method", result.method + ("" if result.calibrated else " (uncalibrated)")),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console = Console()
    console.print(table)
    for url in result.source_urls:
        console.print(f"• measured: {url}", highlight=False)
    for note in words(result.notes):
        console.print(f"• {note}", highlight=False)


def _line_count(path: Path) -> int | None:
    try:
        with path.open("rb") as counted:
            return sum(1 for _ in counted)
    except OSError:
        return None


def _write_batch(lines: Iterable[str], catalog: Catalog, total: int | None) -> None:
    """One JSON line per request on stdout; a progress bar on stderr when it is a terminal (transient, so
    piped or redirected runs print the JSON lines only)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    err = Console(stderr=True)
    write = sys.stdout.write
    if not err.is_terminal:
        for line in run_batch(lines, catalog):
            write(line + "\n")
        return
    with Progress(TextColumn("[bold]estimate --batch[/bold]"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True) as progress:
        task = progress.add_task("requests", total=total)
        for line in run_batch(lines, catalog):
            write(line + "\n")
            progress.advance(task)


def _load_catalog() -> Catalog:
    from bot.settings import Settings
    from bot.wiring import load_catalog

    return load_catalog(Settings())


def _option(flag: str, help_text: str) -> Any:
    return typer.Option(flag, help=help_text)


def estimate_command(
    hardware: Annotated[str | None, _option("--hardware", "Catalog hardware id.")] = None,
    kind: Annotated[str | None, _option("--kind", "Custom device kind: cpu, gpu, npu, soc, accel.")] = None,
    memory_gb: Annotated[float | None, _option("--memory-gb", "Custom device memory (GB).")] = None,
    bandwidth_gbs: Annotated[float | None, _option("--bandwidth-gbs", "Custom memory bandwidth (GB/s).")] = None,
    fp16_tflops: Annotated[float | None, _option("--fp16-tflops", "Custom dense FP16 TFLOPS.")] = None,
    tdp_w: Annotated[float | None, _option("--tdp-w", "Custom device power (W).")] = None,
    count: Annotated[int | None, _option("--count", "Number of devices (default 1).")] = None,
    params_b: Annotated[float | None, _option("--params-b", "Model size, billions of parameters.")] = None,
    model: Annotated[str | None, _option(
        "--model", "Catalog model id or alias (its own shape; --params-b optional then).",
    )] = None,
    kv_cache_dtype: Annotated[str | None, _option(
        "--kv-cache-dtype", "KV cache element type: FP16, BF16 or FP8 (default: FP8 with FP8/FP4 weights).",
    )] = None,
    quant: Annotated[str | None, _option("--quant", "Weight format: Q4_K_M (default), Q8_0, FP16, FP8, …")] = None,
    backend: Annotated[str | None, _option(
        "--backend", "llama.cpp, vllm, trt-llm, mlx, … (default: llama.cpp for one user, vLLM for several on GPUs).",
    )] = None,
    concurrency: Annotated[int | None, _option("--concurrency", "Concurrent users (default 1).")] = None,
    prompt_tokens: Annotated[int | None, _option("--prompt-tokens", "Prompt tokens per request (default 512).")] = None,
    output_tokens: Annotated[int | None, _option("--output-tokens", "Output tokens per request (default 256).")] = None,
    context: Annotated[int | None, _option(
        "--context", "Max context to reserve KV cache for (default prompt + output).",
    )] = None,
    arrival_pattern: Annotated[str | None, _option(
        "--arrival-pattern", "steady (default), bursty or batch: the TTFT queueing model.",
    )] = None,
    model_only: Annotated[bool, _option("--model-only", "Ignore exact measured matches.")] = False,
    as_json: Annotated[bool, _option("--json", "Print the JSON contract object.")] = False,
    batch: Annotated[Path | None, _option("--batch", "JSONL file: one request per line.")] = None,
) -> None:
    """Decode tokens/s (per user and total), prefill, TTFT and memory fit of one configuration."""
    try:
        if batch is not None:
            try:
                # Undecodable bytes become U+FFFD: that line then fails as bad JSON, the others still run.
                handle = sys.stdin if str(batch) == "-" else batch.open(encoding="utf-8", errors="replace")
            except OSError as exc:
                raise InvalidRequest(f"cannot read --batch file {batch}: {exc.strerror}", field="batch") from None
            catalog = _load_catalog()
            with handle:
                _write_batch(handle, catalog, total=None if str(batch) == "-" else _line_count(batch))
            return
        options: dict[str, object] = {
            "hardware": hardware, "kind": kind, "memory_gb": memory_gb, "memory_bandwidth_gbs": bandwidth_gbs,
            "fp16_tflops": fp16_tflops, "tdp_w": tdp_w, "count": count, "params_b": params_b, "quant": quant,
            "backend": backend, "concurrency": concurrency, "prompt_tokens": prompt_tokens,
            "output_tokens": output_tokens, "context": context, "arrival_pattern": arrival_pattern,
            "model_only": model_only or None, "model": model,
            "kv_cache_dtype": kv_cache_dtype.upper() if kv_cache_dtype else None,
        }
        catalog = _load_catalog()
        if model:
            options = _with_model(options, catalog)
        request = _flags_request(options)
        from estimator.physics.throughput import estimate

        result = estimate(request, catalog)
    except SiliconsultError as exc:
        if as_json:
            typer.echo(json.dumps(error_json(exc)))
        else:
            typer.echo(f"error: {error_text(exc)}", err=True)
        raise typer.Exit(2) from None  # bad input is a usage error, as click exits for a bad flag
    if as_json:
        typer.echo(json.dumps(result_json(result) | {"notes": words(result.notes), "source_urls": result.source_urls},
                              indent=2, ensure_ascii=False))
    else:
        _print_table(request, result)


__all__ = ["CONTRACT_KEYS", "build_request", "estimate_command", "result_json", "run_batch"]
