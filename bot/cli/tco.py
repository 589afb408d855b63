"""`siliconsult tco`: total cost of ownership of one option (issue 4)."""


def tco_command() -> None:
    """Total cost of ownership (not implemented yet)."""
    raise SystemExit("not implemented yet")
