-- 004 (issue 16): public GPU rental prices and hosted-API token prices, for the buy / rent / API
-- comparison. Like every table, one row per CSV row, `position` keeps the file order.

CREATE TABLE cloud_gpu_prices (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    provider VARCHAR NOT NULL,
    offering VARCHAR NOT NULL,
    hardware_id VARCHAR NOT NULL,
    term VARCHAR NOT NULL,
    usd_per_gpu_hour DOUBLE NOT NULL,
    billing VARCHAR NOT NULL,
    price_date VARCHAR,
    read_date VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);

CREATE TABLE api_prices (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    provider VARCHAR NOT NULL,
    model VARCHAR NOT NULL,
    params_b DOUBLE,
    params_min_b DOUBLE,
    params_max_b DOUBLE,
    usd_per_m_input DOUBLE NOT NULL,
    usd_per_m_output DOUBLE NOT NULL,
    price_date VARCHAR,
    read_date VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
