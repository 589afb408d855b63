-- 034 (a named variant's own weights): one catalog row can stand for several released checkpoints of the same shape
-- (DeepSeek-V3 / V3-0324 / V3.1 / R1 / R1-0528: one architecture, different weights). Each entry is
-- "org/repo=name|name": the Hugging Face repo of the checkpoint and the names a lead calls it by, so the pilot
-- command serves the weights the lead named (`estimator/advice/pilot_command.py`). Empty: the row's source repo.
ALTER TABLE models ADD COLUMN checkpoints VARCHAR[];
