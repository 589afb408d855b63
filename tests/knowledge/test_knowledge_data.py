"""The shipped data: it validates, keeps the reference ids, and every row says where it came from."""

from __future__ import annotations

import csv

import pytest

from estimator.catalog import HARDWARE_KINDS
from knowledge import default_data_dir, validate_dir

# Ids that DESIGN.md, the seeds' tiers and other packages name explicitly.
CONTRACT_IDS = [
    "nvidia-rtx-4060-8gb", "nvidia-rtx-4090", "nvidia-l40s", "nvidia-a100-80gb-sxm", "nvidia-h100-sxm",
    "amd-mi300x", "apple-m4-max", "intel-xeon-8480plus", "qualcomm-snapdragon-x-elite", "intel-gaudi3",
    "aws-inferentia2", "google-tpu-v5e", "groq-lpu-v1", "tenstorrent-wormhole-n150", "cerebras-wse3",
]
STACK_IDS = {
    "trt-llm", "vllm-cuda", "vllm-rocm", "llama.cpp", "mlx", "openvino-cpu", "openvino-npu", "qnn-npu",
    "qualcomm-cloud-ai100", "aws-neuron", "gaudi-vllm", "groq", "tenstorrent", "tpu-vllm", "cerebras",
    "furiosa-llm", "ascend-cann", "rbln-vllm",  # the accelerator sheets' additions (FuriosaAI RNGD, Huawei Atlas 300I Duo, Rebellions)
    "vllm-ascend",  # vLLM on the Ascend 910B (docs.vllm.ai/projects/ascend FAQ): continuous batching for a domestic-only buy
    "vllm-mlu", "vllm-dcu",  # the vendors' vLLM ports for Cambricon MLU370-X8 and Hygon DCU K100-AI (low maturity)
}
WORKLOAD_QUANTS = ["FP16", "BF16", "FP8", "INT8", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q4_0", "INT4", "Q3_K_M", "Q2_K"]


def test_shipped_data_validates():
    assert validate_dir(default_data_dir()) == []


@pytest.mark.parametrize("name", sorted(p.name for p in default_data_dir().glob("*.csv")))
def test_every_row_has_http_source_url(name):
    with (default_data_dir() / name).open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert rows
    assert all(row["source_url"].startswith(("http://", "https://")) for row in rows)


def test_hardware_covers_the_five_kinds_with_60_devices(catalog):
    assert len(catalog.hardware) >= 60
    assert {device.kind for device in catalog.hardware} == set(HARDWARE_KINDS)


def test_contract_hardware_ids_are_kept(catalog):
    ids = {device.id for device in catalog.hardware}
    assert set(CONTRACT_IDS) <= ids


def test_stack_ids_are_exactly_the_agreed_ones(catalog):
    assert {stack.id for stack in catalog.stacks} == STACK_IDS


def test_workload_quantizations_all_have_bits_per_weight(catalog):
    for name in WORKLOAD_QUANTS:
        assert catalog.quant(name) is not None, name
    # Seed 1: Q4_K_M is ~3.2x smaller than FP16.
    ratio = catalog.quant("FP16").bits_per_weight / catalog.quant("Q4_K_M").bits_per_weight
    assert 3.0 <= ratio <= 3.5


def test_prices_say_their_basis_and_whether_they_are_estimates(catalog):
    priced = [device for device in catalog.hardware if device.price_usd is not None]
    assert priced
    assert all(device.price_basis for device in priced)
    assert catalog.hardware_by_id("nvidia-rtx-4090").price_is_estimate is False  # launch MSRP
    assert catalog.hardware_by_id("nvidia-h100-sxm").price_is_estimate is True  # third-party figure


def test_sparse_vendor_figures_are_not_recorded_as_dense(catalog):
    # NVIDIA's headline H100 SXM FP16 (1979) is the sparse figure; the dense one is half.
    assert catalog.hardware_by_id("nvidia-h100-sxm").fp16_tflops == pytest.approx(989.4)


def test_npu_rows_share_their_soc_bandwidth(catalog):
    npu = catalog.hardware_by_id("qualcomm-snapdragon-x-elite-npu")
    soc = catalog.hardware_by_id("qualcomm-snapdragon-x-elite")
    assert npu.kind == "npu" and soc.kind == "soc"
    assert npu.memory_bandwidth_gbs == soc.memory_bandwidth_gbs
    assert "shares the SoC" in (npu.notes or "")


def test_benchmarks_link_multi_device_rows(catalog):
    linked = [b for b in catalog.benchmarks if b.hardware_label.startswith("8x AMD Instinct MI300X")]
    assert linked and all(b.hardware_id == "amd-mi300x" and b.device_count == 8 for b in linked)
    apple = [b for b in catalog.benchmarks if b.hardware_label.startswith("Apple M2 Ultra")]
    assert apple and all(b.kind == "soc" and b.hardware_id == "apple-m2-ultra" for b in apple)


def test_benchmark_rows_without_a_catalog_device_stay_unlinked(catalog):
    unlinked = {b.hardware_label for b in catalog.benchmarks if b.hardware_id is None}
    assert "NVIDIA RTX 3090 Ti" in unlinked  # not in the catalog
    assert "NVIDIA A100 80GB" in unlinked  # form factor not stated: linking would be a guess


def test_benchmark_fields_are_normalized(catalog):
    # A row's backend is a serving stack's key (vendor stacks included: furiosa-llm, neuron, vllm-gaudi) or one of
    # the engines that have no serving-stack row (docs/knowledge.md, "Benchmarks use the same backend keys").
    engines_without_a_stack = {"llama.cpp-vulkan", "ik_llama.cpp", "sglang", "exllama", "mlc-llm",
                               "optimum-habana", "jetstream-pytorch"}
    stack_keys = {s.backend_key for s in catalog.stacks}
    assert {"llama.cpp", "vllm", "trt-llm", "tt-metal", "mlx"} <= stack_keys
    assert {b.backend for b in catalog.benchmarks} <= stack_keys | engines_without_a_stack
    offline = [b for b in catalog.benchmarks if "max-load" in (b.source_note or "")]
    assert offline and all(b.concurrency is None for b in offline)
    assert all(b.quant != "F16" for b in catalog.benchmarks)
    assert len({b.row_id for b in catalog.benchmarks}) == len(catalog.benchmarks)


def test_models_have_consistent_attention_shapes(catalog):
    for model in catalog.models:
        assert model.attention_heads % model.kv_heads == 0, model.id
        assert model.kv_heads <= model.attention_heads, model.id
        assert model.source_url.startswith("https://huggingface.co/"), model.id


def test_models_cover_the_issue_families(catalog):
    ids = {model.id for model in catalog.models}
    for wanted in ["llama-3.2-1b", "llama-3.2-3b", "llama-3-8b", "llama-3-70b", "qwen2.5-0.5b", "qwen2.5-72b",
                   "qwen3-0.6b", "qwen3-32b", "phi-3-mini", "phi-3.5-mini", "phi-3-medium", "mistral-7b",
                   "mixtral-8x7b", "gemma-2-9b", "gemma-3-27b", "deepseek-r1-distill-qwen-7b",
                   "deepseek-r1-distill-llama-70b", "llama-2-7b", "gpt-j-6b"]:
        assert wanted in ids


def test_every_device_stack_serves_that_kind_of_device(catalog):
    for device in catalog.hardware:
        for stack_id in device.software_stacks:
            assert device.kind in catalog.stack(stack_id).hardware_kinds, (device.id, stack_id)


def test_rocm_and_vulkan_runs_of_one_card_keep_distinct_backends(catalog):
    # One AMD card measured with both llama.cpp builds: the two must not fold into one backend key.
    rows = [b for b in catalog.benchmarks if b.hardware_label == "AMD Radeon RX 6700 XT"]
    rocm = {b.backend for b in rows if "rocm" in (b.backend_label or "")}
    vulkan = {b.backend for b in rows if "vulkan" in (b.backend_label or "")}
    assert rocm and vulkan and not rocm & vulkan
    assert all(b.backend == "llama.cpp-vulkan" for b in catalog.benchmarks if "vulkan" in (b.backend_label or ""))


def test_2026_12_devices_and_rows_are_in_the_catalog(catalog):
    for device_id in ("tenstorrent-blackhole-p100a", "tenstorrent-quietbox-blackhole", "nvidia-rtx-pro-6000-blackwell",
                      "amd-ryzen-ai-max-395", "nvidia-dgx-spark-gb10", "apple-m3-ultra"):
        assert catalog.hardware_by_id(device_id) is not None, device_id
    # The reference flagged apple-m3-max without a memory size; 128 GB is its largest configuration.
    assert catalog.hardware_by_id("apple-m3-max").memory_gb == 128
    # tt-metal demo tables publish batch / inter-token latency: a decode-only batched rate.
    tt = [b for b in catalog.benchmarks if b.backend == "tt-metal"]
    assert tt and all(b.hardware_id and b.metric == "decode_tps" and b.concurrency for b in tt)
    # The rows that name the RTX PRO 6000 Blackwell now join to its catalog row.
    assert all(b.hardware_id == "nvidia-rtx-pro-6000-blackwell"
               for b in catalog.benchmarks if "RTX PRO 6000 Blackwell" in b.hardware_label)


def test_sparse_fp4_vendor_figures_are_halved(catalog):
    # DGX Spark's "1 PFLOP FP4" is with sparsity: the dense column holds half.
    assert catalog.hardware_by_id("nvidia-dgx-spark-gb10").fp4_tflops == pytest.approx(500)


def test_moe_benchmark_rows_keep_their_published_model_names(catalog):
    names = {b.model for b in catalog.benchmarks}
    for published in ("gpt-oss-20b (MoE)", "gpt-oss-120b (MoE)", "Qwen3-30B-A3B (MoE, 3.3B active)",
                      "DeepSeek-R1 671B (MoE, MLA, 37B active)", "Mixtral 8x7B (MoE)"):
        assert published in names, published


def test_a_priced_device_holds_the_memory_its_price_buys(catalog):
    # The M3 Ultra's $3,999 buys the 96 GB Mac Studio, the only one sold new since May 2026 (its row's
    # source): a 70B model at 16 bits (70.6 × 2 ≈ 141 GB of weights) does not fit the machine that price
    # buys, at 4 bits (~40 GB) it does.
    from estimator.physics.throughput import estimate
    from estimator.schemas import EstimateRequest

    m3 = catalog.hardware_by_id("apple-m3-ultra")
    assert m3.price_usd == 3999 and m3.memory_gb == 96

    def fits(quant: str) -> bool:
        ask = EstimateRequest(hardware="apple-m3-ultra", params_b=70.6, quant=quant, backend="llama.cpp")
        return estimate(ask, catalog).fits

    assert not fits("FP16") and fits("Q4_K_M")


@pytest.mark.parametrize(("device_id", "price", "memory_gb"), [
    # $599 buys the Mac mini M4 with 16 GB (24 and 32 GB cost more); $1,399 buys the Mac mini M4 Pro with
    # 24 GB (48 and 64 GB cost more); $1,999 buys the Framework Desktop with the 128 GB Ryzen AI Max+ 395.
    ("apple-m4", 599, 16), ("apple-m4-pro", 1399, 24), ("amd-ryzen-ai-max-395", 1999, 128),
])
def test_a_mini_pc_price_buys_the_memory_its_row_sizes(catalog, device_id, price, memory_gb):
    device = catalog.hardware_by_id(device_id)
    assert (device.price_usd, device.memory_gb) == (price, memory_gb)


@pytest.mark.parametrize(("device_id", "too_big_b", "small_b"), [
    # 16 GB: a 32B model at 4 bits (~32.8 × 4.85 / 8 ≈ 20 GB of weights) does not fit; an 8B one (~5 GB) does.
    ("apple-m4", 32.8, 8.0),
    # 24 GB: a 70B model at 4 bits (~70.6 × 4.85 / 8 ≈ 43 GB) does not fit; an 8B one does.
    ("apple-m4-pro", 70.6, 8.0),
])
def test_the_machine_a_price_buys_is_the_machine_sized(catalog, device_id, too_big_b, small_b):
    from estimator.physics.throughput import estimate
    from estimator.schemas import EstimateRequest

    def fits(params_b: float) -> bool:
        ask = EstimateRequest(hardware=device_id, params_b=params_b, quant="Q4_K_M", backend="llama.cpp")
        return estimate(ask, catalog).fits

    assert not fits(too_big_b) and fits(small_b)


def test_a_price_basis_names_no_memory_other_than_the_rows():
    # A basis naming a memory configuration ('Mac mini M4 16GB/256GB', 'A100 80GB') must name the row's
    # memory_gb: a price of one configuration beside another's memory costs a machine the catalog does not size.
    import re

    with (default_data_dir() / "hardware.csv").open(newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r["price_usd"] and r["memory_gb"]]
    memory = re.compile(r"(?<![/\d.])(\d+)\s?GB(?!/s)")
    wrong = {r["id"]: sorted({float(m) for m in memory.findall(r["price_basis"])} - {float(r["memory_gb"])})
             for r in rows}
    assert {k: v for k, v in wrong.items() if v} == {}
