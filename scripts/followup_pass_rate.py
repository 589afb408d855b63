"""Per-follow-up pass rate of a scenario run: `siliconsult eval --scenarios DIR --json | followup_pass_rate.py DIR`.

A scenario passes or fails whole; a thread's figure is its follow-ups, each judged on the reply to it (the
runner prefixes their failures "followup N:"). `--summary` prints only the totals (for a held-out split)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="the scenario directory the run was made on")
    parser.add_argument("--summary", action="store_true", help="print only the totals (for a held-out split)")
    args = parser.parse_args(argv)
    directory, summary = args.directory, args.summary
    if not directory.is_dir():
        parser.error(f"{directory} is not a directory")
    counts = {}
    for path in directory.glob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        counts[doc["id"]] = len(doc.get("followups") or [])
    run = json.load(sys.stdin)
    total = passed = first_ok = 0
    lines = []
    for scenario in run["scenarios"]:
        failed = {int(m.group(1)) for f in scenario["failures"] if (m := re.match(r"followup (\d+):", f))}
        first_ok += not any(not f.startswith("followup ") for f in scenario["failures"])
        total += counts[scenario["id"]]
        passed += counts[scenario["id"]] - len(failed)
        if scenario["failures"]:
            lines.append(f"{scenario['id']}: " + " | ".join(scenario["failures"]))
    print(f"follow-ups {passed}/{total} pass; first turns {first_ok}/{len(run['scenarios'])}")
    if not summary:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
