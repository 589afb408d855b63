"""Rules a buyer states about what may be bought, read in English, Simplified and Traditional Chinese and
applied through the real engine:

- no connection to the outside ("zero internet", "涉密网络不能接互联网", "封閉網路、資料不能出公司"): nothing can
  be rented or called, so the reply costs buying only and says so once (issue 26 F);
- a domestic-only procurement rule ("信创", "domestic chips only", "只能用國產晶片"): only China's domestic
  accelerator makers may be bought, so every option offered is one of theirs;
- a laptop asked for ("IT will buy me one laptop", "买一台笔记本", "買一台筆電"): the device bought is one sold
  inside a laptop, not a desktop box or a card.

Expectations written from the rules before running: a 7-8B model at Q4_K_M is ~4-5 GB of weights, which any
laptop SoC with 16 GB or more holds, so the laptop rule leaves options to choose from rather than none.
"""

from __future__ import annotations

import pytest

from bot.nlu.load_words_zh import DOMESTIC_VENDORS
from bot.nlu.parser import parse_message
from estimator.advice.laptops import sold_as_laptop
from tests.support.engine_fixtures import talk


def _offered(reply, catalog):
    """The devices of every option the reply offers (primary first); at least one."""
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None
    devices = [catalog.hardware_by_id(option.hardware_id) for option in (rec.primary, *rec.alternatives)]
    assert None not in devices
    return devices


AIR_GAPPED = [
    ("we're on an offshore rig with zero internet. 8B fine-tune, Q4_K_M, 10 people at once, first token under 2 s",
     "Air-gapped: renting and hosted APIs are out", ("Rent:", "Hosted API:", "Buy, rent or call an API")),
    ("涉密网络，不能接互联网。8B 模型，Q4_K_M，10 人同时用，首字 2 秒内",
     "内网隔离：不能租用云 GPU", ("租用：", "托管 API：", "买、租还是调用 API")),
    ("機房是封閉網路、資料不能出公司。8B 模型，Q4_K_M，10 人同時用，首字 2 秒內",
     "內網隔離：不能租用雲端 GPU", ("租用：", "託管 API：", "買、租還是呼叫 API")),
]


@pytest.mark.parametrize(("message", "said_once", "absent"), AIR_GAPPED)
def test_no_connection_leaves_rent_and_api_out_in_three_languages(engine, message, said_once, absent):
    reply = talk(engine, message, "just recommend")[-1]
    assert reply.slots.get("air_gapped") is True
    cloud = reply.recommendation.cloud
    assert cloud.air_gapped and cloud.rent_three_year_usd is None and cloud.api_three_year_usd is None
    assert reply.text.count(said_once) == 1
    assert not any(line in reply.text for line in absent)


DOMESTIC_ONLY = [
    "xinchuang project, domestic chips only. Qwen2.5 7B, INT8, 10 users at once, first token under 2 s",
    "信创项目。Qwen2.5 7B，INT8，10 人并发，首字 2 秒内",
    "客戶規定只能用國產晶片。Qwen2.5 7B，INT8，10 人同時用，首字 2 秒內",
]


@pytest.mark.parametrize("message", DOMESTIC_ONLY)
def test_a_domestic_only_rule_buys_domestic_makers_only_in_three_languages(engine, catalog, message):
    reply = talk(engine, message, "just recommend")[-1]
    assert set(reply.slots["allowed_vendors"]) == set(DOMESTIC_VENDORS)
    assert all(hw.vendor in DOMESTIC_VENDORS for hw in _offered(reply, catalog))


@pytest.mark.parametrize("message", [
    "国产卡也可以考虑，预算 300 万",  # domestic cards welcome too: a preference, no rule
    "we compared domestic and imported gpus last year",
    "我们想了解一下国产化的进展",
    # a preference ranks domestic cards first; it rules nothing out (a rule says "only" / "must" without "优先")
    "要求国产卡优先，升腾 910B 行不行",
    "国产化优先但不强求，推荐啥卡",
    "國產化優先，不過 H20 也可以接受",
    "信创优先，英伟达也能谈",
])
def test_domestic_cards_welcome_is_no_rule(message):
    assert parse_message(message).facts.get("allowed_vendors") is None


@pytest.mark.parametrize("message", [
    "运营商项目，全栈国产。Qwen3-235B-A22B W8A8，200 路并发",
    "每天 2 亿 token，要求全国产",
    "必须国产化，英伟达 AMD 都不能用",
    "政府單位，只能用國產",
])
def test_a_whole_stack_or_must_rule_reads_as_domestic_only(message):
    assert set(parse_message(message).facts.get("allowed_vendors") or []) == set(DOMESTIC_VENDORS)


LAPTOP = [
    "IT will buy me one laptop to run a 7B model, Q4_K_M, just me",
    "想买一台笔记本电脑跑 7B 模型，Q4_K_M，就我自己用",
    "想買一台筆電跑 7B 模型，Q4_K_M，只有我自己用",
    "looking for a notebook to run a 7B model at Q4_K_M while traveling, just me",
    "幫我挑一台手提電腦跑 7B 模型，Q4_K_M，只有我自己用",
]


@pytest.mark.parametrize("message", LAPTOP)
def test_a_laptop_asked_for_is_what_is_bought_in_three_languages(engine, catalog, message):
    reply = talk(engine, message, "just recommend")[-1]
    assert reply.slots["device_form"] == "laptop"
    assert all(sold_as_laptop(hw) for hw in _offered(reply, catalog))


@pytest.mark.parametrize("message", [
    "our laptops are too slow, we need a server for a 7b model",
    "we prototype it in a jupyter notebook",
    "we need a colab notebook to run a 7b model",
    "not a laptop, a desktop under the desk",
    "笔记本跑不动，想买台服务器",
])
def test_a_laptop_ruled_out_or_a_notebook_file_is_no_form(message):
    assert parse_message(message).facts.get("device_form") is None


# A yes/no about a named device is answered first, with its numbers, then the options weighed, then the
# recommendation (issue 26 D). "買一台 Mac Studio 就好?" names the Mac Studio sold today with a price on record
# (the catalog's M3 Ultra); "就好?", "能搞定吗" and "cut it" ask whether it would do.
NAMED_FIRST = [
    # one H200 is the H200 NVL card: the SXM module is sold only on baseboards (`estimator.advice.sold_singly`)
    ("does a single H200 cut it for llama 3.1 8b at fp8, 10 users, first token under 1 s?", "nvidia-h200-nvl",
     ["1 × H200 NVL", "Recommendation:"]),
    ("客服场景，每秒 1 个请求，输入 1500 token，输出 200，模型用 GLM-4-9B 或者 Qwen2.5-7B，FP8，首字 1 秒内。"
     "单张 4090 能搞定吗", "nvidia-rtx-4090", ["1 × GeForce RTX 4090", "你问用哪种", "推荐方案："]),
    ("Gemma 3 27B，Q4_K_M，3 個人用，提示 4k，首字 5 秒內，買一台 Mac Studio 就好?", "apple-m3-ultra",
     ["1 × M3 Ultra：", "推薦方案："]),
]


@pytest.mark.parametrize(("message", "device", "order"), NAMED_FIRST)
def test_a_yes_no_on_a_named_device_comes_first_in_three_languages(engine, message, device, order):
    reply = talk(engine, message)[-1]
    if reply.recommendation is None:  # a question about a fact first: the recommendation follows "just recommend"
        reply = talk(engine, "just recommend")[-1]
    rec = reply.recommendation
    assert rec is not None and [n.hardware_id for n in rec.named][:1] == [device]
    body = reply.text.split("\n", 1)[1]  # after the echo line, which names the device too
    positions = [body.find(text) for text in order]
    assert -1 not in positions and positions == sorted(positions), (positions, body[:400])


@pytest.mark.parametrize("message", [
    "our sales team (12 people) need llama 3.2 3b on their laptops for offline demos",
    "团队 12 个人，每人一台笔记本本地跑 llama 3.2 3b",
    "業務團隊 12 個人，每人筆電上跑 llama 3.2 3b",
])
def test_a_laptop_for_each_person_is_personal_with_the_head_count(message):
    facts = parse_message(message).facts
    assert (facts.get("device_form"), facts.get("deployment_scale"), facts.get("total_users")) == ("laptop", "personal", 12)
    assert facts.get("concurrent_users") is None  # how many laptops, not how many share one


@pytest.mark.parametrize("message", [
    "our team of 20 shares one server; laptops are too slow",
    "研发团队 20 人，共用一台服务器",
])
def test_a_shared_server_is_no_laptop_each(message):
    assert parse_message(message).facts.get("deployment_scale") != "personal"


def test_users_on_their_laptops_without_running_there_stay_a_head_count():
    # "200 users on their laptops" may be clients of a server: no laptop each unless running there is said
    assert parse_message("200 users on their laptops").facts.get("deployment_scale") is None
