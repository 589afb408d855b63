"""One-off import of the 2026-12 reference rows into knowledge/data (kept to document each mapping).

Reads ../shared/reference/{measured_benchmarks,hardware_specs}_2026-12.csv and appends the checked
rows to knowledge/data/benchmarks.csv and hardware.csv. Every mapping decision is written into the
row's note, so the data file itself says what was changed from the reference and why:

- metrics: `tg_per_user` rows are not imported (the source's t/s column is t/s/u x batch, so the
  `total_tps` row of the same run carries the same fact); `tokens_per_s_as_published` at
  concurrency 1 is `tg`, at concurrency 8 `total_tps` (8 users cannot each decode 2.5-4x faster
  than one user alone, so the figure can only be the aggregate).
- concurrency cells that are not one integer (sweep maxima, MLPerf scenarios) become empty.
- quant: the catalog's names (AWQ / W4A16 -> INT4; unstated dtypes only where the checkpoint and
  the engine's default fix it, and the note says "inferred").
- sparse vendor FP4 figures are halved into the dense column, as the reference's own rules ask.

Run once: `.venv/bin/python scripts/import_reference_2026_12.py` (refuses to run twice).
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "knowledge" / "data"
REFERENCE = ROOT.parent.parent / "shared" / "reference"

TT_QUANT_NOTE = (
    "quant: the README table does not state it; tt_transformers demos run in 'performance' mode, which "
    "per models/tt_transformers/PERF.md uses bfp4 MLP and bfp8 attention weights (BFP4 recorded: the MLP "
    "holds most weights; PERF.md is marked deprecated)"
)
TT_QWEN7B_QUANT_NOTE = (
    "quant: per models/tt_transformers/PERF.md Qwen-2.5-7B runs bfp8 MLP and bf16 attention weights "
    "(BFP8 recorded; PERF.md is marked deprecated)"
)
TT_PERF_URL = "https://github.com/tenstorrent/tt-metal/blob/main/models/tt_transformers/PERF.md"


def _bench_mapping(ref: dict[str, str]) -> dict[str, str] | None:
    """The catalog row for one reference row, or None when it is not imported."""
    row = dict(ref)
    notes = [row["source_note"]]
    metric = row["metric"]
    if metric == "tg_per_user":
        return None
    if row["model"].startswith("Qwen3-Coder-Next"):
        # params_b is required and the source part read does not state it; concurrency unknown too.
        return None
    if metric == "tokens_per_s_as_published":
        if row["concurrency"] == "1":
            row["metric"] = "tg"
            notes.append("siliconsult: concurrency 1, so the published tokens/s is single-stream decode (tg)")
        else:
            row["metric"] = "total_tps"
            notes.append(
                "siliconsult: recorded as aggregate total_tps: 8 users cannot each decode 2.5-4x faster than "
                "one user alone (the concurrency-1 figure), so the published tokens/s is the sum"
            )
    concurrency = row["concurrency"].strip()
    if concurrency and not concurrency.isdigit():
        notes.append(f"siliconsult: concurrency as published '{concurrency}' (not one figure) -> empty")
        row["concurrency"] = ""
    quant = row["quant"]
    if row["backend"] == "tt-metal":
        qwen7b = row["model"].startswith("Qwen 2.5 7B")
        row["quant"] = "BFP8" if qwen7b else "BFP4"
        notes.append(TT_QWEN7B_QUANT_NOTE if qwen7b else TT_QUANT_NOTE)
        row["source_url"] = f"{row['source_url']} ; {TT_PERF_URL}"
    elif quant.startswith(("AWQ 4-bit", "W4A16")):
        row["quant"] = "INT4"
        notes.append(f"siliconsult: quant as published '{quant}' (4-bit weights, 16-bit activations) -> INT4")
    elif quant == "unstated" and row["backend"] == "vllm" and "Mistral 7B" in row["model"]:
        row["quant"] = "BF16"
        notes.append(
            "siliconsult: quant inferred, not stated: vLLM's default dtype 'auto' takes the checkpoint's "
            "torch_dtype (bfloat16 for Mistral-7B-Instruct-v0.3)"
        )
    elif quant.startswith("unstated (FP8 checkpoint)"):
        row["quant"] = "FP8"
        notes.append("siliconsult: quant inferred, not stated: DeepSeek-R1 is published as an FP8 checkpoint")
    _map_device(row, notes)
    row["source_note"] = " ; ".join(notes)
    return row


def _map_device(row: dict[str, str], notes: list[str]) -> None:
    """Systems built from catalog cards: count the cards the catalog row describes."""
    label = row["hardware_label"]
    if label.startswith("Tenstorrent QuietBox (Wormhole)"):
        # The reference counted ASICs (8); the catalog's n300 row is one card with two ASICs.
        row["device_count"] = "4"
        notes.append("siliconsult: device_count 4 = four n300 cards (the catalog's n300 row is a 2-ASIC card)")
    elif label.startswith("Tenstorrent QuietBox (Blackhole)"):
        row["hardware_id"] = "tenstorrent-quietbox-blackhole"
        row["device_count"] = "1"
        notes.append("siliconsult: linked to the QuietBox (Blackhole) system row (4 Blackhole cards)")
    elif label.startswith("Tenstorrent Galaxy"):
        row["hardware_id"] = "tenstorrent-wormhole-n150"
        notes.append(
            "siliconsult: linked per ASIC to the n150 row (one Wormhole ASIC, 12 GB); Galaxy's mesh "
            "interconnect differs from n150 cards"
        )


def _halve_sparse(value: str, notes: list[str], column: str) -> str:
    text = value.strip()
    if not text:
        return ""
    number = text.split()[0]
    if "sparse" in text:
        dense = float(number) / 2
        notes.append(f"siliconsult: {column} as published '{text}' -> dense {dense:g} (sparse/2)")
        return f"{dense:g}"
    if "(" in text:
        notes.append(f"siliconsult: {column} as published '{text}' (sparsity not stated) -> left empty")
        return ""
    return number


def _hardware_mapping(ref: dict[str, str], stack_kinds: dict[str, set[str]]) -> dict[str, str]:
    row = dict(ref)
    notes = [row["notes"]] if row["notes"] else []
    row["fp4_tflops"] = _halve_sparse(row["fp4_tflops"], notes, "fp4_tflops")
    if row["id"] == "nvidia-jetson-agx-thor" and row["fp4_tflops"]:
        notes.append("siliconsult: fp4 2070 kept as published (sparsity not stated in the sources read)")
    kept = [s for s in row["software_stacks"].split(";") if s]
    dropped = [s for s in kept if row["kind"] not in stack_kinds[s]]
    if dropped:
        notes.append(
            f"siliconsult: stacks {', '.join(dropped)} dropped: the catalog's stack rows do not list "
            f"{row['kind']} devices"
        )
    row["software_stacks"] = ";".join(s for s in kept if s not in dropped)
    if not row["price_usd"]:
        row["price_is_estimate"] = ""
    row["notes"] = " ; ".join(notes)
    return row


def _append(path: Path, header: list[str], rows: list[dict[str, str]]) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=header, lineterminator="\n")
    writer.writerows(rows)
    with path.open("a", encoding="utf-8", newline="") as fh:
        fh.write(buffer.getvalue())


def main() -> int:
    bench_path, hw_path = DATA / "benchmarks.csv", DATA / "hardware.csv"
    with bench_path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        bench_header = list(reader.fieldnames or [])
        existing = list(reader)
    if any("jetson-generative-ai-playground" in row["source_url"] for row in existing):
        print("already imported", file=sys.stderr)
        return 1
    with hw_path.open(encoding="utf-8", newline="") as fh:
        hw_header = list(csv.DictReader(fh).fieldnames or [])
    with (DATA / "serving_stacks.csv").open(encoding="utf-8", newline="") as fh:
        stack_kinds = {row["id"]: set(row["hardware_kinds"].split(";")) for row in csv.DictReader(fh)}

    with (REFERENCE / "hardware_specs_2026-12.csv").open(encoding="utf-8", newline="") as fh:
        hardware = [_hardware_mapping(row, stack_kinds) for row in csv.DictReader(fh)]
    with (REFERENCE / "measured_benchmarks_2026-12.csv").open(encoding="utf-8", newline="") as fh:
        mapped = [_bench_mapping(row) for row in csv.DictReader(fh)]
    next_id = max(int(row["row_id"]) for row in existing) + 1
    benchmarks = []
    for row in (m for m in mapped if m is not None):
        row["row_id"] = str(next_id)
        next_id += 1
        benchmarks.append({column: row.get(column, "") for column in bench_header})
    if "fp4_tflops" not in hw_header:
        raise SystemExit("hardware.csv has no fp4_tflops column yet: add it first")
    _append(hw_path, hw_header, [{column: row.get(column, "") for column in hw_header} for row in hardware])
    _append(bench_path, bench_header, benchmarks)
    print(f"appended {len(hardware)} devices and {len(benchmarks)} benchmark rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
