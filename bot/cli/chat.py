"""`siliconsult chat`: the terminal conversation, a thin adapter around `Engine.handle`.

Interactive on a terminal (rich output, a prompt, exit on EOF or "quit"); with piped stdin each
line is one user message, and `--json` prints one `Reply.contract_json()` object per reply and
line. State persists per `--thread` under $SILICONSULT_HOME, so a restarted process continues.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console

from bot.reply import Reply
from bot.settings import Settings
from estimator.catalog import Catalog
from estimator.errors import SiliconsultError

QUIT_WORDS = {"quit", "exit", ":q", "bye", "退出", "结束", "結束"}
# On a terminal a recommendation comes as its verdict first (the memo's summary, six lines at most);
# these words print the whole answer (alternatives, risks, assumptions, plan) without a new turn.
DETAIL_WORDS = {"details", "detail", "more", "full", "详情", "详细", "詳情", "詳細"}
HINT = {"en": 'Say "details" for the full answer (alternatives, risks, assumptions, validation plan).',
        "zh-Hans": "输入“详情”查看完整回答（备选方案、风险、假设、验证计划）。",
        "zh-Hant": "輸入「詳情」查看完整回答（備選方案、風險、假設、驗證計畫）。"}
_FULL_TEXT_INTENTS = ("explain_risk", "show_assumptions", "thanks", "error")


def _messages(console: Console, interactive: bool) -> Iterator[str]:
    if not interactive:
        for line in sys.stdin:
            yield line.rstrip("\r\n")
        return
    while True:
        try:
            yield console.input("[bold cyan]you>[/bold cyan] ")
        except (EOFError, KeyboardInterrupt):
            console.print()
            return


def _verdict_first(reply: Reply, catalog: Catalog | None) -> list[str]:
    """The memo's executive summary of a reply's recommendation (what to buy, cost, what it serves, the
    buy / rent / API verdict, top risks), or [] when the reply is not a recommendation to summarize."""
    rec = reply.recommendation
    if rec is None or rec.primary is None or reply.intent in _FULL_TEXT_INTENTS or catalog is None:
        return []
    from bot.report.memo import summary_lines
    from estimator.advice.sensitivity import sensitivity
    from estimator.workload import Workload

    rows = sensitivity(Workload.model_validate(rec.workload), rec, catalog) if rec.workload else []
    return summary_lines(rec, rows, reply.lang)[:6]


def _show(console: Console, reply: Reply, json_out: bool, catalog: Catalog | None = None) -> bool:
    """Print a reply. Returns True when only its verdict was shown (the full text waits for "details")."""
    if json_out:
        print(json.dumps(reply.contract_json(), ensure_ascii=False), flush=True)
        return False
    summary = _verdict_first(reply, catalog) if console.is_terminal else []
    console.print("[bold green]siliconsult>[/bold green]", end=" ")
    if summary:
        console.print("\n".join(summary), highlight=False, markup=False)
        console.print(HINT.get(reply.lang, HINT["en"]), style="dim", highlight=False, markup=False)
        return True
    _full(console, reply)
    return False


def _full(console: Console, reply: Reply) -> None:
    from bot.wording.render_text import options_table

    console.print(reply.text, highlight=False, markup=False, soft_wrap=not console.is_terminal)
    # The side-by-side table repeats the text's numbers; worth it on a real terminal only.
    if console.is_terminal and reply.recommendation is not None and reply.recommendation.primary is not None \
            and reply.intent not in _FULL_TEXT_INTENTS:
        console.print(options_table(reply.recommendation, reply.lang))


@contextmanager
def _thinking(console: Console, active: bool) -> Iterator[None]:
    """A spinner while the language model takes its turn (a second or two), on a terminal only."""
    if not active:
        yield
        return
    with console.status("thinking…", spinner="dots"):
        yield


def _model_label(spec: str) -> str:
    """What the start-up line calls the model: "SmolLM2-135M-Instruct" for the bundled one, else the spec."""
    if spec.lower() == "bundled":
        from bot.llm.factory import BUNDLED_NAME

        return BUNDLED_NAME.split(":", 1)[-1]
    return spec


@contextmanager
def _starting(spec: str) -> Iterator[None]:
    """No blank screen on first start: a status line on stderr while the store opens and the local
    model loads (~30 s on a slow machine); it disappears once the engine is ready. Stdout stays the
    replies only, so `--json` output is unchanged."""
    status = Console(stderr=True)
    if spec.lower() == "none" or not status.is_terminal:
        if spec.lower() != "none" and not status.is_terminal:
            print(f"loading the local model ({_model_label(spec)})…", file=sys.stderr, flush=True)
        yield
        return
    with status.status(f"loading the local model ({_model_label(spec)})…", spinner="dots"):
        yield


def chat_command(
    thread: Annotated[str, typer.Option("--thread", help="Conversation id; state persists per id.")] = "terminal",
    llm: Annotated[str | None, typer.Option("--llm", help="none | bundled | PATH.gguf | http://… (default: $SILICONSULT_LLM)")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="One JSON object per reply (text, slots, recommendation, done).")] = False,
) -> None:
    """Chat with the assistant about the hardware to serve your model."""
    from bot.wiring import build_engine, open_knowledge

    console = Console(stderr=json_out)
    interactive = sys.stdin.isatty()
    settings = Settings() if llm is None else Settings(llm=llm)
    try:
        with _starting(settings.llm):
            store = open_knowledge(settings)
            catalog = store.catalog()
            try:
                # A person at a terminal reads the banner while the engine settles; piped input is a
                # short script run, where rehearsing would only add to its time.
                engine = build_engine(settings, catalog=catalog, store=store, long_running=interactive)
            except BaseException:
                store.close()
                raise
    except SiliconsultError:
        raise
    except Exception as exc:  # e.g. an unreadable state file: one line, never a traceback
        console.print(f"error: cannot start the chat ({type(exc).__name__}: {exc})", markup=False)
        raise typer.Exit(1) from exc
    try:
        with engine:
            if engine.has_thread(thread):
                # Facts from an earlier run of this thread still count (a restarted chat continues); say so,
                # or a power cap stated last week silently shapes today's answer.
                console.print(f"continuing conversation '{thread}': what was said in it before still counts; "
                              f"say \"start over\" to begin anew, or pass --thread NAME", markup=False, style="dim")
            if interactive and not json_out:
                console.print("[dim]Describe your workload; \"quit\" or Ctrl-D to leave.[/dim]")
            held: Reply | None = None  # the last reply shown as its verdict only
            model_turns = interactive and not json_out and console.is_terminal and settings.llm.lower() != "none"
            for text in _messages(console, interactive):
                if text.strip().lower() in QUIT_WORDS:
                    break
                if held is not None and text.strip().lower() in DETAIL_WORDS:
                    console.print("[bold green]siliconsult>[/bold green]", end=" ")
                    _full(console, held)
                    held = None
                    continue
                with _thinking(console, model_turns):
                    reply = engine.handle(thread, text)
                held = reply if _show(console, reply, json_out, catalog) else None
    finally:
        store.close()  # the engine was given the store, so it leaves closing it to its opener


__all__ = ["chat_command"]
