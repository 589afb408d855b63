"""A laptop asked for: what is bought is a laptop at a laptop's price, and the model's memory picks its size.

A chip row is priced by one machine (the Ryzen AI Max+ 395 by a $1,999 Framework Desktop); a buyer who asks for
a laptop buys one of the laptops `laptop_configs.csv` lists, each with its own memory and price. Expectations
come from first principles: weights = parameters x bits / 8; a configuration whose memory cannot hold them is
not bought, however cheap.
"""

from __future__ import annotations

from estimator.advice.candidates import enumerate_candidates
from estimator.advice.laptops import sold_as_laptop, with_laptops
from estimator.advice.recommend import recommend
from estimator.catalog import LaptopConfig
from estimator.said import origin_of
from estimator.workload import NamedDevice, OwnedDevice, Workload


def _config(**update: object) -> LaptopConfig:
    fields: dict[str, object] = {"id": "test-laptop-64gb", "hardware_id": "apple-m4-max", "laptop": "Test Laptop 14",
                                 "memory_gb": 64, "tdp_w": 96, "price_usd": 3000, "price_basis": "test laptop price",
                                 "price_is_estimate": False, "source_url": "https://example.org/laptop"}
    return LaptopConfig.model_validate({**fields, **update})


def test_a_chip_priced_by_a_desktop_is_no_laptop_purchase_but_its_laptop_is(catalog):
    strix = catalog.hardware_by_id("amd-ryzen-ai-max-395")  # priced by a Framework Desktop
    assert strix is not None and not sold_as_laptop(strix)
    laptop = _config(id="strix-laptop-128gb", hardware_id=strix.id, memory_gb=128, tdp_w=80).as_device(strix)
    assert sold_as_laptop(laptop)
    assert (laptop.memory_gb, laptop.price_usd, laptop.tdp_w) == (128, 3000, 80)
    assert laptop.memory_bandwidth_gbs == strix.memory_bandwidth_gbs  # the same silicon, its own memory and price


def test_a_chip_sold_only_in_laptops_is_a_laptop_purchase(catalog):
    lunar = catalog.hardware_by_id("intel-core-ultra-lunar-lake")  # "Laptop SoC": whatever its price, a laptop's
    assert lunar is not None and sold_as_laptop(lunar)


def test_laptop_configurations_join_only_when_a_laptop_is_asked_for(catalog):
    assert catalog.laptop_configs, "laptop_configs.csv is loaded"
    desk = Workload(model_params_b=7, concurrent_users=1)
    assert with_laptops(catalog, desk) is catalog
    laptop = Workload(model_params_b=7, concurrent_users=1, device_form="laptop")
    ids = {hw.id for hw in with_laptops(catalog, laptop).hardware}
    assert {c.id for c in catalog.laptop_configs} <= ids
    assert with_laptops(catalog, laptop) is with_laptops(catalog, laptop)  # built once per catalog
    # a recommendation names a laptop by its configuration's id; its follow-ups find it in the shipped catalog
    config = catalog.laptop_configs[0]
    found = catalog.hardware_by_id(config.id)
    assert found is not None and found.memory_gb == config.memory_gb and found.price_usd == config.price_usd


def test_a_laptop_keeps_its_chips_measured_rows(catalog):
    laptop = Workload(model_params_b=7, concurrent_users=1, device_form="laptop")
    variant = with_laptops(catalog, laptop)
    chip_rows = [b.row_id for b in catalog.benchmarks if b.hardware_id == "apple-m4-max"]
    config = next(c for c in catalog.laptop_configs if c.hardware_id == "apple-m4-max")
    assert chip_rows and sorted(b.row_id for b in variant.benchmarks if b.hardware_id == config.id) == sorted(chip_rows)


def test_a_laptop_rule_never_buys_the_desktop_that_prices_a_chip(catalog):
    workload = Workload(model_params_b=8, concurrent_users=1, quantization="Q4_K_M", device_form="laptop")
    eligible, excluded = enumerate_candidates(workload, with_laptops(catalog, workload))
    assert eligible and all(sold_as_laptop(c.hardware) for c in eligible)
    assert excluded["amd-ryzen-ai-max-395"].key == "reason.not_laptop"  # a Framework Desktop is no laptop
    assert excluded["apple-m4-pro"].key == "reason.not_laptop"  # priced as a Mac mini


def test_unpriced_laptops_are_never_bought(catalog):
    workload = Workload(model_params_b=8, concurrent_users=1, quantization="Q4_K_M", device_form="laptop")
    _, excluded = enumerate_candidates(workload, with_laptops(catalog, workload))
    unpriced = [c.id for c in catalog.laptop_configs if c.price_usd is None]
    assert unpriced and all(excluded[i].key == "reason.no_price" for i in unpriced)


def _laptop_fits(catalog, params_b: float, quant: str):
    workload = Workload(model_params_b=params_b, concurrent_users=1, quantization=quant, prompt_tokens=1000,
                        output_tokens=256, tokens_per_s_target=5, device_form="laptop")
    rec = recommend(workload, catalog)
    assert rec.primary is not None
    return rec.primary


def test_the_model_decides_the_memory_size_bought(catalog):
    # Two sizes of one laptop: 48 GB for $1,000 and 128 GB for $2,000 (set here, cheaper than any other laptop, so
    # the test holds whatever the catalog's prices become). 70B at Q4_K_M is 70 x 4.85 / 8 = ~42 GB of weights:
    # the 48 GB machine (Apple leaves ~3/4 of it to the GPU, 36 GB) cannot hold it, so the 128 GB one is bought;
    # an 8B model (~5 GB) fits the cheaper 48 GB machine.
    cheap = (_config(id="test-laptop-48gb", memory_gb=48, price_usd=1000),
             _config(id="test-laptop-128gb", memory_gb=128, price_usd=2000))
    sized = catalog.model_copy(update={"laptop_configs": (*catalog.laptop_configs, *cheap)})
    assert _laptop_fits(sized, 70, "Q4_K_M").hardware_id == "test-laptop-128gb"
    assert _laptop_fits(sized, 8, "Q4_K_M").hardware_id == "test-laptop-48gb"


def test_an_owned_laptop_is_still_used_when_a_laptop_is_asked_for(catalog):
    # Seed 1: use what you have. An owned M4 Max (546 GB/s) decodes an 8B Q4 model (~5 GB) at ~70 tok/s.
    workload = Workload(model_params_b=8, concurrent_users=1, quantization="Q4_K_M", device_form="laptop",
                        owned_devices=[OwnedDevice(hardware_id="apple-m4-max", memory_gb=64)])
    rec = recommend(workload, catalog)
    assert rec.primary is not None and rec.primary.hardware_id == "apple-m4-max" and rec.primary.capex_usd == 0


def test_unpriced_laptops_are_said_when_a_laptop_is_asked_for(catalog):
    workload = Workload(model_params_b=8, concurrent_users=1, quantization="Q4_K_M", device_form="laptop")
    rec = recommend(workload, catalog)
    notes = [line for line in rec.assumptions if origin_of(line) == "note.laptops_unpriced"]
    assert len(notes) == 1
    assert "note.laptops_unpriced" not in {origin_of(line) for line in recommend(
        workload.model_copy(update={"device_form": None}), catalog).assumptions}


def test_a_laptop_for_each_person_is_bought_once_per_person(catalog):
    # 12 people, each on their own laptop: the option is one person's (1 stream), bought 12 times.
    workload = Workload(model_params_b=3, total_users=12, deployment_scale="personal", quantization="Q4_K_M",
                        tokens_per_s_target=20, device_form="laptop")
    rec = recommend(workload, catalog)
    assert rec.primary is not None and rec.fleet is not None
    assert rec.fleet.sites == 12 and rec.fleet.capex_usd == rec.primary.capex_usd * 12
    # without the laptop purchase (their own machines, seed 1) the figure stays one person's
    assert recommend(workload.model_copy(update={"device_form": None}), catalog).fleet is None


def test_a_chip_named_while_a_laptop_is_asked_for_is_answered_as_its_laptop(catalog):
    # "is the M5 Max enough?" while buying a laptop: the M5 Max is bought inside a MacBook Pro, so it is answered
    # at that laptop's price, not as an unpriced chip; a 64 GB M5 Pro stated is answered at 64 GB or more.
    workload = Workload(model_params_b=27, concurrent_users=1, quantization="Q4_K_M", tokens_per_s_target=20,
                        device_form="laptop", named_devices=[NamedDevice(hardware_id="apple-m5-max", count=1),
                                                             NamedDevice(hardware_id="apple-m5-pro", count=1, memory_gb=64)])
    rec = recommend(workload, catalog)
    m5_max = [a for a in rec.named if a.hardware_id == "macbook-pro-14-m5-max-128gb"]
    assert m5_max and m5_max[0].priced and m5_max[0].option is not None and m5_max[0].option.capex_usd > 0
    m5_pro = [a for a in rec.named if "m5-pro" in a.hardware_id]
    assert m5_pro and all(a.hardware_id == "macbook-pro-14-m5-pro-64gb" for a in m5_pro)


def test_the_cheapest_laptop_question_buys_the_cheapest_configuration_that_holds_the_need(catalog):
    """"Cheapest MacBook for Qwen3-30B-A3B at Q4 with ~32k context, just for me". The need, worked out first: weights
    30.5e9 x 4.84 / 8 = 18.5 GB (Q4_K_M's bits per weight in quant_formats.csv); KV per token 2 x 48 layers x 4 KV
    heads x 128 x 2 B = 98,304 B, x 32,768 tokens = 3.2 GB; ~21.7 GB in all. A 24 GB Mac leaves macOS under 2.5 GB
    beside it, so 32 GB is the smallest memory that holds it, and the cheapest laptop listed with 32 GB or more is the
    purchase (never a $3,999 48 GB M4 Max because nothing between was listed)."""
    weights_gb = 30.5e9 * 4.84 / 8 / 1e9
    kv_gb = 2 * 48 * 4 * 128 * 2 * 32_768 / 1e9
    need = weights_gb + kv_gb
    assert 21 < need < 22.5
    workload = Workload(model_params_b=30.5, active_params_b=3.3, model_id="qwen3-30b-a3b", quantization="Q4_K_M",
                        concurrent_users=1, context_length=32_768, deployment_scale="personal", device_form="laptop")
    primary = recommend(workload, catalog).primary
    holding = [c for c in catalog.laptop_configs if c.price_usd is not None and c.memory_gb >= 32]
    cheapest = min(holding, key=lambda c: c.price_usd or 0.0)
    assert primary.hardware_id == cheapest.id, (primary.hardware_id, cheapest.id)
    assert primary.capex_usd == cheapest.price_usd
    assert need <= (primary.estimate.memory_available_gb or 0)
    # every cheaper laptop on record has less memory than the need plus a working OS
    assert all(c.memory_gb < need + 4 for c in catalog.laptop_configs if c.price_usd and c.price_usd < cheapest.price_usd)
