"""One catalog row can hold several released checkpoints of the same shape (DeepSeek-V3, V3-0324, V3.1, R1, R1-0528 are
one architecture with different weights, models.csv `checkpoints`): a lead who names R1 gets R1's weights in the pilot
command, never V3's; a checkpoint that is not the row's own (a model changed in a follow-up) is ignored."""

from __future__ import annotations

import pytest

from bot.api import recommend

_R1 = {"model_id": "deepseek-v3", "model_params_b": 671, "quantization": "FP8", "concurrent_users": 32}


def _models(workload: dict) -> set[str]:
    return {c.model for c in recommend(workload).pilot_commands}


@pytest.mark.parametrize("checkpoint", ["deepseek-ai/DeepSeek-R1", "deepseek-ai/DeepSeek-R1-0528"])
def test_the_named_variant_is_the_model_served(checkpoint):
    models = _models({**_R1, "model_checkpoint": checkpoint})
    assert checkpoint in models  # FP8 is the checkpoint's own format: vLLM / SGLang load the repo as is
    assert "deepseek-ai/DeepSeek-V3" not in models


def test_no_variant_named_serves_the_rows_source_checkpoint():
    assert "deepseek-ai/DeepSeek-V3" in _models(_R1)


def test_a_checkpoint_of_another_model_is_not_served():
    models = _models({**_R1, "model_checkpoint": "Qwen/Qwen3-235B-A22B"})
    assert "Qwen/Qwen3-235B-A22B" not in models and "deepseek-ai/DeepSeek-V3" in models
