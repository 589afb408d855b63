"""The Slack "Report" button: a click (a signed block_actions request to the real slack-bolt app over HTTP)
puts the decision memo PDF into the thread through Slack's external upload flow, against the fake Slack
Web API on loopback; failures end in one short message in the thread's language, and a repeated click
uploads nothing more."""

from __future__ import annotations

import builtins
import io
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from slack_sdk import WebClient

from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.settings import Settings
from bot.slack.blocks import followup_buttons
from bot.slack.labels import label
from bot.slack.report_upload import REPORT_FILENAME
from bot.slack.runtime import build_slack_app
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend
from knowledge.testing import memory_catalog
from tests.support.fake_slack import (
    TEAM_ID,
    FakeSlack,
    RecordedRequest,
    event_envelope,
    mention,
    post_action,
    post_event,
)
from tests.support.pdf import weasyprint_or_none
from tests.support.slack_harness import SECRET, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(180)]

ASK_EN = "Serve our 7B model to 10 people, 9 to 5 on weekdays, Q4_K_M, first token under 1 s. Just recommend."
ASK_ZH = "给 10 个人部署我们微调的 7B 模型，工作日朝九晚五使用，Q4_K_M，首 token 1 秒内。直接推荐。"
# Slack's own limit is 3 s before it shows the user an error for the click.
ACK_LIMIT_S = 3.0


needs_weasyprint = pytest.mark.skipif(weasyprint_or_none() is None, reason="WeasyPrint or Debian's Pango is not installed "
                                                                       "(scripts/ensure_chromium.sh installs Pango)")


@dataclass
class Running:
    url: str
    fake: FakeSlack
    engine: Engine

    def start(self, text: str, channel: str) -> tuple[str, RecordedRequest]:
        """A mention that gets a recommendation card at once; (thread ts, the card)."""
        event = mention(text, channel=channel)
        assert post_event(self.url, SECRET, event_envelope(event))[0] == 200
        card = self.fake.wait_for_messages(event["ts"], 1, timeout=60)[0]
        assert any(b["type"] == "header" for b in card.blocks()), "the first reply should be the card"
        return event["ts"], card

    def click_report(self, channel: str, thread_ts: str, card: RecordedRequest) -> tuple[int, float]:
        """Click the card's Report button as Slack delivers it: a signed block_actions payload."""
        button = next(e for b in card.blocks() if b["type"] == "actions" for e in b["elements"]
                      if e["action_id"] == "followup_report")
        payload = {
            "type": "block_actions", "team": {"id": TEAM_ID}, "user": {"id": "U0000001"}, "trigger_id": "1.2.3",
            "api_app_id": "A0000001", "channel": {"id": channel},
            "container": {"type": "message", "channel_id": channel, "message_ts": card.posted_ts,
                          "thread_ts": thread_ts, "is_ephemeral": False},
            "message": {"type": "message", "ts": card.posted_ts, "thread_ts": thread_ts, "text": "card"},
            "actions": [{"action_id": button["action_id"], "block_id": "b", "type": "button",
                         "value": button["value"], "action_ts": f"{time.time():.6f}"}],
        }
        status, _, seconds = post_action(self.url, SECRET, payload)
        return status, seconds

    def recommended_with_charts(self, channel: str) -> tuple[str, RecordedRequest, int]:
        """A card whose charts are shared: (thread ts, the card, files.completeUploadExternal calls so far)."""
        thread_ts, card = self.start(ASK_EN, channel)
        self.fake.wait_for("files.completeUploadExternal", where=lambda r: r.body.get("thread_ts") == thread_ts,
                           timeout=60)
        return thread_ts, card, len(self.fake.calls("files.completeUploadExternal"))

    def primary_name(self, channel: str, thread_ts: str) -> str:
        """The recommended device's name, from the thread's stored recommendation (not from the PDF)."""
        state = self.engine.state(f"{TEAM_ID}:{channel}:{thread_ts}")
        return str(state["recommendation"]["primary"]["hardware_name"])


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    catalog = memory_catalog()
    engine = Engine(build_graph(Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults), InMemorySaver()))
    settings = Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET, slack_bot_token="xoxb-test")
    with FakeSlack() as fake:
        # A short client timeout, so that an upload URL that never answers is a timeout within the test.
        client = WebClient(token="xoxb-test", base_url=fake.url, timeout=3)
        app, close = build_slack_app(settings, engine=engine, catalog=catalog, client=client)
        try:
            with serve_app(app) as url:
                yield Running(url, fake, engine)
        finally:
            close()


def _pdf_text(content: bytes) -> tuple[int, str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(content))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def _notices(fake: FakeSlack, thread_ts: str, key: str) -> list[RecordedRequest]:
    texts = {label(key, lang) for lang in ("en", "zh-Hans", "zh-Hant")}
    return [m for m in fake.messages(thread_ts) if any(t[:20] in (m.body.get("text") or "") for t in texts)]


@pytest.mark.slow
@needs_weasyprint
def test_report_click_uploads_the_decision_memo_pdf_into_its_thread_once(running: Running) -> None:
    thread_ts, card = running.start(ASK_EN, "CREPORT")
    charts = running.fake.wait_for("files.completeUploadExternal", timeout=60)  # the card's charts
    # Hold the first step of the report's upload: the click must be acknowledged before the PDF exists.
    release = running.fake.hold("files.getUploadURLExternal")
    status, seconds = running.click_report("CREPORT", thread_ts, card)
    assert status == 200 and seconds < ACK_LIMIT_S
    running.fake.wait_for_waiting("files.getUploadURLExternal", timeout=60)  # rendered after the ack
    release.set()
    running.fake.wait_for("files.completeUploadExternal", len(charts) + 1, timeout=60)
    [memo] = [f for f in running.fake.shared_files(thread_ts) if f.filename.endswith(".pdf")]
    assert (memo.channel_id, memo.thread_ts, memo.filename) == ("CREPORT", thread_ts, REPORT_FILENAME)
    assert memo.content.startswith(b"%PDF-") and memo.length == len(memo.content)
    pages, text = _pdf_text(memo.content)
    assert pages >= 1
    assert running.primary_name("CREPORT", thread_ts) in text
    # The same click again (a double click, or Slack's replay of the request): nothing more is uploaded.
    status, _ = running.click_report("CREPORT", thread_ts, card)
    assert status == 200
    time.sleep(1.0)
    assert len([f for f in running.fake.shared_files(thread_ts) if f.filename.endswith(".pdf")]) == 1
    assert len(running.fake.calls("files.completeUploadExternal")) == len(charts) + 1


def test_without_a_pdf_renderer_the_click_gets_one_short_message_in_the_threads_language(
        running: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_weasyprint(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "weasyprint":
            raise ImportError("No module named 'weasyprint'")
        return real_import(name, *args, **kwargs)

    thread_ts, card = running.start(ASK_ZH, "CNOPDF")
    before = len(running.fake.messages(thread_ts))
    monkeypatch.setattr(builtins, "__import__", no_weasyprint)
    status, seconds = running.click_report("CNOPDF", thread_ts, card)
    assert status == 200 and seconds < ACK_LIMIT_S
    [notice] = running.fake.wait_for_messages(thread_ts, before + 1, timeout=60)[before:]
    assert notice.body["text"] == label("report_no_pdf", "zh-Hans")
    assert "Traceback" not in notice.body["text"] and "ImportError" not in notice.body["text"]
    time.sleep(0.5)
    assert len(running.fake.messages(thread_ts)) == before + 1  # one message, no "here is the report" before it
    assert not [f for f in running.fake.shared_files(thread_ts) if f.filename.endswith(".pdf")]


@pytest.mark.slow
@needs_weasyprint
def test_a_refused_upload_is_said_once_in_the_thread_and_not_retried(running: Running) -> None:
    thread_ts, card, completes = running.recommended_with_charts("CREFUSED")
    running.fake.fail_next("files.completeUploadExternal", error="not_in_channel")
    assert running.click_report("CREFUSED", thread_ts, card)[0] == 200
    running.fake.wait_for("files.completeUploadExternal", completes + 1, timeout=60)
    [notice] = [m for m in running.fake.wait_for_messages(thread_ts, 3, timeout=60)
                if m.body.get("text") == label("report_refused", "en")]
    assert "not_in_channel" not in notice.body["text"]
    time.sleep(0.5)
    assert len(running.fake.calls("files.completeUploadExternal")) == completes + 1
    assert not [f for f in running.fake.shared_files(thread_ts) if f.filename.endswith(".pdf")]


@pytest.mark.slow
@needs_weasyprint
def test_an_upload_url_that_never_answers_is_a_timeout_said_once(running: Running) -> None:
    thread_ts, card, completes = running.recommended_with_charts("CTIMEOUT")
    release = running.fake.hold("upload")
    try:
        assert running.click_report("CTIMEOUT", thread_ts, card)[0] == 200
        deadline = time.monotonic() + 60
        while not _notices(running.fake, thread_ts, "report_timeout") and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        release.set()
    assert [m.body["text"] for m in _notices(running.fake, thread_ts, "report_timeout")] == [label("report_timeout", "en")]
    assert len(running.fake.calls("files.completeUploadExternal")) == completes  # nothing shared without its bytes


@pytest.mark.slow
@needs_weasyprint
def test_a_share_whose_answer_is_lost_is_found_in_the_thread_and_not_shared_again(running: Running) -> None:
    thread_ts, card, completes = running.recommended_with_charts("CLOST")
    # Slack takes the share, then the connection resets before its answer arrives.
    running.fake.drop_after_accept("files.completeUploadExternal")
    assert running.click_report("CLOST", thread_ts, card)[0] == 200
    running.fake.wait_for("conversations.replies", where=lambda r: r.body.get("ts") == thread_ts, timeout=60)
    time.sleep(0.5)
    assert len(running.fake.calls("files.completeUploadExternal")) == completes + 1  # not replayed
    assert len([f for f in running.fake.shared_files(thread_ts) if f.filename.endswith(".pdf")]) == 1
    assert not any(_notices(running.fake, thread_ts, key) for key in ("report_timeout", "report_refused"))


def test_report_button_speaks_the_thread_language() -> None:
    catalog = memory_catalog()
    engine = Engine(build_graph(Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults), InMemorySaver()))
    engine.handle("T1:C1:111.222", ASK_ZH)
    reply = engine.handle("T1:C1:111.222", "生成报告")
    buttons = {b["action_id"]: b for b in followup_buttons(reply)["elements"]}
    assert buttons["followup_report"]["text"]["text"] == "报告"
    assert reply.intent == "report" and "PDF" in reply.text and "决策备忘录" in reply.text
