"""`siliconsult eval`: scenario evals and the estimator accuracy report (issues 3 and 8)."""


def eval_command() -> None:
    """Run the eval suite (not implemented yet)."""
    raise SystemExit("not implemented yet")
