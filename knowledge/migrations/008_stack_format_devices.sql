-- 008 (issue 12, session 4): the devices on which a stack's documentation runs a weight format, for the
-- formats whose support depends on the GPU generation (MXFP4: TensorRT-LLM on Hopper and datacenter
-- Blackwell, vLLM on Hopper, B200, A100 and MI300-class). Entries "FORMAT@hardware_id", ';'-separated;
-- empty = no per-device restriction on record. Read by the quantization_calibration risk.
ALTER TABLE serving_stacks ADD COLUMN format_devices VARCHAR[];
