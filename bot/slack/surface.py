"""Slack's agent surface for a turn: working status, thread title, and the reply streamed where it can be.

Status and title go through the agent sessions API (`agents.sessions.setStatus` with its lifecycle
states, `agents.sessions.rename`; https://docs.slack.dev/ai/agent-sessions). A workspace or app
without it (Slack answers an error such as `unknown_method`) falls back, for that workspace, to
the assistant-thread methods (`assistant.threads.setStatus` / `setTitle`), which Slack keeps
working until the assistant view is retired; if those fail too, the turn goes on without a status.

The reply: in a DM (the Messages tab / agent view, channel ids starting with "D"), and in channel
threads when `stream_threads` is set, it streams with `chat_stream` (chat.startStream / appendStream /
stopStream): opened before the engine runs with its plan (`bot/slack/steps.py`), then the steps the engine
took, the text, and the card's blocks and the turn's marker when it stops. Where the workspace does not
offer streaming, it gets `chat.postMessage` from then on, with the same text and blocks.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Iterator
from typing import Any, cast

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.web.chat_stream import ChatStream

from bot.slack.blocks import escape, truncate
from bot.slack.steps import TASK_DISPLAY_MODE, Chunk
from bot.slack.web_client import courtesy_retry_handlers

log = logging.getLogger(__name__)

TEXT_MAX = 40_000
TITLE_MAX = 60
# Fewer, larger appends: chat.appendStream is rate limited per workspace, and the text is whole.
STREAM_BUFFER = 600
PROCESSING, ACTIVE = "processing", "active"  # agent session states used here
LEGACY_STATUS = "is thinking…"
# Status and title are courtesies: a hung call must not hold the turn's reply for the client's 30 s.
COURTESY_TIMEOUT_S = 3
# Slack's answers that mean "this workspace or token does not offer the method" (not "try later").
NOT_OFFERED = frozenset({"unknown_method", "not_allowed_token_type", "missing_scope", "no_permission",
                         "feature_not_enabled", "method_deprecated"})
LOADING_MESSAGES = ["Reading the workload…", "Running the estimator…", "Weighing the options…"]


def thread_title(text: str) -> str:
    """A thread title from the user's first message: whole words, at most `TITLE_MAX` characters."""
    words = " ".join(text.split())
    if len(words) <= TITLE_MAX:
        return words
    cut = words[: TITLE_MAX - 1].rsplit(" ", 1)[0]
    return cut + "…"


def stream_pieces(text: str, size: int = 200) -> Iterator[str]:
    """The text in pieces of about `size` characters, cut after spaces or line breaks."""
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            space = max(text.rfind(" ", start, end), text.rfind("\n", start, end))
            end = space + 1 if space > start else end
        yield text[start:end]
        start = end


class AgentSurface:
    """Per-workspace memory of which agent features Slack accepted, and the calls that use them."""

    def __init__(self, *, streaming: bool = True, stream_threads: bool = False) -> None:
        self._streaming = streaming
        self._stream_threads = stream_threads
        self._no_sessions: set[str] = set()
        self._no_streaming: set[str] = set()
        self._lock = threading.Lock()

    def _sessions(self, team_id: str) -> bool:
        with self._lock:
            return team_id not in self._no_sessions

    def _forget(self, feature: set[str], team_id: str, method: str, error: SlackApiError) -> None:
        with self._lock:
            feature.add(team_id)
        log.info("workspace %s refused %s (%s); using the fallback", team_id, method, error.response.get("error"))

    def working(self, client: WebClient, turn: Any, title: str | None = None) -> None:
        """Show that the app is working on the turn (and name a new thread)."""
        client = courtesy_client(client)
        if self._sessions(turn.team_id):
            try:
                client.agents_sessions_setStatus(channel_id=turn.channel_id, thread_ts=turn.thread_ts, status=PROCESSING,
                                                 initiator_user_id=turn.user_id, title=title)
                return
            except SlackApiError as error:
                # Only a refusal that will not change (method not offered, scope missing) moves the
                # workspace to the legacy methods; a transient failure degrades this call only.
                if error.response.get("error") in NOT_OFFERED:
                    self._forget(self._no_sessions, turn.team_id, "agents.sessions.setStatus", error)
            except Exception as error:  # noqa: BLE001 - unreachable or hung: this turn goes on without a status
                log.info("agents.sessions.setStatus failed (%s); this turn goes without a status", type(error).__name__)
                return
        _quietly(client.assistant_threads_setStatus, channel_id=turn.channel_id, thread_ts=turn.thread_ts,
                 status=LEGACY_STATUS, loading_messages=LOADING_MESSAGES)
        if title:
            _quietly(client.assistant_threads_setTitle, channel_id=turn.channel_id, thread_ts=turn.thread_ts, title=title)

    def idle(self, client: WebClient, turn: Any) -> None:
        """The turn is answered: the session waits for the user (the legacy status clears on the reply)."""
        client = courtesy_client(client)
        if self._sessions(turn.team_id):
            _quietly(client.agents_sessions_setStatus, channel_id=turn.channel_id, thread_ts=turn.thread_ts, status=ACTIVE)

    def clear_legacy_status(self, client: WebClient, turn: Any) -> None:
        """Nothing could be posted: clear the legacy status so "is thinking…" does not linger."""
        client = courtesy_client(client)
        if self._sessions(turn.team_id):
            self.idle(client, turn)
        else:
            _quietly(client.assistant_threads_setStatus, channel_id=turn.channel_id, thread_ts=turn.thread_ts, status="")

    def open_stream(self, client: WebClient, turn: Any, chunks: list[Chunk]) -> ChatStream | None:
        """Start the turn's reply as a stream showing `chunks` (its plan) while the engine works; None where it
        does not stream (the reply is then posted). A workspace that does not offer streaming is remembered;
        any other failure to start costs this turn its stream only."""
        if not self._can_stream(turn):
            return None
        stream = client.chat_stream(channel=turn.channel_id, thread_ts=turn.thread_ts, buffer_size=STREAM_BUFFER,
                                    recipient_team_id=turn.team_id, recipient_user_id=turn.user_id,
                                    task_display_mode=TASK_DISPLAY_MODE)
        try:
            stream.append(chunks=cast(list[dict[str, Any]], chunks))  # chunks flush at once: chat.startStream
        except SlackApiError as error:
            if stream.ts is None and error.response.get("error") in NOT_OFFERED:
                self._forget(self._no_streaming, turn.team_id, "chat.startStream", error)
            elif stream.ts is None:
                log.info("chat.startStream failed (%s); this turn's reply is posted", error.response.get("error"))
            return None if stream.ts is None else stream
        except Exception as error:  # noqa: BLE001 - unreachable or reset: this turn's reply is posted
            log.info("chat.startStream failed (%s); this turn's reply is posted", type(error).__name__)
            return None if stream.ts is None else stream
        return stream if stream.ts is not None else None

    def deliver(self, client: WebClient, turn: Any, text: str, blocks: list[dict[str, Any]] | None, *,
                stream_text: str | None = None, stream_blocks: list[dict[str, Any]] | None = None,
                metadata: dict[str, Any] | None = None, replace_ts: str | None = None,
                stream: ChatStream | None = None, steps: list[Chunk] | None = None) -> None:
        """Post the reply: in a DM `stream_text` streams and `stream_blocks` follow; else one chat.postMessage
        with `text` (the fallback), `blocks` and `metadata` (the turn's marker, found again after a lost answer).
        With `replace_ts` (a stream of this turn left open), that message becomes the reply instead (`replace`).
        A stream that Slack showed and then refused raises `StreamBroken` with its ts."""
        if replace_ts is not None:
            self.replace(client, turn, replace_ts, text, blocks, metadata)
            return
        if stream is not None:  # opened with its plan before the engine ran: the steps taken, then the reply
            self._finish(stream, stream_text if stream_text is not None else text,
                         stream_blocks if stream_blocks is not None else blocks, metadata, steps or [])
            return
        if self._can_stream(turn):
            try:
                self._stream(client, turn, stream_text if stream_text is not None else text,
                             stream_blocks if stream_blocks is not None else blocks, metadata)
                return
            except _NotStarted as refused:
                self._forget(self._no_streaming, turn.team_id, "chat.startStream", refused.error)
        client.chat_postMessage(channel=turn.channel_id, thread_ts=turn.thread_ts, text=_fallback(text), blocks=blocks,
                                metadata=metadata)

    def replace(self, client: WebClient, turn: Any, ts: str, text: str, blocks: list[dict[str, Any]] | None,
                metadata: dict[str, Any] | None) -> None:
        """Make the message `ts` (a stream broken off or killed mid-way) the whole reply: stop the stream if it
        is still open (Slack answers `message_not_in_streaming_state` when it already ended: fine), then put the
        reply, its blocks and the turn's marker in it with chat.update. One finished message, never a second."""
        try:
            client.chat_stopStream(channel=turn.channel_id, ts=ts)
        except SlackApiError as error:
            log.info("stopping the stream %s before replacing it: %s", ts, error.response.get("error"))
        client.chat_update(channel=turn.channel_id, ts=ts, text=_fallback(text), blocks=blocks or [],
                           metadata=metadata)

    def _can_stream(self, turn: Any) -> bool:
        with self._lock:
            return (self._streaming and (turn.channel_id.startswith("D") or self._stream_threads)
                    and turn.team_id not in self._no_streaming)

    def _stream(self, client: WebClient, turn: Any, text: str, blocks: list[dict[str, Any]] | None,
                metadata: dict[str, Any] | None) -> None:
        """Stream `text` and attach `blocks` and `metadata` when it stops (chat.startStream takes no metadata,
        chat.stopStream does); `_NotStarted` when Slack refused before anything was shown, `StreamBroken` when
        it failed after."""
        stream = client.chat_stream(channel=turn.channel_id, thread_ts=turn.thread_ts, buffer_size=STREAM_BUFFER,
                                    recipient_team_id=turn.team_id, recipient_user_id=turn.user_id)
        try:
            self._finish(stream, text, blocks, metadata, [])
        except StreamBroken as broken:
            if isinstance(broken.error, SlackApiError) and stream.ts is None:  # refused at chat.startStream
                raise _NotStarted(broken.error) from None
            raise

    @staticmethod
    def _finish(stream: ChatStream, text: str, blocks: list[dict[str, Any]] | None, metadata: dict[str, Any] | None,
                steps: list[Chunk]) -> None:
        """`steps` (task updates), then `text`, then stop with `blocks` and `metadata`. Any failure is
        `StreamBroken` (its `ts` None when nothing became visible)."""
        pieces = list(stream_pieces(truncate(escape(text), TEXT_MAX))) or [""]
        try:
            if steps:
                stream.append(chunks=cast(list[dict[str, Any]], steps))
            for piece in pieces[:-1]:
                stream.append(markdown_text=piece)
            stream.stop(markdown_text=pieces[-1], blocks=blocks or None, metadata=metadata)
        except Exception as error:
            if stream.ts is None and not isinstance(error, SlackApiError):
                raise  # a reset or timeout before anything was visible
            raise StreamBroken(stream.ts or "", error) from error


def courtesy_client(client: WebClient) -> WebClient:
    """`client` for status and title calls: the same token and URL, a short timeout, and retries that never
    wait long (`courtesy_retry_handlers`: a status is worth no 20 s Retry-After, nor backoff after a reset)."""
    timeout = getattr(client, "timeout", None)  # a test double or a wrapper may not have one: used as is
    if not isinstance(timeout, int | float) or not isinstance(getattr(client, "retry_handlers", None), list):
        return client
    bounded = copy.copy(client)
    if timeout > COURTESY_TIMEOUT_S:
        bounded.timeout = COURTESY_TIMEOUT_S
    bounded.retry_handlers = courtesy_retry_handlers()
    return bounded


def _fallback(text: str) -> str:
    """A message's `text`: Slack cuts it beyond 40,000 characters, so it is cut here and the cut marked."""
    return truncate(escape(text), TEXT_MAX)


class StreamBroken(Exception):
    """A stream Slack showed (message `ts`) that failed before it was stopped: replace it, never post beside it."""

    def __init__(self, ts: str, error: Exception) -> None:
        super().__init__(f"stream {ts} broke off")
        self.ts = ts
        self.error = error


class _NotStarted(Exception):
    def __init__(self, error: SlackApiError) -> None:
        super().__init__(str(error.response.get("error")))
        self.error = error


def _quietly(method: Any, **arguments: Any) -> None:
    """A courtesy call (status, title): a refusal or failure is logged at debug and the turn goes on."""
    try:
        method(**{k: v for k, v in arguments.items() if v is not None})
    except Exception as error:  # noqa: BLE001 - status and title are courtesies: the turn goes on
        detail = error.response.get("error") if isinstance(error, SlackApiError) else type(error).__name__
        log.debug("%s refused: %s", getattr(method, "__name__", "call"), detail)


__all__ = ["AgentSurface", "StreamBroken", "stream_pieces", "thread_title"]
