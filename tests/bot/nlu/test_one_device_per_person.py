"""One device for each person ("each of our 5 engineers their own DGX Spark", "每人一台", "人手一台", "one RTX 5090 box per
researcher"): as many devices as people, each serving its one person, bought once per person."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "device", "people"), [
    ("thinking of buying each of our 5 ML engineers their own DGX Spark to run a 30b", "nvidia-dgx-spark-gb10", 5),
    ("one RTX 5090 box per researcher, 4 researchers, 8b each", "nvidia-rtx-5090", 4),
    ("给 10 个算法工程师每人配一张 RTX 4090，各自跑 14B", "nvidia-rtx-4090", 10),
    ("3 个研究员人手一台 DGX Spark 跑 32B 可以吗", "nvidia-dgx-spark-gb10", 3),
    ("每位工程師一台 DGX Spark，共 4 位，跑 70B 4bit", "nvidia-dgx-spark-gb10", 4),
])
def test_one_device_each_names_as_many_as_people(text, device, people, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert [(d["hardware_id"], d["count"]) for d in facts.get("named_devices", [])] == [(device, people)]
    assert facts.get("total_users") == people and facts.get("deployment_scale") == "personal"
    assert "concurrent_users" not in facts  # each device serves its one person


def test_one_request_per_user_is_no_device_each(matcher):
    assert parse_message("one request per user every minute, 30 users", hardware=matcher).facts.get("deployment_scale") is None


def test_a_spark_for_each_engineer_is_bought_six_times_through_the_engine(tmp_path):
    # Qwen3-30B-A3B FP8 ~31 GB on a 128 GB DGX Spark, one user: ~3.3 GB active / 273 GB/s -> tens of tok/s, fits; the plan is
    # six of them, 6 x $3,999 (catalog) = $23,994
    reply = recommended(chat_engine(tmp_path), "each", "想幫 6 個工程師每人買一台 DGX Spark，各自跑 Qwen3-30B-A3B（FP8）寫程式用，"
                        "這樣規劃 OK 嗎？", "直接推薦吧")
    rec = reply.recommendation
    assert rec.primary.hardware_id == "nvidia-dgx-spark-gb10" and rec.primary.count == 1
    assert rec.fleet is not None and rec.fleet.sites == 6 and rec.fleet.capex_usd == 6 * rec.primary.capex_usd
