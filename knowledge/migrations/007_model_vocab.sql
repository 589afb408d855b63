-- 007 (issue 15, single-stream decode): a model's vocabulary size, which sizes its output head
-- (vocab × hidden weights). Weight-only 4-bit checkpoints served by vLLM keep that head in 16 bits
-- (see `estimator/memory.py`, `unquantized_head_gb`). Nullable: empty = not on record.
ALTER TABLE models ADD COLUMN vocab_size INTEGER;
