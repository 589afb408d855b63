"""Time `recommend(workload, catalog)` over the whole shipped catalog (target: <= 50 ms per call).

Every call enumerates all devices × serving stacks and sizes counts 1–16, so the figure covers the
full search. Scenarios are seed 1's tiers, seed 2's accelerator and GPU cases, and a worst case
where nothing meets the budget (no pruning). Prints median and p95 per scenario; `--json` for a
machine-readable line.

    .venv/bin/python scripts/bench_recommend.py [--repeat 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estimator.recommend import recommend  # noqa: E402
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
}


def _catalog():
    from bot.settings import Settings
    from knowledge import open_store

    settings = Settings()
    store = open_store(settings.ensure_home(), settings.data_dir)
    try:
        return store.catalog()
    finally:
        store.close()


def run(repeat: int) -> dict[str, dict[str, float]]:
    catalog = _catalog()
    recommend(SCENARIOS["team 15 users"], catalog)  # warm the estimator's catalog index once
    results: dict[str, dict[str, float]] = {}
    for name, workload in SCENARIOS.items():
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            rec = recommend(workload, catalog)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        primary = rec.primary
        results[name] = {
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            "primary": f"{primary.count} × {primary.hardware_id}" if primary else "none",
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = run(args.repeat)
    if args.json:
        print(json.dumps(results))
        return
    print(f"{'scenario':26} {'median ms':>10} {'p95 ms':>8}  primary")
    for name, row in results.items():
        print(f"{name:26} {row['median_ms']:>10} {row['p95_ms']:>8}  {row['primary']}")


if __name__ == "__main__":
    main()
