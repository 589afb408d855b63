-- 035 (an owned host topped up with cards): servers a lead names as the box bought cards go into, with how many
-- double-width PCIe GPUs the vendor supports in it (`gpu_slots`), so "our R760" caps the cards it takes without the
-- lead counting slots (`estimator/costing/hosts.py`). One row per chassis, each with its source.
CREATE TABLE host_chassis (
    position INTEGER NOT NULL,
    id VARCHAR PRIMARY KEY,
    vendor VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    aliases VARCHAR[] NOT NULL,
    gpu_slots INTEGER NOT NULL,
    source_url VARCHAR NOT NULL,
    notes VARCHAR
);
