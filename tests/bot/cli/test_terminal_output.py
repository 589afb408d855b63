"""The terminal: a recommendation comes verdict first (at most six lines, then a hint), the whole answer
on "details"; piped output stays the full plain text; long batches show a bar only on a terminal."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from bot.api import recommend
from bot.cli import chat, estimate
from bot.reply import Reply
from bot.settings import Settings
from bot.wiring import load_catalog

WORKLOAD = {"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 200, "fine_tuned": True}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(Settings())


def _reply(catalog, lang="en"):
    rec = recommend(WORKLOAD, lang=lang, catalog=catalog)
    text = "Understood: …\nRecommendation: …\n" + "\n".join(f"detail line {i}" for i in range(100))
    return Reply(text=text, recommendation=rec, done=True, intent="provide_info", lang=lang), rec


def _terminal() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=True, width=200, color_system=None), out


def test_terminal_shows_the_verdict_first_in_six_lines(catalog):
    reply, rec = _reply(catalog)
    console, out = _terminal()
    assert chat._show(console, reply, False, catalog) is True
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    assert len(lines) <= 7  # six summary lines and the hint
    assert lines[0].startswith("siliconsult> Buy ") and rec.primary.hardware_name in lines[0]
    assert f"${rec.primary.capex_usd:,.0f}" in lines[1]
    assert "details" in lines[-1] and "detail line 50" not in out.getvalue()


def test_details_prints_the_whole_answer(catalog):
    reply, _ = _reply(catalog)
    console, out = _terminal()
    chat._full(console, reply)
    assert "detail line 99" in out.getvalue()


def test_chinese_hint_in_the_threads_language(catalog):
    reply, _ = _reply(catalog, lang="zh-Hans")
    console, out = _terminal()
    chat._show(console, reply, False, catalog)
    assert "详情" in out.getvalue()


def test_piped_output_is_the_full_plain_text(catalog):
    reply, _ = _reply(catalog)
    out = io.StringIO()
    console = Console(file=out, force_terminal=False, width=200)
    assert chat._show(console, reply, False, catalog) is False
    assert "detail line 99" in out.getvalue() and "\x1b[" not in out.getvalue()


def test_batch_progress_bar_only_on_a_terminal(catalog, monkeypatch, capsys):
    lines = [json.dumps({"hardware": "nvidia-rtx-4090", "params_b": 8})] * 3
    estimate._write_batch(lines, catalog, total=3)
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 3 and captured.err == ""  # piped: the JSON lines only
    seen = io.StringIO()

    class Terminal(Console):
        def __init__(self, *args, **kwargs):
            super().__init__(file=seen, force_terminal=True, width=100)

    monkeypatch.setattr("rich.console.Console", Terminal)
    estimate._write_batch(lines, catalog, total=3)
    assert len(capsys.readouterr().out.splitlines()) == 3 and "estimate --batch" in seen.getvalue()
