-- 011 (issue 12, session 6): what a measured row's source says about when it was measured and whether its
-- stated workload is what ran, kept beside benchmarks.csv (one line per annotated row, so appending
-- benchmark rows never touches it). `measured_on`: the date the source published the run (ISO date; empty
-- when the source does not date it). `exclude_reason`: set when the source itself establishes that the
-- row's stated workload is not what ran; the fit and the accuracy reports both leave such a row out and
-- say so. Read by `estimator.row_provenance`.

CREATE TABLE benchmark_provenance (
    position INTEGER NOT NULL,
    row_id INTEGER PRIMARY KEY,
    measured_on DATE,
    exclude_reason VARCHAR,
    source_url VARCHAR NOT NULL,
    source_note VARCHAR
);
