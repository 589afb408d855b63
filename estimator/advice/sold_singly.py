"""A count of a board-sold device said as cards ("one h200", "一张 H200", "two H100s"): the variant of the same
chip that is sold one at a time.

SXM and OAM modules ship only on baseboards (`candidates.purchase_unit`): "one H200" priced as a module would be a
4- or 8-GPU board nobody asked for. The same chip is sold as a card (H200 NVL, H100 PCIe, A100 80GB PCIe), and that
is what a lead who counts one or two of it can buy. The catalog names a chip's variants by one stem and a form
suffix (nvidia-h200-sxm / nvidia-h200-nvl), so the card is found by the stem; the same memory is preferred (H100
PCIe 80 GB before H100 NVL 94 GB for an 80 GB H100 SXM). A count in whole boards, "how many", a device the user owns,
or a chip with no card variant is left as asked.

A variant with no sourced price cannot be bought in the ranking (`candidates.exclusion`), so a family named by its
chip ("H100 or H200?") whose matched variant is unpriced (the H200 NVL card) is bought as the variant of the same chip
that has a price (`priced_variant`: the H200 SXM), and the reply says which: the family the lead named stays in the
ranking instead of silently giving way to another chip that happens to be priced.
"""

from __future__ import annotations

import re

from estimator.advice.candidates import ownership, purchase_unit
from estimator.catalog import Catalog, Hardware
from estimator.defaults import device_price
from estimator.said import Said, said
from estimator.workload import NamedDevice, Workload

_FORM_SUFFIX = re.compile(r"-(?:sxm\d?|hgx|oam|pcie|nvl)$")


def _variant(catalog: Catalog, hw: Hardware, *, on_boards: bool) -> Hardware | None:
    """The catalog's other variant of `hw`'s chip (same stem, same kind) sold on baseboards or one at a time, the same
    memory preferred; None when `hw`'s id carries no form suffix or no such variant exists."""
    stem = _FORM_SUFFIX.sub("", hw.id)
    if stem == hw.id:
        return None
    found = [other for other in catalog.hardware if other.id != hw.id and other.kind == hw.kind
             and _FORM_SUFFIX.sub("", other.id) == stem and (purchase_unit(other) > 1) == on_boards]
    return min(found, key=lambda other: (abs((other.memory_gb or 0) - (hw.memory_gb or 0)), other.id), default=None)


def card_variant(catalog: Catalog, hw: Hardware) -> Hardware | None:
    """The catalog's variant of `hw`'s chip bought one at a time, or None."""
    return _variant(catalog, hw, on_boards=False)


def board_variant(catalog: Catalog, card: Hardware) -> Hardware | None:
    """The catalog's variant of `card`'s chip sold on a baseboard (the H100 SXM of an H100 PCIe card), or None: what a
    fleet of a board's worth of these cards is bought as instead."""
    return None if purchase_unit(card) != 1 else _variant(catalog, card, on_boards=True)


def _priced(hw: Hardware) -> bool:
    return device_price(hw.id, hw.price_usd, hw.price_basis) is not None


def priced_variant(catalog: Catalog, hw: Hardware) -> Hardware | None:
    """The catalog's variant of `hw`'s chip (same stem, same kind) that has a sourced price, when `hw` has none: the
    same memory preferred, then the smallest purchase (a card before a board); None for a priced `hw`, an id with no
    form suffix, or a chip with no priced variant (the L20: none is guessed)."""
    if _priced(hw):
        return None
    stem = _FORM_SUFFIX.sub("", hw.id)
    if stem == hw.id:
        return None
    found = [other for other in catalog.hardware if other.id != hw.id and other.kind == hw.kind
             and _FORM_SUFFIX.sub("", other.id) == stem and _priced(other)]
    return min(found, key=lambda other: (abs((other.memory_gb or 0) - (hw.memory_gb or 0)), purchase_unit(other),
                                         other.id), default=None)


def priced_variant_notes(workload: Workload, catalog: Catalog) -> list[Said]:
    """For each named device the user does not own whose variant has no sourced price: which priced variant of the same
    chip is bought instead (`named.named_purchases` ranks it)."""
    notes = []
    for device in workload.named_devices or []:
        hw = catalog.hardware_by_id(device.hardware_id)
        if hw is None or ownership(workload, hw, catalog) is not None:
            continue
        variant = priced_variant(catalog, hw)
        if variant is not None:
            notes.append(said("note.priced_variant", asked=hw.name, hardware=variant.name, board=purchase_unit(variant)))
    return notes


def with_card_variants(workload: Workload, catalog: Catalog) -> tuple[Workload, list[Said]]:
    """`workload` with each named device counted in fewer than whole boards replaced by its card variant, and the
    note saying so for each."""
    devices, notes = [], []
    changed = False
    for device in workload.named_devices or []:
        card = _card_for(workload, catalog, device)
        if card is None:
            devices.append(device)
            continue
        asked = catalog.hardware_by_id(device.hardware_id)
        assert asked is not None  # `_card_for` found it
        devices.append(device.model_copy(update={"hardware_id": card.id}))
        notes.append(said("note.card_variant", count=device.count, asked=asked.name, board=purchase_unit(asked),
                          hardware=card.name))
        changed = True
    if not changed:
        return workload, []
    return workload.model_copy(update={"named_devices": devices}), notes


def _card_for(workload: Workload, catalog: Catalog, device: NamedDevice) -> Hardware | None:
    hw = catalog.hardware_by_id(device.hardware_id)
    if hw is None or device.count is None or ownership(workload, hw, catalog) is not None:
        return None
    board = purchase_unit(hw)
    if board <= 1 or device.count % board == 0:
        return None
    return card_variant(catalog, hw)


__all__ = ["board_variant", "card_variant", "priced_variant", "priced_variant_notes", "with_card_variants"]
