"""Entry point of the `siliconsult` console script.

Each subcommand lives in its own module and is registered here. `main()` is the only place that
turns a `SiliconsultError` into a one-line message and an exit code: a user never sees a traceback.
"""

from __future__ import annotations

import sys

import typer

from estimator.errors import ConfigError, SiliconsultError

app = typer.Typer(
    name="siliconsult",
    help="Siliconsult: which hardware to buy for serving your language model.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    # Imported here, not at module top, so `siliconsult --help` stays fast and nothing heavy loads.
    from bot.cli import chat, estimate, eval_cmd, kb, report, slack, tco

    app.add_typer(kb.app, name="kb")
    app.command("estimate")(estimate.estimate_command)
    app.command("tco", context_settings=tco.TCO_CONTEXT_SETTINGS)(tco.tco_command)
    app.command("chat")(chat.chat_command)
    app.command("eval")(eval_cmd.eval_command)
    app.command("slack")(slack.slack_command)
    app.command("report")(report.report_command)


_register()


def main(argv: list[str] | None = None) -> None:
    try:
        app(args=argv, standalone_mode=True)
    except ConfigError as exc:
        print(f"error: {exc.user_message}", file=sys.stderr)
        sys.exit(2)
    except SiliconsultError as exc:
        print(f"error: {exc.user_message}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
