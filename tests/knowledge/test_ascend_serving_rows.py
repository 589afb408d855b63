"""Measured serving rows of the Ascend 910B: each one a figure its source ran, with the conditions that make it
predictable (seed rules: every benchmark row has a source, a date and its workload).

The vllm-ascend nightly CI cases state their server command (tensor / data / expert parallel sizes, speculative
decoding), the client's concurrency (AISBench batch_size), ~3,500-token prompts and 1,500 generated tokens (the
harness forces ignore_eos on performance cases), and their baseline output throughput with the commit that set it.
"""

from __future__ import annotations

ASCEND = "huawei-ascend-910b"


def _ascend_rows(catalog):  # type: ignore[no-untyped-def]
    """The 910B's serving rows (total throughput of a batch of streams); its prompt-only row is checked below."""
    return [row for row in catalog.benchmarks if row.hardware_id == ASCEND and row.metric != "pp"]


def test_every_ascend_serving_row_states_its_workload_date_and_layout(catalog):
    rows = _ascend_rows(catalog)
    assert len(rows) >= 2
    dated = {note.row_id: note for note in catalog.benchmark_provenance}
    layouts = {layout.row_id: layout.tensor_parallel for layout in catalog.benchmark_layouts}
    for row in rows:
        assert row.metric == "total_tps" and row.concurrency and row.prompt_tokens and row.gen_tokens, row.row_id
        assert "/blob/" in row.source_url and len(row.source_url.split("/blob/")[1].split("/")[0]) == 40, row.row_id
        assert dated[row.row_id].measured_on is not None, row.row_id
        # One model copy never spans more devices than the run had.
        assert 1 <= layouts[row.row_id] <= row.device_count, row.row_id


def test_a_row_that_ran_speculative_decoding_is_kept_out_of_the_fit(catalog):
    # The estimator prices one token per decode step; a draft model's accepted tokens are another workload.
    excluded = {note.row_id for note in catalog.benchmark_provenance if note.exclude_reason}
    speculative = [row.row_id for row in catalog.benchmarks if "speculative" in (row.backend_label or "").lower()]
    assert speculative, "the Ascend nightly rows include speculative runs (Kimi-K2.5 eagle3, GLM-5.1 MTP)"
    assert set(speculative) <= excluded


def test_the_910b_row_is_the_lowest_64_gb_atlas_a2_bin(catalog):
    # Huawei's msmodeling profiles: 64 GB at 1.6 TB/s in every Atlas 800 A2 bin; FP16 280 / 313 / 376 TFLOPS,
    # INT8 twice FP16 (the Da Vinci cube). The catalog keeps the lowest bin, the conservative one.
    npu = next(hw for hw in catalog.hardware if hw.id == ASCEND)
    assert npu.memory_gb == 64 and npu.memory_bandwidth_gbs == 1600
    assert npu.fp16_tflops == 280 and npu.int8_tops == 2 * npu.fp16_tflops
    assert npu.bf16_tflops is not None and npu.bf16_tflops < npu.fp16_tflops


def test_the_910b_prompt_row_is_one_prompt_alone_with_its_bin_said(catalog):
    # AccelMark's interactive scenario sends one request at a time: its time to first token is one prompt's prefill
    # alone, the figure that fixes the share of peak a 910B's prompt matmuls reach (seed rule: a source on every row).
    prompt_rows = [row for row in catalog.benchmarks if row.hardware_id == ASCEND and row.metric == "pp"]
    assert prompt_rows
    for row in prompt_rows:
        assert row.concurrency == 1 and row.prompt_tokens and row.prompt_tokens > 10_000, row.row_id
        assert "/blob/" in row.source_url and len(row.source_url.split("/blob/")[1].split("/")[0]) == 40, row.row_id
        # The run names a 910B2; the catalog row is the lowest 64 GB bin, so the note must say the fitted share
        # may sit above what that bin reaches.
        assert "910B2" in (row.hardware_label or "") and "bin" in (row.source_note or ""), row.row_id
