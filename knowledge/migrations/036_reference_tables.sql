-- 036: the exchange rates and the request shapes of classes of work, until then read from their CSV files by the
-- estimator itself; now through the store like every other table (`estimator.catalog.FxRate`, `RequestShape`).

CREATE TABLE fx_rates (
    position INTEGER NOT NULL,
    currency VARCHAR PRIMARY KEY,
    units_per_usd DOUBLE NOT NULL,
    date VARCHAR NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);

CREATE TABLE request_shapes (
    position INTEGER NOT NULL,
    request_class VARCHAR PRIMARY KEY,
    prompt_tokens INTEGER,
    output_tokens INTEGER,
    new_tokens_per_turn INTEGER,
    stated_context VARCHAR,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
