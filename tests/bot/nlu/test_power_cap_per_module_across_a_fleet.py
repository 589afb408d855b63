"""A power cap per module across a fleet of sites, and one user "at a time" whatever the noun.

Expectations from the words: "our 40 store kiosks … add a small module to each … each module has to stay under
15W" is a fleet of 40 (one module per kiosk) with a 15 W cap on each module (`per_server`), never 15 W for all
forty; "one shopper at a time" is one stream (no noun list decides it), while "one model at a time" is no load.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "sites", "watts"), [
    ("offline Q&A in our 40 store kiosks (dumb screens today, so we'd add a small module to each). 1b model. "
     "each module has to stay under 15W", 40, 15),
    ("putting a small module in each of our 25 delivery robots, 3b model, each unit must stay under 10W", 25, 10),
    ("要给 30 台自助终端各加一个小模块跑 1B 模型，每个模块功耗不能超过 15W", 30, 15),
    ("50 間門市每間放一台小盒子，跑 3B，每台功耗要低於 20W", 50, 20),
])
def test_a_cap_said_of_each_module_is_per_box_across_the_fleet(text, sites, watts):
    facts = parse_message(text).facts
    assert (facts.get("sites"), facts.get("power_budget_w"), facts.get("power_budget_scope")) == (sites, watts, "per_server")


@pytest.mark.parametrize(("text", "streams"), [
    ("llama 3.2 1b, ~2k ctx, one shopper at a time", 1),
    ("one tech uses it at a time, 8b model", 1),
    ("2 patients at a time at each desk", 2),
])
def test_people_at_a_time_are_streams_whatever_the_noun(text, streams):
    assert parse_message(text).facts.get("concurrent_users") == streams


@pytest.mark.parametrize("text", ["we load one model at a time on the 4090", "swap 2 adapters at a time, 8b base"])
def test_models_or_adapters_at_a_time_are_no_head_count(text):
    assert "concurrent_users" not in parse_message(text).facts
