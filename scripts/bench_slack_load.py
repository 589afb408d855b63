"""Load benchmark of the Slack app over HTTP on loopback (bounded, offline).

N conversations start at the same moment: each thread's app_mention is POSTed, signed, by its own
client thread, and every event is delivered a second time as a Slack retry (X-Slack-Retry-Num: 1)
to exercise dedup under load. Measures the HTTP ack latency of every delivery and the time until
every thread has its reply; checks that every thread got exactly one reply.

    .venv/bin/python scripts/bench_slack_load.py [--threads 50] [--engine real|echo] [--json]

Exit 1 if a reply is missing or duplicated, or the ack p99 exceeds --max-ack-p99-ms (default 200).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from slack_sdk import WebClient  # noqa: E402

from bot.settings import Settings  # noqa: E402
from bot.slack.runtime import build_slack_app  # noqa: E402
from tests.fake_slack import FakeSlack, event_envelope, mention, post_event  # noqa: E402
from tests.slack_harness import SECRET, EchoEngine, serve_app  # noqa: E402

FIRST_MESSAGE = "We want to serve our fine-tuned 7B model to the legal department, about 200 people."


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def _slack_process(conn: Connection) -> None:
    """Slack's side: the fake Web API, in its own process like the real one would be."""
    with FakeSlack() as fake:
        conn.send(fake.url)
        thread_ts, timeout_s = conn.recv()
        started = time.perf_counter()
        try:
            fake.wait_for("chat.postMessage", len(thread_ts), timeout=timeout_s,
                          where=lambda r: r.body.get("thread_ts") in thread_ts)
        except AssertionError:
            pass  # reported as missing replies
        answered_s = time.perf_counter() - started
        time.sleep(0.5)  # let a duplicate, if any, arrive before counting
        conn.send((answered_s, {ts: len(fake.replies(ts)) for ts in thread_ts}))
        conn.recv()


def _app_process(conn: Connection, slack_url: str, home: str, engine_kind: str) -> None:
    """The app as `siliconsult slack --http` runs it: real server, SQLite dedup under home."""
    os.environ["SLACK_SIGNING_SECRET"] = SECRET
    settings = Settings(home=Path(home), llm="none")
    if engine_kind == "real":
        from bot.wiring import build_engine

        engine = build_engine(settings)
    else:
        engine = EchoEngine()
    app, close = build_slack_app(settings, engine=engine, client=WebClient(token="xoxb-bench", base_url=slack_url))
    with serve_app(app) as url:
        conn.send(url)
        conn.recv()
    close()
    getattr(engine, "close", lambda: None)()


def run(threads: int, engine_kind: str, timeout_s: float) -> dict:
    """Three processes, as in production: Slack (fake), the app, and the load generator (here)."""
    context = multiprocessing.get_context("spawn")
    slack_conn, slack_child = context.Pipe()
    app_conn, app_child = context.Pipe()
    slack = context.Process(target=_slack_process, args=(slack_child,), daemon=True)
    slack.start()
    slack_url = slack_conn.recv()
    home = tempfile.mkdtemp(prefix="siliconsult-bench-")
    app = context.Process(target=_app_process, args=(app_child, slack_url, home, engine_kind), daemon=True)
    app.start()
    url = app_conn.recv()
    try:
        events = [mention(FIRST_MESSAGE, channel=f"CLOAD{i:03d}") for i in range(threads)]
        envelopes = [event_envelope(e) for e in events]
        thread_ts = {e["ts"] for e in events}
        slack_conn.send((thread_ts, timeout_s))
        acks: list[tuple[int, float]] = []
        lock = threading.Lock()
        barrier = threading.Barrier(threads)

        def deliver(envelope: dict) -> None:
            barrier.wait()
            for retry in (None, 1):  # the original, then Slack's retry of it
                status, _, seconds = post_event(url, SECRET, envelope, retry_num=retry)
                with lock:
                    acks.append((status, seconds))

        workers = [threading.Thread(target=deliver, args=(env,)) for env in envelopes]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout_s)
        all_answered_s, per_thread = slack_conn.recv()
    finally:
        for conn in (app_conn, slack_conn):
            conn.send("stop")
        for process in (app, slack):
            process.join(10)
            if process.is_alive():
                process.terminate()
    ack_ms = [seconds * 1000 for _, seconds in acks]
    return {
        "threads": threads,
        "engine": engine_kind,
        "deliveries": len(acks),
        "non_200": sum(1 for status, _ in acks if status != 200),
        "ack_ms": {"p50": round(statistics.median(ack_ms), 1), "p95": round(percentile(ack_ms, 95), 1),
                   "p99": round(percentile(ack_ms, 99), 1), "max": round(max(ack_ms), 1)},
        "all_answered_s": round(all_answered_s, 2),
        "answered": sum(1 for n in per_thread.values() if n >= 1),
        "duplicates": sum(n - 1 for n in per_thread.values() if n > 1),
        "lost": sum(1 for n in per_thread.values() if n == 0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=50)
    parser.add_argument("--engine", choices=["real", "echo"], default="real")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound on the whole run, seconds")
    parser.add_argument("--max-ack-p99-ms", type=float, default=200.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.threads, args.engine, args.timeout)
    ok = (result["lost"] == 0 and result["duplicates"] == 0 and result["non_200"] == 0
          and result["ack_ms"]["p99"] <= args.max_ack_p99_ms)
    result["ok"] = ok
    if args.json:
        print(json.dumps(result))
    else:
        ack = result["ack_ms"]
        print(f"{result['threads']} threads ({result['deliveries']} deliveries incl. retries), engine={result['engine']}")
        print(f"HTTP ack ms: p50 {ack['p50']}  p95 {ack['p95']}  p99 {ack['p99']}  max {ack['max']}")
        print(f"all threads answered after {result['all_answered_s']} s; answered {result['answered']}, "
              f"duplicates {result['duplicates']}, lost {result['lost']}, non-200 {result['non_200']}")
        print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
