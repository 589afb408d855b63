"""Time `recommend(workload, catalog)` over the whole shipped catalog (target: <= 50 ms per call).

Every call enumerates all devices × serving stacks and sizes counts 1–16, so the figure covers the
full search. Scenarios are seed 1's tiers, seed 2's accelerator and GPU cases, and a worst case
where nothing meets the budget (no pruning). Prints median and p95 wall time and the median CPU time
per call (the machine is shared: CPU time is what the call itself costs), the load average, and the
primary option; `--json` for a machine-readable line.

    .venv/bin/python scripts/bench_recommend.py [--repeat 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estimator.advice.recommend import recommend  # noqa: E402
from estimator.workload import Workload  # noqa: E402

SCENARIOS: dict[str, Workload] = {
    "personal 3.8B": Workload(deployment_scale="personal", model_params_b=3.8),
    "team 15 users": Workload(total_users=15, model_params_b=7),
    "department 200": Workload(concurrent_users=200, model_params_b=7),
    "organization 800": Workload(total_users=800, model_params_b=7),
    "accelerator case": Workload(concurrent_users=300, model_params_b=7, model_stability="stable",
                                 power_budget_w=1500),
    "gpu case": Workload(concurrent_users=50, model_params_b=7, model_stability="frequent_changes",
                         mixed_training=True),
    "nothing fits the budget": Workload(concurrent_users=200, model_params_b=14, budget_usd=2000),
    # Model shapes and deployments beyond one server.
    "gpt-oss-120b 40 users": Workload(model_id="gpt-oss-120b", concurrent_users=40),
    "DeepSeek-R1 100 users": Workload(model_id="deepseek-v3", concurrent_users=100),
    "70B 400 users 16k": Workload(model_params_b=70, concurrent_users=400, context_length=16_384,
                                  ttft_target_ms=3000),
    "70B 1000 users": Workload(model_params_b=70, concurrent_users=1000),
}


def _catalog():
    from bot.settings import Settings
    from bot.wiring import load_catalog

    return load_catalog(Settings())


def run(repeat: int) -> dict[str, dict[str, float | str]]:
    catalog = _catalog()
    start = time.perf_counter()
    recommend(SCENARIOS["team 15 users"], catalog)  # the first call also builds the estimator's catalog index
    results: dict[str, dict[str, float | str]] = {
        "first call (cold index)": {"median_ms": round((time.perf_counter() - start) * 1000, 1)},
    }
    for name, workload in SCENARIOS.items():
        times, cpu = [], []
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            rec = recommend(workload, catalog)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        times.sort()
        primary = rec.primary
        results[name] = {
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            "cpu_median_ms": round(statistics.median(cpu), 1),
            "primary": f"{primary.count} × {primary.hardware_id}" if primary else "none",
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = run(args.repeat)
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load_average_1min": load, "scenarios": results}))
        return
    print(f"load average (1 min): {load:.2f} on {os.cpu_count()} cores")
    print(f"{'scenario':26} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>7}  primary")
    for name, row in results.items():
        print(f"{name:26} {row['median_ms']:>10} {row.get('p95_ms', ''):>8} {row.get('cpu_median_ms', ''):>7}  "
              f"{row.get('primary', '')}")


if __name__ == "__main__":
    main()
