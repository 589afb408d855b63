"""The one door to the knowledge database: `KnowledgeStore(conn)` answers intent-named questions with models.

Callers never see SQL, cursors or DuckDB types. `open_store(home)` builds the store file under `home`
when it is missing or stale (data or schema changed), then loads it read-only into an in-memory
connection: the catalog is small, and holding no handle on the file means concurrent chat processes
never block or see a half-written store.
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

import duckdb
from pydantic import BaseModel

from estimator.catalog import (
    AcceleratorSheet,
    ApiPrice,
    Benchmark,
    BenchmarkLayout,
    BenchmarkProvenance,
    CalibrationParams,
    Catalog,
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
from knowledge.build import STORE_FILE, build_file, schema_version
from knowledge.errors import DataError
from knowledge.loader import data_version, default_data_dir, read_dir

M = TypeVar("M", bound=BaseModel)

# Letter-digit boundaries and separators split a model name into tokens, so "Llama-3-8B", "llama3 8b"
# and "LLAMA 3 8B" all become "llama 3 8b".
_SEPARATORS = re.compile(r"[^a-z0-9.]+|(?<=[a-z])(?=[0-9])")
# Suffixes that name a variant of the same architecture, ignored when nothing matches with them.
_VARIANT_WORDS = {"instruct", "chat", "it", "hf", "base", "gguf"}
# Words that, said right after a known name, name a different (usually smaller or wider) model of the
# family: "glm-4.6-air" is not GLM-4.6 (355B), "phi-4-multimodal" not Phi-4. A name the catalog lacks is
# asked about, never sized as its neighbour (issue rule: no reply sizes a model the catalog does not know).
SIBLING_MODEL_WORDS = frozenset({"air", "flash", "mini", "nano", "micro", "tiny", "lite", "multimodal", "omni"})


def _sibling_follows(padded: str, key: str) -> bool:
    """Whether every mention of `key` in `padded` is followed by a word naming a sibling model."""
    starts = [i for i in range(len(padded)) if padded.startswith(key, i)]
    return all(padded[i + len(key):].split(" ", 1)[0] in SIBLING_MODEL_WORDS for i in starts)


def model_key(text: str) -> str:
    """Canonical form of a model name for matching: lowercase tokens joined by single spaces."""
    tokens = [token.strip(".") for token in _SEPARATORS.split(text.lower())]
    return " ".join(token for token in tokens if token)


class KnowledgeStore:
    """Typed queries over one DuckDB connection holding the knowledge tables."""

    def __init__(self, conn: duckdb.DuckDBPyConnection) -> None:
        self._conn = conn

    def close(self) -> None:
        self._conn.close()

    def _query(self, sql: str, params: list[object] | None = None) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Column names and rows. Each call uses its own cursor, so threads may share one store."""
        cursor = self._conn.cursor()
        try:
            cursor.execute(sql, params or [])
            return [desc[0] for desc in cursor.description], cursor.fetchall()
        finally:
            cursor.close()

    def _select(self, model: type[M], table: str, where: str = "", params: list[object] | None = None) -> list[M]:
        columns = ", ".join(model.model_fields)
        sql = f"SELECT {columns} FROM {table} {where} ORDER BY position"
        names, rows = self._query(sql, params)
        return [model.model_validate(dict(zip(names, values, strict=True))) for values in rows]

    def hardware(self, kind: str | None = None) -> list[Hardware]:
        """Every device, or those of one kind (cpu, gpu, npu, soc, accel), in catalog order."""
        if kind is None:
            return self._select(Hardware, "hardware")
        return self._select(Hardware, "hardware", "WHERE kind = ?", [kind])

    def get_hardware(self, hardware_id: str) -> Hardware | None:
        found = self._select(Hardware, "hardware", "WHERE id = ?", [hardware_id])
        return found[0] if found else None

    def models(self) -> list[ModelArch]:
        return self._select(ModelArch, "models")

    def find_model(self, text: str) -> ModelArch | None:
        """The model named by `text` (id, name or alias; case- and separator-insensitive).

        Tries an exact match, then the same without variant words ("instruct", "chat", …), then the
        longest known name contained in the text on token boundaries ("our Llama 3 8B fine-tune").
        """
        known = self._model_keys
        wanted = model_key(text)
        stripped = " ".join(token for token in wanted.split() if token not in _VARIANT_WORDS)
        for candidate in (wanted, stripped):
            exact = [model for key, model in known if key == candidate]
            if exact:
                return exact[0]
        padded = f" {wanted} "
        contained = [(len(key), model) for key, model in known
                     if f" {key} " in padded and not _sibling_follows(padded, f" {key} ")]
        return max(contained, key=lambda pair: pair[0])[1] if contained else None

    def checkpoint_named(self, text: str, model: ModelArch) -> str | None:
        """The Hugging Face repo of the checkpoint of `model` that `text` names (the longest of its names said on
        token boundaries: "deepseek-r1-0528" over "deepseek-r1"); None when the row lists no checkpoints or none is said."""
        padded = f" {model_key(text)} "
        said = [(len(key), repo) for name, repo in model.checkpoint_names.items()
                if (key := model_key(name)) and f" {key} " in padded and not _sibling_follows(padded, f" {key} ")]
        return max(said)[1] if said else None

    def benchmarks(self, hardware_id: str | None = None, metric: str | None = None) -> list[Benchmark]:
        """Measured rows, optionally for one device id and/or one metric (tg, pp, total_tps)."""
        clauses: list[str] = []
        params: list[object] = []
        if hardware_id is not None:
            clauses.append("hardware_id = ?")
            params.append(hardware_id)
        if metric is not None:
            clauses.append("metric = ?")
            params.append(metric)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        return self._select(Benchmark, "benchmarks", where, params)

    def stacks(self) -> list[ServingStack]:
        return self._select(ServingStack, "serving_stacks")

    def quant_formats(self) -> list[QuantFormat]:
        return self._select(QuantFormat, "quant_formats")

    def cloud_gpu_prices(self, hardware_id: str | None = None) -> list[CloudGpuPrice]:
        """Public GPU rental prices, optionally for one device id, in file order."""
        if hardware_id is None:
            return self._select(CloudGpuPrice, "cloud_gpu_prices")
        params: list[object] = [hardware_id]
        return self._select(CloudGpuPrice, "cloud_gpu_prices", "WHERE hardware_id = ?", params)

    def api_prices(self) -> list[ApiPrice]:
        """Hosted-API token prices for open models, in file order."""
        return self._select(ApiPrice, "api_prices")

    def power_modes(self, hardware_id: str | None = None) -> list[PowerMode]:
        """Configurable power modes (migration 005), optionally of one device."""
        if hardware_id is None:
            return self._select(PowerMode, "power_modes")
        return self._select(PowerMode, "power_modes", "WHERE hardware_id = ?", [hardware_id])

    def laptop_configs(self) -> list[LaptopConfig]:
        """Laptops sold with a catalog chip, by memory size (migration 033), in file order."""
        return self._select(LaptopConfig, "laptop_configs")

    def host_chassis(self) -> list[HostChassis]:
        """Servers cards go into, with their GPU slots (migration 035), in file order."""
        return self._select(HostChassis, "host_chassis")

    def market_availability(self) -> list[MarketAvailability]:
        """Which devices a buyer in a market can buy, by device or maker (migration 038), in file order."""
        return self._select(MarketAvailability, "market_availability")

    def benchmark_provenance(self) -> list[BenchmarkProvenance]:
        """Run dates and source-established exclusions of benchmark rows (migration 011), in file order."""
        return self._select(BenchmarkProvenance, "benchmark_provenance")

    def accelerator_sheets(self) -> list[AcceleratorSheet]:
        """Accelerators' SRAM, price ranges and stack behaviour (migration 015), in file order."""
        return self._select(AcceleratorSheet, "accelerator_sheets")

    def benchmark_layouts(self) -> list[BenchmarkLayout]:
        """The parallel layouts benchmark rows' sources state (migration 009), in file order."""
        return self._select(BenchmarkLayout, "benchmark_layouts")

    def fx_rates(self) -> list[FxRate]:
        """Dated exchange rates, units per US dollar (migration 036), in file order."""
        return self._select(FxRate, "fx_rates")

    def request_shapes(self) -> list[RequestShape]:
        """Classes of work's typical requests (migration 036), in file order."""
        return self._select(RequestShape, "request_shapes")

    def data_version(self) -> str:
        _, rows = self._query("SELECT value FROM meta WHERE key = 'data_version'")
        return rows[0][0] if rows else "unknown"

    def applied_migrations(self) -> list[int]:
        """Numbers of the schema migrations this store was built with, in order."""
        _, rows = self._query("SELECT version FROM schema_migrations ORDER BY version")
        return [row[0] for row in rows]

    def calibration(self) -> CalibrationParams:
        _, rows = self._query("SELECT params_json FROM calibration")
        return CalibrationParams.model_validate_json(rows[0][0]) if rows else CalibrationParams()

    @cached_property
    def _catalog(self) -> Catalog:
        return Catalog(
            data_version=self.data_version(),
            hardware=tuple(self.hardware()),
            models=tuple(self.models()),
            benchmarks=tuple(self.benchmarks()),
            stacks=tuple(self.stacks()),
            quant_formats=tuple(self.quant_formats()),
            calibration=self.calibration(),
            cloud_gpu_prices=tuple(self.cloud_gpu_prices()),
            api_prices=tuple(self.api_prices()),
            power_modes=tuple(self.power_modes()),
            benchmark_provenance=tuple(self.benchmark_provenance()),
            benchmark_layouts=tuple(self.benchmark_layouts()),
            accelerator_sheets=tuple(self.accelerator_sheets()),
            laptop_configs=tuple(self.laptop_configs()),
            fx_rates=tuple(self.fx_rates()),
            request_shapes=tuple(self.request_shapes()),
            host_chassis=tuple(self.host_chassis()),
            market_availability=tuple(self.market_availability()),
        )

    def catalog(self) -> Catalog:
        """Everything in one immutable value (built once per store instance)."""
        return self._catalog

    @cached_property
    def _model_keys(self) -> list[tuple[str, ModelArch]]:
        # The catalog's models are the table's rows in the same order; matching names is asked on turns that
        # name a model, and re-reading the table and re-keying every name cost ~5 ms of such a turn.
        return [(key, model) for model in self.catalog().models for key in _keys(model)]


def _keys(model: ModelArch) -> set[str]:
    return {model_key(name) for name in (model.id, model.name, *model.aliases)}


def _load_read_only(path: Path, expected: tuple[str, int] | None) -> duckdb.DuckDBPyConnection | None:
    """Copy a store file into a fresh in-memory database through a read-only attach.

    With `expected` = (data_version, schema_version), a missing, unreadable or stale file gives None
    (the caller rebuilds it); the version check and the copy share one attach.
    """
    if not path.is_file():
        return None
    conn = duckdb.connect(":memory:")
    try:
        conn.execute("ATTACH ? AS stored (READ_ONLY)", [str(path)])
        if expected is not None:
            meta = dict(conn.execute("SELECT key, value FROM stored.meta").fetchall())
            if (meta.get("data_version"), meta.get("schema_version")) != (expected[0], str(expected[1])):
                conn.close()
                return None
        conn.execute("COPY FROM DATABASE stored TO memory")
        conn.execute("DETACH stored")
    except duckdb.Error:
        conn.close()
        if expected is not None:
            return None  # a damaged file is rebuilt like a stale one
        raise
    return conn


def open_store(home: Path, data_dir: Path | None = None) -> KnowledgeStore:
    """Open the store under `home`, building it first if it is missing or its data/schema changed.

    Raises `DataError` (listing every problem) when the data must be (re)built and does not
    validate; the previous store file is then left as it was.
    """
    data_dir = data_dir or default_data_dir()
    target = home / STORE_FILE
    conn = _load_read_only(target, (data_version(data_dir), schema_version()))
    if conn is None:
        build_file(read_dir(data_dir), target)
        try:
            # No version check here: a concurrent process may have renamed its own (equally complete)
            # build over ours in the meantime.
            conn = _load_read_only(target, None)
        except duckdb.Error as exc:
            raise DataError([f"{target}: the knowledge store cannot be read ({exc}); delete it to rebuild"]) from exc
    if conn is None:
        raise DataError([f"{target}: the knowledge store disappeared while opening; try again"])
    return KnowledgeStore(conn)


__all__ = ["KnowledgeStore", "model_key", "open_store"]
