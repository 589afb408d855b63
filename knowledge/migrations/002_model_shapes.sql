-- Model shapes beyond a dense transformer (issue 12): mixture of experts, MLA, sliding-window and
-- hybrid attention, native weight format. Every new column is nullable: empty = dense / not on record.
ALTER TABLE models ALTER COLUMN max_context DROP NOT NULL;
ALTER TABLE models ADD COLUMN total_params_b DOUBLE;
ALTER TABLE models ADD COLUMN active_params_b DOUBLE;
ALTER TABLE models ADD COLUMN n_experts INTEGER;
ALTER TABLE models ADD COLUMN experts_per_token INTEGER;
ALTER TABLE models ADD COLUMN shared_experts INTEGER;
ALTER TABLE models ADD COLUMN attention_type VARCHAR;
ALTER TABLE models ADD COLUMN sliding_window INTEGER;
ALTER TABLE models ADD COLUMN sliding_window_layers INTEGER;
ALTER TABLE models ADD COLUMN attention_layers INTEGER;
ALTER TABLE models ADD COLUMN kv_lora_rank INTEGER;
ALTER TABLE models ADD COLUMN qk_rope_head_dim INTEGER;
ALTER TABLE models ADD COLUMN native_format VARCHAR;
