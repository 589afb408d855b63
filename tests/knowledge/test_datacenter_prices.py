"""Prices of the data-center parts leads name most (a B200 board, one H100 card): each priced row carries
its figure, basis, date and sources, the price is an estimate where no vendor lists one, the relations between a
chip's forms hold, and a part still unpriced says why (docs/knowledge.md, "Provenance rules")."""

from __future__ import annotations

import csv

import pytest

from knowledge import default_data_dir

# Priced in session 22 from third-party figures (no vendor list price exists for any of them), with the host of each
# figure's source: the row's source_url must carry it.
THIRD_PARTY_PRICED = {
    "nvidia-b200-hgx": ("runlocalai.co", "briefbriefing.com"),
    "nvidia-h100-pcie": ("stratrix.com", "io.net"),
}

# Priced rows whose source gives no date (Hugging Face's hardware pages, awesomeagents.ai): the figure cannot be
# placed in time, so a reply cannot say how old it is. Listed so that a new undated price is a test failure, and a
# dated source found for one of these must remove it from the list.
UNDATED_PRICES = {
    "nvidia-h100-sxm", "nvidia-h200-sxm", "amd-mi300x", "amd-radeon-ai-pro-r9700", "amd-radeon-pro-w7900",
    "tenstorrent-blackhole-p100a", "tenstorrent-quietbox-blackhole", "hailo-10h",
}

# Parts leads name that stay unpriced on purpose, searched again in session 22 (pages and docs corpora): the note
# must say so, so a reply's "unpriced" has a reason behind it.
NAMED_AND_UNPRICED = ["nvidia-l20", "apple-m5-pro", "nvidia-h200-nvl"]


def _rows() -> dict[str, dict[str, str]]:
    with (default_data_dir() / "hardware.csv").open(newline="", encoding="utf-8") as fh:
        return {row["id"]: row for row in csv.DictReader(fh)}


@pytest.mark.parametrize("device_id", sorted(THIRD_PARTY_PRICED))
def test_a_third_party_price_is_positive_dated_sourced_and_an_estimate(catalog, device_id):
    device = catalog.hardware_by_id(device_id)
    assert device.price_usd is not None and device.price_usd > 0
    assert device.price_is_estimate is True  # no vendor list price: a third-party figure is an estimate
    row = _rows()[device_id]
    assert row["price_basis"] and row["price_date"]
    assert all(host in row["source_url"] for host in THIRD_PARTY_PRICED[device_id])


def test_every_priced_row_is_dated_unless_listed_undated():
    undated = {device_id for device_id, row in _rows().items() if row["price_usd"] and not row["price_date"]}
    assert undated == UNDATED_PRICES


def test_a_card_costs_less_than_the_module_of_its_chip(catalog):
    # The PCIe card of a chip runs at a lower power cap (H100 PCIe 350 W vs SXM 700 W) with less or equal memory
    # bandwidth, and needs no NVLink baseboard; it is the cheaper form (io.net: "PCIe is 20-30% cheaper").
    for card, module in (("nvidia-h100-pcie", "nvidia-h100-sxm"),):
        assert catalog.hardware_by_id(card).price_usd < catalog.hardware_by_id(module).price_usd, card


def test_the_newer_generation_costs_more_per_gpu(catalog):
    # Blackwell B200 (180 GB, 8 TB/s) over Hopper H200 (141 GB, 4.8 TB/s): the reports price it above the H200.
    assert catalog.hardware_by_id("nvidia-b200-hgx").price_usd > catalog.hardware_by_id("nvidia-h200-sxm").price_usd


def test_the_b200_is_bought_by_the_board_and_the_cards_one_at_a_time(catalog):
    from estimator.advice.candidates import purchase_unit

    # The price is per GPU and the form factor names the 8-GPU HGX baseboard: the smallest purchase is 8 GPUs. The
    # basis' words must not read as a kit of another size, and the cards' as anything but one card.
    assert purchase_unit(catalog.hardware_by_id("nvidia-b200-hgx")) == 8
    assert purchase_unit(catalog.hardware_by_id("nvidia-h200-nvl")) == 1
    assert purchase_unit(catalog.hardware_by_id("nvidia-h100-pcie")) == 1


@pytest.mark.parametrize("device_id", NAMED_AND_UNPRICED)
def test_a_named_part_left_unpriced_says_why(catalog, device_id):
    device = catalog.hardware_by_id(device_id)
    assert device.price_usd is None
    note = (device.notes or "").lower()
    assert any(reason in note for reason in ("no list price found", "price left empty", "unpriced")), device_id
