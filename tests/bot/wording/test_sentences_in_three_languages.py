"""The product's sentences in three languages: a complete catalog, Chinese recommendations, English unchanged.

The core returns findings (`estimator.said.Said`); these tests word them with `bot.wording`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.wording import error_text, word, worded
from bot.wording.sentences import LANGUAGES, MESSAGES, QUOTED_IN_ENGLISH_ONLY, msg, placeholders
from estimator.advice.candidates import exclusion
from estimator.advice.evaluate import evaluate_option
from estimator.advice.recommend import recommend
from estimator.errors import NoFeasibleOption
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.messages_cases import texts

SNAPSHOT = Path(__file__).resolve().parents[2] / "data" / "estimator_messages_en.json"

CJK = re.compile(r"[\u4e00-\u9fff]")
# Six or more ASCII words in a row is an English sentence left in a Chinese reply. Ids, device and
# stack names ("CUDA + TensorRT-LLM", "GeForce RTX 5090") are shorter runs.
ENGLISH_RUN = re.compile(r"(?:[A-Za-z][A-Za-z'-]*[\s,]+){5}[A-Za-z][A-Za-z'-]*")
# A busy department with bursty traffic, three models, INT8 on an accuracy-critical task and a power
# budget: it trips most of the checklist (seed 2's pitfalls 2 and 4, tail latency, headroom, power).
BUSY = {"model_params_b": 7, "total_users": 200, "arrival_pattern": "bursty", "models_served": 3,
        "quantization": "INT8", "accuracy_critical": True, "power_budget_w": 3000}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_three_languages_with_the_same_placeholders(key):
    templates = MESSAGES[key]
    assert len(templates) == len(LANGUAGES)
    assert all(text for text in templates)
    names = [placeholders(text) for text in templates]
    assert names[1] == names[0] and names[2] == names[0], key


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_chinese_templates_are_chinese(key):
    en, hans, hant = MESSAGES[key]
    if key in QUOTED_IN_ENGLISH_ONLY or CJK.search(en) or not re.search(r"[A-Za-z]{3}", re.sub(r"\{[^}]*\}", "", en)):
        return  # punctuation-only or name-only templates (separators, " and {n} more")
    for text in (hans, hant):
        assert CJK.search(text), (key, text)


def test_unknown_language_falls_back_to_english():
    assert msg("risk.tail.bursty", "fr") == msg("risk.tail.bursty", "en") == "arrivals are bursty"


def test_numbers_read_the_same_in_every_language():
    texts = [msg("risk.power.near", lang, power=2612.4, share=0.871, budget=3000) for lang in LANGUAGES]
    for text in texts:
        assert "2,612 W" in text and "87%" in text and "3,000 W" in text


def _texts(rec) -> list[str]:
    return [str(text) for text in ([r.why for r in rec.risks] + [r.mitigation for r in rec.risks] + rec.assumptions
                                   + rec.validation_plan + [rec.rationale] + rec.relax)]


def _own_english(text: str) -> list[str]:
    """Runs of six or more English words in `text`."""
    return ENGLISH_RUN.findall(text)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("facts", [BUSY, {"model_params_b": 70, "concurrent_users": 1000, "budget_usd": 20000,
                                           "tokens_per_s_target": 60, "ttft_target_ms": 200}])
def test_chinese_recommendation_is_written_in_chinese(catalog, lang, facts):
    rec = worded(recommend(Workload.model_validate(facts), catalog), lang)
    assert rec.risks and rec.validation_plan and rec.rationale
    for text in _texts(rec):
        assert CJK.search(text), text
        assert not _own_english(text), (text, _own_english(text))


def test_traditional_and_simplified_differ(catalog):
    hans = worded(recommend(Workload.model_validate(BUSY), catalog), "zh-Hans")
    hant = worded(recommend(Workload.model_validate(BUSY), catalog), "zh-Hant")
    assert "用户" in str(hans.rationale) and "使用者" in str(hant.rationale)
    assert [r.id for r in hans.risks] == [r.id for r in hant.risks]  # ids are contract ids, never translated


def test_language_changes_words_not_numbers(catalog):
    en = worded(recommend(Workload.model_validate(BUSY), catalog), "en")
    zh = worded(recommend(Workload.model_validate(BUSY), catalog), "zh-Hans")
    assert en.primary.hardware_id == zh.primary.hardware_id
    assert [(r.id, r.severity) for r in en.risks] == [(r.id, r.severity) for r in zh.risks]
    numbers = re.compile(r"\d[\d,]*(?:\.\d+)?")
    assert sorted(numbers.findall(str(en.validation_plan[2]))) == sorted(numbers.findall(str(zh.validation_plan[2])))


def test_evaluate_option_speaks_the_language(catalog):
    option = worded(evaluate_option(Workload.model_validate(BUSY), catalog, "nvidia-l40s"), "zh-Hant")
    assert CJK.search(str(option.rationale))
    assert all(CJK.search(str(r.why)) for r in option.risks)
    assert option.tco_assumptions and all(CJK.search(str(line)) for line in option.tco_assumptions)


def test_english_sentences_are_unchanged_by_localization():
    """The snapshot was taken from the code before the sentences moved into the message catalog."""
    assert texts("en") == json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert texts("en") == texts("xx")  # an unknown language is English


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_every_risk_assumption_and_step_of_the_fixed_cases_is_chinese(lang):
    for source, sentences in texts(lang).items():
        for sentence in sentences:
            assert CJK.search(sentence), (source, sentence)
            assert not _own_english(sentence), (source, sentence)


@pytest.fixture(scope="module")
def engine(catalog):
    from langgraph.checkpoint.memory import InMemorySaver

    from bot.engine import Engine
    from bot.graph import build_graph
    from bot.nodes import Deps
    from estimator.advice.assume import fill_defaults

    return Engine(build_graph(Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults), InMemorySaver()))


@pytest.mark.parametrize(("lang", "opening", "go", "user_word"), [
    ("zh-Hans", "我们微调了一个7B模型，要给法务部门两百人用", "直接推荐", "用户"),
    ("zh-Hant", "我們微調了一個7B模型，要給法務部門兩百人用", "直接推薦", "使用者"),
])
def test_a_chinese_conversation_gets_chinese_risks_assumptions_plan_and_rationale(engine, lang, opening, go, user_word):
    engine.handle(lang, opening)
    reply = engine.handle(lang, go)
    rec = reply.recommendation
    assert reply.lang == lang and rec is not None and rec.primary is not None
    assert user_word in str(rec.rationale) and str(rec.rationale) in reply.text
    for text in _texts(rec):
        assert CJK.search(text) and not _own_english(text), text
    assert str(rec.validation_plan[0]) in reply.text and str(rec.risks[0].why) in reply.text


def test_an_english_conversation_stays_english(engine):
    engine.handle("en", "We fine-tuned a 7B model for about 200 people in legal")
    rec = engine.handle("en", "just recommend").recommendation
    assert rec is not None and not any(CJK.search(text) for text in _texts(rec))
    assert str(rec.validation_plan[-1]).startswith("Buy the full configuration only if every pass criterion holds")


@pytest.mark.parametrize("facts", [
    {"concurrent_users": 200}, {"concurrent_users": 1, "model_params_b": 70}, {"concurrent_users": 2000},
    {"concurrent_users": 30, "mixed_training": True}, {"concurrent_users": 3},
])
def test_every_eligibility_reason_is_translated(catalog, facts):
    """A reason `candidates.exclusion` words with no template here would reach a Chinese reply in English:
    add its template to bot/wording/catalog/reasons.py."""
    from estimator.advice.assume import fill_defaults

    workload = fill_defaults(Workload.model_validate(facts), memory_catalog())[0]
    reasons = {reason for hw in catalog.hardware for sid in hw.software_stacks
               if (stack := catalog.stack(sid)) is not None and (reason := exclusion(workload, hw, stack, False))}
    assert reasons
    for reason in reasons:
        assert reason.key in MESSAGES, reason.key
        for lang in ("zh-Hans", "zh-Hant"):
            assert CJK.search(word(reason, lang)) and not _own_english(word(reason, lang)), reason


def test_text_written_by_no_rule_is_shown_as_written():
    from estimator.said import literal

    assert word(literal("a rule added later"), "zh-Hans") == word("a rule added later", "zh-Hans") == "a rule added later"


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_model_that_fits_nowhere_is_explained_in_the_language(catalog, lang, monkeypatch):
    # No fixed cap otherwise: reach "fits nowhere". At 16 a 32-chip Galaxy server is a unit (16 TB across 16 of them),
    # so a 700B model's weights fit; at 4 (4 TB) its cache for 20,000 users does not, nor on any other device.
    monkeypatch.setattr("estimator.advice.candidates.MAX_COUNT", 4)
    with pytest.raises(NoFeasibleOption) as caught:
        recommend(Workload(model_params_b=700, concurrent_users=20000), catalog)
    text = error_text(caught.value, lang)
    assert "700B" in text
    if lang == "en":
        assert "Use a smaller model, a lower-bit quantization (e.g. Q4_K_M)" in text
    else:
        assert CJK.search(text) and not _own_english(text)


def test_owned_power_notes_are_translated(catalog):
    """`candidates.py`'s notes for owned devices without a TDP of their own reach the TCO working."""
    from estimator.advice.candidates import Candidate, chip_power_w, fill_owned_power

    stack = catalog.stacks[0]
    no_tdp = [hw for hw in catalog.hardware if not hw.tdp_w]
    with_tdp = next(hw for hw in catalog.hardware if hw.tdp_w)
    notes = [note for hw in no_tdp if (note := chip_power_w(hw, catalog)[1])]
    owned = [Candidate(hw, stack, True, None) for hw in (*no_tdp[:2], with_tdp)]
    notes += [c.power_note for c in fill_owned_power(owned, catalog) if c.power_note]
    assert len(notes) >= 2
    for note in notes:
        for lang in ("zh-Hans", "zh-Hant"):
            assert CJK.search(word(note, lang)) and not _own_english(word(note, lang)), note


def test_reasons_are_worded_from_their_key_never_parsed_back_from_english():
    from estimator.said import said

    reason = said("reason.team_batching", team=20, stack="llama.cpp", batching="partial")
    assert word(reason, "en").startswith("seed 1: beyond a team (>20 concurrent users)")
    assert "llama.cpp" in word(reason, "zh-Hant") and CJK.search(word(reason, "zh-Hant"))
    # The same English as a plain string is not a finding: it is shown as written, not regex-matched.
    assert word(word(reason, "en"), "zh-Hans") == word(reason, "en")


def test_a_key_names_one_sentence():
    # The findings' catalog and the replies' templates share no key: one place a sentence comes from.
    from bot.wording.sentences import TEMPLATES

    assert sorted(set(MESSAGES) & set(TEMPLATES)) == []


def test_no_key_is_defined_in_two_catalogs():
    from bot.wording.catalog import advice, answers, cloud, common, errors, estimates, models, reasons, risks, tco

    tables = [common.COMMON_MESSAGES, risks.RISK_MESSAGES, advice.ADVICE_MESSAGES, tco.TCO_MESSAGES,
              reasons.REASON_MESSAGES, reasons.VIOLATION_MESSAGES, cloud.CLOUD_MESSAGES, answers.ANSWER_MESSAGES,
              models.MODEL_MESSAGES, estimates.ESTIMATE_MESSAGES,
              errors.ERROR_MESSAGES]
    assert sum(len(table) for table in tables) == len(MESSAGES)  # a key in two tables would be counted twice
