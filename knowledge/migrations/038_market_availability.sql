-- 038 (who can buy what where): which devices a buyer in a market can or cannot buy, by device or by maker, with the
-- rule's date and source (`estimator.advice.markets`): US export rules for mainland China, and Chinese makers' parts in
-- Taiwan. A device with no row there falls back to the export rule's own test (`export_rules.barred_from_china`).
CREATE TABLE market_availability (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    market VARCHAR NOT NULL,
    vendor VARCHAR,
    hardware_id VARCHAR,
    status VARCHAR NOT NULL,
    as_of VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
