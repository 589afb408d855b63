"""Fine-tuning on the serving hardware sizes the devices for the training memory, not only the weights.

A LoRA on a 16-bit base (the usual way a box that serves also fine-tunes) holds the frozen base at 2 bytes a
parameter, the adapters' Adam state (16 bytes a trainable parameter on ~0.5 % of them) and checkpointed
activations (~a fifth of the base): for Llama 3.3 70B, 70.6 × 2 × 1.2 + 70.6 × 0.005 × 16 ≈ 175 GB, more than
the 70.6 GB its FP8 weights take to serve. So no purchase for it may hold less than ~175 GB in all.
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.physics.lora import lora_training_gb
from estimator.workload import Workload


def test_lora_training_memory_is_the_bf16_base_plus_optimizer_and_activations():
    assert lora_training_gb(70.6) == pytest.approx(70.6 * 2 * 1.2 + 70.6 * 0.005 * 16)


def test_serving_and_fine_tuning_a_70b_on_one_box_buys_memory_for_the_training(catalog):
    served = Workload(model_params_b=70.6, model_id="llama-3.3-70b", concurrent_users=10, quantization="FP8")
    serve_only = recommend(served, catalog).primary
    both = recommend(served.model_copy(update={"mixed_training": True}), catalog).primary
    assert serve_only is not None and both is not None
    memory = {hw.id: hw.memory_gb or 0 for hw in catalog.hardware}
    assert both.count * memory[both.hardware_id] >= 175 * 0.92
    assert serve_only.count * memory[serve_only.hardware_id] < 175  # serving alone needs less: the training decides
