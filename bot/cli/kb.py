"""`siliconsult kb …`: browse and validate the knowledge store (issue 2)."""

import typer

app = typer.Typer(help="Browse and validate the hardware/benchmark knowledge store.", no_args_is_help=True)
