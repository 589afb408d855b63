"""The Slack "Report" button: a follow-up button whose turn uploads the HTML report."""

from __future__ import annotations

from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.slack.blocks import followup_buttons
from bot.slack.charts import recommendation_charts
from bot.slack.report_upload import REPORT_FILENAME, with_report
from bot.slack.turns import Turn, TurnRunner
from estimator.assume import fill_defaults
from estimator.recommend import recommend
from estimator.throughput import estimate
from knowledge.testing import memory_catalog


class RecordingClient:
    """The Web API calls a channel-thread turn makes, recorded (status calls accepted and ignored)."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.uploads: list[dict[str, Any]] = []

    def chat_postMessage(self, **kwargs: Any) -> None:
        self.posts.append(kwargs)

    def files_upload_v2(self, **kwargs: Any) -> None:
        self.uploads.append(kwargs)

    def assistant_threads_setStatus(self, **kwargs: Any) -> None:
        pass

    def agents_sessions_setStatus(self, **kwargs: Any) -> None:
        pass


def _runner() -> TurnRunner:
    catalog = memory_catalog()
    engine = Engine(build_graph(Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults), InMemorySaver()))
    return TurnRunner(engine, charts=with_report(recommendation_charts(catalog, estimate), catalog, estimate))


def _turn(text: str) -> Turn:
    return Turn("T1", "C1", "111.222", text, "U1")


def test_report_button_uploads_the_report_into_the_thread() -> None:
    runner, client = _runner(), RecordingClient()
    runner.run(_turn("Serve our 7B model to 10 people, 9 to 5 on weekdays, Q4_K_M, first token under 1 s. Just recommend."),
               client)  # type: ignore[arg-type]
    assert [f["filename"] for f in client.uploads[0]["file_uploads"]] == ["throughput.png", "tco.png"]
    card = client.posts[-1]["blocks"]
    assert any("Buy, rent or call an API" in (block.get("text") or {}).get("text", "") for block in card)
    buttons = [e for block in card if block["type"] == "actions" for e in block["elements"]]
    report = next(b for b in buttons if b["action_id"] == "followup_report")
    runner.run(_turn(report["value"]), client)  # type: ignore[arg-type]
    upload = client.uploads[-1]
    assert upload["thread_ts"] == "111.222" and upload["channel"] == "C1"
    (file,) = upload["file_uploads"]
    assert file["filename"] == REPORT_FILENAME
    html = file["content"].decode("utf-8")
    assert html.startswith("<!DOCTYPE html>") and 'id="chart-cumulative"' in html


def test_report_button_speaks_the_thread_language() -> None:
    runner, client = _runner(), RecordingClient()
    runner.run(_turn("给 10 个人部署我们微调的 7B 模型，工作日朝九晚五使用，Q4_K_M，首 token 1 秒内。直接推荐。"),
               client)  # type: ignore[arg-type]
    reply_engine = runner.engine.handle("T1:C1:111.222", "生成报告")
    buttons = {b["action_id"]: b for b in followup_buttons(reply_engine)["elements"]}
    assert buttons["followup_report"]["text"]["text"] == "报告"
    assert reply_engine.intent == "report" and "报告" in reply_engine.text
