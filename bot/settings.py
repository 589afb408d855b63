"""One typed settings object, read from the environment once in the composition root and passed down.

Every field falls back to the env var `SILICONSULT_<FIELD>` (Slack ones use Slack's own names). All
on-disk state lives under `home`.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SILICONSULT_", extra="ignore")

    home: Path = Field(default_factory=lambda: Path.home() / ".siliconsult")
    # No model by default: on this project's 2-core machine the bundled model's reading missed the
    # 1.5 s turn budget (README, "The language model"); `--llm bundled` is one flag away.
    llm: str = "none"
    llm_timeout_s: float = 20.0
    # The model's reading job waits at most this long per turn; then the parser's facts stand.
    llm_reading_timeout_s: float = 1.5
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

    def ensure_home(self) -> Path:
        self.home.mkdir(parents=True, exist_ok=True)
        return self.home


__all__ = ["Settings"]
