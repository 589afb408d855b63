"""`siliconsult chat`: the terminal conversation (issue 5)."""


def chat_command() -> None:
    """Chat with the assistant (not implemented yet)."""
    raise SystemExit("not implemented yet")
