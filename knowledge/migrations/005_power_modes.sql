-- 005 (issue 14): configurable power modes of a device (Jetson nvpmodel profiles), one row per mode.

CREATE TABLE power_modes (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    hardware_id VARCHAR NOT NULL,
    mode VARCHAR NOT NULL,
    watts DOUBLE NOT NULL,
    memory_bandwidth_gbs DOUBLE,
    gpu_clock_mhz DOUBLE,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
