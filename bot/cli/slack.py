"""`siliconsult slack`: the Slack app in Socket Mode or HTTP mode (issue 7)."""


def slack_command() -> None:
    """Run the Slack app (not implemented yet)."""
    raise SystemExit("not implemented yet")
