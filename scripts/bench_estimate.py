"""Benchmark the estimator: batch requests per second and the ranker's full sweep.

    .venv/bin/python scripts/bench_estimate.py [--requests 20000] [--repeat 3]

Measures, on the shipped catalog:
1. `run_batch` in process: JSONL lines → JSON result lines (parse, validate, estimate, serialize);
2. `siliconsult estimate --batch FILE` end to end in a subprocess (process start and store load included);
3. the recommendation ranker's sweep: `estimate` for every device × count 1–16 × (llama.cpp, vLLM,
   TensorRT-LLM), first call on a fresh catalog index and again warm.
Prints the best of `--repeat` runs by wall clock and by CPU time (the machine is shared: under load
the wall clock measures the neighbours too), and the load average. Targets: ≥ 5,000 requests/s for
the batch, ≤ 50 ms for the sweep.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.cli.estimate import run_batch
from estimator.catalog import Catalog
from estimator.physics.catalog_index import _INDEXES
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from knowledge.testing import memory_catalog

SWEEP_BACKENDS = ("llama.cpp", "vllm", "trt-llm")


def request_lines(catalog: Catalog, n: int, seed: int = 7) -> list[str]:
    """`n` varied, valid batch lines over the catalog's devices (fixed seed: comparable runs)."""
    rng = random.Random(seed)
    ids = [h.id for h in catalog.hardware]
    return [
        json.dumps({
            "hardware": rng.choice(ids), "count": rng.choice([1, 2, 4, 8]),
            "params_b": rng.choice([1.5, 3, 7, 8, 14, 32, 70]), "quant": rng.choice(["Q4_K_M", "Q8_0", "FP16", "FP8"]),
            "backend": rng.choice([None, "llama.cpp", "vllm"]), "concurrency": rng.choice([1, 4, 16, 64]),
            "prompt_tokens": rng.choice([256, 1000, 4000]), "output_tokens": rng.choice([128, 300]),
        })
        for _ in range(n)
    ]


def bench_in_process(catalog: Catalog, lines: list[str], repeat: int) -> tuple[float, float]:
    """(requests/s by wall clock, requests per CPU second), best of `repeat`."""
    wall = cpu = 0.0
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        produced = sum(1 for _ in run_batch(lines, catalog))
        wall = max(wall, produced / (time.perf_counter() - started))
        cpu = max(cpu, produced / (time.process_time() - started_cpu))
    return wall, cpu


def bench_cli(lines: list[str]) -> tuple[float, float, float]:
    """(requests/s, seconds, CPU seconds) of `siliconsult estimate --batch`, process start included."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requests.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        env = os.environ | {"SILICONSULT_HOME": str(Path(tmp) / "home")}
        command = [sys.executable, "-m", "bot.cli.main", "estimate", "--batch", str(path)]
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)  # builds the store once
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return len(lines) / seconds, seconds, cpu


def sweep_requests(catalog: Catalog) -> list[EstimateRequest]:
    return [
        EstimateRequest(hardware=h.id, count=count, params_b=7.0, quant="Q4_K_M", backend=backend,
                        concurrency=50, prompt_tokens=1000, output_tokens=300)
        for h in catalog.hardware for count in range(1, 17) for backend in SWEEP_BACKENDS
    ]


def bench_sweep(catalog: Catalog, repeat: int) -> tuple[int, float, float, float]:
    """(calls, cold ms, warm ms, warm CPU ms) of the ranker's sweep; cold = fresh catalog index."""
    requests = sweep_requests(catalog)
    cold = warm = warm_cpu = float("inf")
    for _ in range(repeat):
        _INDEXES.clear()
        started = time.perf_counter()
        for request in requests:
            estimate(request, catalog)
        cold = min(cold, (time.perf_counter() - started) * 1000)
        started, started_cpu = time.perf_counter(), time.process_time()
        for request in requests:
            estimate(request, catalog)
        warm = min(warm, (time.perf_counter() - started) * 1000)
        warm_cpu = min(warm_cpu, (time.process_time() - started_cpu) * 1000)
    return len(requests), cold, warm, warm_cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the estimator.")
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    catalog = memory_catalog()
    lines = request_lines(catalog, args.requests)
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    rate, cpu_rate = bench_in_process(catalog, lines, args.repeat)
    print(f"batch in process: {rate:,.0f} requests/s wall, {cpu_rate:,.0f} per CPU second "
          f"(best of {args.repeat}, {args.requests:,} requests)")
    cli_rate, seconds, cpu_seconds = bench_cli(lines)
    print(f"batch via CLI:    {cli_rate:,.0f} requests/s wall ({seconds:.2f} s, {cpu_seconds:.2f} CPU s for "
          f"{args.requests:,}, process start and store load included)")
    calls, cold, warm, warm_cpu = bench_sweep(catalog, args.repeat)
    print(f"ranker sweep:     {calls:,} estimates in {cold:.1f} ms cold, {warm:.1f} ms warm ({warm_cpu:.1f} CPU ms)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
