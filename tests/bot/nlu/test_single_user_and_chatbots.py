"""One person's machine is a personal deployment whoever the person is ("only her", "for his own
experiments", "只有她自己用"); a customer-service or chat *bot* (客服机器人, 聊天机器人) is software serving
people, not a robot at the edge."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "one of our researchers wants a desk machine to run llama 3.3 70b locally, only her, long docs sometimes",
    "just for his own experiments, a 14B model on a workstation",
    "我们组有个博士生想在桌面上跑 32B，只有她自己用",
    "主管想要一台電腦自己跑 8B，就他一個人用",
])
def test_one_persons_machine_is_personal(text):
    facts = parse_message(text).facts
    # Either word for it: a personal deployment, or one user read from "一个人" (its numeral is read as 1).
    assert facts.get("deployment_scale") == "personal" or facts.get("concurrent_users") == 1, facts


@pytest.mark.parametrize("text", [
    "客服機器人一天大約 3 萬通對話，集中在上班 8 小時",
    "我们的聊天机器人高峰 200 人同时在线",
    "问答机器人给全公司用，大概 2000 人",
])
def test_a_chatbot_is_not_an_edge_robot(text):
    assert parse_message(text).facts.get("deployment_scale") != "edge"


@pytest.mark.parametrize("text", ["warehouse robots each run a 3B model onboard", "机器人上跑一个 3B 的模型，功耗 20W"])
def test_a_robot_is_still_the_edge(text):
    assert parse_message(text).facts.get("deployment_scale") == "edge"


@pytest.mark.parametrize("text", ["客服语音机器人，200 路并发通话，模型 7B", "外呼機器人，50 路並發，8B", "电话机器人每天打 3 万通"])
def test_a_voice_or_calling_bot_is_no_robot_at_the_edge(text):
    from bot.nlu import parse_message

    assert dict(parse_message(text).facts).get("deployment_scale") != "edge"


def test_a_warehouse_robot_is_still_at_the_edge():
    from bot.nlu import parse_message

    assert dict(parse_message("仓库里的搬运机器人要本地跑一个 3B 模型，功耗 20W").facts)["deployment_scale"] == "edge"


@pytest.mark.parametrize("text", [
    "家里有台 3090 的主机，想跑 gemma 3 27b 自己玩",
    "got a 4090, want llama 3.1 8b to tinker with",
    "hobby project: qwen3 14b on a used 3090",
])
def test_one_person_trying_a_model_out_is_personal(text):
    assert parse_message(text).facts.get("deployment_scale") == "personal"


def test_staff_working_from_home_are_no_single_user():
    assert parse_message("200 employees, half of them work from home, llama 3.3 70b").facts.get("deployment_scale") != "personal"
