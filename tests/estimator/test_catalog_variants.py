"""A catalog variant is built once per source catalog and key, and never served for another catalog."""

from __future__ import annotations

from estimator.catalog_variants import CatalogVariants


def test_a_variant_is_built_once_per_catalog_and_key(catalog):
    built: list[object] = []
    variants = CatalogVariants(size=2)

    def build(key: object):
        def make():
            built.append(key)
            return catalog.model_copy()
        return make

    first = variants.get(catalog, "a", build("a"))
    assert variants.get(catalog, "a", build("a")) is first
    assert variants.get(catalog, "b", build("b")) is not first
    assert built == ["a", "b"]


def test_another_catalog_never_gets_a_variant_built_for_the_first(catalog):
    variants = CatalogVariants()
    other = catalog.model_copy()
    mine = variants.get(catalog, None, catalog.model_copy)
    assert variants.get(other, None, other.model_copy) is not mine


def test_the_oldest_variant_makes_room(catalog):
    variants = CatalogVariants(size=1)
    first = variants.get(catalog, 1, catalog.model_copy)
    variants.get(catalog, 2, catalog.model_copy)
    assert variants.get(catalog, 1, catalog.model_copy) is not first
