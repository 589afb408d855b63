"""Every GPU, CPU and SoC in the catalog carries what the estimator needs to cost it without a prior.

A device without a rate for the format in use is costed at a bandwidth-derived prior (κ · bandwidth) and
lands 5-20x low on compute-bound work; a device without memory or bandwidth is sized with per-kind
defaults. So, for the device kinds this file covers (accelerators and NPUs are vetted apart):

- memory bandwidth always; memory capacity for GPUs and SoCs (a CPU's memory is the buyer's choice);
- a 16-bit rate (FP16 or BF16) wherever a stack the device lists serves FP16 or BF16 (`serving_stacks`);
- the tensor-core ladder a sheet implies: a device that lists FP4 has FP8 units (every FP4 tensor core
  also runs FP8: Blackwell, CDNA 4), one that lists FP8 has 16-bit units.

Devices still missing a value are listed below with why, so a new device cannot join the gap silently
and a filled gap must leave the list.
"""

from __future__ import annotations

import itertools

import pytest

COVERED_KINDS = ("gpu", "cpu", "soc")

# id -> why the value is still missing (searched, no source that states it; an empty cell beats a guess).
NO_SIXTEEN_BIT_RATE: dict[str, str] = {
    "nvidia-rtx-3060-12gb": "GeForce FP32-accumulate tensor rate not sourced",
    "nvidia-rtx-4060-8gb": "only the INT8 figure is sourced",
    "nvidia-rtx-4060ti-16gb": "only the INT8 figure is sourced",
    "nvidia-rtx-4070": "GeForce FP32-accumulate tensor rate not sourced",
    "nvidia-jetson-orin-nano-super-8gb": "NVIDIA states sparse INT8 TOPS only",
    "intel-xeon-8480plus": "AMX rate needs its AMX clock; not sourced",
    "intel-xeon-8592plus": "AMX rate needs its AMX clock; not sourced",
    "amd-epyc-9654": "AVX-512 BF16 rate not sourced",
    "amd-epyc-9005-turin-dense": "AVX-512 BF16 rate not sourced (Zen 5's full-width datapath: per-cycle figure not found)",
    "ampere-altra-max-m128-30": "Neoverse N1 FP16 vector rate not sourced",
    "ampere-altra-q80-30": "Neoverse N1 FP16 vector rate not sourced",
    "intel-core-ultra-lunar-lake": "iGPU XMX rate not sourced",
    "amd-ryzen-ai-9-hx370": "iGPU rate not sourced",
    "qualcomm-snapdragon-x-elite": "GPU rate not sourced",
}
NO_BANDWIDTH: dict[str, str] = {}
NO_MEMORY: dict[str, str] = {
    "amd-ryzen-ai-9-hx370": "memory is the laptop's; no bin sourced",
    "qualcomm-snapdragon-x-elite": "memory is the laptop's; no bin sourced",
}
SIXTEEN_BIT_FORMATS = {"FP16", "BF16"}


def _covered(catalog):
    return [hw for hw in catalog.hardware if hw.kind in COVERED_KINDS]


def _stack_formats(catalog, hw) -> set[str]:
    stacks = {stack.id: stack for stack in catalog.stacks}
    return {fmt.upper() for stack_id in hw.software_stacks if stack_id in stacks
            for fmt in stacks[stack_id].quant_formats}


def test_every_device_has_memory_bandwidth(catalog):
    missing = {hw.id for hw in _covered(catalog) if not hw.memory_bandwidth_gbs}
    assert missing == set(NO_BANDWIDTH), missing ^ set(NO_BANDWIDTH)


def test_every_gpu_and_soc_has_memory(catalog):
    missing = {hw.id for hw in _covered(catalog) if hw.kind != "cpu" and not hw.memory_gb}
    assert missing == set(NO_MEMORY), missing ^ set(NO_MEMORY)


def test_a_device_whose_stacks_serve_16_bit_lists_a_16_bit_rate(catalog):
    missing = {hw.id for hw in _covered(catalog)
               if _stack_formats(catalog, hw) & SIXTEEN_BIT_FORMATS and not (hw.fp16_tflops or hw.bf16_tflops)}
    assert missing == set(NO_SIXTEEN_BIT_RATE), missing ^ set(NO_SIXTEEN_BIT_RATE)


@pytest.mark.parametrize(("lower", "higher"), [("fp4_tflops", "fp8_tflops"), ("fp8_tflops", "fp16_tflops")])
def test_a_listed_low_precision_rate_implies_the_wider_ones(catalog, lower, higher):
    # Dense rates of one tensor core: each narrower format runs at 2x the wider one on every part listed.
    broken = {hw.id for hw in _covered(catalog) if getattr(hw, lower) and not getattr(hw, higher)
              and hw.id not in NO_SIXTEEN_BIT_RATE}
    assert not broken, f"{sorted(broken)} list {lower} without {higher}"


def test_rates_keep_the_tensor_core_ladder(catalog):
    # A dense FP8 rate is at most 2x the 16-bit one; FP4 at most 4x FP8: 2x on one tensor core, 4x where the
    # catalog lists GeForce's FP32-accumulate FP8 (half rate; RTX 5090 1,676 / 419) and on Blackwell Ultra
    # (B300: FP4 raised, 16-bit and FP8 kept). A sparse figure left undivided breaks one of these.
    for hw in _covered(catalog):
        sixteen = hw.fp16_tflops or hw.bf16_tflops
        if hw.fp8_tflops and sixteen:
            assert hw.fp8_tflops <= 2.05 * sixteen, hw.id  # L40S: 733 / 362 as its sheet rounds
        if hw.fp4_tflops and hw.fp8_tflops:
            assert hw.fp4_tflops <= 4.01 * hw.fp8_tflops, hw.id


def test_the_datacenter_parts_in_use_are_complete(catalog):
    # The devices measured rows and datacenter answers use: every rate their engines run, no prior.
    wanted = {
        "nvidia-h200-nvl": ("fp16_tflops", "fp8_tflops"),
        "nvidia-rtx-pro-6000-blackwell": ("fp16_tflops", "fp8_tflops", "fp4_tflops"),
        "amd-mi355x": ("fp16_tflops", "fp8_tflops", "fp4_tflops"),
        "amd-mi350x": ("fp16_tflops", "fp8_tflops", "fp4_tflops"),
        "nvidia-gb200-gpu": ("fp16_tflops", "fp8_tflops", "fp4_tflops"),
        "nvidia-dgx-spark-gb10": ("fp16_tflops", "fp8_tflops", "fp4_tflops"),
        "nvidia-jetson-agx-thor": ("memory_gb", "memory_bandwidth_gbs", "fp16_tflops", "fp8_tflops", "fp4_tflops"),
        "intel-xeon-6980p": ("bf16_tflops", "int8_tops"),
        "nvidia-h20": ("fp16_tflops", "fp8_tflops"),
    }
    for hardware_id, fields in wanted.items():
        hw = catalog.hardware_by_id(hardware_id)
        assert hw is not None, hardware_id
        assert all(getattr(hw, field) for field in fields), (hardware_id, [f for f in fields if not getattr(hw, f)])
    assert catalog.hardware_by_id("nvidia-jetson-agx-thor").memory_gb == 128


# The devices the complete catalog must hold beyond the ones above (each added with its sources): a test that fails
# when one goes missing or loses its memory, bandwidth or a rate its engines run natively.
NAMED_PARTS: dict[str, tuple[str, ...]] = {
    "intel-arc-b580": ("fp16_tflops", "int8_tops", "tdp_w"),
    "apple-m5": ("fp16_tflops",),
    "apple-m5-pro": ("fp16_tflops",),
    "apple-m5-max": ("fp16_tflops",),
    "nvidia-l20": ("fp16_tflops", "fp8_tflops", "int8_tops", "tdp_w"),
    "nvidia-rtx-4090d": ("fp16_tflops", "fp8_tflops", "int8_tops", "tdp_w"),
    "huawei-ascend-910b": ("fp16_tflops", "int8_tops", "tdp_w"),
    "nvidia-rtx-pro-6000-blackwell-maxq": ("fp16_tflops", "fp8_tflops", "fp4_tflops", "tdp_w"),
    "amd-radeon-ai-pro-r9700": ("fp16_tflops", "fp8_tflops", "int8_tops", "tdp_w"),
    "nvidia-jetson-agx-orin-64gb": ("fp16_tflops", "tdp_w", "gpu_clock_mhz"),
    "nvidia-jetson-agx-orin-32gb": ("fp16_tflops", "tdp_w"),
    "intel-arc-a770-16gb": ("fp16_tflops", "int8_tops", "tdp_w"),
}


@pytest.mark.parametrize("hardware_id", sorted(NAMED_PARTS))
def test_a_named_part_is_in_with_memory_bandwidth_and_its_rates(catalog, hardware_id):
    hw = catalog.hardware_by_id(hardware_id)
    assert hw is not None, hardware_id
    fields = ("memory_gb", "memory_bandwidth_gbs", *NAMED_PARTS[hardware_id])
    assert [f for f in fields if not getattr(hw, f)] == [], hardware_id


@pytest.mark.parametrize(("cut", "full"), [("nvidia-rtx-pro-6000-blackwell-maxq", "nvidia-rtx-pro-6000-blackwell"),
                                           ("nvidia-rtx-4090d", "nvidia-rtx-4090")])
def test_a_cut_down_sibling_never_outruns_the_full_part(catalog, cut, full):
    # Same die and memory: the Max-Q runs lower clocks at 300 W, the 4090 D has 114 of the 128 SMs at the same clock.
    # Bandwidth is the memory's, so equal; every tensor rate is at most the full part's, and power is lower.
    small, big = catalog.hardware_by_id(cut), catalog.hardware_by_id(full)
    assert small.memory_gb == big.memory_gb and small.memory_bandwidth_gbs == big.memory_bandwidth_gbs
    for rate in ("fp16_tflops", "fp8_tflops", "int8_tops", "fp4_tflops"):
        if getattr(small, rate) and getattr(big, rate):
            assert getattr(small, rate) < getattr(big, rate), rate
    assert small.tdp_w < big.tdp_w


def test_the_m5_family_scales_with_its_gpu_cores(catalog):
    # One GPU generation at one clock (the catalog's Apple rule: cores x 128 ALUs x 2 x clock): 10, 20, 40 cores.
    m5, pro, top = (catalog.hardware_by_id(i) for i in ("apple-m5", "apple-m5-pro", "apple-m5-max"))
    assert pro.fp16_tflops == pytest.approx(2 * m5.fp16_tflops, rel=0.01)
    assert top.fp16_tflops == pytest.approx(4 * m5.fp16_tflops, rel=0.01)
    assert m5.memory_bandwidth_gbs < pro.memory_bandwidth_gbs < top.memory_bandwidth_gbs


def test_the_agx_orin_32gb_is_the_64gb_module_cut_down(catalog):
    # One Orin SoC: the 32 GB module has 7 of the 8 TPCs and a lower GPU clock (939 MHz against 1.3 GHz), the same
    # 256-bit LPDDR5, and a 40 W ceiling against 60 W. Its tensor rate is at most 7/8 x 939/1300 of the 64 GB's.
    small, big = catalog.hardware_by_id("nvidia-jetson-agx-orin-32gb"), catalog.hardware_by_id("nvidia-jetson-agx-orin-64gb")
    assert small.memory_bandwidth_gbs == big.memory_bandwidth_gbs and small.memory_gb < big.memory_gb
    assert small.fp16_tflops <= big.fp16_tflops * 7 / 8 * 939 / big.gpu_clock_mhz * 1.01
    assert small.tdp_w < big.tdp_w


def test_a_device_s_power_modes_trade_speed_for_draw(catalog):
    # A lower power mode never runs a faster memory or GPU clock than a higher one, and no mode draws more than
    # the device's own TDP (the row is its top mode). Every mode a power cap can pick has a sourced bandwidth.
    by_device: dict[str, list] = {}
    for mode in catalog.power_modes:
        by_device.setdefault(mode.hardware_id, []).append(mode)
    assert {"nvidia-jetson-agx-orin-64gb", "nvidia-jetson-agx-orin-32gb"} <= set(by_device)
    for hardware_id, modes in by_device.items():
        hw = catalog.hardware_by_id(hardware_id)
        modes.sort(key=lambda m: m.watts)
        assert all(m.watts <= hw.tdp_w for m in modes), hardware_id
        for low, high in itertools.pairwise(modes):
            assert low.watts < high.watts, (hardware_id, low.mode, high.mode)
            if low.memory_bandwidth_gbs and high.memory_bandwidth_gbs:
                assert low.memory_bandwidth_gbs <= high.memory_bandwidth_gbs, (hardware_id, low.mode)
            if low.gpu_clock_mhz and high.gpu_clock_mhz:
                assert low.gpu_clock_mhz < high.gpu_clock_mhz, (hardware_id, low.mode)
        assert all(m.memory_bandwidth_gbs <= hw.memory_bandwidth_gbs for m in modes if m.memory_bandwidth_gbs), hardware_id


def test_the_agx_orin_has_a_15_w_mode(catalog):
    # NVIDIA's module power: 64 GB '15W | 30W | 50W, and up to 60W', 32 GB '15W | 30W | 40W' (data sheet DS-10662-001).
    for hardware_id in ("nvidia-jetson-agx-orin-64gb", "nvidia-jetson-agx-orin-32gb"):
        watts = {m.watts for m in catalog.power_modes if m.hardware_id == hardware_id and m.memory_bandwidth_gbs}
        assert 15 in watts and 30 in watts, hardware_id


# HBM stacks: at most 36 GB each (HBM3E 12-high; HBM2e 16-24 GB), at least 256 GB/s each (HBM2 at 2 Gbps x 1,024 bits).
HBM_MAX_GB_PER_STACK = 36
HBM_MIN_GBS_PER_STACK = 256


def test_an_hbm_part_has_at_least_the_bandwidth_of_the_stacks_its_capacity_needs(catalog):
    # A part listing HBM capacity C carries at least ceil(C / 36) stacks, each of at least 256 GB/s, so its bandwidth
    # cannot be lower than that. A DDR-class figure on an HBM part (the Ascend 910B's former 400 GB/s for 64 GB HBM2e)
    # sizes several times the cards a bandwidth-bound decode needs.
    import math

    for hw in catalog.hardware:
        if "hbm" not in (hw.memory_type or "").lower() or not hw.memory_gb or not hw.memory_bandwidth_gbs:
            continue
        stacks = math.ceil(hw.memory_gb / HBM_MAX_GB_PER_STACK)
        assert hw.memory_bandwidth_gbs >= stacks * HBM_MIN_GBS_PER_STACK, (hw.id, hw.memory_bandwidth_gbs)
