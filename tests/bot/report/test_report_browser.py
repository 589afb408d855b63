"""The HTML reports of an English and a Chinese thread, rendered by a real headless Chromium (Debian's
package, started here): the screenshot must show the charts, and the DOM the report's own headings.

`scripts/ensure_chromium.sh` (called by scripts/test.sh) installs chromium and fonts-noto-cjk on a fresh
machine; without the browser the test skips and says so.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from PIL import Image

from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.report import build_report, render_html
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend
from knowledge.testing import memory_catalog

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]
WIDTH, HEIGHT = 1100, 7000
# matplotlib's second colour ("tab:orange", #ff7f0e) draws the rent line, the power bars and the second
# speed curve; the report's CSS has no orange, so these pixels can only come from rendered charts.
ORANGE = (255, 127, 14)

THREADS = {
    "en": ["We want to serve our fine-tuned 7B model to a team of 10 people, 9 to 5 on weekdays. Q4_K_M, first "
           "token under 1 s.", "just recommend"],
    "zh": ["我们想给 10 个人的团队部署微调过的 7B 模型，只在工作日朝九晚五使用。Q4_K_M，首 token 1 秒内。", "直接推荐"],
}
HEADINGS = {"en": "Total cost and the cloud comparison", "zh": "总成本与云端对比"}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                                                     "(run scripts/ensure_chromium.sh)"),
]


def _report_html(lang: str) -> str:
    engine = Engine(build_graph(Deps(catalog=memory_catalog(), recommend=recommend, fill_defaults=fill_defaults),
                                InMemorySaver()))
    for text in THREADS[lang]:
        engine.handle(lang, text)
    return render_html(build_report(engine.state(lang), memory_catalog(), lang, generated="2026-12-01"))


def _chromium(tmp_path: Path, page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    return subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", *extra, page.as_uri()],
                          capture_output=True, text=True, timeout=180, check=False)


def _orange_rows(image: Image.Image, tolerance: int = 24) -> list[int]:
    """The row of every pixel within `tolerance` of the charts' orange, top to bottom."""
    pixels = np.asarray(image, dtype=np.int16)
    mask = (np.abs(pixels - np.array(ORANGE, dtype=np.int16)) <= tolerance).all(axis=2)
    return np.nonzero(mask)[0].tolist()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_report_renders_with_its_charts_in_headless_chromium(tmp_path: Path, lang: str) -> None:
    html = _report_html(lang)
    assert "#ff7f0e" not in html.lower() and "orange" not in html.lower()  # the colour is the charts' alone
    page = tmp_path / f"report-{lang}.html"
    page.write_text(html, encoding="utf-8")

    dom = _chromium(tmp_path, page, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert HEADINGS[lang] in dom.stdout
    for chart in ("throughput", "tco", "cumulative"):
        assert f'id="chart-{chart}"' in dom.stdout

    shot = tmp_path / f"report-{lang}.png"
    run = _chromium(tmp_path, page, f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={shot}")
    assert run.returncode == 0 and shot.exists(), run.stderr[-2000:]
    image = Image.open(shot).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    rows = _orange_rows(image)
    assert len(rows) > 500, f"only {len(rows)} chart-orange pixels: the charts did not render"
    # Three charts one below the other: the orange must not all sit in one strip.
    assert rows[-1] - rows[0] > 600
