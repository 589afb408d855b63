"""Entry point of the `siliconsult` console script.

Each subcommand lives in its own module and is registered here. `main()` is the only place that
turns a `SiliconsultError` into a one-line message and an exit code: a user never sees a traceback.
"""

from __future__ import annotations

import sys

import typer

from bot.errors import ConfigError
from bot.version import package_version
from bot.wording.worded import error_text
from estimator.errors import InvalidRequest, SiliconsultError

app = typer.Typer(
    name="siliconsult",
    help="Siliconsult: which hardware to buy for serving your language model.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Click's plain help: a flag is shown as a flag (rich help labelled `--json <bool>`, which reads as
    # if it took a value), and piped help has no box drawing.
    rich_markup_mode=None,
    # -h as well as --help, on every subcommand.
    context_settings={"help_option_names": ["-h", "--help"]},
)



def _print_version(value: bool) -> None:
    if value:
        print(f"siliconsult {package_version()}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", "-V", is_eager=True, callback=_print_version,
                                 help="Print the version and exit."),
) -> None:
    """Siliconsult: which hardware to buy for serving your language model."""


def _register() -> None:
    # Imported here, not at module top, so `siliconsult --help` stays fast and nothing heavy loads.
    from bot.cli import chat, estimate, eval_cmd, kb, mcp_cmd, report, slack, tco

    app.add_typer(kb.app, name="kb")
    app.command("estimate")(estimate.estimate_command)
    app.command("tco", context_settings=tco.TCO_CONTEXT_SETTINGS)(tco.tco_command)
    app.command("chat")(chat.chat_command)
    app.command("eval")(eval_cmd.eval_command)
    app.command("slack")(slack.slack_command)
    app.command("report")(report.report_command)
    app.command("mcp")(mcp_cmd.mcp_command)


_register()


def main(argv: list[str] | None = None) -> None:
    try:
        app(args=argv, standalone_mode=True)
    except (ConfigError, InvalidRequest) as exc:  # usage errors: a bad flag, value or setting exits 2, as click's own
        print(f"error: {error_text(exc)}", file=sys.stderr)
        sys.exit(2)
    except SiliconsultError as exc:
        print(f"error: {error_text(exc)}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
