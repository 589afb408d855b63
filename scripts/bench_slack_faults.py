"""Fault benchmark of the Slack app: many threads, random Web API faults, a SIGKILL and a restart.

`siliconsult slack --http` runs as a real process (`tests/support/processes.py`: real engine with
`--llm none` in its model worker; SQLite inbox and state, or with `--postgres` both in a throw-away
PostgreSQL server, `tests/support/pg.py`) against the fake Slack Web API, which faults each thread's
calls at random (seeded): its reply answered 429 with a `Retry-After` of 1-20 s, `ok:false`
(`internal_error`), or taken and then reset; its status call hung for 35 s or answered 429 with
`Retry-After: 20`. A quarter of the threads are DMs, whose reply streams: their reply faults strike
the stream's stop (`chat.stopStream`), and the kill may land mid-stream. Threads start at a steady rate, each on its own fresh signed delivery; a tenth are
delivered again as Slack's retry. Partway through, the app is SIGKILLed and started again on the same
home: deliveries refused meanwhile, or unanswered when it died, come back as Slack's retries.

The same schedule then runs without faults or kill (fresh home). Reported: threads lost (no finished message
in the thread when every thread is answered or --timeout has passed), doubled (more than one), streams left
open, apologies, the ack latency of every delivery, and how long the fault-free
threads waited for their reply against the fault-free run: a thread must not wait for another's fault.
The threads whose turn the kill interrupted are reported apart (they wait for the restart).

    .venv/bin/python scripts/bench_slack_faults.py [--threads 200] [--rate 5] [--seed 1] [--postgres] [--json]

Exit 1 if a thread is lost or doubled or a stream is left open, the ack p99 exceeds --max-ack-p99-ms (200), or the fault-free
threads' p95 wait exceeds the fault-free run's by more than --max-extra-wait-s (1 s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.bench_slack_load import FIRST_MESSAGE, _deliver, _signed_request, percentile  # noqa: E402
from tests.support.fake_slack import FakeSlack, FaultKind, event_envelope, mention, message  # noqa: E402
from tests.support.processes import SlackProcess  # noqa: E402
from tests.support.slack_harness import SECRET  # noqa: E402  (what _signed_request signs with)

APOLOGY_START = "Sorry, something went wrong"
# (share of threads, method, fault kind, options): the rest of the threads get no fault.
FAULTS: list[tuple[float, str, str, dict[str, Any]]] = [
    (0.10, "chat.postMessage", "ratelimit", {"retry_after_s": (1, 2, 5, 20)}),
    (0.10, "chat.postMessage", "fail", {"error": "internal_error"}),
    (0.10, "chat.postMessage", "reset", {}),
    (0.10, "agents.sessions.setStatus", "hang", {"hang_s": 35.0}),
    (0.05, "agents.sessions.setStatus", "ratelimit", {"retry_after_s": (20,)}),
]
RETRY_SHARE = 0.10  # threads whose delivery Slack sends again (it missed the ack)
DM_SHARE = 0.25  # threads held in a DM: their reply streams
# In a DM the reply is a stream: a fault meant for the reply's post strikes the stream's stop instead.
STREAMED = {"chat.postMessage": "chat.stopStream"}


@dataclass
class Thread:
    index: int
    event: dict[str, Any]
    envelope: dict[str, Any]  # as Slack delivers it: a retry carries the same event id
    fault: str | None  # "method kind", None: fault-free
    acked_at: float | None = None  # time.monotonic of its first 200
    refused_first: bool = False  # its first delivery found the app down: Slack's retry came after the restart
    acks_ms: list[float] = field(default_factory=list)


@dataclass
class App:
    """The running `siliconsult slack` (replaced on restart) and the window in which it was down."""

    env: dict[str, str]
    process: SlackProcess | None = None
    killed_at: float | None = None
    back_at: float | None = None
    refused: int = 0
    non_200: int = 0

    @property
    def url(self) -> str | None:
        return self.process.events_url if self.process is not None else None


def plan(threads: int, seed: int, faulty: bool) -> list[Thread]:
    rng = random.Random(seed)
    planned = []
    for i in range(threads):
        roll, fault = rng.random(), None
        dm = rng.random() < DM_SHARE
        event = (message(FIRST_MESSAGE, channel=f"DFAULT{i:03d}", channel_type="im", user=f"UFAULT{i:03d}") if dm
                 else mention(FIRST_MESSAGE, channel=f"CFAULT{i:03d}", user=f"UFAULT{i:03d}"))
        for share, method, kind, _ in FAULTS:
            if faulty and roll < share:
                fault = f"{STREAMED.get(method, method) if dm else method} {kind}"
                break
            roll -= share
        planned.append(Thread(i, event, event_envelope(event), fault))
    return planned


def arm(fake: FakeSlack, threads: list[Thread], seed: int) -> None:
    """The fake's per-call faults, one per faulted thread (the first matching call of its thread)."""
    rng = random.Random(seed + 1)
    options = {f"{streamed} {kind}": opts for _, method, kind, opts in FAULTS
               for streamed in {method, STREAMED.get(method, method)}}
    for thread in threads:
        if thread.fault is None:
            continue
        method, kind = thread.fault.split()
        opts = dict(options[thread.fault])
        if "retry_after_s" in opts:
            opts["retry_after_s"] = rng.choice(opts["retry_after_s"])
        ts = thread.event["ts"]
        fake.fault(method, cast(FaultKind, kind), where=lambda body, ts=ts: body.get("thread_ts") == ts, **opts)


async def deliver(app: App, thread: Thread, retry_num: int | None) -> bool:
    """One delivery of the thread's event; False when the app was down or died under it (Slack retries)."""
    url = app.url
    if url is None:
        app.refused += 1
        thread.refused_first = thread.refused_first or thread.acked_at is None
        return False
    parts = urllib.parse.urlsplit(url)
    request = _signed_request(url, thread.envelope, retry_num)
    sent_at = time.monotonic()
    try:
        status, seconds = await _deliver(parts.hostname or "127.0.0.1", parts.port or 80, request, 10.0)
    except (OSError, IndexError, ValueError):  # refused, reset, or cut off mid-answer (TimeoutError is an OSError)
        app.refused += 1
        thread.refused_first = thread.refused_first or thread.acked_at is None
        return False
    if status != 200:
        app.non_200 += 1
        return False
    thread.acks_ms.append(seconds * 1000)
    if thread.acked_at is None:  # when the status line came (the rest of the response may come later)
        thread.acked_at = sent_at + seconds
    return True


async def run_schedule(app: App, threads: list[Thread], rate: float, kill_at: float | None, seed: int) -> None:
    """Deliver every thread at `rate` per second; SIGKILL and restart the app at `kill_at` of the schedule;
    Slack's retries: of a tenth of the threads a few seconds on, and of every refused delivery once the app is back."""
    rng = random.Random(seed + 2)
    loop = asyncio.get_running_loop()
    restarts = ThreadPoolExecutor(max_workers=1)
    started = time.monotonic()
    refused: list[Thread] = []
    tasks = []

    async def one(thread: Thread, at: float) -> None:
        await asyncio.sleep(max(0.0, started + at - time.monotonic()))
        if not await deliver(app, thread, None):
            refused.append(thread)
            return
        if rng.random() < RETRY_SHARE:  # Slack did not see that ack in time: the same event again
            await asyncio.sleep(2.0)
            if not await deliver(app, thread, 1):
                refused.append(thread)

    def kill_and_restart() -> None:
        assert app.process is not None
        app.process.kill()
        app.killed_at = time.monotonic()
        app.process = None
        app.process = SlackProcess(app.env)
        app.back_at = time.monotonic()

    async def killer() -> None:
        assert kill_at is not None
        await asyncio.sleep(kill_at)
        await loop.run_in_executor(restarts, kill_and_restart)

    tasks = [asyncio.create_task(one(t, t.index / rate)) for t in threads]
    if kill_at is not None:
        tasks.append(asyncio.create_task(killer()))
    await asyncio.gather(*tasks)
    retries_left = 50  # Slack retries three times over 5 minutes; here, until the app is back (bounded)
    while refused and retries_left:
        if app.url is None:
            await asyncio.sleep(0.2)
            continue
        retries_left -= 1
        again, refused[:] = list(refused), []
        results = await asyncio.gather(*(deliver(app, t, 1) for t in again))
        refused.extend(t for t, ok in zip(again, results, strict=True) if not ok)
        await asyncio.sleep(0.5 if refused else 0)
    restarts.shutdown()


def measure(fake: FakeSlack, threads: list[Thread], app: App, timeout_s: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and any(not fake.messages(t.event["ts"]) for t in threads):
        time.sleep(0.5)
    time.sleep(3.0)  # room for a duplicate to arrive
    per_thread = {t.index: fake.messages(t.event["ts"]) for t in threads}  # when each was posted or streamed
    # What people see: finished messages (a stream replaced by chat.update is one), and streams left open.
    seen = {t.index: fake.thread(t.event["ts"]) for t in threads}
    finished = {i: [m for m in ms if not m["streaming"]] for i, ms in seen.items()}
    acks = [ms for t in threads for ms in t.acks_ms]
    killed, back = app.killed_at, app.back_at

    def interrupted(t: Thread) -> bool:
        """Acked before the kill and not answered by then, or acked while the app restarted."""
        if killed is None or t.acked_at is None or not per_thread[t.index]:
            return False
        answered = per_thread[t.index][0].at
        return t.acked_at <= (back or killed) and answered > killed

    # Refused while the app was down: Slack's retries of them all arrive together once it is back, with the
    # turns the restart recovers, and queue for the two compute slots: the kill's delay, not another's fault.
    retried = [t for t in threads if t.fault is None and t.refused_first and per_thread[t.index]
               and t.acked_at is not None and not interrupted(t)]
    clean = [t for t in threads if t.fault is None and per_thread[t.index] and t.acked_at is not None
             and not interrupted(t) and not t.refused_first]
    waits = [per_thread[t.index][0].at - (t.acked_at or 0) for t in clean]
    recovered = [per_thread[t.index][0].at - (back or 0) for t in threads if interrupted(t)]
    return {
        "threads": len(threads),
        "faulted": sum(t.fault is not None for t in threads),
        "faults": {kind: sum(t.fault == kind for t in threads) for kind in sorted({t.fault for t in threads if t.fault})},
        "deliveries": len(acks),
        "refused_while_down": app.refused,
        "non_200": app.non_200,
        "ack_ms": {"p50": round(statistics.median(acks), 1), "p99": round(percentile(acks, 99), 1),
                   "max": round(max(acks), 1)},
        "dm_threads": sum(t.event["channel"].startswith("D") for t in threads),
        "lost": sum(1 for m in finished.values() if not m),
        "doubled": sum(1 for m in finished.values() if len(m) > 1),
        "left_open": sum(1 for ms in seen.values() for m in ms if m["streaming"]),
        "apologies": sum(1 for ms in finished.values() for m in ms if str(m["text"] or "").startswith(APOLOGY_START)),
        "fault_free_wait_s": _spread(waits),
        "interrupted_by_kill": len(recovered),
        "retried_after_restart_wait_s": _spread([per_thread[t.index][0].at - (t.acked_at or 0) for t in retried])
        if retried else None,
        "interrupted_answered_after_restart_s": _spread(recovered) if recovered else None,
        "restart_s": round(back - killed, 1) if killed and back else None,
    }


def _spread(values: list[float]) -> dict[str, float]:
    return {"n": len(values), "p50": round(statistics.median(values), 2), "p95": round(percentile(values, 95), 2),
            "max": round(max(values), 2)}


def run(threads: int, rate: float, seed: int, faulty: bool, timeout_s: float, state_url: str | None) -> dict[str, Any]:
    planned = plan(threads, seed, faulty)
    with FakeSlack() as fake, tempfile.TemporaryDirectory(prefix="siliconsult-faults-") as home:
        if faulty:
            arm(fake, planned, seed)
        env = {"SLACK_BOT_TOKEN": "xoxb-bench-faults", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": fake.url,
               "SILICONSULT_HOME": home, **({"SILICONSULT_STATE_URL": state_url} if state_url else {})}
        app = App(env, SlackProcess(env))
        try:
            kill_at = 0.4 * threads / rate if faulty else None
            asyncio.run(run_schedule(app, planned, rate, kill_at, seed))
            result = measure(fake, planned, app, timeout_s)
        finally:
            if app.process is not None:
                app.process.close()
    result["run"] = ("faults and a SIGKILL" if faulty else "no faults") + (" (PostgreSQL)" if state_url else " (SQLite)")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=200)
    parser.add_argument("--rate", type=float, default=5.0, help="threads started per second")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=180.0, help="bound on the wait for every reply, seconds")
    parser.add_argument("--max-ack-p99-ms", type=float, default=200.0)
    parser.add_argument("--max-extra-wait-s", type=float, default=1.0)
    parser.add_argument("--postgres", action="store_true",
                        help="inbox and conversation state in a throw-away PostgreSQL server (a fresh database per run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = None
    if args.postgres:
        from tests.support.pg import start_postgres

        server = start_postgres()
    try:
        def state_url() -> str | None:
            return server.create_database() if server is not None else None

        baseline = run(args.threads, args.rate, args.seed, False, args.timeout, state_url())
        faulted = run(args.threads, args.rate, args.seed, True, args.timeout, state_url())
    finally:
        if server is not None:
            server.stop()
    extra = faulted["fault_free_wait_s"]["p95"] - baseline["fault_free_wait_s"]["p95"]
    ok = all(r["lost"] == 0 and r["doubled"] == 0 and r["left_open"] == 0 and r["ack_ms"]["p99"] <= args.max_ack_p99_ms
             for r in (baseline, faulted)) and extra <= args.max_extra_wait_s
    if args.json:
        print(json.dumps({"baseline": baseline, "faulted": faulted, "extra_p95_wait_s": round(extra, 2), "ok": ok}))
    else:
        for r in (baseline, faulted):
            print(f"{r['run']}: {r['threads']} threads ({r['faulted']} faulted {r['faults']}), {r['deliveries']} "
                  f"deliveries acked, {r['refused_while_down']} refused while down, restart {r['restart_s']} s")
            print(f"  {r['dm_threads']} DM threads (streamed); lost {r['lost']}, doubled {r['doubled']}, streams left "
                  f"open {r['left_open']}, apologies {r['apologies']}; ack ms p50 "
                  f"{r['ack_ms']['p50']} p99 {r['ack_ms']['p99']} max {r['ack_ms']['max']}")
            print(f"  fault-free threads' wait for their reply, s: {r['fault_free_wait_s']}; interrupted by the kill: "
                  f"{r['interrupted_by_kill']} {r['interrupted_answered_after_restart_s'] or ''}; refused while down, "
                  f"then retried: {r['retried_after_restart_wait_s'] or 'none'}")
        print(f"fault-free p95 wait with faults minus without: {extra:+.2f} s; " + ("OK" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
