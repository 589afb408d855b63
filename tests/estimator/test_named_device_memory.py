"""A device asked about in a configuration the user states ("a Mac Studio M3 Ultra 512GB") is sized with that
memory and left unpriced (the catalog row's price is another configuration's); an owned device's stated memory
keeps working as before."""

from __future__ import annotations

from estimator.advice.owned import with_owned_specs
from estimator.workload import NamedDevice, OwnedDevice, Workload
from tests.support.worded import recommend

DEEPSEEK = dict(model_params_b=671, model_id="deepseek-v3", active_params_b=37, concurrent_users=3)


def test_a_named_configurations_memory_is_the_one_sized(catalog):
    # 512 GB less the OS's fixed 16 GB = 496 GB usable: FP8 671 GB does not fit, Q5_K_M (5.68 bits) 476 GB does.
    row = catalog.hardware_by_id("apple-m3-ultra")
    assert row.memory_gb != 512
    rec = recommend(Workload(**DEEPSEEK, named_devices=[NamedDevice(hardware_id="apple-m3-ultra", count=1,
                                                                      memory_gb=512)]), catalog)
    [answer] = rec.named
    assert "of 496.0 GB" in answer.text and "At Q5_K_M" in answer.text
    assert not answer.priced


def test_the_catalog_row_is_untouched_without_a_stated_memory(catalog):
    w = Workload(**DEEPSEEK, named_devices=[NamedDevice(hardware_id="apple-m3-ultra", count=1)])
    assert with_owned_specs(catalog, w) is catalog


def test_an_owned_devices_memory_keeps_its_price_path(catalog):
    w = Workload(**DEEPSEEK, owned_devices=[OwnedDevice(hardware_id="apple-m3-ultra", count=1, memory_gb=512)],
                 named_devices=[NamedDevice(hardware_id="apple-m3-ultra", count=1, memory_gb=512)])
    variant = with_owned_specs(catalog, w).hardware_by_id("apple-m3-ultra")
    assert variant.memory_gb == 512 and variant.price_usd == catalog.hardware_by_id("apple-m3-ultra").price_usd
