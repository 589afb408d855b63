"""`siliconsult report`: the document's sections and numbers, the three formats, and the
exit code 2 for a thread that has nothing to report."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.cli.main import main
from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.report import NoRecommendation, build_report, render_html, render_markdown
from bot.report.charts import cumulative_series
from bot.settings import Settings
from bot.wiring import build_engine
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend
from knowledge.testing import memory_catalog
from tests.support.pdf import weasyprint_or_none

EN = ["We want to serve our fine-tuned 7B model to a team of 10 people, 9 to 5 on weekdays. Q4_K_M, first token under 1 s.",
      "just recommend"]
ZH = ["我们想给 10 个人的团队部署微调过的 7B 模型，只在工作日朝九晚五使用。Q4_K_M，首 token 1 秒内。", "直接推荐"]


def _state(messages: list[str]) -> dict:
    engine = Engine(build_graph(Deps(catalog=memory_catalog(), recommend=recommend, fill_defaults=fill_defaults),
                                InMemorySaver()))
    for text in messages:
        engine.handle("t", text)
    return engine.state("t")


def _report(messages: list[str]):
    return build_report(_state(messages), memory_catalog(), "t", generated="2026-12-01")


def test_html_report_is_self_contained_with_every_section() -> None:
    report = _report(EN)
    html = render_html(report)
    # Self-contained: inline CSS, charts as data URIs, no external stylesheet or script.
    assert "<style>" in html and "<link" not in html and "<script" not in html
    images = re.findall(r'<img id="chart-(\w+)"[^>]*src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert {name for name, _ in images} == {"throughput", "tco", "cumulative"}
    assert all(base64.b64decode(data)[:8] == b"\x89PNG\r\n\x1a\n" for _, data in images)
    for heading in ("Workload as understood", "Recommendation", "Options compared", "Total cost and the cloud comparison",
                    "Risks", "Assumptions", "Two-week validation plan", "Measured rows"):
        assert heading in html
    rec = report.rec
    assert rec.primary is not None and rec.cloud is not None
    # The numbers are the recommendation's own (money() formats them as $1,234).
    assert f"${rec.primary.capex_usd:,.0f}" in html
    assert f"${rec.cloud.buy_three_year_usd:,.0f}" in html
    assert all(url in html for url in rec.cloud.sources)
    assert all(url in html for _, url in report.measured)


def test_markdown_report_and_range_columns() -> None:
    report = _report(EN)
    text = render_markdown(report)
    assert text.startswith("# Inference hardware recommendation")
    assert "![Cumulative cost" in text
    primary = report.rec.primary
    assert primary is not None
    # One range per figure: the table gives the likely range the text and the charts give.
    span = primary.estimate.decode_tokens_per_s_per_user_range
    if span is not None:
        assert f"({span[0]:,.1f}–{span[1]:,.1f})" in text


def test_chinese_thread_gives_a_chinese_report() -> None:
    html = render_html(_report(ZH))
    assert '<html lang="zh-CN">' in html
    assert "理解的工作负载" in html and "总成本与云端对比" in html and "两周验证计划" in html


def test_cumulative_lines_follow_the_comparison() -> None:
    cloud = _report(EN).rec.cloud
    assert cloud is not None
    series = cumulative_series(cloud)
    # Month 0 of buying is its upfront cost; month 36 of buying is its 3-year total (within rounding).
    assert series["buy"][0][1] == pytest.approx(cloud.buy_upfront_usd)
    assert series["buy"][-1][1] == pytest.approx(cloud.buy_three_year_usd, rel=1e-3)
    if cloud.rent_three_year_usd is not None:
        assert series["rent"][-1][1] == pytest.approx(cloud.rent_three_year_usd, rel=1e-3)


def test_unknown_thread_and_thread_without_recommendation_are_refused() -> None:
    with pytest.raises(NoRecommendation, match="unknown thread"):
        build_report({}, memory_catalog(), "nope", generated="2026-12-01")
    with pytest.raises(NoRecommendation, match="no recommendation yet"):
        build_report(_state(["hello"]), memory_catalog(), "t", generated="2026-12-01")


def _chat(thread: str, messages: list[str]) -> None:
    with build_engine(Settings(llm="none"), llm=None) as engine:
        for text in messages:
            engine.handle(thread, text)


def test_pdf_without_a_renderer_exits_2_and_says_what_to_install(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_weasyprint(name: str, *args: object, **kwargs: object) -> object:
        if name == "weasyprint":
            raise OSError("cannot load library 'libpango-1.0-0'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    _chat("cli-pdf", EN)
    monkeypatch.setattr(builtins, "__import__", no_weasyprint)
    with pytest.raises(SystemExit) as exc:
        main(["report", "--thread", "cli-pdf", "--format", "pdf", "--out", str(tmp_path / "r.pdf")])
    assert exc.value.code == 2
    assert "PDF output needs WeasyPrint" in capsys.readouterr().err
    assert not (tmp_path / "r.pdf").exists()


@pytest.mark.parametrize("fmt", ["md", "html", "pdf"])
@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_cli_writes_each_format(tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    if fmt == "pdf" and weasyprint_or_none() is None:
        pytest.skip("WeasyPrint or Debian's Pango is not installed (scripts/ensure_chromium.sh installs Pango)")
    _chat("cli-en", EN)
    out = tmp_path / f"report.{fmt}"
    try:
        main(["report", "--thread", "cli-en", "--format", fmt, "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None), capsys.readouterr().err
    body = out.read_bytes()
    if fmt == "pdf":
        assert body.startswith(b"%PDF-")
    else:
        assert "Buy, rent or call an API" in body.decode("utf-8") or "Total cost and the cloud comparison" in body.decode()


def test_cli_exit_2_for_unknown_thread_or_no_recommendation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["report", "--thread", "never-seen", "--format", "html", "--out", str(tmp_path / "a.html")])
    assert exc.value.code == 2
    assert "unknown thread 'never-seen'" in capsys.readouterr().err
    _chat("cli-half", ["hello"])
    with pytest.raises(SystemExit) as exc:
        main(["report", "--thread", "cli-half", "--out", str(tmp_path / "b.html")])
    assert exc.value.code == 2
    assert "no recommendation yet" in capsys.readouterr().err
    assert not (tmp_path / "a.html").exists() and not (tmp_path / "b.html").exists()


def test_the_report_carries_the_accelerator_verdict_when_seed_2s_case_holds() -> None:
    # Seed 2: stable model, small batches, hundreds of users and a power limit: the accelerators are evaluated
    # first, and the report a lead forwards says so with the pitfalls and the migration, in the thread's language.
    case = ["Our 7B model is frozen, no changes for a year. Requests come in one at a time (batch 1) but about 300 "
            "people hit it concurrently at peak. The whole system has to stay under 1 kW.", "just recommend"]
    report = _report(case)
    assert report.rec.accelerator_first is not None and report.accelerators
    for text in (render_html(report), render_markdown(report)):
        assert "Inference accelerators, evaluated first (seed 2)" in text
        assert "evaluated first" in text and "bucketed compile" in text and "migration" in text
    assert not _report(EN).accelerators  # a team of 10 with no power limit: no verdict, no section
    assert "Inference accelerators, evaluated first" not in render_markdown(_report(EN))
    zh = render_html(_report(["我们的 7B 模型已经定型，一年内不改。请求都是单条的，高峰 300 个并发，整套系统功耗不能超过 1 千瓦。", "直接推荐"]))
    assert "推理加速卡（种子文档 2：先评估）" in zh and "分桶编译" in zh
