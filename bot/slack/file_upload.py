"""Files into a Slack thread through Slack's external upload flow, shared at most once.

Slack retired `files.upload` (https://api.slack.com/changelog/2024-04-a-better-way-to-upload-files-is-here-to-stay);
an upload is three steps now:

1. `files.getUploadURLExternal` with the file's name and length in bytes: an `upload_url` and a `file_id`
   (https://docs.slack.dev/reference/methods/files.getUploadURLExternal);
2. the bytes POSTed to that URL (raw bytes are accepted; HTTP 200 means received);
3. `files.completeUploadExternal` with the file ids, `channel_id` and `thread_ts`: the one call that
   shares the files into the thread (https://docs.slack.dev/reference/methods/files.completeUploadExternal).

Steps 1 and 2 share nothing and may be repeated. Step 3 posts, so it is never replayed blindly
(`web_client.POSTING_METHODS`): after a reset or timeout, the thread is read for the file, and only a
file that is not there counts as not shared. Failures raise `UploadFailed` with a closed reason the
caller words; nothing here writes to the user.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Literal, Protocol

import httpx
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

log = logging.getLogger(__name__)

UploadFailure = Literal["refused", "timeout"]
# Seconds for the bytes' POST when the client has no timeout of its own (slack_sdk's default is 30).
DEFAULT_TIMEOUT_S = 30.0


class UploadFile(Protocol):
    """What is uploaded: `bot.slack.turns.ChartFile` has these three."""

    @property
    def filename(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def content(self) -> bytes: ...


class UploadFailed(Exception):
    """The files did not reach the thread: Slack said no (`refused`) or did not answer in time (`timeout`)."""

    def __init__(self, reason: UploadFailure, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason: UploadFailure = reason
        self.detail = detail


def _failure(error: Exception) -> UploadFailed:
    """A Web API or HTTP failure as a reason and a few words (Slack's error code), never the request."""
    if isinstance(error, SlackApiError):
        return UploadFailed("refused", f"Slack said {error.response.get('error')!r}")
    if isinstance(error, httpx.HTTPStatusError):
        return UploadFailed("refused", f"the upload URL answered HTTP {error.response.status_code}")
    return UploadFailed("timeout", type(error).__name__)


def _send_bytes(url: str, content: bytes, timeout_s: float) -> None:
    """Step 2: the bytes POSTed to the upload URL Slack gave."""
    response = httpx.post(url, content=content, headers={"Content-Type": "application/octet-stream"}, timeout=timeout_s)
    response.raise_for_status()


def _shared_in_thread(client: WebClient, channel_id: str, thread_ts: str, file_ids: set[str]) -> bool:
    """Whether a message of the thread already carries these files (step 3 landed despite a lost answer)."""
    try:
        replies = client.conversations_replies(channel=channel_id, ts=thread_ts, limit=200)
    except Exception as error:  # noqa: BLE001 - unreadable thread: the upload is reported as failed (no repeat)
        log.warning("could not read thread %s to look for an upload: %s", thread_ts, type(error).__name__)
        return False
    messages: list[dict[str, Any]] = replies.get("messages") or []
    shared = {f.get("id") for m in messages for f in (m.get("files") or [])}
    return file_ids <= shared


def upload_to_thread(client: WebClient, *, channel_id: str, thread_ts: str, files: Sequence[UploadFile],
                     comment: str) -> list[str]:
    """Upload `files` and share them in the thread under `comment`; return their file ids.

    Raises `UploadFailed`. Shared once at most: `files.completeUploadExternal` is sent once, and after
    a reset or timeout the thread tells whether it landed.
    """
    timeout_s = float(client.timeout or DEFAULT_TIMEOUT_S)
    uploaded: list[dict[str, str | None]] = []  # slack_sdk's type for `files`
    try:
        for file in files:
            answer = client.files_getUploadURLExternal(filename=file.filename, length=len(file.content))
            _send_bytes(str(answer["upload_url"]), file.content, timeout_s)
            uploaded.append({"id": str(answer["file_id"]), "title": file.title})
    except Exception as error:  # noqa: BLE001 - nothing is shared yet; the caller says so once
        raise _failure(error) from error
    try:
        client.files_completeUploadExternal(files=uploaded, channel_id=channel_id, thread_ts=thread_ts,
                                            initial_comment=comment)
    except Exception as error:  # noqa: BLE001 - the thread decides whether the share landed
        failure = _failure(error)
        ids = {str(f["id"]) for f in uploaded}
        if failure.reason == "timeout" and _shared_in_thread(client, channel_id, thread_ts, ids):
            log.warning("the upload into %s landed despite %s; not sharing again", thread_ts, failure.detail)
            return sorted(ids)
        raise failure from error
    return [str(f["id"]) for f in uploaded]


__all__ = ["UploadFailed", "UploadFailure", "UploadFile", "upload_to_thread"]
