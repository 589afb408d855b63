"""Hand-built catalogs for the estimator tests: round numbers so expectations can be computed by hand."""

from __future__ import annotations

from estimator.catalog import Benchmark, CalibrationParams, Catalog, Hardware, ModelArch, QuantFormat

URL = "https://example.org/spec"

# A Llama-3-8B-shaped model with a round parameter count: KV per token = 2·32·8·128·2 B = 131,072 B.
ARCH_8B = ModelArch(
    id="test-8b", family="test", name="Test 8B", params_b=8.0, layers=32, hidden_size=4096, attention_heads=32,
    kv_heads=8, head_dim=128, max_context=8192, source_url=URL,
)
KV_BYTES_PER_TOKEN_8B = 2 * 32 * 8 * 128 * 2

QUANTS = (
    QuantFormat(name="FP16", bits_per_weight=16, family="float", source_url=URL),
    QuantFormat(name="Q4_K_M", bits_per_weight=4.85, family="gguf", source_url=URL),
    QuantFormat(name="FP8", bits_per_weight=8, family="float", source_url=URL),
)

# η_bw 0.5, 1 ms per-token overhead, η_pp 0.5, η_b 0.5 for llama.cpp and vLLM on GPUs.
FACTOR_KEYS = ("llama.cpp/gpu", "vllm/gpu")
CALIBRATION = CalibrationParams(
    data_version="test",
    decode_bandwidth_efficiency=dict.fromkeys(FACTOR_KEYS, 0.5),
    per_token_overhead_ms=dict.fromkeys(FACTOR_KEYS, 1.0),
    prefill_compute_efficiency=dict.fromkeys(FACTOR_KEYS, 0.5),
    batched_efficiency=dict.fromkeys(FACTOR_KEYS, 0.5),
    relative_error=dict.fromkeys(FACTOR_KEYS, 0.1),
    rows_used=dict.fromkeys(FACTOR_KEYS, 10),
)


def device(
    hardware_id: str = "test-gpu", *, kind: str = "gpu", bandwidth: float | None = 1000.0, memory: float | None = 80.0,
    fp16: float | None = 100.0, interconnect: str = "PCIe 4.0 x16",
) -> Hardware:
    return Hardware(
        id=hardware_id, vendor="Test", name=hardware_id, kind=kind, memory_gb=memory, memory_bandwidth_gbs=bandwidth,
        fp16_tflops=fp16, interconnect=interconnect, source_url=URL,
    )


def catalog(
    *hardware: Hardware, calibration: CalibrationParams = CALIBRATION, benchmarks: tuple[Benchmark, ...] = ()
) -> Catalog:
    return Catalog(
        data_version="test", hardware=hardware or (device(),), models=(ARCH_8B,), benchmarks=benchmarks,
        quant_formats=QUANTS, calibration=calibration,
    )


def bench_row(row_id: int, value: float, **fields: object) -> Benchmark:
    values: dict[str, object] = {
        "row_id": row_id, "hardware_id": "test-gpu", "hardware_label": "Test GPU", "kind": "gpu", "device_count": 1,
        "model": "Test 8B", "params_b": 8.0, "quant": "FP16", "backend": "llama.cpp", "concurrency": 1,
        "prompt_tokens": 0, "gen_tokens": 128, "metric": "tg", "value": value, "source_url": URL,
    }
    values.update(fields)
    return Benchmark.model_validate(values)


# Three GPUs of different balance (bandwidth vs compute), for fits that must give back known factors.
THREE_GPUS = (
    device("gpu-a", bandwidth=300.0, fp16=40.0),
    device("gpu-b", bandwidth=900.0, fp16=160.0),
    device("gpu-c", bandwidth=2000.0, fp16=700.0),
)


def generated_catalog(truth: CalibrationParams, shapes, devices: tuple[Hardware, ...] = THREE_GPUS) -> Catalog:
    """Rows the model itself produces with the `truth` factors, every shape on every device, in a catalog
    without calibration: a fit on it must give `truth` back."""
    from estimator.fitting.calibration_fit import predict_row

    known = catalog(*devices, calibration=truth)
    rows: list[Benchmark] = []
    for hw in devices:
        for shape in shapes:
            draft = bench_row(len(rows) + 1, 1.0, hardware_id=hw.id, **shape)
            rows.append(draft.model_copy(update={"value": predict_row(draft, known, truth)}))
    return catalog(*devices, calibration=CalibrationParams(), benchmarks=tuple(rows))
