"""`siliconsult chat` as a user runs it: piped stdin, --json lines, a killed process that continues."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

CHAT = [sys.executable, "-m", "bot.cli.main", "chat", "--llm", "none"]


def run_chat(home, *args: str, stdin: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "SILICONSULT_HOME": str(home)}
    return subprocess.run([*CHAT, *args], input=stdin, capture_output=True, text=True, env=env, timeout=timeout)


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_piped_json_one_object_per_reply(tmp_path):
    done = run_chat(tmp_path, "--json", "--thread", "X",
                    stdin="We want to serve a 7B model to about 200 people in legal\njust recommend\n")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 2
    for obj in lines:
        assert {"text", "slots", "recommendation", "done"} <= obj.keys()
    assert lines[0]["recommendation"] is None and lines[0]["done"] is False
    assert isinstance(lines[1]["recommendation"], dict) and lines[1]["done"] is True
    assert lines[1]["slots"]["model_params_b"] == 7 and lines[1]["slots"]["concurrent_users"] == 200
    assert lines[1]["recommendation"]["primary"]["hardware_id"]


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_plain_output_and_quit(tmp_path):
    done = run_chat(tmp_path, stdin="A 13B model for 50 people\nquit\nthis line is never read\n")
    assert done.returncode == 0, done.stderr
    assert "13B model" in done.stdout and "never read" not in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_killed_chat_continues_where_it_stopped(tmp_path):
    env = {**os.environ, "SILICONSULT_HOME": str(tmp_path)}
    proc = subprocess.Popen([*CHAT, "--json", "--thread", "kill-me"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        proc.stdin.write("Our 7B model for the legal department, about 200 people\n")
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())
        assert not first["done"] and first["slots"]["model_params_b"] == 7
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stdin.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    resumed = run_chat(tmp_path, "--json", "--thread", "kill-me", stdin="first token under 1 s\njust recommend\n")
    last = json.loads(resumed.stdout.splitlines()[-1])
    assert last["done"] and last["slots"]["model_params_b"] == 7 and last["slots"]["concurrent_users"] == 200
    assert last["slots"]["ttft_target_ms"] == 1000


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_bad_input_never_shows_a_traceback(tmp_path):
    done = run_chat(tmp_path, "--json", stdin="\n😀\n" + "x" * 10_000 + "\n")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == 3 and all(r["text"] and r["slots"] == {} for r in replies)


def test_an_unusable_home_is_one_line_not_a_traceback(tmp_path):
    home = tmp_path / "a-file"
    home.write_text("not a directory")
    done = run_chat(home, stdin="hello\n")
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and "error" in (done.stderr + done.stdout).lower()


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_chat_that_continues_an_earlier_thread_says_so(tmp_path):
    first = run_chat(tmp_path, stdin="A 13B model for 50 people, power cap 3 kW\n")
    assert "continuing conversation" not in first.stdout + first.stderr
    again = run_chat(tmp_path, stdin="quit\n")
    assert again.returncode == 0, again.stderr
    assert "continuing conversation 'terminal'" in again.stdout and "start over" in again.stdout
    other = run_chat(tmp_path, "--thread", "fresh", stdin="quit\n")
    assert "continuing conversation" not in other.stdout
