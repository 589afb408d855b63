"""Read and validate the knowledge data directory (CSV files + calibration.json) into catalog models.

Every row is validated with the pydantic models of `estimator/catalog.py`. Problems are collected, not
raised one by one: a user fixing a data file sees every error at once, each as
`file:line: column: reason`, where `line` is the physical line in the CSV (the header is line 1).
Nothing here touches the database; `knowledge/build.py` writes what this module returns.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

from pydantic import BaseModel, ValidationError

from estimator.catalog import (
    AcceleratorSheet,
    ApiPrice,
    Benchmark,
    BenchmarkLayout,
    BenchmarkProvenance,
    CalibrationParams,
    CloudGpuPrice,
    FxRate,
    Hardware,
    HostChassis,
    LaptopConfig,
    MarketAvailability,
    ModelArch,
    PowerMode,
    QuantFormat,
    RequestShape,
    ServingStack,
)
from knowledge.errors import DataError

CALIBRATION_FILE = "calibration.json"
# The largest data file accepted: 60x the largest shipped one (benchmarks.csv, ~0.5 MiB).
MAX_FILE_BYTES = 32 * 2**20
LIST_SEPARATOR = ";"


@dataclass(frozen=True)
class TableSpec:
    """One CSV file: the table it fills, the model each row must satisfy and its key column."""

    file: str
    table: str
    model: type[BaseModel]
    key: str
    list_columns: tuple[str, ...] = ()
    # Optional files may be absent (a data directory from before they existed): no rows, no error.
    optional: bool = False
    # An optional file the calibration fit reads (its bytes enter the fit's data version).
    feeds_fit: bool = False

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(self.model.model_fields)

    @property
    def nullable_required(self) -> tuple[str, ...]:
        """Columns that must be present but may be None (e.g. a benchmark's `hardware_id`)."""
        fields = self.model.model_fields.items()
        return tuple(name for name, info in fields if info.is_required() and type(None) in get_args(info.annotation))


TABLES: tuple[TableSpec, ...] = (
    TableSpec("serving_stacks.csv", "serving_stacks", ServingStack, "id", ("quant_formats", "hardware_kinds", "format_devices")),
    TableSpec("quant_formats.csv", "quant_formats", QuantFormat, "name"),
    TableSpec("hardware.csv", "hardware", Hardware, "id", ("software_stacks",)),
    TableSpec("models.csv", "models", ModelArch, "id", ("aliases", "checkpoints")),
    TableSpec("benchmarks.csv", "benchmarks", Benchmark, "row_id"),
    # Rental and hosted-API prices, for the buy / rent / API comparison.
    TableSpec("cloud_gpu_prices.csv", "cloud_gpu_prices", CloudGpuPrice, "id", optional=True),
    TableSpec("api_prices.csv", "api_prices", ApiPrice, "id", optional=True),
    TableSpec("power_modes.csv", "power_modes", PowerMode, "id", optional=True),
    # Migration 011: run dates and source-established exclusions of benchmark rows (`measured_rows`).
    TableSpec("benchmark_provenance.csv", "benchmark_provenance", BenchmarkProvenance, "row_id", optional=True,
              feeds_fit=True),
    # Migration 009: the parallel layout a row's source states it ran (`row_predict.stated_groups`).
    TableSpec("benchmark_layouts.csv", "benchmark_layouts", BenchmarkLayout, "row_id", optional=True, feeds_fit=True),
    # Migration 015: accelerators' SRAM, price ranges and stack behaviour (`estimator.advice.accelerator_first`).
    TableSpec("accelerator_sheets.csv", "accelerator_sheets", AcceleratorSheet, "hardware_id", optional=True),
    # Migration 033: laptops sold with a chip, by memory size (`estimator.advice.laptops`).
    TableSpec("laptop_configs.csv", "laptop_configs", LaptopConfig, "id", optional=True),
    # Migration 036: dated exchange rates (`estimator.costing.fx`) and classes of work's typical requests
    # (`estimator.advice.request_shape`).
    TableSpec("fx_rates.csv", "fx_rates", FxRate, "currency", optional=True),
    TableSpec("request_shapes.csv", "request_shapes", RequestShape, "request_class", optional=True),
    # Migration 035: servers bought cards go into, with their GPU slots (`free_slots`).
    TableSpec("host_chassis.csv", "host_chassis", HostChassis, "id", ("aliases",), optional=True),
    # Migration 038: which devices a buyer in a market can buy, by device or maker (`estimator.advice.markets`).
    TableSpec("market_availability.csv", "market_availability", MarketAvailability, "id", optional=True),
)


@dataclass(frozen=True)
class Row:
    """A validated row and where it came from (for cross-file error messages)."""

    line: int
    item: BaseModel


@dataclass(frozen=True)
class LoadedData:
    """Everything read from one data directory; `rows[table]` keeps the file order."""

    data_version: str
    rows: dict[str, tuple[Row, ...]]
    calibration: CalibrationParams

    def items(self, table: str) -> list[BaseModel]:
        return [row.item for row in self.rows[table]]


def default_data_dir() -> Path:
    """The data shipped with the package (knowledge/data/)."""
    return Path(__file__).resolve().parent / "data"


def data_files(data_dir: Path) -> list[Path]:
    """The files whose bytes define the data version, in a fixed order."""
    names = [spec.file for spec in TABLES] + [CALIBRATION_FILE]
    return [data_dir / name for name in names if (data_dir / name).is_file()]


def data_version(data_dir: Path) -> str:
    """A short hash of the data files' names and bytes: it changes whenever any data changes."""
    digest = hashlib.sha256()
    for path in data_files(data_dir):
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _records(text: str, name: str, errors: list[str]) -> Iterator[tuple[int, list[str]]]:
    """CSV records with the physical line each starts on (quoted fields may span lines).

    Malformed CSV (e.g. a quote never closed) ends the file with an error at the line it starts on.
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        start = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            errors.append(f"{name}:{start}: (row): malformed CSV ({exc})")
            return
        if record:  # a blank line is not a row
            yield start, record


def _cell(spec: TableSpec, column: str, raw: str) -> object:
    value = raw.strip()
    if column in spec.list_columns:
        return tuple(part.strip() for part in value.split(LIST_SEPARATOR) if part.strip())
    return value


def _check_urls(source_url: str) -> str | None:
    parts = [part.strip() for part in source_url.split(" ; ")]
    bad = [part for part in parts if not part.startswith(("http://", "https://"))]
    return f"not an http(s) URL: {bad[0]!r}" if bad else None


@dataclass
class _Parsed:
    """The valid rows of one file, and the key of every row (valid or not) for cross-file checks."""

    rows: list[Row]
    keys: set[str]
    readable: bool = True  # False: missing file or bad header, so references to it are not checked


def _parse_file(spec: TableSpec, path: Path, errors: list[str]) -> _Parsed:
    """Validate one CSV file; append problems to `errors` and return the good rows."""
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            # Refused before reading: parsing a 100 MB file took 76 s and 6.9 GB of memory.
            errors.append(f"{name}:0: (file): {size / 2**20:,.0f} MiB, past the {MAX_FILE_BYTES // 2**20} MiB "
                          "limit for a data file (the shipped files are under 1 MiB); is it the right file?")
            return _Parsed([], set(), readable=False)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if spec.optional:
            return _Parsed([], set(), readable=False)
        errors.append(f"{name}:0: (file): missing file")
        return _Parsed([], set(), readable=False)
    except UnicodeDecodeError as exc:
        errors.append(f"{name}:0: (file): not UTF-8 text ({exc.reason})")
        return _Parsed([], set(), readable=False)
    if text and not text.endswith("\n"):
        # Every file written by an editor or csv.writer ends with a newline; one that does not was
        # most likely cut off mid-write, and its last row may look valid with a truncated cell.
        errors.append(f"{name}:{text.count(chr(10)) + 1}: (file): no newline at the end, the file looks cut off")
    records = _records(text, name, errors)
    first = next(records, None)
    if first is None:
        errors.append(f"{name}:1: (header): empty file, expected columns {', '.join(spec.columns)}")
        return _Parsed([], set(), readable=False)
    header = [column.strip() for column in first[1]]
    unknown = [column for column in header if column not in spec.columns]
    required = [field for field, info in spec.model.model_fields.items() if info.is_required()]
    missing = [column for column in required if column not in header]
    for column in unknown:
        errors.append(f"{name}:1: {column}: unknown column (expected one of {', '.join(spec.columns)})")
    for column in missing:
        errors.append(f"{name}:1: {column}: required column is missing")
    if unknown or missing:
        return _Parsed([], set(), readable=False)

    parsed = _Parsed([], set())
    seen: dict[object, int] = {}
    key_index = header.index(spec.key)
    for line, record in records:
        # A row that fails validation still defines its key, so other files referring to it do not
        # get a second, misleading "unknown id" error.
        if key_index < len(record):
            parsed.keys.add(record[key_index].strip())
        if len(record) != len(header):
            errors.append(f"{name}:{line}: (row): {len(record)} cells, the header has {len(header)}")
            continue
        values = {col: _cell(spec, col, raw) for col, raw in zip(header, record, strict=True) if raw.strip()}
        # An empty cell means "unknown": None where the column is nullable, else the model's default
        # applies (or pydantic reports the required column).
        values.update({col: None for col in spec.nullable_required if col not in values})
        try:
            item = spec.model.model_validate(values)
        except ValidationError as exc:
            for err in exc.errors():
                column = str(err["loc"][0]) if err["loc"] else "(row)"
                errors.append(f"{name}:{line}: {column}: {err['msg']}")
            continue
        url_problem = _check_urls(getattr(item, "source_url"))  # noqa: B009 - `spec.model` is any row model; each has the column
        if url_problem:
            errors.append(f"{name}:{line}: source_url: {url_problem}")
            continue
        key = getattr(item, spec.key)
        if key in seen:
            errors.append(f"{name}:{line}: {spec.key}: duplicate {key!r} (first on line {seen[key]})")
            continue
        seen[key] = line
        parsed.rows.append(Row(line, item))
    return parsed


def _cross_check(parsed: dict[str, _Parsed], errors: list[str]) -> None:
    """References between files: stacks named by devices, devices and quants named by benchmarks."""
    stack_ids = parsed["serving_stacks"].keys
    quant_names = {name.upper() for name in parsed["quant_formats"].keys}
    hardware_ids = parsed["hardware"].keys
    kinds = {row.item.id: row.item.kind for row in parsed["hardware"].rows}  # type: ignore[attr-defined]
    for row in parsed["serving_stacks"].rows:
        served: ServingStack = row.item  # type: ignore[assignment]
        for entry in served.format_devices:
            fmt, _, device_id = entry.partition("@")
            if not fmt or not device_id:
                errors.append(f"serving_stacks.csv:{row.line}: format_devices: {entry!r} is not FORMAT@hardware_id")
            elif parsed["hardware"].readable and device_id not in hardware_ids:
                errors.append(f"serving_stacks.csv:{row.line}: format_devices: unknown hardware id {device_id!r}")
    for row in parsed["hardware"].rows:
        device: Hardware = row.item  # type: ignore[assignment]
        for stack in device.software_stacks:
            if parsed["serving_stacks"].readable and stack not in stack_ids:
                errors.append(f"hardware.csv:{row.line}: software_stacks: unknown stack id {stack!r}")
    for row in parsed["benchmarks"].rows:
        bench: Benchmark = row.item  # type: ignore[assignment]
        if bench.hardware_id is not None:
            if parsed["hardware"].readable and bench.hardware_id not in hardware_ids:
                errors.append(f"benchmarks.csv:{row.line}: hardware_id: unknown hardware id {bench.hardware_id!r}")
            elif bench.hardware_id in kinds and kinds[bench.hardware_id] != bench.kind:
                errors.append(
                    f"benchmarks.csv:{row.line}: kind: {bench.kind!r} but hardware "
                    f"{bench.hardware_id!r} is {kinds[bench.hardware_id]!r}"
                )
        if parsed["quant_formats"].readable and bench.quant.upper() not in quant_names:
            errors.append(f"benchmarks.csv:{row.line}: quant: unknown quant format {bench.quant!r}")
    for row in parsed["cloud_gpu_prices"].rows:
        price: CloudGpuPrice = row.item  # type: ignore[assignment]
        if parsed["hardware"].readable and price.hardware_id not in hardware_ids:
            errors.append(f"cloud_gpu_prices.csv:{row.line}: hardware_id: unknown hardware id {price.hardware_id!r}")
    for row in parsed["api_prices"].rows:
        api: ApiPrice = row.item  # type: ignore[assignment]
        if api.api_model is None and api.params_b is None and (api.params_min_b is None or api.params_max_b is None):
            errors.append(f"api_prices.csv:{row.line}: params_b: give params_b, both params_min_b and params_max_b, or api_model")
    for row in parsed.get("power_modes", _Parsed([], set())).rows:
        mode: PowerMode = row.item  # type: ignore[assignment]
        if parsed["hardware"].readable and mode.hardware_id not in hardware_ids:
            errors.append(f"power_modes.csv:{row.line}: hardware_id: unknown hardware id {mode.hardware_id!r}")
    for row in parsed.get("laptop_configs", _Parsed([], set())).rows:
        config: LaptopConfig = row.item  # type: ignore[assignment]
        if parsed["hardware"].readable and config.hardware_id not in hardware_ids:
            errors.append(f"laptop_configs.csv:{row.line}: hardware_id: unknown hardware id {config.hardware_id!r}")
        elif config.price_usd is not None and not config.price_basis:
            errors.append(f"laptop_configs.csv:{row.line}: price_basis: a price needs its basis")
    for row in parsed.get("accelerator_sheets", _Parsed([], set())).rows:
        sheet: AcceleratorSheet = row.item  # type: ignore[assignment]
        if parsed["hardware"].readable and sheet.hardware_id not in hardware_ids:
            errors.append(f"accelerator_sheets.csv:{row.line}: hardware_id: unknown hardware id {sheet.hardware_id!r}")
        elif (sheet.price_low_usd is None) != (sheet.price_high_usd is None):
            errors.append(f"accelerator_sheets.csv:{row.line}: price_low_usd: give both ends of a price range or neither")
        elif sheet.price_range is not None and not sheet.price_range_basis:
            errors.append(f"accelerator_sheets.csv:{row.line}: price_range_basis: a price range needs its basis")
        elif sheet.price_range is not None and sheet.price_range_evidence is None:
            errors.append(f"accelerator_sheets.csv:{row.line}: price_range_evidence: a price range needs the kind of "
                          "evidence it rests on (reported_deal, distributor_listing, cloud_back_computed, estimate)")
        elif sheet.price_range is not None and sheet.price_range[0] > sheet.price_range[1]:
            errors.append(f"accelerator_sheets.csv:{row.line}: price_low_usd: low end above the high end")
    benchmark_ids = parsed["benchmarks"].keys
    for row in parsed.get("benchmark_provenance", _Parsed([], set())).rows:
        note: BenchmarkProvenance = row.item  # type: ignore[assignment]
        if parsed["benchmarks"].readable and str(note.row_id) not in benchmark_ids:
            errors.append(f"benchmark_provenance.csv:{row.line}: row_id: unknown benchmark row {note.row_id}")
    counts = {bench.item.row_id: bench.item.device_count for bench in parsed["benchmarks"].rows}  # type: ignore[attr-defined]
    for row in parsed.get("benchmark_layouts", _Parsed([], set())).rows:
        layout: BenchmarkLayout = row.item  # type: ignore[assignment]
        if parsed["benchmarks"].readable and str(layout.row_id) not in benchmark_ids:
            errors.append(f"benchmark_layouts.csv:{row.line}: row_id: unknown benchmark row {layout.row_id}")
        elif layout.row_id in counts and layout.tensor_parallel > counts[layout.row_id]:
            errors.append(f"benchmark_layouts.csv:{row.line}: tensor_parallel: {layout.tensor_parallel} devices per "
                          f"model copy but benchmark row {layout.row_id} ran on {counts[layout.row_id]}")


def _read_calibration(data_dir: Path, errors: list[str]) -> CalibrationParams:
    path = data_dir / CALIBRATION_FILE
    if not path.is_file():
        return CalibrationParams()
    if path.stat().st_size > MAX_FILE_BYTES:
        errors.append(f"{CALIBRATION_FILE}: (file): past the {MAX_FILE_BYTES // 2**20} MiB limit for a data file")
        return CalibrationParams()
    try:
        return CalibrationParams.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        for err in exc.errors():
            where = ".".join(str(part) for part in err["loc"]) or "(file)"
            errors.append(f"{CALIBRATION_FILE}: {where}: {err['msg']}")
        return CalibrationParams()


def read_dir(data_dir: Path) -> LoadedData:
    """Read and validate a data directory; raise `DataError` listing every problem found."""
    if not data_dir.is_dir():
        raise DataError([f"{data_dir}: not a directory"])
    errors: list[str] = []
    parsed = {spec.table: _parse_file(spec, data_dir / spec.file, errors) for spec in TABLES}
    _cross_check(parsed, errors)
    calibration = _read_calibration(data_dir, errors)
    if errors:
        raise DataError(errors)
    return LoadedData(
        data_version=data_version(data_dir),
        rows={table: tuple(result.rows) for table, result in parsed.items()},
        calibration=calibration,
    )


def validate_dir(path: Path) -> list[str]:
    """Every problem in a data directory as `file:line: column: reason` (empty when it is valid)."""
    try:
        read_dir(path)
    except DataError as exc:
        return exc.errors
    return []


__all__ = [
    "MAX_FILE_BYTES",
    "TABLES",
    "LoadedData",
    "Row",
    "TableSpec",
    "data_version",
    "default_data_dir",
    "read_dir",
    "validate_dir",
]
