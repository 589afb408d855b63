"""One conversation turn in Slack: a neutral `Turn` in, the engine's reply posted back into the thread.

The listeners (`bot/slack/listeners.py`) convert Slack events into `Turn`s and the intake
(`bot/slack/intake.py`) records them in the inbox; everything a turn then does in Slack lives here:
show a status while the engine works and name a new thread (`bot/slack/surface.py`), post the reply
(Block Kit plus the plain-text fallback; streamed in a DM), upload charts after a new
recommendation or the report document after a "Report" click, on any failure post a short apology and log Slack's error code (a user never sees a
traceback), and finally mark the turn's inbox entry answered.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.web.chat_stream import ChatStream

from bot.reply import Reply
from bot.slack.blocks import escape, reply_blocks, truncate
from bot.slack.file_upload import UploadFailed, upload_to_thread
from bot.slack.labels import label
from bot.slack.steps import Chunk, done_steps, working_steps
from bot.slack.stopping import StopBoard, ThreadStop
from bot.slack.surface import AgentSurface, StreamBroken, thread_title

log = logging.getLogger(__name__)

TEXT_MAX = 40_000
# Every post of a turn carries this message metadata with the turn's inbox key: after a lost answer
# (reset or timeout after Slack took the post, a crash before the entry was finished) the thread
# tells whether the turn is already answered, so it is posted at most once.
MARKER_EVENT = "siliconsult_turn"
# Slack's `ok:false` codes that say "try again" (https://docs.slack.dev/reference/methods/chat.postMessage);
# others (channel_not_found, is_archived, invalid_blocks…) would fail again the same way.
TRANSIENT_ERRORS = frozenset({"internal_error", "fatal_error", "service_unavailable", "request_timeout"})
# Turns computing at once (engine, charts): CPU-bound Python and a model behind a lock, so one per
# core keeps the acks responsive. Waiting on Slack takes no slot (bot/slack/workers.py).
DEFAULT_COMPUTE_SLOTS = 2
APOLOGY = "Sorry, something went wrong on my side while working on that. Please try again in a moment."
EMPTY_MENTION_HINT = (
    "Hi! Tell me what you want to serve and to whom, e.g. _“our fine-tuned 7B model for the legal "
    "team, about 200 people”_, and I will recommend hardware."
)


class ConversationEngine(Protocol):
    """What the Slack app needs from `bot.engine.Engine`."""

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply: ...

    def has_thread(self, thread_id: str) -> bool: ...


@dataclass(frozen=True)
class ChartFile:
    filename: str
    title: str
    content: bytes


ChartMaker = Callable[[Reply], list[ChartFile]]


class ReportUnavailable(Exception):
    """A chart maker cannot make the report document here (no PDF renderer): said in the thread, once."""


@dataclass(frozen=True)
class Turn:
    """A user message addressed to the assistant, already stripped of Slack specifics."""

    team_id: str
    channel_id: str
    thread_ts: str
    text: str
    user_id: str | None = None
    # The delivery's identity in the inbox (event_id, or the button's `action_key`); None: not recorded.
    key: str | None = None
    # The user's message (or the clicked message) this turn answers.
    message_ts: str | None = None
    # Taken over from a process that died: it may have posted the answer before it could record it.
    recovered: bool = False

    @property
    def thread_id(self) -> str:
        # thread_ts is only unique within a channel, and a channel id only within a workspace.
        return f"{self.team_id}:{self.channel_id}:{self.thread_ts}"


def without_nul(text: str) -> str:
    """The text without NUL characters: PostgreSQL's text and jsonb refuse them (the conversation
    state would fail to save and the user get an apology), and no one means one in a message."""
    return text.replace("\x00", "")


def turn_marker(turn: Turn) -> dict[str, Any] | None:
    """The message metadata that ties a post to its inbox entry (None for a turn not in the inbox)."""
    return None if turn.key is None else {"event_type": MARKER_EVENT, "event_payload": {"key": turn.key}}


def _marker_key(message: dict[str, Any]) -> str | None:
    metadata = message.get("metadata") or {}
    if metadata.get("event_type") != MARKER_EVENT:
        return None
    return (metadata.get("event_payload") or {}).get("key")


def _summary(text: str) -> str:
    """The reply's first paragraph: what streams before the card (which carries the rest)."""
    return text.strip().split("\n\n", 1)[0]


def _api_error(error: Exception) -> str:
    """A Web API failure in a few words (Slack's error code), without the request it carried."""
    if isinstance(error, StreamBroken):
        return f"a stream broke off: {_api_error(error.error)}"
    if isinstance(error, SlackApiError):
        return f"Slack said {error.response.get('error')!r} (HTTP {error.response.status_code})"
    return type(error).__name__


def _transient(error: Exception) -> bool:
    """A failure worth one more post: a lost connection or timeout, or a transient `ok:false`; a broken
    stream too (the next attempt replaces it with another method, chat.update)."""
    if isinstance(error, SlackApiError):
        return error.response.get("error") in TRANSIENT_ERRORS
    return True


def recommendation_fingerprint(reply: Reply) -> str | None:
    """A short digest of the recommended options, to tell a new recommendation from a repeated one."""
    rec = reply.recommendation
    if rec is None:
        return None
    options = [rec.primary, *rec.alternatives] if rec.primary else list(rec.alternatives)
    payload = "|".join(o.model_dump_json() for o in options if o is not None) + "|" + "|".join(str(line) for line in rec.relax)
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


class _RecentFingerprints:
    """Last recommendation shown per thread, bounded (a restart forgets it: one extra card, no harm).

    `is_new` only asks; `shown` records, and is called after Slack accepted the post: a reply that
    never arrived must not make the next one go without its card.
    """

    def __init__(self, capacity: int = 10_000) -> None:
        self._items: OrderedDict[str, str] = OrderedDict()
        self._capacity = capacity
        self._lock = threading.Lock()

    def is_new(self, thread_id: str, fingerprint: str | None) -> bool:
        """True if `fingerprint` is a recommendation this thread has not been shown last."""
        with self._lock:
            return fingerprint is not None and fingerprint != self._items.get(thread_id)

    def shown(self, thread_id: str, fingerprint: str | None) -> None:
        if fingerprint is None:
            return
        with self._lock:
            self._items.pop(thread_id, None)
            self._items[thread_id] = fingerprint
            while len(self._items) > self._capacity:
                self._items.popitem(last=False)


@dataclass(frozen=True)
class _ThreadLook:
    """What a thread holds of a turn's answer: its marker (`answered`), or a stream of this app left open."""

    answered: bool
    leftover_ts: str | None


class TurnSink(Protocol):
    """Where accepted turns go to be answered (the model worker process, or threads of this one)."""

    def submit(self, turn: Turn) -> None: ...

    def stop(self, stop: ThreadStop) -> None:
        """The user's stop of a thread: reaches the runner at once, not behind the thread's turns."""
        ...


class Finisher(Protocol):
    """What the runner needs from the inbox: mark an entry answered."""

    def finish(self, key: str) -> None: ...


class TurnRunner:
    """Answers turns: status, the engine's reply posted into the thread, charts; apology on failure.

    Runs where the engine is (the model worker process, or a thread pool in tests). Accepting turns
    (the ack path) is `bot/slack/intake.py`'s job; after each turn, answered or apologized for, the
    runner marks its inbox entry finished, so a restart does not answer it again.
    """

    def __init__(
        self,
        engine: ConversationEngine,
        *,
        charts: ChartMaker | None = None,
        inbox: Finisher | None = None,
        surface: AgentSurface | None = None,
        compute_slots: int = DEFAULT_COMPUTE_SLOTS,
    ) -> None:
        self.engine = engine
        self.charts = charts
        self.inbox = inbox
        self.surface = surface if surface is not None else AgentSurface()
        self.stops = StopBoard()
        self._shown = _RecentFingerprints()
        # Held only while computing, never across a Web API call: a conversation waiting out a 429 or a
        # hung call holds its own thread, not a slot another conversation's turn needs.
        self._compute = threading.BoundedSemaphore(compute_slots)

    def accept(self, turn: Turn) -> None:
        """`turn` is queued: from now on the user's stop button cancels it (`bot/slack/stopping.py`).
        No Web API call: it runs where turns arrive, and must never wait on Slack."""
        self.stops.begin(turn)

    def begin(self, turn: Turn, client: WebClient) -> None:
        """Accept the turn, show the working status and name a new thread, on the turn's own thread (a status
        call that hangs or is rate limited costs this turn its status, for `COURTESY_TIMEOUT_S` at most)."""
        self.accept(turn)
        if not turn.text.strip():
            return
        try:
            is_new = not self.engine.has_thread(turn.thread_id)
        except Exception:  # noqa: BLE001 - the title is a courtesy; the turn itself will report a broken store
            is_new = False
        self.surface.working(client, turn, title=thread_title(turn.text) if is_new else None)

    def run(self, turn: Turn, client: WebClient) -> None:
        """`begin` then `answer`, on this thread."""
        self.begin(turn, client)
        self.answer(turn, client)

    def answer(self, turn: Turn, client: WebClient) -> None:
        """The slow part of a turn, then its inbox entry marked finished (also after an apology)."""
        try:
            self._answer(turn, client)
        finally:
            if self.stops.end(turn):  # a stop came while it ended on a path without a check
                self._say(client, turn, label("stopped", self.stops.language(turn.thread_id, turn.text)))
            if self.inbox is not None and turn.key is not None:
                try:
                    self.inbox.finish(turn.key)
                except Exception as error:  # noqa: BLE001 - the answer is out; a restart may repeat it, so say so
                    log.error("could not mark %s answered: %s", turn.key, type(error).__name__)

    def _recovered_look(self, turn: Turn, client: WebClient) -> _ThreadLook:
        """What the thread holds of a recovered turn's answer (nothing to look for in a live turn).

        A process killed between posting a reply and marking its entry finished leaves an entry
        that looks unanswered: the thread tells. A message carrying this turn's marker answers it; one
        carrying another turn's marker does not (a second message pending in the same thread). Every
        finished reply carries its marker (posted, or streamed: chat.stopStream takes it), so a message
        of this app without one and without files is a stream the dead process started and never
        stopped: the answer goes into it (`AgentSurface.replace`), not beside it. When the thread
        cannot be read (scope missing, Slack down), the turn is answered: a rare repeat beats silence.
        """
        if not turn.recovered or turn.message_ts is None:
            return _ThreadLook(answered=False, leftover_ts=None)
        return self._look_in_thread(turn, client)

    def _look_in_thread(self, turn: Turn, client: WebClient) -> _ThreadLook:
        """The thread's messages of this app after the user's: is this turn's marker there, and which
        unmarked message (a stream left open) is there; nothing found when the thread cannot be read."""
        try:
            bot_id = client.auth_test().get("bot_id")
            replies = client.conversations_replies(channel=turn.channel_id, ts=turn.thread_ts, oldest=turn.message_ts,
                                                   inclusive=False, include_all_metadata=True, limit=200)
        except Exception as error:  # noqa: BLE001 - unreadable thread: answer (a rare repeat beats silence)
            log.warning("could not read thread %s to look for a turn's answer: %s", turn.thread_id, _api_error(error))
            return _ThreadLook(answered=False, leftover_ts=None)
        since = float(turn.message_ts or 0)
        messages: list[dict[str, Any]] = replies.get("messages", [])
        later = [m for m in messages if float(m.get("ts", 0)) > since
                 and bot_id and m.get("bot_id") == bot_id]
        answered = turn.key is not None and any(_marker_key(m) == turn.key for m in later)
        leftovers = [str(m["ts"]) for m in later if not m.get("metadata") and not m.get("files") and m.get("ts")]
        return _ThreadLook(answered=answered, leftover_ts=leftovers[0] if leftovers else None)

    def stop(self, stop: ThreadStop) -> bool:
        """Record the user's stop of a thread (quick, no Web API call: it runs where the stop arrives).
        True when no waiting turn of the thread will say so: then `say_stopped` must, off the ack path."""
        return self.stops.stop(stop)

    def say_stopped(self, stop: ThreadStop, client: WebClient) -> None:
        """The one line saying the thread's work stopped, when no cancelled turn said it; the session leaves
        `processing` (posting sets it active)."""
        turn = Turn(stop.team_id, stop.channel_id, stop.thread_ts, "", stop.user_id, stop.key)
        self._say(client, turn, label("stopped", self.stops.language(stop.thread_id)))

    def _cancelled(self, turn: Turn, client: WebClient, *, last: bool, lang: str | None = None,
                   decided: tuple[bool, bool] | None = None, into: str | None = None) -> bool:
        """Whether the user stopped this turn's thread after sending it; the first turn a stop cancels says so
        (into the turn's open stream `into`, if any). `decided`: the check already made (when the engine asked
        whether to keep the turn)."""
        cancelled, say_so = decided if decided is not None else self.stops.check(turn, last=last)
        if cancelled:
            log.info("turn %s of thread %s stopped by the user", turn.key, turn.thread_id)
        # A stopped turn whose stream is open ends it with the line too (never left streaming).
        if say_so or (cancelled and into is not None):
            self._say(client, turn, label("stopped", self.stops.language(turn.thread_id, turn.text, lang)), into=into)
        return cancelled

    def _answer(self, turn: Turn, client: WebClient) -> None:
        """Ask the engine, post the reply, upload charts; apologize on failure. A stop cancels the turn
        before the engine runs or before the reply is posted, whichever comes next."""
        if self._cancelled(turn, client, last=False):
            return
        look = self._recovered_look(turn, client)
        if look.answered:
            log.warning("recovered turn %s was answered before the crash; not answering again", turn.key)
            return
        if look.leftover_ts is not None:
            log.warning("recovered turn %s left a stream open; its answer replaces it", turn.key)
        if not turn.text.strip():
            try:
                self._post(client, turn, EMPTY_MENTION_HINT, None)
            except Exception as error:  # noqa: BLE001 - nothing more to tell the user; logged
                log.error("could not post the hint in thread %s: %s", turn.thread_id, _api_error(error))
            return
        # The reply streams from now where it can, showing its plan while the engine works (bot/slack/steps.py);
        # every notice of this turn then goes into that message (`into`), so no stream is left open.
        stream = None if look.leftover_ts is not None else self.surface.open_stream(
            client, turn, working_steps(self.stops.language(turn.thread_id, turn.text)))
        into = stream.ts if stream is not None else look.leftover_ts
        # The turn's last stop check is made when the engine has computed it, before the state is kept: a
        # stopped turn then applies nothing to the thread (the engine puts its state back), and a stop after
        # it finds the turn being posted (it says so itself).
        decided: list[tuple[bool, bool]] = []

        def keep() -> bool:
            decided.append(self.stops.check(turn, last=True))
            return not decided[0][0]

        try:
            with self._compute:
                reply = self.engine.handle(turn.thread_id, without_nul(turn.text), turn_key=turn.key, keep=keep)
        except Exception:
            log.exception("engine failed on a turn of thread %s", turn.thread_id)
            if not self._cancelled(turn, client, last=True, into=into):  # stopped meanwhile: the stop line
                self._apologize(client, turn, replace_ts=into)
            return
        if decided and self._cancelled(turn, client, last=True, lang=reply.lang, decided=decided[0], into=into):
            return
        report = reply.intent == "report" and self.charts is not None
        try:
            # The report document is made before the reply is posted: when it cannot be, the one short
            # message saying so is the turn's answer (not a "here is the report" with nothing after it).
            documents = self._make_charts(reply) if report else []
        except ReportUnavailable as error:
            log.error("no report document in thread %s: %s", turn.thread_id, error)
            self._say(client, turn, label("report_no_pdf", reply.lang), into=into)
            return
        except Exception:
            log.exception("making the report failed in thread %s", turn.thread_id)
            self._say(client, turn, label("report_failed", reply.lang), into=into)
            return
        if not decided and self._cancelled(turn, client, last=True, lang=reply.lang, into=into):
            return
        fingerprint = recommendation_fingerprint(reply)
        is_new = self._shown.is_new(turn.thread_id, fingerprint)
        try:
            # Block TypedDicts are plain dicts at run time; the Web API takes them as such.
            blocks = cast(list[dict[str, Any]], reply_blocks(reply, show_recommendation=is_new))
            # A card already says everything: only its summary streams. Otherwise the text streams
            # and only the buttons follow (the text sections would repeat it).
            self._deliver_once(client, turn, reply.text, blocks,
                               stream_text=_summary(reply.text) if is_new else reply.text,
                               stream_blocks=blocks if is_new else [b for b in blocks if b.get("type") == "actions"],
                               replace_ts=look.leftover_ts, stream=stream, steps=done_steps(reply))
        except Exception as error:  # noqa: BLE001 - any failure to post becomes the apology
            log.error("posting the reply failed in thread %s: %s", turn.thread_id, _api_error(error))
            # A stop while the reply streamed: Slack ended the stream itself, and the stop says so.
            if not self.stops.check(turn, last=True)[0]:
                self._apologize(client, turn, replace_ts=error.ts or None if isinstance(error, StreamBroken) else into)
            return
        self.stops.answered_in(turn.thread_id, reply.lang)
        self._shown.shown(turn.thread_id, fingerprint)
        self.surface.idle(client, turn)
        if documents:
            self._upload_report(client, turn, reply, documents)
        elif is_new and not report and self.charts is not None:
            self._upload_charts(client, turn, reply)

    def _make_charts(self, reply: Reply) -> list[ChartFile]:
        """The chart maker's files for `reply` (rendering is CPU work: it takes a compute slot)."""
        if self.charts is None:
            return []
        with self._compute:
            return self.charts(reply)

    def _deliver_once(self, client: WebClient, turn: Turn, text: str, blocks: list[dict[str, Any]], *,
                      stream_text: str, stream_blocks: list[dict[str, Any]], replace_ts: str | None = None,
                      stream: ChatStream | None = None, steps: list[Chunk] | None = None) -> None:
        """Deliver the reply (into the message `replace_ts` when a stream of this turn was left open); after a
        failed attempt (`ok:false`, a reset or timeout after Slack may have taken it) look for the turn's marker
        in the thread, and post once more only if it is not there. A stream that broke off after Slack showed
        it is replaced on the second attempt, so the thread never holds it open beside a second copy.

        The Web API client already retried 429s and 5xx; it does not replay a lost post (it may be in).
        """
        for attempt in (1, 2):
            try:
                self.surface.deliver(client, turn, text, blocks, stream_text=stream_text, stream_blocks=stream_blocks,
                                     metadata=turn_marker(turn), replace_ts=replace_ts, stream=stream, steps=steps)
                return
            except Exception as error:  # noqa: BLE001 - the thread decides: already in, or post again
                if isinstance(error, StreamBroken):
                    replace_ts, stream = error.ts or None, None
                if turn.key is not None and self._look_in_thread(turn, client).answered:
                    log.warning("the reply of %s reached the thread despite %s; not posting again",
                                turn.key, _api_error(error))
                    return
                if attempt == 2 or not _transient(error):
                    raise
                log.warning("posting the reply failed in thread %s (%s); posting once more",
                            turn.thread_id, _api_error(error))

    def _post(self, client: WebClient, turn: Turn, text: str, blocks: list[dict[str, Any]] | None, *,
              replace_ts: str | None = None) -> None:
        if replace_ts is not None:  # a stream of this turn is open: the notice goes into it
            try:
                self.surface.replace(client, turn, replace_ts, text, blocks, turn_marker(turn))
                self.surface.idle(client, turn)
                return
            except Exception as error:  # noqa: BLE001 - the message could not take it: posted instead
                log.warning("could not put a notice into message %s: %s; posting it", replace_ts, _api_error(error))
        # Slack cuts `text` beyond 40,000 characters; cut it here so the cut is marked.
        fallback = truncate(escape(text), TEXT_MAX)
        client.chat_postMessage(channel=turn.channel_id, thread_ts=turn.thread_ts, text=fallback, blocks=blocks,
                                metadata=turn_marker(turn))
        self.surface.idle(client, turn)

    def _apologize(self, client: WebClient, turn: Turn, *, replace_ts: str | None = None) -> None:
        try:
            # Posting into the thread also clears the "is thinking…" status.
            self._post(client, turn, APOLOGY, None, replace_ts=replace_ts)
        except Exception as error:  # noqa: BLE001 - the last resort: logged, status cleared
            log.error("could not post the apology in thread %s: %s", turn.thread_id, _api_error(error))
            self.surface.clear_legacy_status(client, turn)

    def _say(self, client: WebClient, turn: Turn, text: str, *, into: str | None = None) -> None:
        """One short message as the turn's answer (or after it; into the message `into`, the turn's open stream,
        when given); a failure to post it is only logged."""
        try:
            self._post(client, turn, text, None, replace_ts=into)
        except Exception as error:  # noqa: BLE001 - nothing more to tell the user; logged
            log.error("could not post a notice in thread %s: %s", turn.thread_id, _api_error(error))
            self.surface.clear_legacy_status(client, turn)

    def _upload_report(self, client: WebClient, turn: Turn, reply: Reply, documents: list[ChartFile]) -> None:
        """The report document into the thread; a refused or timed-out upload is said once, in the thread's language."""
        try:
            upload_to_thread(client, channel_id=turn.channel_id, thread_ts=turn.thread_ts, files=documents,
                             comment=label("report_comment", reply.lang))
        except UploadFailed as error:
            log.error("report upload failed in thread %s: %s", turn.thread_id, error)
            self._say(client, turn, label(f"report_{error.reason}", reply.lang))

    def _upload_charts(self, client: WebClient, turn: Turn, reply: Reply) -> None:
        try:
            files = self._make_charts(reply)
            if not files:
                return
            upload_to_thread(client, channel_id=turn.channel_id, thread_ts=turn.thread_ts, files=files,
                             comment="Charts for this recommendation (numbers from the estimator).")
        except Exception:
            # The recommendation is already posted; a missing chart is logged, not apologized for.
            log.exception("chart upload failed in thread %s", turn.thread_id)


__all__ = [
    "APOLOGY",
    "DEFAULT_COMPUTE_SLOTS",
    "ChartFile",
    "ChartMaker",
    "ConversationEngine",
    "Finisher",
    "ReportUnavailable",
    "Turn",
    "TurnRunner",
    "TurnSink",
    "recommendation_fingerprint",
    "turn_marker",
    "without_nul",
]
