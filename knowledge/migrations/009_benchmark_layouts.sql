-- 009 (issue 12, session 7): the parallel layout a measured row's source states it ran, kept beside
-- benchmarks.csv (one line per row whose source states it, so appending benchmark rows never touches it).
-- `tensor_parallel`: devices one model copy is sharded over (the source's "TP8", "TP=8", "-tp 8"); the
-- row's other devices, if any, are replicas. `source_note` quotes where the source states it. Read by
-- `estimator.row_predict.stated_groups`: a row is predicted in that layout, not the planner's choice.
-- Filled for the rows of catalog mixture-of-experts models (the rows `evals.moe_accuracy` judges); the
-- dense rows' stated layouts move the shared vLLM factors and are left for a follow-up (docs/estimator.md,
-- "Stated layouts").

CREATE TABLE benchmark_layouts (
    position INTEGER NOT NULL,
    row_id INTEGER PRIMARY KEY,
    tensor_parallel INTEGER NOT NULL,
    source_url VARCHAR NOT NULL,
    source_note VARCHAR
);
