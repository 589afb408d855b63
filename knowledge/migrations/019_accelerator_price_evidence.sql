-- 019: what kind of evidence an accelerator's price range rests on (a quote-only part's range is only as good
-- as it): `reported_deal` (a deal's value per device), `distributor_listing`, `cloud_back_computed` (a rental
-- price turned into a purchase price), `estimate` (derived, e.g. from a twin part's list price). A range needs
-- one (knowledge/loader.py); `price_range_basis` keeps the sentence with the figures.
ALTER TABLE accelerator_sheets ADD COLUMN price_range_evidence VARCHAR;
