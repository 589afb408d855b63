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
from estimator.errors import SiliconsultError

QUIT_WORDS = {"quit", "exit", ":q", "bye", "退出", "结束", "結束"}


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


def _show(console: Console, reply: Reply, json_out: bool) -> None:
    if json_out:
        print(json.dumps(reply.contract_json(), ensure_ascii=False), flush=True)
        return
    from bot.render_text import options_table

    console.print("[bold green]siliconsult>[/bold green]", end=" ")
    console.print(reply.text, highlight=False, markup=False, soft_wrap=not console.is_terminal)
    # The side-by-side table repeats the text's numbers; worth it on a real terminal only.
    if console.is_terminal and reply.recommendation is not None and reply.recommendation.primary is not None \
            and reply.intent not in ("explain_risk", "show_assumptions", "thanks", "error"):
        console.print(options_table(reply.recommendation, reply.lang))


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
    from bot.wiring import build_engine

    console = Console(stderr=json_out)
    interactive = sys.stdin.isatty()
    settings = Settings() if llm is None else Settings(llm=llm)
    try:
        with _starting(settings.llm):
            engine = build_engine(settings)
    except SiliconsultError:
        raise
    except Exception as exc:  # e.g. an unreadable state file: one line, never a traceback
        console.print(f"error: cannot start the chat ({type(exc).__name__}: {exc})", markup=False)
        raise typer.Exit(1) from exc
    with engine:
        if engine.has_thread(thread):
            # Facts from an earlier run of this thread still count (a restarted chat continues); say so,
            # or a power cap stated last week silently shapes today's answer.
            console.print(f"continuing conversation '{thread}': what was said in it before still counts; "
                          f"say \"start over\" to begin anew, or pass --thread NAME", markup=False, style="dim")
        if interactive and not json_out:
            console.print("[dim]Describe your workload; \"quit\" or Ctrl-D to leave.[/dim]")
        for text in _messages(console, interactive):
            if text.strip().lower() in QUIT_WORDS:
                break
            _show(console, engine.handle(thread, text), json_out)


__all__ = ["chat_command"]
