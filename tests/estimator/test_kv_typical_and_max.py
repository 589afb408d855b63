"""Paged KV for a typical context and a maximum said together (seed 2: memory fit = weights + KV cache).

Each stream holds its typical prompt + answer; one request grown to the maximum context must also fit in the
model copy; nothing is reserved at the maximum for every stream, and no prefix caching is credited. The
expected figures are worked out by hand from each model's shape before running the estimator:
KV per token = 2 × layers × KV heads × head dim × bytes (MLA: layers × (kv_lora_rank + RoPE key) × bytes;
gpt-oss / Gemma 3: windowed layers hold at most their window), KV = (streams × (prompt + 256) + (maximum −
(prompt + 256))) × KV per token. The reading cases (tests/data/reading_context_dev.yaml) carry the same sum as
`kv_gb_16bit`, computed from the shapes in that file's generator, not from the estimator.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from estimator.schemas import EstimateRequest
from knowledge.testing import memory_catalog
from tests.support.worded import estimate

DATA = Path(__file__).resolve().parents[1] / "data"
ANSWER = 256  # seed 1's default answer length, none stated in the cases
# GLM-4.6 (the catalog's 355B, 32B-active shape, which stands in for GLM-4.7): 92 layers × 8 KV heads × 128.
GLM_KV_BYTES = 2 * 92 * 8 * 128 * 2
# One device far larger than any case, so the plan is one model copy and its memory is weights + KV + runtime.
BIG = {"kind": "gpu", "memory_gb": 20_000.0, "memory_bandwidth_gbs": 8_000.0, "fp16_tflops": 2_000.0}


def _memory_gb(catalog: Any, model: str, params_b: float, quant: str, **fields: Any) -> float:
    request = EstimateRequest.model_validate({"custom": BIG, "params_b": params_b, "quant": quant, "model": model,
                                              "backend": "vllm", "kv_cache_dtype": "BF16", **fields})
    return estimate(request, catalog).memory_required_gb


def _dev_cases() -> list[dict[str, Any]]:
    cases = yaml.safe_load((DATA / "reading_context_dev.yaml").read_text(encoding="utf-8"))
    return [c for c in cases if "kv_gb_16bit" in c]  # the others are figures of something else


@pytest.mark.parametrize("case", _dev_cases(), ids=lambda c: c["id"])
def test_kv_holds_every_stream_at_its_typical_length_and_one_request_at_the_maximum(catalog, case):
    want = case["expect"]
    model = want["model_id"]
    size = next(m.total_b for m in catalog.models if m.id == model)
    quant = "MXFP4" if model.startswith("gpt-oss") else "FP8"
    sized = _memory_gb(catalog, model, size, quant, concurrency=want["concurrent_users"], prompt_tokens=want["prompt_tokens"],
                       output_tokens=ANSWER, context=want["context_length"])
    bare = _memory_gb(catalog, model, size, quant, concurrency=1, prompt_tokens=1, output_tokens=1)  # weights + runtime
    assert sized - bare == pytest.approx(case["kv_gb_16bit"], rel=0.03, abs=0.2)


def test_glm_agents_at_a_typical_20k_with_one_64k_request_fit_eight_h200_not_four_at_16_bit_kv(catalog):
    # 20 streams × (20,000 + 256) + one request grown to 65,536: (405,120 + 45,280) × 376,832 B = 169.7 GB of
    # KV, on 355 GB of FP8 weights: 525 GB, more than four H200s hold (4 × 141 GB less runtime), less than eight.
    kv_gb = (20 * (20_000 + ANSWER) + (65_536 - 20_000 - ANSWER)) * GLM_KV_BYTES / 1e9
    assert kv_gb == pytest.approx(169.7, abs=0.1)

    def on(count: int, kv_dtype: str) -> Any:
        return estimate(EstimateRequest(hardware="nvidia-h200-sxm", count=count, params_b=355, quant="FP8",
                                        model="glm-4.6", backend="vllm", concurrency=20, prompt_tokens=20_000,
                                        output_tokens=ANSWER, context=65_536, kv_cache_dtype=kv_dtype), catalog)
    assert not on(4, "BF16").fits
    assert on(8, "BF16").fits
    # FP8 KV halves it (84.9 GB): 355 + 85 = 440 GB fits four H200s, the expert's smaller purchase.
    assert on(4, "FP8").fits


def test_the_maximum_context_is_not_reserved_for_every_stream(catalog):
    # Reserving 65,536 tokens for each of 20 GLM streams would need 20 × 65,536 × 376,832 B = 493.9 GB of KV:
    # the typical-plus-one sizing above needs about a third of it.
    typical = _memory_gb(catalog, "glm-4.6", 355, "FP8", concurrency=20, prompt_tokens=20_000, output_tokens=ANSWER,
                         context=65_536)
    everyone_long = _memory_gb(catalog, "glm-4.6", 355, "FP8", concurrency=20, prompt_tokens=65_536 - ANSWER,
                               output_tokens=ANSWER)
    bare = _memory_gb(catalog, "glm-4.6", 355, "FP8", concurrency=1, prompt_tokens=1, output_tokens=1)
    assert everyone_long - bare == pytest.approx(20 * 65_536 * GLM_KV_BYTES / 1e9, rel=0.01)
    assert (typical - bare) / (everyone_long - bare) == pytest.approx(169.7 / 493.9, rel=0.02)


def test_a_window_alone_for_agent_work_assumes_half_of_it_as_the_typical_prompt():
    from estimator.advice.assume import fill_defaults
    from estimator.workload import Workload

    # An agent session's context grows toward the 65,536-token window: a request carries half of it on average.
    filled, notes = fill_defaults(Workload(agentic_sessions=True, context_length=65_536, concurrent_users=20), memory_catalog())
    assert filled.prompt_tokens == 32_768 and filled.context_length == 65_536
    assert any(n.key == "assume.prompt.half_window" for n in notes)
    # A chat's window is no typical prompt (seed 1's default stands), and a stated prompt is never replaced.
    assert fill_defaults(Workload(context_length=65_536), memory_catalog())[0].prompt_tokens == 512
    assert fill_defaults(Workload(agentic_sessions=True, context_length=65_536, prompt_tokens=8_000), memory_catalog())[0].prompt_tokens == 8_000
