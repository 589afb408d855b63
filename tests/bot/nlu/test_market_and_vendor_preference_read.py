"""Where the buyer buys and whose parts they would rather buy, read from the message: a mainland site ("国内机房"),
China's domestic-IT words (国产优先, 信创, "domestic-only") and China-market parts (H20) say mainland China; a Taiwanese
city says Taiwan ("一台中等配置" is a count, not 台中); a preference ("国产优先", "优先考虑昇腾", "Huawei preferred") is
`preferred_vendors`, never a rule; a maker ruled out with the cue after its name ("英伟达、AMD 都不能用") is ruled out."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher
from bot.nlu.load_words_zh import DOMESTIC_VENDORS
from bot.nlu.parser import parse_message


@pytest.mark.parametrize("text", [
    "GLM-4.6 给 8000 人用，国内机房，预算 300 万",
    "公司 800 人，国产化优先但不强求。想部署 Qwen3-32B",
    "优先考虑昇腾，实在不行再说。Qwen3-30B-A3B 给部门用",
    "Domestic-only mandate (SOE). DeepSeek-V3 W8A8 on Ascend",
    "供应商那边能出 8 卡 H20 整机，想跑满血 DeepSeek-R1",
    "国内能买到的卡都行，Qwen3-32B FP8 怎么配最省",
    "台商在東莞的廠，當地要求國產優先",  # a mainland site in Traditional script
])
def test_a_mainland_buyer_is_read_from_sites_rules_and_china_market_parts(text):
    facts = parse_message(text).facts
    assert facts.get("buyer_in_china") is True
    assert facts.get("buyer_in_taiwan") is None


@pytest.mark.parametrize("text", [
    "我們在新竹，研發 200 人，想上 Qwen3-32B",
    "台北的金融業，資安規定不能用中國品牌",
    "Our Hsinchu office wants Llama 3.3 70B for 40 people",
])
def test_a_taiwanese_buyer_is_read_from_the_city(text):
    facts = parse_message(text).facts
    assert facts.get("buyer_in_taiwan") is True
    assert facts.get("buyer_in_china") is None


def test_a_count_before_tai_is_no_city():
    assert parse_message("买一台中等配置的服务器跑 Qwen3-8B").facts.get("buyer_in_taiwan") is None


@pytest.mark.parametrize(("text", "preferred"), [
    ("单位要求国产优先。Qwen3-8B 做公文校对", list(DOMESTIC_VENDORS)),
    ("信创优先（不是硬性要求），GLM-4.5-Air", list(DOMESTIC_VENDORS)),
    ("尽量用国产卡，Qwen3-32B 跑批", list(DOMESTIC_VENDORS)),
    ("优先考虑昇腾，实在不行再说", ["Huawei"]),
    ("We'd like to stay on domestic silicon where possible (Huawei preferred)", ["Huawei"]),
    ("Procurement says domestic preferred, NVIDIA China-market parts OK", list(DOMESTIC_VENDORS)),
])
def test_a_preference_is_read_and_rules_nothing_out(text, preferred):
    facts = parse_message(text).facts
    assert facts.get("preferred_vendors") == preferred
    assert facts.get("allowed_vendors") is None


def test_makers_ruled_out_with_the_cue_after_their_names():
    facts = parse_message("公司在成都，上面明确要求英伟达、AMD 都不能用。Qwen3-32B").facts
    assert facts.get("excluded_vendors") == ["NVIDIA", "AMD"]


def test_no_xinchuang_requirement_is_no_rule():
    facts = parse_message("Chinese subsidiary, we buy locally, no xinchuang requirement though").facts
    assert facts.get("allowed_vendors") is None


def test_any_of_the_listed_parts_that_can_be_bought_is_named_only(catalog):
    facts = parse_message("国内能买到的卡都行（H20、L20、4090D），怎么配最省", hardware=HardwareMatcher(catalog.hardware)).facts
    assert facts.get("named_only") is True
    assert facts.get("buyer_in_china") is True
