"""`siliconsult eval`: scenario evals and the estimator accuracy report.

A thin adapter: loads the scenarios, builds one engine for the whole run in a throw-away
SILICONSULT_HOME (so an eval never touches the user's conversations), runs the suite with a progress
bar, then prints the summary table or the JSON document and writes the markdown report. Exit 1 if
any scenario fails.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bot.errors import ConfigError
from bot.settings import Settings
from evals.trial_splits import TRIAL_SPLITS

if TYPE_CHECKING:
    from bot.llm.base import LanguageModel
    from bot.llm.stats import LLMCounters
    from evals.runner import ScenarioResult, SuiteResult


def _run_estimator_report(report_dir: Path, json_out: bool) -> int:
    try:
        from evals.estimator_accuracy import main as accuracy_main
    except ModuleNotFoundError as exc:
        raise ConfigError("The estimator accuracy report is not available in this build (evals.estimator_accuracy).") from exc
    from bot.wiring import load_catalog

    catalog = load_catalog(Settings())
    # The refits take minutes: a bar on stderr (transient; nothing when stderr is not a terminal).
    with _progress(Console(stderr=True), "eval --estimator") as progress:
        task = progress.add_task("leave-one-device-out refits", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return accuracy_main(report_dir, json_out, catalog, on_device=advance)


def _build_engine(settings: Settings, model: Any) -> Any:
    """The composition root's engine (catalog loaded once for the run); tests replace this function.

    Conversation state lives in memory: each scenario is a fresh thread that nobody resumes, and the
    SQLite saver's per-turn sync write would more than double the suite's time.
    """
    from langgraph.checkpoint.memory import InMemorySaver

    from bot.wiring import build_engine

    return build_engine(settings, llm=model, checkpointer=InMemorySaver())


def _llm_counters(model: LanguageModel | None) -> LLMCounters | None:
    """The SLM's counters for this run (guard pass rate, latency), without the raw latency list."""
    if model is None:
        return None
    from bot.llm.stats import stats_for

    return stats_for(model.name).counters()


def _progress(console: Console, name: str = "eval") -> Progress:
    return Progress(
        TextColumn(f"[bold]{name}[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )


def run_eval(
    scenario_dir: Path | None, llm_spec: str | None, only: list[str] | None, console: Console
) -> SuiteResult:
    """Load scenarios, build the engine once, run the suite."""
    from bot.llm.factory import load_model
    from bot.llm.stats import reset_stats
    from evals.runner import run_suite
    from evals.scenario import default_scenario_dir, load_scenarios

    scenarios = load_scenarios(scenario_dir or default_scenario_dir(), only=only or None)
    spec = llm_spec or Settings().llm
    with tempfile.TemporaryDirectory(prefix="siliconsult-eval-") as home:
        settings = Settings(home=Path(home), llm=spec)
        model = load_model(spec, timeout_s=settings.llm_timeout_s)
        if model is not None:
            reset_stats(model.name)
        engine = _build_engine(settings, model)
        try:
            with _progress(console) as progress:
                task = progress.add_task("", total=len(scenarios))

                def advance(result: ScenarioResult) -> None:
                    progress.update(task, advance=1, description=f"{result.id}: {result.status}")

                return run_suite(engine, scenarios, llm=spec, on_done=advance, llm_stats=lambda: _llm_counters(model))
        finally:
            close = getattr(engine, "close", None)
            if close is not None:
                close()


def run_reading_eval(llm_spec: str | None, splits: list[str]) -> dict[str, Any]:
    """Score the reading set through the conversation's reading step with the model `llm_spec`."""
    from bot.llm.factory import load_model
    from bot.llm.stats import reset_stats
    from bot.nodes import Deps, Nodes, model_helpers
    from bot.wiring import open_knowledge, store_model_lookup
    from estimator.advice.recommend import recommend
    from evals.reading_eval import load_cases, nodes_reader, run_reading

    spec = llm_spec or Settings().llm
    unknown = [s for s in splits if s not in ("dev", "heldout")]
    if unknown:
        raise ConfigError(f"--split {unknown[0]!r} is not a split of the reading set: use dev or heldout.")
    cases = load_cases(splits)
    with tempfile.TemporaryDirectory(prefix="siliconsult-reading-") as home:
        settings = Settings(home=Path(home), llm=spec)
        model = load_model(spec, timeout_s=settings.llm_timeout_s)
        if model is not None:
            reset_stats(model.name)
        store = open_knowledge(settings)
        try:
            catalog = store.catalog()
            extract, _phrase = model_helpers(model, reading_timeout_s=settings.llm_reading_timeout_s)
            nodes = Nodes(Deps(catalog=catalog, recommend=recommend, find_model=store_model_lookup(store, catalog),
                               extract=extract))
            reader = nodes_reader(nodes)
            results: dict[str, Any] = {"llm": spec, "splits": {}}
            for split, split_cases in cases.items():
                summary, scores = run_reading(reader, split_cases)
                results["splits"][split] = {
                    **summary,
                    "cases": [{"id": s.id, "wrong": s.wrong, "missed": s.missed} for s in scores if s.wrong or s.missed],
                }
            results["model_counters"] = _llm_counters(model)
            return results
        finally:
            store.close()
            close = getattr(model, "close", None)
            if close is not None:
                close()


def run_capex_trial(llm_spec: str | None, split: bool | str, console: Console) -> dict[str, Any]:
    """The capex-vs-expert trial (evals/capex_trial.py) on one split (dev, held_out, held_out_2; True / False
    for held_out / dev), one engine for the run."""
    from bot.llm.factory import load_model
    from evals.capex_trial import format_report, load_questions, run_question, summarize, trial_path

    name = ("held_out" if split else "dev") if isinstance(split, bool) else split
    questions = load_questions(trial_path(name))
    spec = llm_spec or Settings().llm
    with tempfile.TemporaryDirectory(prefix="siliconsult-capex-trial-") as home:
        settings = Settings(home=Path(home), llm=spec)
        engine = _build_engine(settings, load_model(spec, timeout_s=settings.llm_timeout_s))
        try:
            with _progress(console, "eval --capex-trial") as progress:
                task = progress.add_task("", total=len(questions))
                results = []
                for question in questions:
                    results.append(run_question(engine, question, "cli"))
                    progress.update(task, advance=1, description=question.id)
        finally:
            close = getattr(engine, "close", None)
            if close is not None:
                close()
    summary = summarize(results)
    return {"split": name, "llm": spec, "summary": summary,
            "questions": [r.model_dump() for r in results], "report": format_report(results, summary)}


def _capex_trial_split(held_out: bool, split: list[str] | None) -> str:
    """`--held-out` is the first held-out file; `--split NAME` names any trial split. Bad names exit with a message."""
    names = [*(split or []), *(["held_out"] if held_out else [])]
    names = ["held_out" if name == "heldout" else name for name in names]
    if len(set(names)) > 1 or any(name not in TRIAL_SPLITS for name in names):
        typer.echo(f"--capex-trial takes one split: {', '.join(TRIAL_SPLITS)} (got {', '.join(names)})", err=True)
        raise typer.Exit(2)
    return names[0] if names else "dev"


def _reading_table(results: dict[str, Any]) -> Any:
    from rich.table import Table

    table = Table(title=f"Reading eval, --llm {results['llm']}")
    for column in ("split", "language", "messages", "facts", "right", "wrong", "missed", "p50 ms", "p95 ms"):
        table.add_column(column, justify="left" if column in ("split", "language") else "right")
    for split, result in results["splits"].items():
        rows = [*result["by_language"].items(), ("all", result["total"])]
        for lang, totals in rows:
            latency = (f"{result['latency_ms_p50']:.0f}", f"{result['latency_ms_p95']:.0f}") if lang == "all" else ("", "")
            table.add_row(split, lang, str(totals["messages"]), str(totals["expected"]), str(totals["right"]),
                          str(totals["wrong"]), str(totals["missed"]), *latency)
    return table


def eval_command(
    scenarios: Annotated[
        Path | None, typer.Option("--scenarios", help="Directory of scenario *.yaml files (default: the bundled suite).")
    ] = None,
    llm: Annotated[
        str | None,
        typer.Option("--llm", help="none | bundled | PATH.gguf | http://… (default: SILICONSULT_LLM, else none)."),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON document instead of the table.")] = False,
    report: Annotated[Path | None, typer.Option("--report", help="Write a markdown report to FILE.")] = None,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Run only the scenario with this id (repeatable).")
    ] = None,
    estimator: Annotated[
        bool, typer.Option("--estimator", help="Run the estimator accuracy report instead of the scenarios.")
    ] = False,
    report_dir: Annotated[
        Path, typer.Option("--report-dir", help="Where --estimator writes its report and charts.")
    ] = Path("reports"),
    reading: Annotated[
        bool, typer.Option("--reading", help="Score fact reading on the reading set (right / wrong / missed per language).")
    ] = False,
    split: Annotated[
        list[str] | None, typer.Option("--split", help="With --reading: dev or heldout (repeatable; default both). With --capex-trial: one of "
                                 f"{', '.join(TRIAL_SPLITS)} (the files in evals/capex_trial/).")
    ] = None,
    details: Annotated[
        bool, typer.Option("--details", help="With --reading: list each message's wrong and missed facts.")
    ] = False,
    capex_trial: Annotated[
        bool, typer.Option("--capex-trial", help="Run the capex-vs-expert trial (evals/capex_trial/) instead.")
    ] = False,
    held_out: Annotated[
        bool, typer.Option("--held-out", help="With --capex-trial: the held-out questions instead of dev.")
    ] = False,
) -> None:
    """Run the scripted scenario suite through the assistant; exit 1 if any scenario fails."""
    if estimator:
        raise typer.Exit(_run_estimator_report(report_dir, json_out))
    if capex_trial:
        trial_split = _capex_trial_split(held_out, split)
        trial = run_capex_trial(llm, trial_split, Console(stderr=True))
        typer.echo(json.dumps({k: v for k, v in trial.items() if k != "report"}, ensure_ascii=False, indent=2)
                   if json_out else trial["report"])
        raise typer.Exit(0)
    if reading:
        results = run_reading_eval(llm, split or ["dev", "heldout"])
        if json_out:
            typer.echo(json.dumps(results, ensure_ascii=False, indent=2))
        else:
            Console().print(_reading_table(results))
            for name, result in results["splits"].items():
                for case in result["cases"] if details else []:
                    typer.echo(f"{name} {case['id']}: wrong {case['wrong']} missed {case['missed']}")
        raise typer.Exit(0)
    from evals.report import failure_lines, markdown_report, suite_json, summary_table

    err_console = Console(stderr=True)
    result = run_eval(scenarios, llm, only, err_console)
    if report is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(markdown_report(result), encoding="utf-8")
    if json_out:
        typer.echo(json.dumps(suite_json(result), ensure_ascii=False, indent=2))
    else:
        Console().print(summary_table(result))
        for line in failure_lines(result):
            typer.echo(line)
    raise typer.Exit(1 if result.failed else 0)


__all__ = ["eval_command", "run_capex_trial", "run_eval", "run_reading_eval"]
