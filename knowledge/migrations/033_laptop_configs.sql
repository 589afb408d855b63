-- 033 (issue 26, a laptop asked for): laptops sold with a catalog chip, one row per machine and memory size,
-- each with its own sourced price (`estimator/advice/laptops.py`). A chip row's price is one machine's (a Mac
-- mini, a Framework Desktop); a laptop with the same chip costs more and comes in several memory sizes.

CREATE TABLE laptop_configs (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    hardware_id VARCHAR NOT NULL,
    laptop VARCHAR NOT NULL,
    memory_gb DOUBLE NOT NULL,
    memory_bandwidth_gbs DOUBLE,
    tdp_w DOUBLE,
    price_usd DOUBLE,
    price_basis VARCHAR,
    price_date VARCHAR,
    price_is_estimate BOOLEAN NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
