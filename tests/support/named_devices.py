"""The devices a message names to ask about, as {catalog id: count asked} (None: "how many?"), and the devices it says
are owned, as (catalog id, count) pairs."""

from __future__ import annotations

from bot.nlu import HardwareMatcher, parse_message


def named(text: str, matcher: HardwareMatcher) -> dict[str, int | None]:
    return {d["hardware_id"]: d.get("count") for d in parse_message(text, hardware=matcher).facts.get("named_devices", [])}


def owned(text: str, matcher: HardwareMatcher) -> list[tuple[str, int]]:
    return [(d["hardware_id"], d["count"]) for d in parse_message(text, hardware=matcher).facts.get("owned_devices") or []]
