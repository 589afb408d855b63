"""The devices a message names to ask about, as {catalog id: count asked} (None: "how many?")."""

from __future__ import annotations

from bot.nlu import HardwareMatcher, parse_message


def named(text: str, matcher: HardwareMatcher) -> dict[str, int | None]:
    return {d["hardware_id"]: d.get("count") for d in parse_message(text, hardware=matcher).facts.get("named_devices", [])}
