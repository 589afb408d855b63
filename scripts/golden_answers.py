"""Dump every deterministic answer the product gives on its own question sets, to prove a change kept them.

A speed-up of the estimator must not change one answer. This script drives the engine the way
`siliconsult eval --llm none` does (shipped catalog, in-memory checkpointer, throw-away home) through
every eval scenario, both halves of the capex trial and the `bench_turns.py` conversations, and writes
each turn's reply text, intent, asked slot, facts and the whole recommendation (`model_dump`), keyed by a
stable name (no random thread ids), so two runs diff line by line:

    .venv/bin/python scripts/golden_answers.py /tmp/golden-main.json
    .venv/bin/python scripts/golden_answers.py /tmp/golden-branch.json --against /tmp/golden-main.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


class Recorder:
    """The engine, with every turn's answer written down under the name of the current question."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.label = ""
        self.turns: dict[str, list[dict[str, Any]]] = {}

    def handle(self, thread_id: str, text: str) -> Any:
        reply = self.engine.handle(thread_id, text)
        rec = reply.recommendation
        self.turns.setdefault(self.label, []).append({
            "user": text,
            "text": reply.text,
            "intent": reply.intent,
            "asked_slot": reply.asked_slot,
            "done": reply.done,
            "changes": reply.changes,
            "slots": json.loads(json.dumps(reply.slots, default=str)),
            "primary": None if rec is None or rec.primary is None else {
                "hardware_id": rec.primary.hardware_id, "count": rec.primary.count, "capex_usd": rec.primary.capex_usd},
            "recommendation": None if rec is None else rec.model_dump(mode="json"),
        })
        return reply


def capture() -> dict[str, list[dict[str, Any]]]:
    from bench_turns import CONVERSATIONS
    from langgraph.checkpoint.memory import InMemorySaver

    from bot.settings import Settings
    from bot.wiring import build_engine
    from evals.capex_trial import TRIAL_SPLITS, load_questions, run_question, trial_path
    from evals.runner import run_scenario
    from evals.scenario import default_scenario_dir, load_scenarios

    with tempfile.TemporaryDirectory(prefix="siliconsult-golden-") as home:
        engine = build_engine(Settings(home=Path(home), llm="none"), llm=None, checkpointer=InMemorySaver())
        try:
            recorder = Recorder(engine)
            for scenario in load_scenarios(default_scenario_dir()):
                recorder.label = f"eval/{scenario.id}"
                run_scenario(recorder, scenario, "golden")
            for split in TRIAL_SPLITS:
                for question in load_questions(trial_path(split)):
                    recorder.label = f"capex/{split}/{question.id}"
                    run_question(recorder, question, "golden")
            for number, conversation in enumerate(CONVERSATIONS):
                recorder.label = f"bench_turns/{number}"
                for _kind, text in conversation:
                    recorder.handle(f"golden-bench-{number}", text)
            return recorder.turns
        finally:
            engine.close()


def differences(old: dict[str, list[dict[str, Any]]], new: dict[str, list[dict[str, Any]]]) -> list[str]:
    """One line per question whose turns differ (or that only one run has)."""
    lines = [f"{name}: only in one run" for name in sorted(set(old) ^ set(new))]
    for name in sorted(set(old) & set(new)):
        if old[name] != new[name]:
            first = next((i for i, (a, b) in enumerate(zip(old[name], new[name], strict=False)) if a != b), None)
            lines.append(f"{name}: turn {first} differs" if first is not None else f"{name}: turn counts differ")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="where to write the answers (JSON)")
    parser.add_argument("--against", type=Path, help="an earlier dump: exit 1 and list the questions that differ")
    args = parser.parse_args()
    turns = capture()
    args.out.write_text(json.dumps(turns, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{sum(len(t) for t in turns.values())} turns over {len(turns)} questions → {args.out}")
    if args.against is None:
        return 0
    diff = differences(json.loads(args.against.read_text(encoding="utf-8")), turns)
    print("\n".join(diff) if diff else f"identical to {args.against}")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
