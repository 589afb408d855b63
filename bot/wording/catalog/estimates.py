"""What one estimate assumed and how its plan is laid out (`siliconsult estimate`, the library's and the
MCP server's `estimate`): device cells filled by rule, calibration, model shape, parallel layout, memory
fit (en, zh-Hans, zh-Hant)."""

from __future__ import annotations

ESTIMATE_MESSAGES: dict[str, tuple[str, str, str]] = {
    "estimate.memory_assumed": (
        "{device}: memory size not listed; assumed {gb:g} GB",
        "{device}：未列出显存容量；假设 {gb:g} GB",
        "{device}：未列出記憶體容量；假設 {gb:g} GB",
    ),
    "estimate.bandwidth_assumed": (
        "{device}: memory bandwidth not listed; assumed {gbs:g} GB/s",
        "{device}：未列出显存带宽；假设 {gbs:g} GB/s",
        "{device}：未列出記憶體頻寬；假設 {gbs:g} GB/s",
    ),
    "estimate.fp16_from_int8": (
        "{device}: no FP16 rate listed; used INT8 TOPS / {ratio:g}",
        "{device}：未列出 FP16 算力；按 INT8 TOPS / {ratio:g} 计",
        "{device}：未列出 FP16 算力；按 INT8 TOPS / {ratio:g} 計",
    ),
    "estimate.custom_link": (
        "custom device: multi-device links assumed PCIe 4.0",
        "自定义设备：多卡互联假设为 PCIe 4.0",
        "自訂裝置：多卡互連假設為 PCIe 4.0",
    ),
    "estimate.uncalibrated": (
        "uncalibrated: no measured rows for {backend} on {kind}; factors {source}",
        "未校准：没有 {backend} 在 {kind} 上的实测数据；系数来自 {source}",
        "未校準：沒有 {backend} 在 {kind} 上的實測資料；係數來自 {source}",
    ),
    "estimate.compute_from_bandwidth.fitted": (
        "no FP16 compute rate listed: compute derived from bandwidth (fitted FLOP/byte)",
        "未列出 FP16 算力：由带宽推算算力（拟合的 FLOP/字节）",
        "未列出 FP16 算力：由頻寬推算算力（擬合的 FLOP/位元組）",
    ),
    "estimate.compute_from_bandwidth.prior": (
        "no FP16 compute rate listed: compute derived from bandwidth (a per-kind prior FLOP/byte, not fitted)",
        "未列出 FP16 算力：由带宽推算算力（按设备类别的先验 FLOP/字节，未经拟合）",
        "未列出 FP16 算力：由頻寬推算算力（按裝置類別的先驗 FLOP/位元組，未經擬合）",
    ),
    "estimate.architecture_approximated": (
        "architecture approximated from the parameter count (no catalog model of that size)",
        "架构按参数量近似（目录中没有该规模的模型）",
        "架構按參數量近似（目錄中沒有該規模的模型）",
    ),
    "estimate.model_unknown.approximated": (
        "model '{model}' is not in the catalog: sized with an architecture approximated from its size, an assumption",
        "模型“{model}”不在目录中：按其参数量近似的架构估算，这是一个假设",
        "模型「{model}」不在目錄中：按其參數量近似的架構估算，這是一個假設",
    ),
    "estimate.model_unknown.closest": (
        "model '{model}' is not in the catalog: sized with {closest}'s shape (the closest architecture on record), "
        "an assumption",
        "模型“{model}”不在目录中：按 {closest} 的结构（记录中最接近的架构）估算，这是一个假设",
        "模型「{model}」不在目錄中：按 {closest} 的結構（紀錄中最接近的架構）估算，這是一個假設",
    ),
    "estimate.step_scale.own": (
        "{model}: decode steps {scale:.2f}x the bandwidth/compute model's, the median of its {rows} measured serving "
        "runs (the general factors alone were that much off for it; engines change fast for new model families: "
        "re-measure with yours in the pilot)",
        "{model}：解码步长为带宽/算力模型的 {scale:.2f} 倍，取其 {rows} 次实测服务运行的中位数（通用系数对它偏差如此之大；"
        "新模型家族的推理引擎变化很快：请在试点中用您的环境重新测量）",
        "{model}：解碼步長為頻寬/算力模型的 {scale:.2f} 倍，取其 {rows} 次實測服務執行的中位數（通用係數對它偏差如此之大；"
        "新模型家族的推論引擎變化很快：請在試點中用您的環境重新量測）",
    ),
    "estimate.step_scale.twin": (
        "{model}: decode steps {scale:.2f}x the bandwidth/compute model's, the median of {twin}'s (same kernel shape) "
        "{rows} measured serving runs (the general factors alone were that much off for it; engines change fast "
        "for new model families: re-measure with yours in the pilot)",
        "{model}：解码步长为带宽/算力模型的 {scale:.2f} 倍，取 {twin}（相同内核结构）{rows} 次实测服务运行的中位数"
        "（通用系数对它偏差如此之大；新模型家族的推理引擎变化很快：请在试点中用您的环境重新测量）",
        "{model}：解碼步長為頻寬/算力模型的 {scale:.2f} 倍，取 {twin}（相同核心結構）{rows} 次實測服務執行的中位數"
        "（通用係數對它偏差如此之大；新模型家族的推論引擎變化很快：請在試點中用您的環境重新量測）",
    ),
    "estimate.layout": (
        "{replicas} replica(s) × {group} device(s), {mode}",
        "{replicas} 个副本 × 每副本 {group} 台设备，{mode}",
        "{replicas} 個副本 × 每副本 {group} 台裝置，{mode}",
    ),
    "estimate.layout.layer_split": ("layer split", "按层切分", "按層切分"),
    "estimate.layout.tensor_parallel": ("tensor parallel over {link}", "经 {link} 张量并行", "經 {link} 張量平行"),
    "estimate.layout.attention_dp": (
        "attention data-parallel over {link} (each device keeps its own users' KV cache; the experts split over "
        "the devices)",
        "经 {link} 注意力数据并行（每台设备保存自己那部分用户的 KV 缓存；专家分布在各设备上）",
        "經 {link} 注意力資料平行（每台裝置保存自己那部分使用者的 KV 快取；專家分布在各裝置上）",
    ),
    "estimate.kv_whole_per_device": (
        "{model} caches one compressed latent per token (MLA), which tensor parallelism cannot split: each of the "
        "{devices} devices holds the whole KV cache ({kv:.1f} GB), so more devices do not add KV room (attention "
        "data parallel, SGLang --enable-dp-attention or vLLM --data-parallel-size, splits it by user)",
        "{model} 每个 token 只缓存一个压缩潜向量（MLA），张量并行无法切分它：{devices} 台设备每台都保存完整的 KV 缓存"
        "（{kv:.1f} GB），增加设备并不增加 KV 容量（注意力数据并行，即 SGLang --enable-dp-attention 或 vLLM "
        "--data-parallel-size，按用户切分它）",
        "{model} 每個 token 只快取一個壓縮潛向量（MLA），張量平行無法切分它：{devices} 台裝置每台都保存完整的 KV 快取"
        "（{kv:.1f} GB），增加裝置並不增加 KV 容量（注意力資料平行，即 SGLang --enable-dp-attention 或 vLLM "
        "--data-parallel-size，按使用者切分它）",
    ),
    "estimate.kv_heads_replicated": (
        "{model} has {heads} KV heads, fewer than the {devices} tensor-parallel devices: the KV cache splits only "
        "{heads} ways and each device holds {kv:.1f} GB of it",
        "{model} 只有 {heads} 个 KV 头，少于 {devices} 台张量并行设备：KV 缓存只能切成 {heads} 份，每台设备保存 "
        "{kv:.1f} GB",
        "{model} 只有 {heads} 個 KV 頭，少於 {devices} 台張量平行裝置：KV 快取只能切成 {heads} 份，每台裝置保存 "
        "{kv:.1f} GB",
    ),
    "estimate.attention_dp_for_kv": (
        "tensor-parallel attention would need {tp_needs:.1f} GB per device ({usable:.1f} GB usable); attention data "
        "parallel over the {group} devices holds each user's KV cache on one of them: {needs:.1f} GB per device",
        "张量并行注意力每台设备需要 {tp_needs:.1f} GB（可用 {usable:.1f} GB）；在 {group} 台设备上做注意力数据并行，"
        "每个用户的 KV 缓存只放在其中一台：每台设备 {needs:.1f} GB",
        "張量平行注意力每台裝置需要 {tp_needs:.1f} GB（可用 {usable:.1f} GB）；在 {group} 台裝置上做注意力資料平行，"
        "每個使用者的 KV 快取只放在其中一台：每台裝置 {needs:.1f} GB",
    ),
    "estimate.layout.pipelined": (
        "{within} inside each server, pipelined across {stages} servers over the network",
        "每台服务器内{within}，经网络在 {stages} 台服务器间流水线并行",
        "每台伺服器內{within}，經網路在 {stages} 台伺服器間管線平行",
    ),
    "estimate.layout.expert_parallel": (
        ("{within} inside each server, the experts spread over all {stages} servers' devices over the network "
         "(expert parallel, attention data parallel)"),
        "每台服务器内{within}，专家经网络分布到 {stages} 台服务器的全部设备上（专家并行，注意力数据并行）",
        "每台伺服器內{within}，專家經網路分布到 {stages} 台伺服器的全部裝置上（專家平行，注意力資料平行）",
    ),
    "estimate.idle": (
        "{idle} device(s) left idle by this plan",
        "此方案有 {idle} 台设备闲置",
        "此方案有 {idle} 台裝置閒置",
    ),
    "estimate.does_not_fit": (
        "does not fit: needs {needs:.1f} GB per device (weights {weights:.1f} GB + KV cache {kv:.1f} GB over "
        "{group} device(s) + runtime), {usable:.1f} GB usable",
        "放不下：每台设备需要 {needs:.1f} GB（权重 {weights:.1f} GB + KV 缓存 {kv:.1f} GB，分布在 {group} 台设备上，"
        "另加运行时），可用 {usable:.1f} GB",
        "放不下：每台裝置需要 {needs:.1f} GB（權重 {weights:.1f} GB + KV 快取 {kv:.1f} GB，分布在 {group} 台裝置上，"
        "另加執行時），可用 {usable:.1f} GB",
    ),
    "estimate.host_sampling": (
        "llama-server samples its {slots} running slots one after another on the host: +{step_ms:.1f} ms per decode "
        "step ({per_slot_ms:.2f} ms per slot beyond the first; https://github.com/ggml-org/llama.cpp/issues/27050)",
        "llama-server 在主机上逐个为 {slots} 个运行中的槽位采样：每个解码步 +{step_ms:.1f} ms（第一个之外每槽 "
        "{per_slot_ms:.2f} ms；https://github.com/ggml-org/llama.cpp/issues/27050）",
        "llama-server 在主機上逐個為 {slots} 個執行中的槽位取樣：每個解碼步 +{step_ms:.1f} ms（第一個之外每槽 "
        "{per_slot_ms:.2f} ms；https://github.com/ggml-org/llama.cpp/issues/27050）",
    ),
    "estimate.kv_admits": (
        "the KV cache holds {admitted} of {streams} streams: an engine admits that many at once ({total:.0f} tok/s "
        "in total) and queues the rest",
        "KV 缓存可容纳 {streams} 路中的 {admitted} 路：推理引擎同时接纳这么多（合计 {total:.0f} tok/s），其余排队",
        "KV 快取可容納 {streams} 路中的 {admitted} 路：推論引擎同時接納這麼多（合計 {total:.0f} tok/s），其餘排隊",
    ),
}
