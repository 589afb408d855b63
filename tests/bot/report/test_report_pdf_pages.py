"""The memo's PDF looked at as images, in every language: each page rasterized (PDFium) and its margins
checked for ink. Overflow that the layout tree does not show (a glyph or a chart drawn past its box, a
table too wide for a Chinese font) lands in the margin; the footer with the page number must be there."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from bot.api import recommend
from bot.report import build_report, render_html
from bot.report.render import has_font_for
from bot.settings import Settings
from bot.wiring import load_catalog
from tests.support.pdf import weasyprint_or_none

pdfium = pytest.importorskip("pypdfium2")

# The page box of report.html.j2: A4, margins 16 mm top, 14 mm right, 18 mm bottom, 14 mm left.
PAGE_MM = (210.0, 297.0)
MARGIN_MM = {"top": 16.0, "right": 14.0, "bottom": 18.0, "left": 14.0}
PX_PER_MM = 4.0  # ~100 dpi: a 1-px stroke of a 9 pt glyph still shows
INK = 200  # grey level below which a pixel is ink (anti-aliased edges of light rules stay above)

# A department's fine-tune with a long option list (the widest tables), a 70B node, a small team.
WORKLOADS = [
    {"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 200, "fine_tuned": True,
     "arrival_pattern": "bursty", "dynamic_shapes": True},
    {"model_params_b": 70, "concurrent_users": 300, "hours_per_day": 24, "power_budget_w": 12000},
    {"model_params_b": 8, "concurrent_users": 10, "hours_per_day": 8, "days_per_week": 5,
     "owned_devices": [{"hardware_id": "nvidia-l40s", "count": 2}]},
]


@pytest.fixture(scope="module")
def catalog() -> Any:
    return load_catalog(Settings())


def _pages(workload: dict[str, Any], lang: str, catalog: Any) -> list[Any]:
    weasyprint = weasyprint_or_none()
    if weasyprint is None:
        pytest.skip("WeasyPrint cannot load here")
    if not has_font_for(lang):  # the renderer refuses then (tests/bot/report/test_report_render.py)
        pytest.skip("no CJK font here (fonts-noto-cjk; scripts/ensure_chromium.sh installs it)")
    rec = recommend(workload, lang=lang, catalog=catalog)
    state = {"recommendation": rec.model_dump(mode="json"), "lang": lang, "slots": workload}
    report = build_report(state, catalog, "t", generated="2026-12-05")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pdf = weasyprint.HTML(string=render_html(report)).write_pdf()
    document = pdfium.PdfDocument(pdf)
    scale = PX_PER_MM * 25.4 / 72  # PDF points to pixels
    return [document[i].render(scale=scale).to_pil().convert("L") for i in range(len(document))]


def _inked(image: Any, box_mm: tuple[float, float, float, float]) -> bool:
    """True when any pixel in the box (left, top, right, bottom in mm) is darker than INK."""
    left, top, right, bottom = (round(v * PX_PER_MM) for v in box_mm)
    region = image.crop((left, top, right, bottom)).point(lambda grey: 255 if grey < INK else 0)
    return region.getbbox() is not None


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("case", range(len(WORKLOADS)), ids=lambda i: f"workload{i}")
def test_every_page_keeps_its_ink_inside_the_margins(case: int, lang: str, catalog: Any) -> None:
    pages = _pages(WORKLOADS[case], lang, catalog)
    assert len(pages) >= 2
    width, height = PAGE_MM
    gap = 1.0  # mm of slack at the content edge: a table's outer rule sits on it
    for number, image in enumerate(pages, start=1):
        assert image.size[0] == pytest.approx(width * PX_PER_MM, abs=2)
        sides = {"left": (0, 0, MARGIN_MM["left"] - gap, height),
                 "right": (width - MARGIN_MM["right"] + gap, 0, width, height),
                 "top": (0, 0, width, MARGIN_MM["top"] - gap)}
        for side, box in sides.items():
            assert not _inked(image, box), f"{lang} page {number}: ink in the {side} margin"
        content = (MARGIN_MM["left"], MARGIN_MM["top"], width - MARGIN_MM["right"], height - MARGIN_MM["bottom"])
        assert _inked(image, content), f"{lang} page {number} is blank"
        footer = (MARGIN_MM["left"], height - MARGIN_MM["bottom"], width - MARGIN_MM["right"], height)
        assert _inked(image, footer), f"{lang} page {number}: no footer (version, page number)"
