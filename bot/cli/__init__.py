"""The `siliconsult` command line: one typer app, noun-grouped subcommands (kb, estimate, tco, chat, eval, slack)."""
