"""A rate said per sender, as an interval between one sender's requests ("each … every 3 min", "每人 1 分钟传一则", "每台每
分钟送 2 张"): the senders (people present, or machines counted by the measure word their 每 repeats) divided by the
interval is the arrival rate; an interval is never a first-token target, and people present beside a head count are the
senders at the peak, not streams. Expectations worked out by hand from each message (senders ÷ interval)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "per_s"), [
    # the verb a button's name away from its interval
    ("~70 claims handlers, each one hits the 'suggest reply' button maybe every 5 min", 70 / 300),
    # "one request every …": a frequency, not a bare count of requests
    ("about 30 nurses, each sends maybe one request every 4 min", 30 / 240),
    # a range of intervals: its middle
    ("we have 90 dispatchers; each submits one query every 2-4 minutes", 90 / 180),
    # the senders counted in the sentence before the one that says "each"
    ("helpdesk for ~50 technicians. each kicks off a lookup every 10 minutes or so", 50 / 600),
    # one of what each time brings (则 / 张 / 笔), said after the interval
    ("门店 40 个店员，每人大概 2 分钟发一条", 40 / 120),
    ("巡检员 60 位，每位每 20 秒拍一张", 60 / 20),
    ("稽核 15 人，每人約每 45 秒丟一筆", 15 / 45),
    # machines or places counted by the measure word their 每 repeats
    ("车间 12 台检测设备，每台每分钟送 5 张图", 12 * 5 / 60),
    ("全台 35 家分店，每家的平板大概每 4 分鐘問一次", 35 / 240),
])
def test_senders_over_their_interval_is_the_arrival_rate(text, per_s):
    facts = parse_message(text).facts
    assert facts["requests_per_s"] == pytest.approx(per_s, rel=0.01)
    assert "ttft_target_ms" not in facts
    assert "concurrent_users" not in facts


@pytest.mark.parametrize(("text", "people", "per_s"), [
    ("~600 agents across shifts, ~200 logged in at peak, each pings the copilot about every 6 min", 600, 200 / 360),
    ("全公司 1200 人，高峰在线 150 个，每人平均 5 分钟问一次", 1200, 150 / 300),
])
def test_people_present_beside_a_head_count_send_the_rate(text, people, per_s):
    facts = parse_message(text).facts
    assert facts["total_users"] == people
    assert facts["requests_per_s"] == pytest.approx(per_s, rel=0.01)
    assert "concurrent_users" not in facts


@pytest.mark.parametrize("text", [
    "qwen3 8b, first token under 3 seconds, 20 users",
    "p95 首字 2 秒内，30 人",
])
def test_a_wait_is_still_a_first_token_target(text):
    assert "ttft_target_ms" in parse_message(text).facts


def test_a_count_of_servers_is_no_sender():
    """"4 台服务器，每台…" counts capacity, not senders: no rate is multiplied by the servers."""
    facts = parse_message("4 台服务器，每台每秒能处理 50 个请求").facts
    assert facts.get("requests_per_s") != pytest.approx(200)


def test_a_served_models_people_times_their_interval_is_that_models_rate():
    """Two models on one box, one said with its people and each one's interval: that model's load is people ÷ interval
    (30 / 180 s), added to the other's rate; the people are a head count, not streams."""
    facts = parse_message("one server, two models. (1) llama 3.3 70b for ~30 underwriters, each sends one request every "
                          "3 min. (2) qwen3 8b as an intent tagger, ~10 req/s").facts
    served = {round(m["model_params_b"]): m for m in facts["served_models"]}
    assert served[70]["requests_per_s"] == pytest.approx(30 / 180, rel=0.01)
    assert "concurrent_users" not in served[70]
    assert facts["requests_per_s"] == pytest.approx(10 + 30 / 180, rel=0.01)
    assert "concurrent_users" not in facts
