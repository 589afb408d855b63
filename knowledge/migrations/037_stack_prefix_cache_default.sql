-- 037 (session 26): whether a stack's engine keeps a prefix cache across requests by default (vLLM V1's
-- enable_prefix_caching=True, TensorRT-LLM's enable_block_reuse=True, llama-server's cache_prompt=true): yes, no or
-- unverified. A session's own history (its earlier turns) is credited as cached only where it is "yes".
ALTER TABLE serving_stacks ADD COLUMN prefix_cache_default VARCHAR;
