"""A Chinese memo is printed only where a CJK font exists: without one, fallback boxes overflow the page
(tests/bot/report/test_report_pdf_pages.py sees it as ink in the margin), so the renderer refuses with what
to install instead of handing out a broken PDF. Checked against fontconfig itself: an empty font
configuration stands for a machine without fonts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.api import recommend
from bot.report import PdfUnavailable, build_report, render_pdf
from bot.report.render import has_font_for
from bot.settings import Settings
from bot.wiring import load_catalog

pytestmark = pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig's fc-list is not installed")


@pytest.fixture
def no_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    f"<cachedir>{tmp_path}/cache</cachedir></fontconfig>", encoding="utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(conf))
    has_font_for.cache_clear()
    yield
    has_font_for.cache_clear()


def test_a_machine_without_fonts_has_no_font_for_chinese_but_english_needs_none(no_fonts):
    assert has_font_for("zh-Hans") is False
    assert has_font_for("zh-Hant") is False
    assert has_font_for("en") is True


def test_a_chinese_pdf_is_refused_with_what_to_install(no_fonts):
    catalog = load_catalog(Settings())
    slots = {"model_params_b": 7, "concurrent_users": 20}
    rec = recommend(slots, lang="zh-Hans", catalog=catalog)
    state = {"recommendation": rec.model_dump(mode="json"), "lang": "zh-Hans", "slots": slots}
    report = build_report(state, catalog, "t", generated="2026-12-06")
    with pytest.raises(PdfUnavailable) as refused:
        render_pdf(report)
    assert "fonts-noto-cjk" in refused.value.user_message and "--format html" in refused.value.user_message
