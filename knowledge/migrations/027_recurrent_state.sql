-- 027 (issue 26 C, hybrid and state-space models): the fixed state a hybrid's linear-attention or Mamba
-- layers keep per sequence instead of a KV cache (`estimator/physics/memory.py`, `Architecture.state_bytes_per_sequence`).
-- One shape fits Mamba-1, Mamba-2 and Gated DeltaNet / KDA: per layer, a state of heads × key dim × value dim
-- and a causal-conv window of (conv kernel − 1) × (heads × value dim + 2 × groups × key dim) values.
-- Mamba-2: heads, d_state, head dim, n_groups; Gated DeltaNet: value heads, key head dim, value head dim, key
-- heads; Mamba-1: d_inner, d_state, 1, 0. Nullable: empty = no recurrent layers / not on record.
ALTER TABLE models ADD COLUMN recurrent_layers INTEGER;
ALTER TABLE models ADD COLUMN recurrent_heads INTEGER;
ALTER TABLE models ADD COLUMN recurrent_key_dim INTEGER;
ALTER TABLE models ADD COLUMN recurrent_value_dim INTEGER;
ALTER TABLE models ADD COLUMN recurrent_groups INTEGER;
ALTER TABLE models ADD COLUMN recurrent_conv_kernel INTEGER;
ALTER TABLE models ADD COLUMN recurrent_state_bytes DOUBLE;
