"""One typed settings object, read from the environment once in the composition root and passed down.

Every field falls back to the env var `SILICONSULT_<FIELD>` (Slack ones use Slack's own names). All
on-disk state lives under `home`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.errors import ConfigError

# A turn that calls the model answers within 1.5 s (p95, 2 cores). The reading gets this much of it; the
# rest is for the parse before it and the tools after (a deterministic turn's p95 is ~50 ms), so a reading
# that runs to its deadline still lands the turn inside the 1.5 s.
READING_BUDGET_S = 1.4

# Fields read from the environment under a name of their own, not SILICONSULT_<FIELD>.
_ENV_NAMES = {"slack_bot_token": "SLACK_BOT_TOKEN", "slack_app_token": "SLACK_APP_TOKEN",
              "slack_signing_secret": "SLACK_SIGNING_SECRET", "slack_api_url": "SLACK_API_URL"}


def _setting_problems(exc: ValidationError) -> str:
    """One clause per bad setting, named as the user set it ("SILICONSULT_LLM_TIMEOUT_S='abc': Input should be a
    valid number"); a secret's value is never echoed."""
    parts = []
    for error in exc.errors():
        field = str(error["loc"][0]) if error["loc"] else "setting"
        name = _ENV_NAMES.get(field, f"SILICONSULT_{field.upper()}")
        shown = "" if "token" in field or "secret" in field else f"={error.get('input')!r}"
        parts.append(f"{name}{shown}: {error['msg']}")
    return "; ".join(parts)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SILICONSULT_", extra="ignore")

    home: Path = Field(default_factory=lambda: Path.home() / ".siliconsult")
    # No model by default: on this project's 2-core machine the bundled model's reading missed the
    # 1.5 s turn budget (README, "The language model"); `--llm bundled` is one flag away.
    llm: str = "none"
    llm_timeout_s: float = 20.0
    # The model's reading job waits at most this long per turn; then the parser's facts stand.
    llm_reading_timeout_s: float = READING_BUDGET_S
    # The model rewords questions and headlines only when asked to (behind the grounding guard):
    # the templates word every reply by default.
    llm_phrasing: bool = False
    state_url: str | None = None
    data_dir: Path | None = None
    slack_bot_token: SecretStr | None = Field(default=None, validation_alias=AliasChoices("SLACK_BOT_TOKEN"))
    slack_app_token: SecretStr | None = Field(default=None, validation_alias=AliasChoices("SLACK_APP_TOKEN"))
    slack_signing_secret: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("SLACK_SIGNING_SECRET")
    )
    slack_api_url: str | None = Field(default=None, validation_alias=AliasChoices("SLACK_API_URL"))
    # On SIGTERM the Slack app lets the turns in flight finish for this long, then hands the rest back to
    # the inbox (the next start answers them). Under Kubernetes' default 30 s grace period, with room to exit.
    slack_drain_s: float = 25.0
    # Replies in channel threads stream too (with their plan), not only in DMs. Off by default for now:
    # a channel's readers see the plan and the text grow; DMs stream either way.
    slack_stream_threads: bool = False
    # On a shared PostgreSQL inbox, an unfinished entry is another replica's for this long after its claim; past it,
    # a running replica takes it over (its owner died). Longer than any turn takes.
    slack_lease_s: float = Field(default=120.0, gt=0)
    # The HTTP front's connections per client address (of 256 in all): behind a reverse proxy, where every
    # connection comes from the proxy, set it to 256.
    slack_max_connections_per_address: int = Field(default=64, ge=1)

    def __init__(self, **values: Any) -> None:
        # A mistyped environment variable is a usage error in one line (exit 2), never a pydantic traceback.
        try:
            super().__init__(**values)
        except ValidationError as exc:
            raise ConfigError(f"bad setting: {_setting_problems(exc)}") from None

    def ensure_home(self) -> Path:
        self.home.mkdir(parents=True, exist_ok=True)
        return self.home


__all__ = ["Settings"]
