"""A fake Slack for offline tests: the Web API over HTTP and a Socket Mode WebSocket, on loopback.

`FakeSlack` is a threaded `http.server` on 127.0.0.1 with an ephemeral port. It records every request
in full (method, path, headers, parsed form or JSON body) and answers the Web API methods the app
uses with canned, well-formed responses, including the three steps of Slack's external file upload
(`files.getUploadURLExternal`, the bytes POSTed to the upload URL, which points back at this server,
and `files.completeUploadExternal`, which shares them into a thread: `shared_files` tells what arrived
where, and `conversations.replies` lists the share as a message carrying the files). Tests poll the recorder with `wait_for`, because Bolt runs
listeners on a background executor after the HTTP ack. `thread` shows a thread as people see it: posted
and streamed messages (a stream never stopped stays `streaming`, and is listed by `conversations.replies`
as Slack shows it), with each `chat.update` applied.

`FakeSocketMode` is a WebSocket server (websockets' sync API) that says hello, pushes the envelopes
a test queues, and records what the client sends back (the acks). `apps.connections.open` on
`FakeSlack` returns its URL.

Faults, as Slack's Web API shows them: `rate_limit` (429 with `Retry-After`), `fail_next` (`ok:false`),
`drop_after_accept` (a reset or timeout after Slack took the call), `hold` (unanswered until released)
for the next calls of a method; `fault` for the calls of one thread (or any calls its `where` picks),
including a call that hangs for a set time, so a test can fault one conversation and time the others.

Also here: `signed_headers` and `post_signed`, which sign a request body the way Slack does.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from slack_sdk.signature import SignatureVerifier

BOT_USER_ID = "UBOT0001"
BOT_ID = "BBOT0001"
TEAM_ID = "T0000001"
API_PREFIX = "/api/"


@dataclass
class RecordedRequest:
    """One request as the fake received it."""

    method: str  # Web API method ("chat.postMessage"), or "upload" for a file upload POST
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    raw: bytes = b""
    status: int = 200  # what the fake answered: 429 for a rate-limited attempt
    ok: bool = True  # the answer's "ok"; False for a refused or failed call
    posted_ts: str | None = None  # the `ts` the fake gave a posted message
    at: float = field(default_factory=time.monotonic)  # when the fake answered it (time.monotonic)

    def blocks(self) -> list[dict[str, Any]]:
        blocks = self.body.get("blocks") or []
        return json.loads(blocks) if isinstance(blocks, str) else list(blocks)

    def files(self) -> list[dict[str, Any]]:
        """The `files` argument of a files.completeUploadExternal call (ids and titles)."""
        files = self.body.get("files") or []
        return json.loads(files) if isinstance(files, str) else list(files)


@dataclass(frozen=True)
class SharedFile:
    """A file that went through all three upload steps and was shared (files.completeUploadExternal accepted)."""

    file_id: str
    filename: str
    length: int  # as announced in files.getUploadURLExternal
    title: str | None
    channel_id: str | None
    thread_ts: str | None
    initial_comment: str | None
    content: bytes  # what was POSTed to the upload URL


FaultKind = Literal["ratelimit", "fail", "reset", "hang"]


@dataclass
class _CallFault:
    """A fault on the next `times` calls of `method` whose parsed body `where` accepts (`FakeSlack.fault`)."""

    method: str
    kind: FaultKind
    where: Callable[[dict[str, Any]], bool]
    times: int
    retry_after_s: int
    error: str
    hang_s: float


_TASK_STATUSES = ("pending", "in_progress", "complete", "error")


def _valid_chunk(chunk: Any) -> bool:
    """A streaming chunk as Slack documents it (markdown_text, plan_update, task_update; blocks)."""
    if not isinstance(chunk, dict):
        return False
    kind = chunk.get("type")
    if kind == "markdown_text":
        return isinstance(chunk.get("text"), str)
    if kind == "plan_update":
        return isinstance(chunk.get("title"), str) and bool(chunk["title"])
    if kind == "task_update":
        return (isinstance(chunk.get("id"), str) and bool(chunk["id"]) and isinstance(chunk.get("title"), str)
                and bool(chunk["title"]) and chunk.get("status") in _TASK_STATUSES)
    return kind == "blocks" and isinstance(chunk.get("blocks"), list)


def _parse_body(content_type: str, raw: bytes, query: str) -> dict[str, Any]:
    body: dict[str, Any] = {k: v[-1] for k, v in urllib.parse.parse_qs(query).items()}
    if "application/json" in content_type and raw:
        body.update(json.loads(raw))
    elif "application/x-www-form-urlencoded" in content_type and raw:
        body.update({k: v[-1] for k, v in urllib.parse.parse_qs(raw.decode()).items()})
    return body


class _QuietServer(ThreadingHTTPServer):
    """A client that gave up (a timeout on a held call) before the answer is not the test's error."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


@dataclass
class FakeSlack:
    """The fake Web API. Use as a context manager; `url` is the base URL for `WebClient`."""

    ws_url: str | None = None
    requests: list[RecordedRequest] = field(default_factory=list)
    fail_methods: set[str] = field(default_factory=set)
    # Methods this workspace does not offer: answered `unknown_method`, as Slack does.
    unknown_methods: set[str] = field(default_factory=set)

    def rate_limit(self, method: str, times: int, retry_after_s: int = 0) -> None:
        """Answer the next `times` calls of `method` with 429 and `Retry-After`, as Slack's limiter does."""
        with self._changed:
            self._rate_limited[method] = (times, retry_after_s)

    def rate_limit_every(self, method: str, every: int, retry_after_s: int = 1) -> None:
        """Answer every `every`-th call of `method` with 429 (e.g. 10: a tenth of the calls), from now on."""
        with self._changed:
            self._periodic_limit[method] = (every, retry_after_s)
            self._calls_seen[method] = 0

    def fail_next(self, method: str, times: int = 1, error: str = "internal_error") -> None:
        """Answer the next `times` calls of `method` with `{"ok": false, "error": error}` (HTTP 200)."""
        with self._changed:
            self._failing[method] = (times, error)

    def drop_after_accept(self, method: str, times: int = 1, *, delay_s: float = 0.0) -> None:
        """Accept the next `times` calls of `method` (recorded as Slack took them) but answer nothing:
        the connection is closed after `delay_s` (0: a reset right after acceptance; longer than the
        client's timeout: a timeout after acceptance)."""
        with self._changed:
            self._dropping[method] = (times, delay_s)

    def fault(self, method: str, kind: FaultKind, *, where: Callable[[dict[str, Any]], bool] = lambda body: True,
              times: int = 1, retry_after_s: int = 1, error: str = "internal_error", hang_s: float = 35.0) -> None:
        """A fault on the next `times` calls of `method` whose parsed body `where` accepts: one call, one
        thread's calls (`where=lambda b: b.get("thread_ts") == ts`), or every call. Faults add up, the
        oldest matching one first, so each thread can get its own:

        - "ratelimit": 429 with `Retry-After: retry_after_s`, as Slack's limiter answers;
        - "fail": HTTP 200 with `{"ok": false, "error": error}`;
        - "reset": taken (recorded as Slack accepted it), then the connection is closed unanswered;
        - "hang": answered only after `hang_s` seconds (a client that gave up earlier gets nothing;
          the call is recorded once answered)."""
        with self._changed:
            self._call_faults.append(_CallFault(method, kind, where, times, retry_after_s, error, hang_s))

    def clear_faults(self) -> None:
        """Forget the faults `fault` set that have not struck yet."""
        with self._changed:
            self._call_faults.clear()

    def _take_fault(self, method: str, body: dict[str, Any]) -> _CallFault | None:
        with self._changed:
            for fault in self._call_faults:
                if fault.method == method and fault.times > 0 and fault.where(body):
                    fault.times -= 1
                    return fault
        return None

    def hold(self, method: str) -> threading.Event:
        """Keep calls of `method` waiting (unanswered, unrecorded) until the returned event is set."""
        release = threading.Event()
        with self._changed:
            self._held[method] = release
        return release

    def discard_held(self, method: str) -> None:
        """Stop holding `method` and drop the calls kept waiting: never recorded, never answered (they did not
        reach Slack). Later calls are answered as usual."""
        with self._changed:
            release = self._held.pop(method, None)
            self._discarding.add(method)
        if release is not None:
            release.set()

    def wait_for_waiting(self, method: str, count: int = 1, timeout: float = 60.0) -> None:
        """Wait until `count` calls of a held `method` have arrived (and are kept waiting)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._waiting.get(method, 0) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no held {method} call arrived within {timeout} s")
                self._changed.wait(remaining)

    def __post_init__(self) -> None:
        self._waiting: dict[str, int] = {}
        self._periodic_limit: dict[str, tuple[int, int]] = {}
        self._calls_seen: dict[str, int] = {}
        self._streams: dict[str, dict[str, Any]] = {}
        self._rate_limited: dict[str, tuple[int, int]] = {}
        self._failing: dict[str, tuple[int, str]] = {}
        self._held: dict[str, threading.Event] = {}
        self._discarding: set[str] = set()
        self._dropping: dict[str, tuple[int, float]] = {}
        self._call_faults: list[_CallFault] = []
        self._closed = threading.Event()  # wakes hung calls when the fake shuts down
        self._changed = threading.Condition()
        self._ts = itertools.count(1)
        self._file_ids = itertools.count(1)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet test output
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                fake._handle(self)

            def do_GET(self) -> None:  # noqa: N802
                fake._handle(self)

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{API_PREFIX}"
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> FakeSlack:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._closed.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)

    # -- recording -----------------------------------------------------------------------------

    def calls(self, method: str, where: Callable[[RecordedRequest], bool] = lambda r: True) -> list[RecordedRequest]:
        with self._changed:
            return [r for r in self.requests if r.method == method and where(r)]

    def wait_for(
        self,
        method: str,
        count: int = 1,
        *,
        where: Callable[[RecordedRequest], bool] = lambda r: True,
        timeout: float = 15.0,
    ) -> list[RecordedRequest]:
        """Wait until at least `count` matching requests arrived; fail the test with what did arrive."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = [r for r in self.requests if r.method == method and where(r)]
                if len(found) >= count:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    seen = [r.method for r in self.requests]
                    raise AssertionError(f"expected {count} {method} call(s), got {len(found)}; saw {seen}")
                self._changed.wait(remaining)

    def thread(self, thread_ts: str) -> list[dict[str, Any]]:
        """The app's messages in a thread as people see them now, oldest first: posted ones and streamed ones
        (finished or still streaming), each accepted chat.update applied. Each is a dict with `ts`, `text`,
        `blocks`, `metadata` and `streaming` (True: started and never stopped, as a killed stream stays)."""
        with self._changed:
            return self._thread_view(None, thread_ts)

    def _thread_view(self, channel: str | None, thread_ts: str | None) -> list[dict[str, Any]]:
        """`thread` for one channel (None: any); the caller holds `_changed`."""
        def here(body: dict[str, Any]) -> bool:
            return body.get("thread_ts") == thread_ts and (channel is None or body.get("channel") == channel)

        messages: dict[str, dict[str, Any]] = {}
        for r in self.requests:
            if r.ok and r.method == "chat.postMessage" and here(r.body):
                messages[str(r.posted_ts)] = {"ts": r.posted_ts, "channel": r.body.get("channel"), "text": r.body.get("text"),
                                              "blocks": r.blocks(), "metadata": r.body.get("metadata"), "streaming": False}
        for ts, stream in self._streams.items():
            if here(stream):
                messages[ts] = {"ts": ts, "channel": stream["channel"], "text": stream["text"], "blocks": stream["blocks"],
                                "metadata": stream["metadata"], "streaming": not stream["done"],
                                "plan_title": stream["plan_title"], "tasks": dict(stream["tasks"])}
        for r in self.requests:  # in the order Slack took them
            if r.ok and r.method == "chat.update" and str(r.body.get("ts")) in messages:
                messages[str(r.body.get("ts"))].update(text=r.body.get("text"), blocks=r.blocks(),
                                                       metadata=r.body.get("metadata"))
        return sorted(messages.values(), key=lambda m: float(m["ts"] or 0))

    def replies(self, thread_ts: str | None = None) -> list[RecordedRequest]:
        """The chat.postMessage calls Slack accepted, i.e. the messages people see (optionally in one thread)."""
        return self.calls("chat.postMessage", lambda r: r.ok and (thread_ts is None or r.body.get("thread_ts") == thread_ts))

    def shared_files(self, thread_ts: str | None = None) -> list[SharedFile]:
        """Every file shared by an accepted files.completeUploadExternal (optionally into one thread), in order,
        with the name and length it was announced with and the bytes POSTed to its upload URL."""
        with self._changed:
            announced = {r.posted_ts: r for r in self.requests if r.method == "files.getUploadURLExternal" and r.ok}
            sent = {r.path.rsplit("/", 1)[-1]: r.raw for r in self.requests if r.method == "upload"}
            completes = [r for r in self.requests if r.method == "files.completeUploadExternal" and r.ok]
        shared = []
        for complete in completes:
            if thread_ts is not None and complete.body.get("thread_ts") != thread_ts:
                continue
            for file in complete.files():
                request = announced.get(file.get("id"))
                shared.append(SharedFile(
                    file_id=str(file.get("id")), filename=str(request.body.get("filename")) if request else "",
                    length=int(request.body.get("length") or -1) if request else -1, title=file.get("title"),
                    channel_id=complete.body.get("channel_id"), thread_ts=complete.body.get("thread_ts"),
                    initial_comment=complete.body.get("initial_comment"), content=sent.get(str(file.get("id")), b"")))
        return shared

    # -- serving -------------------------------------------------------------------------------

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        parsed = urllib.parse.urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in handler.headers.items()}
        extra: dict[str, str] = {}
        if parsed.path.startswith("/upload/"):
            # The upload URL takes the same faults as a method named "upload": `hold` (a hang, for a
            # client timeout) and `fail_next` (refused with HTTP 500, nothing kept).
            with self._changed:
                held = self._held.get("upload")
                times, _ = self._failing.get("upload", (0, ""))
                if times > 0:
                    self._failing["upload"] = (times - 1, "")
            if held is not None:
                held.wait(60)
            refused = times > 0
            record = RecordedRequest("upload" if not refused else "upload refused", parsed.path, headers, {}, raw,
                                     500 if refused else 200, not refused)
            status, payload = (500, b"failed") if refused else (200, f"OK - {len(raw)}".encode())
            content_type = "text/plain"
        else:
            method = parsed.path.removeprefix(API_PREFIX)
            body = _parse_body(headers.get("content-type", ""), raw, parsed.query)
            with self._changed:
                held = self._held.get(method)
                if held is not None:
                    self._waiting[method] = self._waiting.get(method, 0) + 1
                    self._changed.notify_all()
            if held is not None:
                held.wait(60)
                with self._changed:
                    if method in self._discarding:  # `discard_held`: this call never reached Slack
                        self._waiting[method] -= 1
                        if not self._waiting[method]:
                            self._discarding.discard(method)
                        handler.close_connection = True
                        return
            fault = self._take_fault(method, body)
            if fault is not None and fault.kind == "hang":
                self._closed.wait(fault.hang_s)
            status, answer, extra = self._limited(method, fault)
            if answer is None:
                answer = self._answer(method, body, headers)
                if method == "chat.stopStream" and answer.get("ok"):
                    # The finished message as people see it: its thread and the whole streamed text.
                    stream = self._streams.get(str(body.get("ts")), {})
                    body = {**body, "thread_ts": stream.get("thread_ts"), "text": stream.get("text", "")}
            # posted_ts: a message's ts; for files.getUploadURLExternal the file id it handed out.
            posted = answer.get("file_id") if method == "files.getUploadURLExternal" else answer.get("ts")
            record = RecordedRequest(method, parsed.path, headers, body, raw, status, bool(answer.get("ok")),
                                     posted if method in ("chat.postMessage", "chat.stopStream", "files.getUploadURLExternal",
                                                          "files.completeUploadExternal") else None)
            payload, content_type = json.dumps(answer).encode(), "application/json"
            if self._drop(method, record, handler, reset=fault is not None and fault.kind == "reset"):
                return
        handler.send_response(status)
        for name, value in extra.items():
            handler.send_header(name, value)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)
        with self._changed:
            self.requests.append(record)
            self._changed.notify_all()

    def _drop(self, method: str, record: RecordedRequest, handler: BaseHTTPRequestHandler, *, reset: bool = False) -> bool:
        """A `drop_after_accept` fault (or a "reset" one): record the call as accepted, then close unanswered."""
        with self._changed:
            times, delay_s = self._dropping.get(method, (0, 0.0))
            if reset:
                delay_s = 0.0
            elif times <= 0:
                return False
            else:
                self._dropping[method] = (times - 1, delay_s)
            self.requests.append(record)
            self._changed.notify_all()
        time.sleep(delay_s)
        handler.close_connection = True
        with contextlib.suppress(OSError):
            handler.connection.shutdown(socket.SHUT_RDWR)
        return True

    def _answer_stream(self, method: str, body: dict[str, Any]) -> dict[str, Any]:
        """chat.startStream / appendStream / stopStream: one message whose text grows, then is final.

        The arguments are checked as Slack documents them: outside a DM a stream needs `recipient_user_id`
        and `recipient_team_id`; `task_display_mode` is "timeline" or "plan"; each chunk is `markdown_text`
        (text), `plan_update` (title) or `task_update` (id, title, status pending / in_progress / complete /
        error). A stream's plan title and tasks are kept, a task updated by its id."""
        text = body.get("markdown_text") or ""
        chunks = body.get("chunks")
        chunks = json.loads(chunks) if isinstance(chunks, str) else chunks or []
        if not isinstance(chunks, list) or not all(_valid_chunk(c) for c in chunks):
            return {"ok": False, "error": "invalid_chunks"}
        text += "".join(c.get("text", "") for c in chunks if c.get("type") == "markdown_text")
        with self._changed:
            if method == "chat.startStream":
                if not body.get("thread_ts"):
                    return {"ok": False, "error": "invalid_arguments"}
                if not str(body.get("channel", "")).startswith("D") and not (
                        body.get("recipient_user_id") and body.get("recipient_team_id")):
                    return {"ok": False, "error": "invalid_arguments"}  # required when streaming to channels
                if body.get("task_display_mode") not in (None, "timeline", "plan"):
                    return {"ok": False, "error": "invalid_arguments"}
                ts = f"{1_900_000_000 + next(self._ts)}.000100"
                self._streams[ts] = {"channel": body.get("channel"), "thread_ts": body.get("thread_ts"),
                                     "text": "", "done": False, "blocks": [], "metadata": None,
                                     "task_display_mode": body.get("task_display_mode") or "timeline",
                                     "plan_title": None, "tasks": {}}
                self._apply_chunks(self._streams[ts], text, chunks)
                return {"ok": True, "channel": body.get("channel"), "ts": ts}
            stream = self._streams.get(str(body.get("ts")))
            if stream is None or stream["done"]:
                return {"ok": False, "error": "message_not_in_streaming_state"}
            self._apply_chunks(stream, text, chunks)
            if method == "chat.stopStream":
                stream["done"] = True
                blocks = body.get("blocks") or []
                stream["blocks"] = json.loads(blocks) if isinstance(blocks, str) else list(blocks)
                stream["metadata"] = body.get("metadata")
            return {"ok": True, "channel": stream["channel"], "ts": body.get("ts")}

    @staticmethod
    def _apply_chunks(stream: dict[str, Any], text: str, chunks: list[dict[str, Any]]) -> None:
        stream["text"] += text
        for chunk in chunks:
            if chunk["type"] == "plan_update":
                stream["plan_title"] = chunk["title"]
            elif chunk["type"] == "task_update":
                stream["tasks"][chunk["id"]] = {"title": chunk["title"], "status": chunk["status"]}

    def messages(self, thread_ts: str | None = None) -> list[RecordedRequest]:
        """Every message the app got into threads, posted or streamed (a streamed one once, when done)."""
        return self.calls("chat.postMessage", lambda r: r.ok) + self.calls("chat.stopStream", lambda r: r.ok) \
            if thread_ts is None else [r for r in self.messages() if r.body.get("thread_ts") == thread_ts]

    def wait_for_messages(self, thread_ts: str, count: int = 1, timeout: float = 15.0) -> list[RecordedRequest]:
        """Wait until `count` messages (posted or streamed) are in the thread; in the order they arrived."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = [r for r in self.requests if r.ok and r.body.get("thread_ts") == thread_ts
                         and r.method in ("chat.postMessage", "chat.stopStream")]
                if len(found) >= count:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"expected {count} message(s) in {thread_ts}, got {len(found)}")
                self._changed.wait(remaining)

    def _limited(self, method: str, fault: _CallFault | None = None) -> tuple[int, dict[str, Any] | None, dict[str, str]]:
        """(status, answer, headers) for a rate-limited or failing call; answer None: answer normally."""
        if fault is not None and fault.kind == "ratelimit":
            return 429, {"ok": False, "error": "ratelimited"}, {"Retry-After": str(fault.retry_after_s)}
        if fault is not None and fault.kind == "fail":
            return 200, {"ok": False, "error": fault.error}, {}
        with self._changed:
            if method in self._periodic_limit:
                every, retry_after = self._periodic_limit[method]
                self._calls_seen[method] += 1
                if self._calls_seen[method] % every == 0:
                    return 429, {"ok": False, "error": "ratelimited"}, {"Retry-After": str(retry_after)}
            times, retry_after = self._rate_limited.get(method, (0, 0))
            if times > 0:
                self._rate_limited[method] = (times - 1, retry_after)
                return 429, {"ok": False, "error": "ratelimited"}, {"Retry-After": str(retry_after)}
            times, error = self._failing.get(method, (0, ""))
            if times > 0:
                self._failing[method] = (times - 1, error)
                return 200, {"ok": False, "error": error}, {}
        return 200, None, {}

    def _answer(self, method: str, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
        auth = headers.get("authorization", "") or f"Bearer {body.get('token', '')}"
        expected = "Bearer xapp-" if method == "apps.connections.open" else "Bearer xoxb-"
        if not auth.startswith(expected):
            return {"ok": False, "error": "invalid_auth"}
        if method in self.unknown_methods:
            return {"ok": False, "error": "unknown_method"}
        if method in self.fail_methods:
            return {"ok": False, "error": "internal_error"}
        if method == "agents.sessions.setStatus":
            if body.get("status") not in ("active", "processing", "suspended", "closed"):
                return {"ok": False, "error": "invalid_status"}
            return {"ok": True}
        if method in ("chat.startStream", "chat.appendStream", "chat.stopStream"):
            return self._answer_stream(method, body)
        if method == "auth.test":
            return {"ok": True, "url": "https://fake.slack.test/", "team": "Fake", "user": "siliconsult",
                    "team_id": TEAM_ID, "user_id": BOT_USER_ID, "bot_id": BOT_ID, "is_enterprise_install": False}
        if method == "chat.update":
            # Only a message of this app in that channel can be updated; a stream stays streaming until stopped.
            with self._changed:
                known = {str(r.posted_ts) for r in self.requests if r.ok and r.method == "chat.postMessage"
                         and r.body.get("channel") == body.get("channel")}
                known |= {ts for ts, s in self._streams.items() if s["channel"] == body.get("channel")}
            if str(body.get("ts")) not in known:
                return {"ok": False, "error": "message_not_found"}
        if method in ("chat.postMessage", "chat.update"):
            ts = body.get("ts") or f"{1_900_000_000 + next(self._ts)}.000100"  # after every user message
            return {"ok": True, "channel": body.get("channel"), "ts": ts,
                    "message": {"text": body.get("text"), "ts": ts, "bot_id": BOT_ID}}
        if method == "conversations.replies":
            # The messages the fake accepted in that thread, as Slack lists them (`oldest` exclusive).
            oldest = float(body.get("oldest") or 0)
            # A stream still open is listed too (with the text streamed so far), as Slack shows it.
            with self._changed:
                posted = self._thread_view(body.get("channel"), body.get("ts"))
                shares = [r for r in self.requests if r.method == "files.completeUploadExternal" and r.ok
                          and r.body.get("channel_id") == body.get("channel") and r.body.get("thread_ts") == body.get("ts")]
            messages = [{"type": "message", "text": m["text"], "ts": m["ts"], "bot_id": BOT_ID,
                         **({"metadata": m["metadata"]} if m["metadata"] else {})}
                        for m in posted if float(m["ts"] or 0) > oldest]
            # A file share is a message of the app too, carrying the files (as Slack lists it).
            messages += [{"type": "message", "text": r.body.get("initial_comment") or "", "ts": r.posted_ts,
                          "bot_id": BOT_ID, "files": [{"id": f.get("id"), "title": f.get("title")} for f in r.files()]}
                         for r in shares if float(r.posted_ts or 0) > oldest]
            messages.sort(key=lambda m: float(m["ts"] or 0))
            return {"ok": True, "messages": messages, "has_more": False}
        if method == "conversations.history":
            return {"ok": True, "messages": [], "has_more": False}
        if method == "files.getUploadURLExternal":
            file_id = f"F{next(self._file_ids):08d}"
            return {"ok": True, "file_id": file_id, "upload_url": f"http://127.0.0.1:{self.port}/upload/{file_id}"}
        if method == "files.completeUploadExternal":
            files = body.get("files")
            files = json.loads(files) if isinstance(files, str) else files or []
            with self._changed:
                received = {r.path.rsplit("/", 1)[-1] for r in self.requests if r.method == "upload"}
            if not files or any(f.get("id") not in received for f in files):
                return {"ok": False, "error": "file_not_found"}  # step 3 before step 2: Slack has no bytes
            ts = f"{1_900_000_000 + next(self._ts)}.000100"  # the share is a message in the thread
            return {"ok": True, "ts": ts, "files": [{"id": f.get("id"), "title": f.get("title")} for f in files]}
        if method == "apps.connections.open":
            return {"ok": True, "url": self.ws_url} if self.ws_url else {"ok": False, "error": "no_ws"}
        return {"ok": True}


class FakeSocketMode:
    """A Socket Mode WebSocket on loopback: sends hello, pushes queued envelopes, records acks."""

    def __init__(self) -> None:
        from websockets.sync.server import serve

        self.received: list[dict[str, Any]] = []
        self._outbox: list[dict[str, Any]] = []
        self._changed = threading.Condition()
        self._server = serve(self._session, "127.0.0.1", 0)
        self.port = self._server.socket.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}/link"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> FakeSocketMode:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._thread.join(5)

    def push(self, envelope: dict[str, Any]) -> None:
        with self._changed:
            self._outbox.append(envelope)
            self._changed.notify_all()

    def wait_for_ack(self, envelope_id: str, timeout: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for message in self.received:
                    if message.get("envelope_id") == envelope_id:
                        return message
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no ack for envelope {envelope_id}; got {self.received}")
                self._changed.wait(remaining)

    def _session(self, websocket: Any) -> None:
        websocket.send(json.dumps({"type": "hello", "num_connections": 1, "debug_info": {"host": "fake"}}))
        sent = 0
        while True:
            with self._changed:
                outgoing = self._outbox[sent:]
                sent = len(self._outbox)
            for envelope in outgoing:
                websocket.send(json.dumps(envelope))
            try:
                message = websocket.recv(timeout=0.05)
            except TimeoutError:
                continue
            except Exception:  # noqa: BLE001 - the client went away; end this session
                return
            if isinstance(message, bytes):
                message = message.decode()
            with self._changed:
                self.received.append(json.loads(message))
                self._changed.notify_all()


def signed_headers(secret: str, body: str, *, timestamp: int | None = None) -> dict[str, str]:
    """The headers Slack sends with a request body signed with `secret`."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    signature = SignatureVerifier(secret).generate_signature(timestamp=ts, body=body)
    return {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": signature or ""}


def post(url: str, body: str, headers: dict[str, str], content_type: str) -> tuple[int, str, float]:
    """POST `body`; return (status, response text, seconds until the response)."""
    request = urllib.request.Request(url, data=body.encode(), method="POST",
                                     headers={"Content-Type": content_type, **headers})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(), time.perf_counter() - started
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), time.perf_counter() - started


def post_event(url: str, secret: str, payload: dict[str, Any], *, retry_num: int | None = None,
               timestamp: int | None = None, tamper: bool = False) -> tuple[int, str, float]:
    """Send an Events API payload signed like Slack does (optionally tampered after signing)."""
    body = json.dumps(payload)
    headers = signed_headers(secret, body, timestamp=timestamp)
    if retry_num is not None:
        headers |= {"X-Slack-Retry-Num": str(retry_num), "X-Slack-Retry-Reason": "http_timeout"}
    if tamper:
        body = body[:-1] + ', "tampered": true}'
    return post(url, body, headers, "application/json")


def post_action(url: str, secret: str, payload: dict[str, Any]) -> tuple[int, str, float]:
    """Send an interactivity payload (form-encoded `payload=`), signed."""
    body = urllib.parse.urlencode({"payload": json.dumps(payload)})
    return post(url, body, signed_headers(secret, body), "application/x-www-form-urlencoded")


_event_ids = itertools.count(1)
_message_ts = itertools.count(1)


def next_ts() -> str:
    return f"{1_800_000_000 + next(_message_ts)}.000200"


def event_envelope(event: dict[str, Any], *, event_id: str | None = None, team_id: str = TEAM_ID) -> dict[str, Any]:
    """An `event_callback` body as Slack delivers it."""
    return {
        "token": "verification-token",
        "team_id": team_id,
        "api_app_id": "A0000001",
        "event": event,
        "type": "event_callback",
        "event_id": event_id or f"Ev{next(_event_ids):010d}",
        "event_time": int(time.time()),
        "authorizations": [{"team_id": team_id, "user_id": BOT_USER_ID, "is_bot": True}],
    }


def mention(text: str, *, channel: str = "C0000001", user: str = "U0000001", ts: str | None = None,
            thread_ts: str | None = None) -> dict[str, Any]:
    event = {"type": "app_mention", "user": user, "text": f"<@{BOT_USER_ID}> {text}", "ts": ts or next_ts(),
             "channel": channel, "event_ts": ts or next_ts()}
    if thread_ts:
        event["thread_ts"] = thread_ts
    return event


def message(text: str, *, channel: str = "C0000001", channel_type: str = "channel", user: str = "U0000001",
            thread_ts: str | None = None, **extra: Any) -> dict[str, Any]:
    ts = next_ts()
    event = {"type": "message", "user": user, "text": text, "ts": ts, "channel": channel,
             "channel_type": channel_type, "event_ts": ts, **extra}
    if thread_ts:
        event["thread_ts"] = thread_ts
    return event


__all__ = [
    "BOT_USER_ID",
    "TEAM_ID",
    "FakeSlack",
    "FakeSocketMode",
    "FaultKind",
    "RecordedRequest",
    "SharedFile",
    "event_envelope",
    "mention",
    "message",
    "next_ts",
    "post",
    "post_action",
    "post_event",
    "signed_headers",
]
