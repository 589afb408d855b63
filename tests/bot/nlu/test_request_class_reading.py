"""The class of work read from the message's words (en / zh-Hans / zh-Hant, Traditional folded to Simplified), and the
length rules that follow it: a context said for coding agents or RAG is the typical prompt, a chat's window the
maximum; a prefix cache denied is not credited; one side's share of the tokens splits the work's own answer."""

from __future__ import annotations

import pytest

from tests.bot.nlu.test_reading_names_lengths import catalog_reader


@pytest.fixture(scope="module")
def read(catalog):
    reader = catalog_reader(catalog)
    return lambda text: reader(text).facts


@pytest.mark.parametrize(("text", "work"), [
    ("internal coding agent like claude code for 25 devs", "coding_agent"),
    ("~120 devs on cline pointed at glm-4.5-air", "coding_agent"),
    ("我们想给研发上一个代码智能体，Qwen3-32B", "coding_agent"),
    ("做一个内部的 Cursor 替代方案", "coding_agent"),
    ("想自架程式碼補全（tab 補全那種）", "code_completion"),
    ("HR policy bot, RAG over the handbook", "rag"),
    ("客服知识库问答，Qwen3-14B", "rag"),
    ("classifying product reviews with gpt-4o-mini", "classification"),
    ("每天要幫客服對話打標籤，分 30 類", "classification"),
    ("summarize the pdf reports that come in", "summarization"),
    ("每天大約 500 場會議的逐字稿要做摘要", "meeting_transcript"),  # the transcript, not a document, is the prompt
    ("we record all internal meetings and want minutes + action items", "meeting_transcript"),
    ("每晚把当天的会议录音转写稿做成会议纪要", "meeting_transcript"),
    ("every call is already transcribed, score each one against a checklist", "call_transcript"),
    ("客服中心每天 3 万通电话，转写成文字后要做通话小结", "call_transcript"),
    ("internal chat assistant on qwen3-32b", "chat"),
])
def test_the_work_is_read_in_three_languages(read, text, work):
    assert read(text).get("request_class") == work


def test_a_classified_site_is_no_classification_and_our_own_gpus_are_not_owned(read):
    facts = read("classified site, air gapped, coding agent like claude code on our own gpus")
    assert facts.get("request_class") == "coding_agent"
    assert "existing_hardware" not in facts


@pytest.mark.parametrize("text", ["deepseek-r1-distill-qwen-32b for the quant team", "研究院用推理模型，思考过程比较长",
                                  "Qwen3-32B 開思考模式", "gpt-oss-120b with reasoning effort high, 20 engineers",
                                  "研究部門要用 gpt-oss-120b（reasoning 開 high）", "gpt-oss-20b, reasoning_effort=medium",
                                  "产品部想上 gpt-oss-120b，reasoning 设 medium"])
def test_a_reasoning_model_is_read(read, text):
    assert read(text).get("reasoning_model") is True


def test_inference_alone_is_no_reasoning_model(read):
    assert "reasoning_model" not in read("推理服务器要几张卡，Qwen3-32B")
    assert "reasoning_model" not in read("we need sound reasoning about cost before buying 4x L40S")


def test_a_context_said_for_agents_and_rag_is_the_prompt_and_a_chat_window_the_maximum(read):
    agent = read("agentic coding on qwen3-32b, contexts sit around 60k tokens")
    rag = read("法規 RAG，Llama 3.3 70B，context 開 16k")
    chat = read("公司內部的 ChatGPT 替代方案，Qwen3-14B，要支援 128k context（偶爾有人會貼長文件進來）")
    assert agent.get("prompt_tokens") == 60_000
    assert rag.get("prompt_tokens") == 16_000
    assert chat.get("context_length") == 131_072 and "prompt_tokens" not in chat


def test_a_prefix_cache_not_yet_turned_on_is_not_credited(read):
    assert read("we don't have prefix caching turned on yet, qwen3-32b").get("prefix_caching") is False
    assert read("vllm with prefix caching on, qwen3-32b").get("prefix_caching") is True


def test_an_output_share_of_the_tokens_splits_the_work_s_own_answer(read):
    # 3 % output: 97 / 3 = 32.3 prompt tokens per answer token; a classification answers ~50 tokens (the class's)
    facts = read("classifying reviews on gpt-4o-mini, outputs are tiny json (maybe 3% of the tokens)")
    assert facts.get("prompt_tokens") == pytest.approx(50 * 97 / 3, rel=0.01)


def test_every_class_has_words_a_phrase_and_a_sentence_in_three_languages():
    from bot.nlu.lexicon import REQUEST_CLASS_WORDS
    from bot.wording.render_text import fact_phrase
    from bot.wording.sentences import word
    from estimator.advice.request_shape import REQUEST_CLASSES
    from estimator.said import said

    assert set(REQUEST_CLASS_WORDS) == set(REQUEST_CLASSES)
    for work in REQUEST_CLASSES:
        for lang in ("en", "zh-Hans", "zh-Hant"):
            assert fact_phrase("request_class", work, lang) != f"request_class={work}"
    for work in (*REQUEST_CLASSES, "reasoning"):
        for lang in ("en", "zh-Hans", "zh-Hant"):
            assert "request_class" not in word(said(f"request_class.{work}"), lang)


@pytest.mark.parametrize(("text", "minutes"), [
    ("we record all internal meetings (mostly 30-60 min) and want minutes + action items", 45),
    ("drop in a zoom call transcript (calls are usually 30-45 min) and get a follow-up email", 37.5),
    ("每晚把会议录音转写稿（每场 1 小时左右）做成会议纪要", 60),
    ("線上客戶會議平均 50 分鐘，會後要自動產出會議紀要", 50),
    ("we have 45-minute calls, all transcribed, and want a summary of each", 45),
])
def test_a_meeting_s_or_call_s_length_is_its_transcript_not_a_first_token_target(read, text, minutes):
    facts = read(text)
    assert facts.get("transcript_minutes") == pytest.approx(minutes)
    assert "ttft_target_ms" not in facts


def test_a_duration_outside_transcript_work_is_left_to_the_other_readers(read):
    assert "transcript_minutes" not in read("internal chat assistant, first token within 2 min is fine")
