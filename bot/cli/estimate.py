"""`siliconsult estimate`: throughput and memory estimate for one device (issue 3)."""


def estimate_command() -> None:
    """Estimate decode/prefill speed, TTFT and memory fit (not implemented yet)."""
    raise SystemExit("not implemented yet")
