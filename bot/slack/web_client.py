"""The Slack Web API client every part of the app uses, with slack_sdk's retry handlers installed.

Without them `WebClient` retries only a failed connection (once): a 429 from Slack's rate limiter
would lose the reply, and the apology posted after it would get 429 too. Retried here:

- 429 `ratelimited`: after the `Retry-After` seconds Slack sends (`RateLimitErrorRetryHandler`);
- 500 / 503 from Slack: with slack_sdk's backoff (`ServerErrorRetryHandler`);
- a connection that fails or resets: with backoff (`ConnectionErrorRetryHandler`), except for a
  call that creates a message (`POSTING_METHODS`): a reset after Slack accepted the post would
  double it, so the turn runner looks the thread up for its marker before posting again.

The handlers share one attempt counter per call, so `MAX_ATTEMPTS` bounds the retries of a call
whatever their mix. A call waits out its retries on its caller's thread: the turn runner gives each
conversation its own (`bot/slack/workers.py`), so a 429 with `Retry-After: 20` delays that
conversation only.

Courtesy calls (status, title: `courtesy_retry_handlers`) are worth no wait: they retry a 429 only
when Slack asks for a second or less, and nothing else, since a status shown 20 s late is wrong by then.
"""

from __future__ import annotations

from slack_sdk import WebClient
from slack_sdk.http_retry import RetryHandler
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
    ServerErrorRetryHandler,
)
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState

SLACK_API_DEFAULT = "https://slack.com/api/"
# Calls that create a message: not replayed blindly after a lost connection (Slack may have taken them).
# files.completeUploadExternal shares an upload into a thread (bot/slack/file_upload.py reads the thread instead).
POSTING_METHODS = ("chat.postMessage", "chat.startStream", "files.completeUploadExternal")
# Retries of one call, all reasons together (slack_sdk counts attempts per call, not per handler).
MAX_RETRIES = 4
# Slack's Web API answers in well under a second; 30 s (slack_sdk's default) bounds a hung call.
TIMEOUT_S = 30
# The longest Retry-After a courtesy call (status, title) waits out; beyond it the call is skipped.
COURTESY_MAX_WAIT_S = 1


def api_base_url(url: str | None) -> str:
    """The Web API base URL with the trailing slash `WebClient` needs (it joins method names onto it)."""
    return (url or SLACK_API_DEFAULT).rstrip("/") + "/"


class _IdempotentConnectionRetries(ConnectionErrorRetryHandler):
    """Connection errors retried, except on calls that create a message (the caller checks the thread)."""

    def _can_retry(self, *, state: RetryState, request: HttpRequest, response: HttpResponse | None = None,
                   error: Exception | None = None) -> bool:
        if request.url.rstrip("/").endswith(POSTING_METHODS):
            return False
        return super()._can_retry(state=state, request=request, response=response, error=error)


class _ShortRateLimitRetries(RateLimitErrorRetryHandler):
    """A 429 retried only when its `Retry-After` is at most `max_wait_s` (absent or unreadable: not retried)."""

    def __init__(self, max_wait_s: float, max_retry_count: int = 1) -> None:
        super().__init__(max_retry_count=max_retry_count)
        self.max_wait_s = max_wait_s

    def _can_retry(self, *, state: RetryState, request: HttpRequest, response: HttpResponse | None = None,
                   error: Exception | None = None) -> bool:
        if response is None or response.status_code != 429:
            return False
        values = next((v for k, v in response.headers.items() if k.lower() == "retry-after"), None)
        try:
            return int(values[0]) <= self.max_wait_s if values else False
        except ValueError:  # slack_sdk's handler would raise on it: an HTTP date, a fraction
            return False


def courtesy_retry_handlers() -> list[RetryHandler]:
    """Retries for status and title calls: a 429 asking for at most `COURTESY_MAX_WAIT_S`, once; nothing else."""
    return [_ShortRateLimitRetries(COURTESY_MAX_WAIT_S)]


def retry_handlers() -> list[RetryHandler]:
    return [
        RateLimitErrorRetryHandler(max_retry_count=MAX_RETRIES),
        ServerErrorRetryHandler(max_retry_count=MAX_RETRIES),
        _IdempotentConnectionRetries(max_retry_count=MAX_RETRIES),
    ]


def with_retries(client: WebClient) -> WebClient:
    """`client` with the three retry handlers (those it already has of the same kinds are replaced)."""
    kinds = (RateLimitErrorRetryHandler, ServerErrorRetryHandler, ConnectionErrorRetryHandler)
    client.retry_handlers = [h for h in client.retry_handlers if not isinstance(h, kinds)] + retry_handlers()
    return client


def slack_web_client(token: str | None, api_url: str | None) -> WebClient:
    """A `WebClient` for the bot token at `api_url` (default Slack's), with the retry handlers."""
    return with_retries(WebClient(token=token, base_url=api_base_url(api_url), timeout=TIMEOUT_S))


__all__ = ["COURTESY_MAX_WAIT_S", "MAX_RETRIES", "POSTING_METHODS", "SLACK_API_DEFAULT", "api_base_url",
           "courtesy_retry_handlers", "retry_handlers", "slack_web_client", "with_retries"]
