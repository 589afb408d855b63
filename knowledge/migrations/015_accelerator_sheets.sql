-- 015: what an inference accelerator's buyer needs beyond hardware.csv's spec columns, one row per device,
-- keyed by hardware id (a separate file, so the GPU/CPU rows of hardware.csv are never touched by it):
-- on-chip SRAM, a sourced price RANGE for quote-only parts (reported deals, distributor listings,
-- cloud prices back-computed; `price_range_basis` says which), how its stack handles new shapes
-- (seed 2 pitfall 3), multi-model support (pitfall 4) and release cadence (pitfall 5).
-- Nullable: empty = not sourced. Read by `estimator.accelerator_first`.

CREATE TABLE accelerator_sheets (
    position INTEGER NOT NULL,
    hardware_id VARCHAR PRIMARY KEY,
    on_chip_sram_mb DOUBLE,
    price_low_usd DOUBLE,
    price_high_usd DOUBLE,
    price_range_basis VARCHAR,
    price_range_date VARCHAR,
    dynamic_shapes VARCHAR NOT NULL,
    multi_model VARCHAR,
    release_cadence VARCHAR,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
