"""The HTTP front of the Slack app: an ASGI application that refuses bad requests before Bolt sees them.

Order of the checks, each answered with a short plain-text body and one log line (method, size,
reason; never the body, never a header value a client chose):

0. `GET /healthz` (the process answers) and `GET /readyz` (the front takes work: not stopping) for a
   load balancer, 200 or 503; headers over `MAX_HEADER_BYTES` in total: 431;
1. path and method (`POST /slack/events` only: 404 / 405); once `stop_taking_work()` was called (the
   app is stopping and lets its turns in flight finish), every delivery: 503, which Slack retries later;
2. the declared size, from the headers alone (`Content-Length` missing or chunked: 411, malformed:
   400, over `max_body_bytes`: 413), so an oversized body is never read;
3. the body, read within `read_timeout_s` (a client that promises more than it sends: 408);
4. the timestamp (ASCII digits, within 5 minutes) and the `X-Slack-Signature` HMAC over the raw
   bytes, compared as bytes (a header with non-ASCII bytes is a bad signature, not a crash): 401;
5. only then decoding and parsing: invalid UTF-8, JSON that is not an object, nested deeper than
   `MAX_JSON_DEPTH`, a form whose `payload` is not a JSON object, an unknown content type, and a
   payload whose shape no handler can take (`bot.slack.payload_shape`): 400.

What passes is handed to Bolt (`App.dispatch`) on a small thread pool, because Bolt is synchronous.
A failure inside Bolt is logged with its exception type only and answered 500 with a short body.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from slack_bolt import App, BoltRequest, BoltResponse

from bot.slack.payload_shape import shape_problem

log = logging.getLogger(__name__)

EVENTS_PATH = "/slack/events"
HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"
# Slack's event and interactivity payloads are a few KiB (a message is at most 40,000 characters);
# 1 MiB leaves room for any of them and bounds what one request can make the server buffer.
MAX_BODY_BYTES = 1024 * 1024
# Slack sends the whole body at once; 10 s is generous and frees a connection that stalls.
READ_TIMEOUT_S = 10.0
# Slack's own replay window (https://api.slack.com/authentication/verifying-requests-from-slack).
MAX_CLOCK_SKEW_S = 5 * 60
DISPATCH_WORKERS = 16
# Slack's own request headers are well under 2 KiB; 8 KiB in total bounds what a client can make us hold.
MAX_HEADER_BYTES = 8 * 1024
# Slack's payloads nest fewer than 15 levels (blocks inside a message inside an event); the bound keeps
# the parser, and every handler that walks the payload, far from Python's recursion limit.
MAX_JSON_DEPTH = 64

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

_SAFE = re.compile(r"[^A-Za-z0-9._:/-]")


def safe_token(value: object, limit: int = 40) -> str:
    """A client-supplied value made fit for a log line: no newlines or control characters, bounded."""
    return _SAFE.sub("?", str(value))[:limit]


class Refused(Exception):
    """A request answered with `status` and a short `reason` (also the response body)."""

    def __init__(self, status: int, reason: str, detail: str = "") -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.detail = detail or reason


def declared_length(headers: dict[str, str], max_bytes: int) -> int:
    """The body size the headers promise, or `Refused` when it is missing, malformed or too large."""
    if "transfer-encoding" in headers:  # chunked: no size to check before reading
        raise Refused(411, "length required")
    declared = headers.get("content-length")
    if declared is None:
        raise Refused(411, "length required")
    declared = declared.strip()
    if not declared.isdigit():  # digits only: no sign, no spaces, no "1e9"
        raise Refused(400, "invalid content-length")
    size = int(declared)
    if size > max_bytes:
        raise Refused(413, "body too large", f"a {size:,}-byte body, over the {max_bytes:,}-byte limit")
    return size


def verify_signature(secret: str, headers: dict[str, str], body: bytes, *, now: float) -> None:
    """Slack's v0 signature over the raw bytes (not a decoded string) and a fresh timestamp."""
    timestamp = headers.get("x-slack-request-timestamp", "").strip()
    signature = headers.get("x-slack-signature", "").strip()
    # isascii first: str.isdigit() is true for "²" or "١", which int() then refuses.
    if not (timestamp.isascii() and timestamp.isdigit()) or len(timestamp) > 12:
        raise Refused(401, "invalid timestamp")
    if abs(now - int(timestamp)) > MAX_CLOCK_SKEW_S:
        raise Refused(401, "stale timestamp")
    base = b"v0:" + timestamp.encode() + b":" + body
    expected = b"v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest().encode()
    # Header values were decoded as latin-1, so encoding them back gives the bytes the client sent.
    if not hmac.compare_digest(expected, signature.encode("latin-1")):
        raise Refused(401, "invalid signature")


def json_depth_within(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest at most `limit` deep; checked before parsing, so a
    100,000-deep body never reaches the recursive parser."""
    if text.count("[") + text.count("{") <= limit:
        return True
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return False
        elif char in "]}":
            depth -= 1
    return True


def _json_object(text: str, what: str) -> dict[str, Any]:
    if not json_depth_within(text, MAX_JSON_DEPTH):
        raise Refused(400, f"{what} nested too deep")
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(400, f"{what} is not JSON") from None
    if not isinstance(parsed, dict):
        raise Refused(400, f"{what} is not a JSON object")
    return parsed


def parse_body(content_type: str, text: str) -> dict[str, Any]:
    """The parsed payload, or `Refused(400)`; the same parsing Bolt does, but without its exceptions."""
    media = content_type.split(";", 1)[0].strip().lower()
    if media == "application/json":
        return _json_object(text, "body")
    if media == "application/x-www-form-urlencoded":
        form = {k: v[-1] for k, v in urllib.parse.parse_qs(text, keep_blank_values=True).items()}
        if "payload" in form:
            return _json_object(form["payload"], "form payload")
        return form
    raise Refused(400, "unsupported content type")


class SlackHttpFront:
    """ASGI app: checks every request as the module docstring says, then dispatches it to Bolt."""

    def __init__(self, app: App, signing_secret: str, *, max_body_bytes: int = MAX_BODY_BYTES,
                 read_timeout_s: float = READ_TIMEOUT_S, dispatch_workers: int = DISPATCH_WORKERS,
                 clock: Callable[[], float] = time.time) -> None:
        self.app = app
        self._secret = signing_secret
        self._max_body_bytes = max_body_bytes
        self._read_timeout_s = read_timeout_s
        self._clock = clock
        self._pool = ThreadPoolExecutor(max_workers=dispatch_workers, thread_name_prefix="slack-dispatch")
        self._stopping = False
        self._closed = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        raw_headers = scope.get("headers", [])
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw_headers}
        try:
            if sum(len(k) + len(v) for k, v in raw_headers) > MAX_HEADER_BYTES:
                raise Refused(431, "request headers too large")
            if scope.get("method") == "GET" and scope.get("path") in (HEALTH_PATH, READY_PATH):
                ready = scope.get("path") == HEALTH_PATH or not (self._stopping or self._closed)
                await _respond(send, 200 if ready else 503, "ok\n" if ready else "shutting down\n")
                return
            if scope.get("path") != EVENTS_PATH:
                raise Refused(404, "not found")
            if scope.get("method") != "POST":
                raise Refused(405, "method not allowed")
            if self._stopping:
                # Not recorded, so not lost: Slack retries a 503, and another replica or the next start takes it.
                raise Refused(503, "shutting down")
            size = declared_length(headers, self._max_body_bytes)
            body = await self._read_body(receive, size)
            verify_signature(self._secret, headers, body, now=self._clock())
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                raise Refused(400, "body is not UTF-8") from None
            parsed = parse_body(headers.get("content-type", ""), text)
            problem = shape_problem(parsed)
            if problem:
                raise Refused(400, "payload shape not handled", problem)
        except Refused as refused:
            log.warning("refused %s %s from %s: %s (%d)", safe_token(scope.get("method")), safe_token(scope.get("path")),
                        safe_token((scope.get("client") or ("?",))[0]), refused.detail, refused.status)
            await _respond(send, refused.status, refused.reason + "\n")
            return
        loop = asyncio.get_running_loop()
        response = await loop.run_in_executor(self._pool, self._dispatch, text, headers, parsed)
        await _respond(send, response.status, response.body or "", response.headers)

    async def _read_body(self, receive: Receive, size: int) -> bytes:
        chunks: list[bytes] = []
        received = 0
        deadline = asyncio.get_running_loop().time() + self._read_timeout_s
        more = True
        while more:
            remaining = deadline - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(receive(), max(remaining, 0.0))
            except TimeoutError:
                raise Refused(408, "body not received in time") from None
            if message["type"] == "http.disconnect":
                raise Refused(400, "client went away")
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > size:
                raise Refused(400, "body longer than its content-length")
            chunks.append(chunk)
            more = message.get("more_body", False)
        if received != size:
            raise Refused(400, "body shorter than its content-length")
        return b"".join(chunks)

    def _dispatch(self, text: str, headers: dict[str, str], parsed: dict[str, Any]) -> BoltResponse:
        try:
            return self.app.dispatch(BoltRequest(body=text, headers=dict[str, str | Sequence[str]](headers)))
        except Exception as error:  # noqa: BLE001 - never a traceback with the payload in it: the type is enough
            log.error("dispatch failed for %s: %s", _what(parsed), type(error).__name__)
            return BoltResponse(status=500, body="internal error\n")

    def stop_taking_work(self) -> None:
        """From now on `/readyz` and every delivery answer 503 (the process is stopping, still listening)."""
        self._stopping = True

    def close(self) -> None:
        self._closed = True
        self._pool.shutdown(wait=True)


def _what(parsed: dict[str, Any]) -> str:
    """What a log line may say about a payload: its type and id, never its text."""
    kind = safe_token(parsed.get("type", "?"))
    ident = parsed.get("event_id") or (parsed.get("trigger_id") if kind == "block_actions" else None)
    return f"{kind} {safe_token(ident)}" if ident else kind


async def _respond(send: Send, status: int, body: str | bytes,
                   headers: dict[str, Any] | None = None) -> None:
    payload = body.encode() if isinstance(body, str) else body
    out = [(b"content-length", str(len(payload)).encode())]
    content_type = "text/plain; charset=utf-8"
    for name, values in (headers or {}).items():
        if name.lower() == "content-length":
            continue
        if name.lower() == "content-type":
            content_type = values[0] if isinstance(values, list | tuple) else str(values)
            continue
        for value in values if isinstance(values, list | tuple) else [values]:
            out.append((name.lower().encode("latin-1"), str(value).encode("latin-1")))
    out.append((b"content-type", content_type.encode("latin-1")))
    await send({"type": "http.response.start", "status": status, "headers": out})
    await send({"type": "http.response.body", "body": payload})


__all__ = ["EVENTS_PATH", "HEALTH_PATH", "MAX_BODY_BYTES", "MAX_HEADER_BYTES", "MAX_JSON_DEPTH", "READY_PATH", "READ_TIMEOUT_S", "Refused", "SlackHttpFront", "declared_length",
           "json_depth_within", "parse_body", "safe_token", "verify_signature"]
