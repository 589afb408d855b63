-- 001: the catalog tables. One table per CSV file; list-valued columns are VARCHAR[].
-- `position` keeps the CSV order (the data files group devices by vendor and generation).

CREATE TABLE meta (
    key VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

CREATE TABLE hardware (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    vendor VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    memory_gb DOUBLE,
    memory_type VARCHAR,
    memory_bandwidth_gbs DOUBLE,
    fp16_tflops DOUBLE,
    bf16_tflops DOUBLE,
    fp8_tflops DOUBLE,
    int8_tops DOUBLE,
    int4_tops DOUBLE,
    tdp_w DOUBLE,
    launch_year INTEGER,
    price_usd DOUBLE,
    price_basis VARCHAR,
    price_date VARCHAR,
    price_is_estimate BOOLEAN NOT NULL,
    form_factor VARCHAR,
    interconnect VARCHAR,
    software_stacks VARCHAR[] NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);

CREATE TABLE models (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    family VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    params_b DOUBLE NOT NULL,
    layers INTEGER NOT NULL,
    hidden_size INTEGER NOT NULL,
    attention_heads INTEGER NOT NULL,
    kv_heads INTEGER NOT NULL,
    head_dim INTEGER NOT NULL,
    max_context INTEGER NOT NULL,
    license VARCHAR,
    aliases VARCHAR[] NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);

CREATE TABLE benchmarks (
    position INTEGER NOT NULL,
    row_id INTEGER PRIMARY KEY,
    hardware_id VARCHAR,
    hardware_label VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    device_count INTEGER NOT NULL,
    model VARCHAR NOT NULL,
    params_b DOUBLE NOT NULL,
    quant VARCHAR NOT NULL,
    backend VARCHAR NOT NULL,
    backend_label VARCHAR,
    concurrency INTEGER,
    prompt_tokens INTEGER,
    gen_tokens INTEGER,
    metric VARCHAR NOT NULL,
    value DOUBLE NOT NULL,
    source_url VARCHAR NOT NULL,
    source_note VARCHAR
);

CREATE TABLE serving_stacks (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    name VARCHAR NOT NULL,
    vendor VARCHAR,
    maturity VARCHAR NOT NULL,
    dynamic_shapes VARCHAR NOT NULL,
    continuous_batching VARCHAR NOT NULL,
    multi_model VARCHAR NOT NULL,
    quant_formats VARCHAR[] NOT NULL,
    hardware_kinds VARCHAR[] NOT NULL,
    backend_key VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);

CREATE TABLE quant_formats (
    position INTEGER NOT NULL,
    name VARCHAR PRIMARY KEY,
    bits_per_weight DOUBLE NOT NULL,
    family VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);

-- The fitted CalibrationParams as JSON (absent calibration.json -> the model's defaults).
CREATE TABLE calibration (
    params_json VARCHAR NOT NULL
);
