"""Run the scenario suite without a model and with one, and compare them reply by reply.

    python scripts/compare_llm_replies.py --llm bundled [--only ID ...] [--json]

A reply is worse with the model when its scenario fails with the model but passes without, or when
fewer of the scenario's expected facts are read; every other reply that differs is listed for a
reader to judge (phrasing, when turned on, changes wording without changing facts). Exit 1 when any
scenario is worse.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cli.eval_cmd import run_eval  # noqa: E402
from evals.runner import ScenarioResult, SuiteResult  # noqa: E402


def compare(baseline: SuiteResult, candidate: SuiteResult) -> dict[str, Any]:
    """Scenarios made worse by the model, and each differing reply (scenario, turn, both texts)."""
    by_id: dict[str, ScenarioResult] = {s.id: s for s in baseline.scenarios}
    worse, differing = [], []
    for scenario in candidate.scenarios:
        before = by_id.get(scenario.id)
        if before is None:
            continue
        if (before.passed and not scenario.passed) or scenario.slots_matched < before.slots_matched:
            worse.append({"id": scenario.id, "failures": scenario.failures,
                          "slots_matched": [before.slots_matched, scenario.slots_matched]})
        for turn, (old, new) in enumerate(zip(before.transcript, scenario.transcript, strict=False)):
            if old.bot != new.bot:
                diff = "\n".join(difflib.unified_diff(old.bot.splitlines(), new.bot.splitlines(), lineterm="", n=0))
                differing.append({"id": scenario.id, "turn": turn, "user": old.user, "diff": diff})
    return {"scenarios": len(candidate.scenarios), "worse": worse, "differing_replies": differing}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--llm", default="bundled", help="the model to compare with --llm none")
    parser.add_argument("--only", action="append", help="a scenario id (repeatable)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    baseline = run_eval(None, "none", args.only, console)
    candidate = run_eval(None, args.llm, args.only, console)
    result = {"llm": args.llm, **compare(baseline, candidate)}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(f"{result['scenarios']} scenarios, --llm {args.llm} against --llm none: "
              f"{len(result['worse'])} worse, {len(result['differing_replies'])} replies differ")
        for item in result["worse"]:
            print(f"WORSE {item['id']}: slots matched {item['slots_matched'][0]} -> {item['slots_matched'][1]}; "
                  f"{'; '.join(item['failures'])}")
        for item in result["differing_replies"]:
            print(f"--- {item['id']} turn {item['turn']} (user: {item['user']!r})\n{item['diff']}")
    return 1 if result["worse"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
