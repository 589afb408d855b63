"""Load benchmark of the Slack app over HTTP on loopback (bounded, offline).

N conversations start at the same moment: each thread's app_mention is POSTed, signed, on its own
connection (the measured burst). Then every event is delivered again as Slack's retry
(X-Slack-Retry-Num: 1), all at once too, to exercise the inbox's dedup under load (its acks reported apart). Slack (the fake Web API), the app and the load generator run in
three processes, as they would in production. Measures the HTTP ack latency of every delivery and the time until
every thread has its reply; checks that every thread got exactly one reply.

    .venv/bin/python scripts/bench_slack_load.py [--threads 50] [--engine real|echo] [--rate-limit-every 10] [--json]

With `--rate-limit-every 10` the fake Slack answers every tenth chat.postMessage with 429 and
`Retry-After: 1` (Slack's rate limiter): every reply must still arrive exactly once.

Exit 1 if a reply is missing or duplicated, or the ack p99 exceeds --max-ack-p99-ms (default 200).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import urllib.parse
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from slack_sdk import WebClient  # noqa: E402

from bot.settings import Settings  # noqa: E402
from bot.slack.runtime import build_slack_app  # noqa: E402
from tests.support.fake_slack import FakeSlack, event_envelope, mention, signed_headers  # noqa: E402
from tests.support.slack_harness import SECRET, EchoEngine, serve_app  # noqa: E402

FIRST_MESSAGE = "We want to serve our fine-tuned 7B model to the legal department, about 200 people."


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def _slack_process(conn: Connection, rate_limit_every: int) -> None:
    """Slack's side: the fake Web API, in its own process like the real one would be.

    In production Slack's servers are other machines; here they share two cores with the app, so
    they run at a lower priority to take CPU from the app under test only when it has none to use.
    """
    os.nice(10)
    with FakeSlack() as fake:
        if rate_limit_every:  # Slack's limiter: every N-th post gets 429 with Retry-After: 1
            fake.rate_limit_every("chat.postMessage", rate_limit_every, retry_after_s=1)
        conn.send(fake.url)
        thread_ts, timeout_s = conn.recv()
        started = time.perf_counter()
        try:
            fake.wait_for("chat.postMessage", len(thread_ts), timeout=timeout_s,
                          where=lambda r: r.body.get("thread_ts") in thread_ts)
        except AssertionError:
            pass  # reported as missing replies
        answered_s = time.perf_counter() - started
        time.sleep(2.5 if rate_limit_every else 0.5)  # let a duplicate, if any, arrive (a retry waits 1-2 s)
        limited = len(fake.calls("chat.postMessage", lambda r: r.status == 429))
        conn.send((answered_s, {ts: len(fake.replies(ts)) for ts in thread_ts}, limited))
        conn.recv()


def _app_process(conn: Connection, slack_url: str, home: str, engine_kind: str) -> None:
    """The app as `siliconsult slack --http` runs it: the uvicorn front, SQLite inbox under home."""
    os.environ["SLACK_SIGNING_SECRET"] = SECRET
    settings = Settings(home=Path(home), llm="none")
    # "real": the production wiring, turns in the model worker process; "echo": a stand-in engine
    # on threads of this process (measures the Slack plumbing alone).
    engine = EchoEngine() if engine_kind == "echo" else None
    app, close = build_slack_app(settings, engine=engine, client=WebClient(token="xoxb-bench", base_url=slack_url))
    with serve_app(app) as url:
        conn.send(url)
        conn.recv()
    close()


def _signed_request(url: str, envelope: dict, retry_num: int | None) -> bytes:
    """The raw HTTP request Slack would send, signed now (signing stays out of the timed part)."""
    parts = urllib.parse.urlsplit(url)
    body = json.dumps(envelope)
    headers = signed_headers(SECRET, body)
    if retry_num is not None:
        headers |= {"X-Slack-Retry-Num": str(retry_num), "X-Slack-Retry-Reason": "http_timeout"}
    head = [f"POST {parts.path} HTTP/1.1", f"Host: {parts.netloc}", "Content-Type: application/json",
            f"Content-Length: {len(body.encode())}", "Connection: close", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body.encode()


async def _deliver(host: str, port: int, request: bytes, timeout_s: float) -> tuple[int, float]:
    """One delivery on a fresh connection, as Slack makes it; (status, seconds until the response)."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(request)
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), timeout_s)
    seconds = time.perf_counter() - started
    await reader.read()
    writer.close()
    return int(status_line.split()[1]), seconds


async def _burst(url: str, requests: list[bytes], timeout_s: float) -> list[tuple[int, float]]:
    """Send every request at once, each on its own connection; (status, seconds) per request.

    A single-threaded asyncio client: the load generator adds no lock contention of its own to
    the measured ack times.
    """
    parts = urllib.parse.urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    return list(await asyncio.gather(*(_deliver(host, port, r, timeout_s) for r in requests)))


def _stats(acks: list[tuple[int, float]]) -> dict[str, float]:
    ms = [seconds * 1000 for _, seconds in acks]
    return {"p50": round(statistics.median(ms), 1), "p95": round(percentile(ms, 95), 1),
            "p99": round(percentile(ms, 99), 1), "max": round(max(ms), 1)}


def run(threads: int, engine_kind: str, timeout_s: float, rate_limit_every: int = 0) -> dict:
    """Three processes, as in production: Slack (fake), the app, and the load generator (here)."""
    context = multiprocessing.get_context("spawn")
    slack_conn, slack_child = context.Pipe()
    app_conn, app_child = context.Pipe()
    slack = context.Process(target=_slack_process, args=(slack_child, rate_limit_every), daemon=True)
    slack.start()
    slack_url = slack_conn.recv()
    home = tempfile.mkdtemp(prefix="siliconsult-bench-")
    # Not a daemon: the app starts its own model worker process, as `siliconsult slack` does.
    app = context.Process(target=_app_process, args=(app_child, slack_url, home, engine_kind))
    app.start()
    if not app_conn.poll(timeout_s):
        app.terminate()
        raise SystemExit("the app did not start in time")
    url = app_conn.recv()
    try:
        # One person per conversation, as in a real burst (one person's burst meets the per-user throttle).
        events = [mention(FIRST_MESSAGE, channel=f"CLOAD{i:03d}", user=f"ULOAD{i:03d}") for i in range(threads)]
        envelopes = [event_envelope(e) for e in events]
        thread_ts = {e["ts"] for e in events}
        slack_conn.send((thread_ts, timeout_s))
        # Phase 1, the measured burst: every thread's event at the same instant.
        acks = asyncio.run(_burst(url, [_signed_request(url, e, None) for e in envelopes], timeout_s))
        # Phase 2: Slack's retry of every event (as if no ack had reached it), all at once again.
        retry_acks = asyncio.run(_burst(url, [_signed_request(url, e, 1) for e in envelopes], timeout_s))
        all_answered_s, per_thread, limited = slack_conn.recv()
    finally:
        for conn in (app_conn, slack_conn):
            conn.send("stop")
        for process in (app, slack):
            process.join(10)
            if process.is_alive():
                process.terminate()
    return {
        "threads": threads,
        "engine": engine_kind,
        "rate_limited_posts": limited,
        "deliveries": len(acks) + len(retry_acks),
        "non_200": sum(1 for status, _ in acks + retry_acks if status != 200),
        "ack_ms": _stats(acks),
        "retry_ack_ms": _stats(retry_acks),
        "all_answered_s": round(all_answered_s, 2),
        "answered": sum(1 for n in per_thread.values() if n >= 1),
        "duplicates": sum(n - 1 for n in per_thread.values() if n > 1),
        "lost": sum(1 for n in per_thread.values() if n == 0),
    }


def _ok(result: dict, max_p99_ms: float) -> bool:
    return (result["lost"] == 0 and result["duplicates"] == 0 and result["non_200"] == 0
            and result["ack_ms"]["p99"] <= max_p99_ms)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=50)
    parser.add_argument("--engine", choices=["real", "echo"], default="real")
    parser.add_argument("--runs", type=int, default=1, help="repeat the burst (fresh processes each time)")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound on each run, seconds")
    parser.add_argument("--max-ack-p99-ms", type=float, default=200.0)
    parser.add_argument("--rate-limit-every", type=int, default=0, metavar="N",
                        help="the fake Slack answers every N-th chat.postMessage with 429 (10: a tenth of the posts)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for _ in range(args.runs):
        result = run(args.threads, args.engine, args.timeout, args.rate_limit_every)
        result["load_average_1m"] = round(os.getloadavg()[0], 2)
        result["ok"] = _ok(result, args.max_ack_p99_ms)
        results.append(result)
        if args.json:
            print(json.dumps(result))
        else:
            ack = result["ack_ms"]
            retry = result["retry_ack_ms"]
            print(f"{result['threads']} threads ({result['deliveries']} deliveries incl. retries), "
                  f"engine={result['engine']}, {result['rate_limited_posts']} posts answered 429, "
                  f"load average {result['load_average_1m']}")
            print(f"  HTTP ack ms: p50 {ack['p50']}  p95 {ack['p95']}  p99 {ack['p99']}  max {ack['max']}"
                  f"   (retries: p50 {retry['p50']}  p99 {retry['p99']})")
            print(f"  all threads answered after {result['all_answered_s']} s; answered {result['answered']}, "
                  f"duplicates {result['duplicates']}, lost {result['lost']}, non-200 {result['non_200']}; "
                  + ("OK" if result["ok"] else "FAILED"))
    if args.runs > 1 and not args.json:
        p99s = sorted(r["ack_ms"]["p99"] for r in results)
        print(f"ack p99 over {args.runs} runs: median {statistics.median(p99s)} ms, worst {p99s[-1]} ms; "
              f"{sum(r['ok'] for r in results)}/{args.runs} runs OK")
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
