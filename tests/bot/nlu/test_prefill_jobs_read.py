"""Prefill jobs as leads write them (evals/capex_trial/prefill_jobs.yaml): a batch job said as an embedder's work is
that embedder's; pictures counted in each request, and their size; a job nobody watches is throughput work."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


def _facts(text: str) -> dict:
    return parse_message(text).facts


def test_a_nightly_re_embed_is_the_embedders_job():
    facts = _facts("want ONE box for two jobs: nightly we re-embed ~2M chunks (~512 tok each) with bge-m3, and during "
                   "the day the same box runs qwen3-14b chat for our ~60 support staff. nightly window is 10pm-6am")
    served = {m["role"]: m for m in facts["served_models"]}
    assert served["embedding"].get("batch") is True and not served["chat"].get("batch")


def test_a_job_of_the_chat_model_beside_an_embedder_stays_the_chat_models():
    facts = _facts("qwen3-32b does the chat, bge-m3 does the vectors. every night we also summarize ~20k tickets "
                   "with qwen3-32b between 1am and 5am")
    assert not any(m.get("batch") for m in facts.get("served_models", []))


@pytest.mark.parametrize(("text", "images"), [
    ("invoice extraction. each request = 3 scanned pages as images, Qwen2.5-VL-72B pulls a JSON out", 3),
    ("we send 5 photos per listing to qwen3-vl-8b, ~2 listings a second", 5),
    ("电商商品上架审核：每个商品 5 张图加标题描述，Qwen2.5-VL-7B 判断违不违规", 5),
    ("保險理賠：每件案子平均上傳 8 張照片，用 Qwen2.5-VL-32B 判讀損傷", 8),
    ("门店巡检，每个请求 4 张图，用 gemma-3-27b 数缺货", 4),
])
def test_pictures_counted_in_each_request(text, images):
    assert _facts(text)["images_per_request"] == images


def test_the_pictures_size_is_read_beside_them():
    facts = _facts("每件案子平均上傳 8 張照片（手機拍的，大約 1200x1600），用 Qwen2.5-VL-32B 判讀損傷")
    assert facts["image_pixels"] == [1200, 1600]
    assert "image_pixels" not in _facts("we have 8x 4090 and 1200x1600 is our monitor")


@pytest.mark.parametrize("text", [
    "40k requests/day, mostly 7am-7pm, nobody watches it stream but results must be back within the hour",
    "每天 6000 条转写稿做摘要，没人盯着看，第二天早上出结果就行",
])
def test_a_job_nobody_watches_is_throughput_work(text):
    assert _facts(text)["arrival_pattern"] == "batch"
