"""A yes/no on one device in the words leads use ("H20 能用吗", "4090 用得了吗", "is one L4 up to it?", "would one card
cover it?") names that device, at the count said (one when none is said); and a monthly bill on a domestic platform's
model (百炼 qwen-plus / qwen-max / qwen-turbo, 火山方舟 Doubao, 智谱 GLM on its API) is read as that model's spend. An
open model named alone (GLM-4.5-Air to deploy) stays a model to host, and "qwen3-max" (another, dearer model) is not
read as qwen-max."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from tests.support.named_devices import named


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "expected"), [
    ("想自己部署 Qwen3-32B 替代掉，要买多少卡？H20 能用吗", "nvidia-h20"),
    ("Qwen3-8B 做标题改写，一张 4090 用得了吗", "nvidia-rtx-4090"),
    ("llama 3.2 3b for an intent router, 10 users. is one L4 up to it?", "nvidia-l4"),
    ("mistral small for 120 engineers. would one rtx pro 6000 cover it?", "nvidia-rtx-pro-6000-blackwell"),
])
def test_a_yes_no_on_one_device_names_it(text, expected, matcher):
    found = named(text, matcher)
    assert expected in found
    assert found[expected] in (None, 1)


def test_a_device_in_a_sentence_without_a_question_is_not_asked_about(matcher):
    assert named("我们去年买了一张 4090 放在机房里，现在想跑 Qwen3-8B", matcher).get("nvidia-rtx-4090", "absent") in ("absent",)


@pytest.mark.parametrize(("text", "api_model"), [
    ("现在每个月在阿里云百炼上调 qwen-plus 花 8000 块左右，想自己部署 Qwen3-32B", "qwen-plus"),
    ("team in shanghai: ~¥12k/month on qwen-max via bailian for report drafting", "qwen-max"),
    ("我們在阿里雲百煉用 qwen-turbo，每月帳單大概 1000 人民幣", "qwen-turbo"),
    ("现在在火山方舟上用 doubao-1.5-pro-32k，每月 6000 元左右", "doubao-1.5-pro"),
    ("我們目前用智譜的 GLM-4.5-Air API，每月大概 4,000 人民幣，想改成自己部署 GLM-4.5-Air", "glm-4.5-air"),
])
def test_a_bill_on_a_domestic_platform_reads_its_model(text, api_model, matcher):
    assert parse_message(text, hardware=matcher).facts.get("api_model") == api_model


def test_another_model_of_the_family_is_not_read_as_the_priced_one(matcher):
    assert parse_message("每月在百炼上调 qwen3-max 花 2 万", hardware=matcher).facts.get("api_model") != "qwen-max"


def test_an_open_glm_named_alone_is_a_model_to_host_not_a_bill(matcher):
    facts = parse_message("想自己部署 GLM-4.5-Air 给 20 个人用", hardware=matcher).facts
    assert facts.get("api_model") is None
