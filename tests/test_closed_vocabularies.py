"""Closed vocabularies (languages, intents, risk ids, device kinds) are `Literal`s in one place, and every
table keyed by one covers it: a new value that a table forgets fails here, not in a user's reply."""

from __future__ import annotations

from typing import get_args

from bot.nlu.intents import _PATTERNS, INTENTS
from bot.nlu.lexicon import RISK_WORDS
from bot.routers import COMPARE_INTENTS, EXPLAIN_INTENTS
from bot.wording.catalog.report_labels import LABELS as REPORT_LABELS
from bot.wording.catalog.slack_labels import LABELS as SLACK_LABELS
from bot.wording.outcomes import _SUGGESTIONS
from bot.wording.sentences import LANGUAGES, MESSAGES, TEMPLATES
from estimator.advice.accelerator_findings import AcceleratorVerdict
from estimator.catalog import HardwareKind, PriceEvidence
from estimator.physics.calibration import PRIORS
from estimator.physics.device import DEFAULT_BANDWIDTH_GBS, DEFAULT_MEMORY_GB, USABLE_MEMORY_FRACTION
from estimator.physics.memory import RUNTIME_OVERHEAD_GB
from estimator.schemas import RiskId


def test_every_catalog_entry_has_one_text_per_language():
    for table in (MESSAGES, TEMPLATES, SLACK_LABELS, REPORT_LABELS):
        assert {len(texts) for texts in table.values()} == {len(LANGUAGES)}
    assert set(_SUGGESTIONS) == set(LANGUAGES)


def test_the_intent_tables_name_only_known_intents():
    assert {name for name, _ in _PATTERNS} <= set(INTENTS)
    assert set(EXPLAIN_INTENTS) <= set(INTENTS) and set(COMPARE_INTENTS) <= set(INTENTS)


def test_every_risk_id_can_be_asked_about_by_name():
    assert set(RISK_WORDS) == set(get_args(RiskId))


def test_every_device_kind_has_its_priors_and_defaults():
    kinds = set(get_args(HardwareKind))
    for table in (PRIORS, DEFAULT_MEMORY_GB, DEFAULT_BANDWIDTH_GBS, USABLE_MEMORY_FRACTION, RUNTIME_OVERHEAD_GB):
        assert set(table) == kinds


def test_every_accelerator_verdict_and_price_evidence_has_its_words():
    # Seed 2's verdict outcomes and the kinds of evidence a quote range rests on are worded in every language.
    outcomes = get_args(AcceleratorVerdict.model_fields["outcome"].annotation)
    assert outcomes and all(f"accel.outcome.{o}" in TEMPLATES for o in outcomes)
    assert all(f"accel.evidence.{kind}" in TEMPLATES for kind in get_args(PriceEvidence))


def test_every_eval_file_is_written_in_a_language_the_product_speaks():
    # The eval harness keeps no list of languages (it may not import the wording layer): its files' `lang`
    # fields are checked here against the one `Language`, so a typo or a new language shows up at once.
    from evals.capex_trial import TRIAL_DIR, TRIAL_SPLITS, load_questions
    from evals.reading_eval import load_cases

    trial = {q.lang for name in TRIAL_SPLITS.values() for q in load_questions(TRIAL_DIR / name)}
    reading = {c.lang for cases in load_cases().values() for c in cases}
    assert trial and reading
    assert trial <= set(LANGUAGES) and reading <= set(LANGUAGES), (trial, reading)
