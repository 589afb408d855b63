"""A mixture of experts too big for one server: its copy spans servers expert-parallel, not as pipeline stages.

Worked out before running the estimator (DeepSeek-R1, FP8, two 8 x H100 SXM servers, 3.35 TB/s each, ~0.8 of it
reached; HF deepseek-ai/DeepSeek-R1 config: 61 layers, 58 MoE layers of 256 routed experts, top-8, MLA):
- weights 671 GB: ~16.5 GB dense (attention, shared experts, 3 dense layers, embeddings) + ~654.5 GB routed experts,
  more than one server's 640 GB, so one copy takes both servers.
- The engines' documented multi-node layout for such a model is attention data-parallel, experts expert-parallel
  over every device ("Use Data Parallel (DP) for attention layers ... Expert or Tensor Parallel (EP/TP) for expert
  layers", vLLM-Ascend's Multi-Node-DP (DeepSeek) tutorial; vLLM's `--enable-expert-parallel` with DeepEP
  "multi-node decode"). All 16 GPUs then read their share of the experts in the same step.
- 48 streams touch 1 - (1 - 8/256)^48 = 0.78 of the experts: 512 GB a step over 16 x 3.35 x 0.8 = 42.9 TB/s is
  11.9 ms; each server reads its dense copy (16.5 GB / 21.4 TB/s = 0.8 ms); the per-layer token exchange over a
  400 Gb/s NIC and the kernels' fixed cost add a few ms, the FP8 MoE kernels' measured ~1.25x on top: ~20-25 ms a
  step, 40-50 tok/s a stream. Pipelined instead, the two servers read their halves in turn at one server's
  21.4 TB/s: 512 / 21.4 = 24 ms before any other term, under 30 tok/s with them.
- So 50 users at 30 tok/s take one two-server copy of 16 H100 (what an infra lead buys: two HGX H100 nodes), not 32.
- A dense model of the same size (Llama 3.1 405B in BF16, 810 GB) keeps the pipeline across servers: vLLM's own
  multi-node advice is tensor parallel inside a node, pipeline parallel across nodes.
"""

from __future__ import annotations

from estimator.advice.assume import fill_defaults
from estimator.advice.pilot_command import pilot_commands
from estimator.advice.recommend import recommend
from estimator.schemas import EstimateRequest
from estimator.workload import NamedDevice, Workload
from knowledge.testing import memory_catalog
from tests.support.worded import estimate

DEEPSEEK_R1_FP8 = dict(params_b=671, model="deepseek-v3", quant="FP8")


def test_a_two_server_copy_of_a_big_moe_reads_its_experts_on_every_gpu(catalog):
    est = estimate(EstimateRequest(hardware="nvidia-h100-sxm", count=16, concurrency=48, paced_tokens_per_s=30,
                                   **DEEPSEEK_R1_FP8), catalog)
    assert est.pipeline_stages == 2 and est.expert_parallel
    # 40-50 tok/s worked out above; a pipeline's in-turn reads could not pass 30.
    assert est.decode_tokens_per_s_per_stream >= 30, est.decode_tokens_per_s_per_stream


def test_a_dense_model_across_servers_stays_pipelined(catalog):
    est = estimate(EstimateRequest(hardware="nvidia-h100-sxm", count=16, concurrency=8, params_b=405,
                                   model="llama-3.1-405b", quant="BF16"), catalog)
    assert est.pipeline_stages == 2 and not est.expert_parallel


def test_fifty_users_of_deepseek_r1_on_h100_take_two_hgx_servers_not_four(catalog):
    workload = Workload(model_params_b=671, model_id="deepseek-v3", quantization="FP8", concurrent_users=50,
                        output_tokens=4000, named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm")])
    rec = recommend(workload, catalog)
    (answer,) = rec.named
    assert answer.option is not None and answer.meets
    assert answer.option.count == 16, answer.option.count


def test_the_pilot_of_an_expert_parallel_copy_starts_it_data_parallel_with_experts_spread(catalog):
    workload = Workload(model_params_b=671, model_id="deepseek-v3", quantization="FP8", concurrent_users=50,
                        named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm")])
    rec = recommend(workload, catalog)
    (answer,) = rec.named
    option = answer.option
    assert option is not None and option.deployment is not None and option.deployment.expert_parallel
    stack = next(s for s in catalog.stacks if s.name == option.serving_stack)
    filled, _ = fill_defaults(workload, memory_catalog())
    (command, *_) = pilot_commands(filled, option, stack, catalog)
    assert "--enable-expert-parallel" in command.argv and "--pipeline-parallel-size" not in command.argv
    assert command.argv[command.argv.index("--data-parallel-size") + 1] == "2"
