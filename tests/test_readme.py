"""The README's conversation is real: its user lines, run through the engine, give the replies it shows.

Only the lines the README quotes verbatim are checked (it abridges the rest), so a change in ranking
or wording that makes the README wrong fails here and the README gets updated with a real run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.wiring import build_engine

README = Path(__file__).resolve().parents[1] / "README.md"


def _transcript() -> list[tuple[str, list[str]]]:
    """(user message, [reply lines quoted in full]) pairs from the README's `text` block."""
    block = re.search(r"```text\n\$ siliconsult chat --llm none\n(.*?)```", README.read_text(), re.S)
    assert block, "README lost its conversation block"
    turns: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("you> "):
            turns.append((line.removeprefix("you> "), []))
        elif line.startswith("siliconsult> ") and turns:
            turns[-1][1].append(line.removeprefix("siliconsult> "))
        elif line.startswith("  • ") and turns:
            turns[-1][1].append(line.strip())
    return turns


@pytest.fixture
def engine(tmp_path, catalog):
    with build_engine(Settings(home=tmp_path, llm="none"), llm=None, catalog=catalog) as engine:
        yield engine


def test_readme_conversation_matches_a_real_run(engine):
    turns = _transcript()
    assert len(turns) >= 3
    for message, quoted in turns:
        reply = engine.handle("readme", message)
        real_lines = [line.strip() for line in reply.text.splitlines()]
        for line in quoted:
            # A quoted line ending in "…" or a continuation is abridged: compare the part before it.
            head = line.split(" …")[0].split("…")[0].rstrip()
            assert any(real.startswith(head) for real in real_lines), (
                f"README shows {line!r} for {message!r}; the real reply was:\n{reply.text}")
