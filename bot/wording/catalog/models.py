"""Sentences about the model shape that was sized and about deployments beyond one server,
in English, Simplified and Traditional Chinese (same placeholders in all three)."""

from __future__ import annotations

MODEL_MESSAGES: dict[str, tuple[str, str, str]] = {
    "model.sized_as": (
        ("sized as {name} (catalog model {id}): {total:g}B parameters in memory, {active:g}B used per token{moe}; "
         "{attention}; {kv_kb:,.1f} KB of KV cache per token at 16 bits{format}"),
        ("按 {name}（目录模型 {id}）估算：内存中 {total:g}B 参数，每个 token 使用 {active:g}B{moe}；"
         "{attention}；16 位时每个 token 的 KV 缓存 {kv_kb:,.1f} KB{format}"),
        ("按 {name}（目錄模型 {id}）估算：記憶體中 {total:g}B 參數，每個 token 使用 {active:g}B{moe}；"
         "{attention}；16 位元時每個 token 的 KV 快取 {kv_kb:,.1f} KB{format}"),
    ),
    "model.sized_as_dense": (
        ("sized as {name} (catalog model {id}): {total:g}B parameters, all used per token; {attention}; "
         "{kv_kb:,.1f} KB of KV cache per token at 16 bits{format}"),
        ("按 {name}（目录模型 {id}）估算：{total:g}B 参数，每个 token 全部使用；{attention}；"
         "16 位时每个 token 的 KV 缓存 {kv_kb:,.1f} KB{format}"),
        ("按 {name}（目錄模型 {id}）估算：{total:g}B 參數，每個 token 全部使用；{attention}；"
         "16 位元時每個 token 的 KV 快取 {kv_kb:,.1f} KB{format}"),
    ),
    "model.moe_routing": (
        " (mixture of experts: {experts} experts, {k} per token{shared})",
        "（混合专家：{experts} 个专家，每个 token 用 {k} 个{shared}）",
        "（混合專家：{experts} 個專家，每個 token 用 {k} 個{shared}）",
    ),
    "model.moe_plain": (" (mixture of experts)", "（混合专家）", "（混合專家）"),
    "model.shared": (", plus {n} shared", "，另有 {n} 个共享专家", "，另有 {n} 個共享專家"),
    "model.attn.mla": (
        "multi-head latent attention (caches a {rank}+{rope}-value latent per layer, not full K and V; tensor "
        "parallelism cannot split the latent, so every GPU of a tensor-parallel copy holds the whole cache, and "
        "attention data parallel splits it by user)",
        "多头潜在注意力（MLA，每层只缓存 {rank}+{rope} 维的潜在向量，而非完整的 K 和 V；张量并行无法切分潜在向量，"
        "张量并行副本的每张 GPU 都保存完整缓存，注意力数据并行则按用户切分）",
        "多頭潛在注意力（MLA，每層只快取 {rank}+{rope} 維的潛在向量，而非完整的 K 和 V；張量平行無法切分潛在向量，"
        "張量平行副本的每張 GPU 都保存完整快取，注意力資料平行則按使用者切分）",
    ),
    "model.attn.sliding": (
        "{sliding} of {layers} layers use a {window:,}-token sliding window (their KV cache stops growing there)",
        "{layers} 层中有 {sliding} 层使用 {window:,} token 的滑动窗口（这些层的 KV 缓存到此不再增长）",
        "{layers} 層中有 {sliding} 層使用 {window:,} token 的滑動視窗（這些層的 KV 快取到此不再增長）",
    ),
    "model.attn.hybrid": (
        "hybrid attention: {kv_layers} of {layers} layers keep a KV cache, the others a fixed-size state",
        "混合注意力：{layers} 层中只有 {kv_layers} 层保留 KV 缓存，其余为固定大小的状态",
        "混合注意力：{layers} 層中只有 {kv_layers} 層保留 KV 快取，其餘為固定大小的狀態",
    ),
    "model.attn.hybrid_state": (
        ("hybrid attention: {kv_layers} of {layers} layers keep a KV cache; {state_layers} recurrent layers keep a "
         "fixed state of {state_mb:,.1f} MB per concurrent stream, whatever its length"),
        "混合注意力：{layers} 层中只有 {kv_layers} 层保留 KV 缓存；{state_layers} 个循环层每个并发流保留固定 {state_mb:,.1f} MB 的状态（与长度无关）",
        "混合注意力：{layers} 層中只有 {kv_layers} 層保留 KV 快取；{state_layers} 個循環層每個並行串流保留固定 {state_mb:,.1f} MB 的狀態（與長度無關）",
    ),
    "model.attn.gqa": (
        "grouped-query attention ({kv_heads} KV heads over {layers} layers)",
        "分组查询注意力（{layers} 层，{kv_heads} 个 KV 头）",
        "分組查詢注意力（{layers} 層，{kv_heads} 個 KV 頭）",
    ),
    "model.attn.mha": (
        "multi-head attention ({kv_heads} KV heads over {layers} layers)",
        "多头注意力（{layers} 层，{kv_heads} 个 KV 头）",
        "多頭注意力（{layers} 層，{kv_heads} 個 KV 頭）",
    ),
    "model.format": (
        "; weights in {quant} ({bits:g} bits each: {weights:,.1f} GB)",
        "；权重为 {quant}（每个 {bits:g} 位：{weights:,.1f} GB）",
        "；權重為 {quant}（每個 {bits:g} 位元：{weights:,.1f} GB）",
    ),
    "model.native_format": (
        "{name} ships its weights in {native}: sized in that format (say another one to change it)",
        "{name} 的权重原生格式为 {native}：按该格式估算（如需其他格式请说明）",
        "{name} 的權重原生格式為 {native}：按該格式估算（如需其他格式請說明）",
    ),
    "model.measured_scale": (
        ("{name}'s own {rows} measured serving runs are {scale:.1f}x slower per decode step than the general "
         "model, so its figures are scaled to them; at {users} concurrent user(s) those runs reached "
         "{low:.0f}-{high:.0f} tok/s per user, so a per-user target near the top of that needs very small "
         "batches (many servers): re-measure with your engine version, and consider a lower speed target"),
        ("{name} 自身的 {rows} 次实测部署运行每个解码步比通用模型慢 {scale:.1f} 倍，因此按实测结果缩放；"
         "这些运行在 {users} 个并发用户时每用户达到 {low:.0f}-{high:.0f} tok/s，接近其上限的每用户速度目标需要极小的批量"
         "（大量服务器）：请用您的引擎版本重新实测，并考虑降低速度目标"),
        ("{name} 自身的 {rows} 次實測部署運行每個解碼步比通用模型慢 {scale:.1f} 倍，因此按實測結果縮放；"
         "這些運行在 {users} 個並發使用者時每使用者達到 {low:.0f}-{high:.0f} tok/s，接近其上限的每使用者速度目標需要極小的批次"
         "（大量伺服器）：請用您的引擎版本重新實測，並考慮降低速度目標"),
    ),
    "model.measured_scale_twin": (
        ("{name} runs the same kernels as {twin} (same attention, layers, width and MLA latent) and has no serving "
         "runs of its own on record, so it is scaled like {twin}, whose {rows} measured serving runs are "
         "{scale:.1f}x slower per decode step than the general model; at {users} concurrent user(s) those runs "
         "reached {low:.0f}-{high:.0f} tok/s per user: re-measure with your engine version, and consider a lower "
         "speed target"),
        ("{name} 与 {twin} 使用相同的内核（注意力、层数、宽度和 MLA 潜变量相同），且没有自身的实测部署记录，因此按 {twin} "
         "缩放：{twin} 的 {rows} 次实测部署运行每个解码步比通用模型慢 {scale:.1f} 倍；这些运行在 {users} 个并发用户时"
         "每用户达到 {low:.0f}-{high:.0f} tok/s：请用您的引擎版本重新实测，并考虑降低速度目标"),
        ("{name} 與 {twin} 使用相同的核心（注意力、層數、寬度和 MLA 潛變量相同），且沒有自身的實測部署記錄，因此按 {twin} "
         "縮放：{twin} 的 {rows} 次實測部署運行每個解碼步比通用模型慢 {scale:.1f} 倍；這些運行在 {users} 個並發使用者時"
         "每使用者達到 {low:.0f}-{high:.0f} tok/s：請用您的引擎版本重新實測，並考慮降低速度目標"),
    ),
    "model.requantize": (
        ("{name} ships in {native}; serving it in {quant} means re-quantizing the checkpoint and validating "
         "its accuracy"),
        "{name} 原生为 {native}；以 {quant} 部署需要重新量化模型并验证精度",
        "{name} 原生為 {native}；以 {quant} 部署需要重新量化模型並驗證精度",
    ),
    "model.unnamed_moe": (
        ("a mixture of experts of {total:g}B with {active:g}B active per token, not a catalog model: weights "
         "sized from the total, speed from the active parameters; layers, attention and expert routing "
         "assumed like {lender}, the closest catalog mixture of experts ({k} of {experts} experts per token)"),
        ("一个 {total:g}B、每个 token 激活 {active:g}B 的混合专家模型（不在目录中）：权重按总参数估算，速度按激活参数"
         "估算；层数、注意力和专家路由假设与最接近的目录混合专家模型 {lender} 相同（每个 token 用 {experts} 个专家中的 {k} 个）"),
        ("一個 {total:g}B、每個 token 啟用 {active:g}B 的混合專家模型（不在目錄中）：權重按總參數估算，速度按啟用參數"
         "估算；層數、注意力和專家路由假設與最接近的目錄混合專家模型 {lender} 相同（每個 token 用 {experts} 個專家中的 {k} 個）"),
    ),
    "model.paged_kv": (
        ("KV cache sized as a paged serving engine allocates it: each of the {users:,} concurrent user(s) holds "
         "their typical {tokens:,} tokens; the {context:,}-token maximum context is checked as one request "
         "that must also fit, not reserved for every user"),
        ("KV 缓存按分页式推理引擎的分配方式估算：{users:,} 个并发用户各占其典型的 {tokens:,} 个 token；"
         "{context:,} token 的最大上下文作为一个也必须放得下的请求来检查，而不是为每个用户都预留"),
        ("KV 快取按分頁式推理引擎的配置方式估算：{users:,} 個並行使用者各占其典型的 {tokens:,} 個 token；"
         "{context:,} token 的最大上下文作為一個也必須放得下的請求來檢查，而不是為每個使用者都預留"),
    ),
    "deploy.layout": (
        "{servers:,} server(s) × {per_server} {hardware}: {replicas:,} model cop(ies) of {group} device(s) each{pipe}",
        "{servers:,} 台服务器 × {per_server} 个 {hardware}：{replicas:,} 份模型副本，每份 {group} 个设备{pipe}",
        "{servers:,} 台伺服器 × {per_server} 個 {hardware}：{replicas:,} 份模型副本，每份 {group} 個裝置{pipe}",
    ),
    "deploy.pipeline": (
        ", each copy pipelined across {stages} servers (one copy does not fit in one server)",
        "，每份副本跨 {stages} 台服务器流水线并行（一份副本放不进一台服务器）",
        "，每份副本跨 {stages} 台伺服器流水線平行（一份副本放不進一台伺服器）",
    ),
    "deploy.attention_dp": (
        ", attention data-parallel inside each copy (each device keeps its own users' KV cache, the experts split "
        "over the copy's devices)",
        "，每份副本内注意力数据并行（每个设备保存自己那部分用户的 KV 缓存，专家分布在副本的各设备上）",
        "，每份副本內注意力資料平行（每個裝置保存自己那部分使用者的 KV 快取，專家分布在副本的各裝置上）",
    ),
    "deploy.expert_parallel": (
        (", each copy spanning {stages} servers expert-parallel (the experts spread over every device, attention "
         "data-parallel per server)"),
        "，每份副本以专家并行跨 {stages} 台服务器（专家分布到每个设备，每台服务器注意力数据并行）",
        "，每份副本以專家平行跨 {stages} 台伺服器（專家分布到每個裝置，每台伺服器注意力資料平行）",
    ),
    "rec.nothing_within_limits": (
        ("Nothing meets the targets within your limits. Of the configurations that meet the targets, the least "
         "past your limits is {describe}, which is past: {limits}."),
        "在您的限制内没有方案能满足目标。满足目标的配置中超出限制最少的是{describe}，但超出了：{limits}。",
        "在您的限制內沒有方案能滿足目標。滿足目標的配置中超出限制最少的是{describe}，但超出了：{limits}。",
    ),
    "rec.best_within_budget": (
        ("Nothing meets the targets within your ${budget:,.0f} budget. The best within it is {describe}: it carries "
         "~{users:,} of your {peak:,} concurrent users at {target:,.0f} tok/s each."),
        "在 ${budget:,.0f} 的预算内没有方案能满足目标。预算内最好的是{describe}：按每人 {target:,.0f} tok/s，"
        "它能承载你 {peak:,} 个并发用户中的约 {users:,} 个。",
        "在 ${budget:,.0f} 的預算內沒有方案能滿足目標。預算內最好的是{describe}：按每人 {target:,.0f} tok/s，"
        "它能承載你 {peak:,} 個並發使用者中的約 {users:,} 個。",
    ),
    "rec.best_within_budget.slower": (
        ("Nothing meets the targets within your ${budget:,.0f} budget. The best within it is {describe}: it serves "
         "all {peak:,} of your concurrent users, at ~{speed:,.1f} tok/s each: below {target:,.0f} tok/s, the text "
         "appears word by word (seed 1: frustrating)."),
        "在 ${budget:,.0f} 的预算内没有方案能满足目标。预算内最好的是{describe}：它能承载你全部 {peak:,} 个并发用户，"
        "每人约 {speed:,.1f} tok/s：低于 {target:,.0f} tok/s，文字逐字出现（种子 1：令人沮丧）。",
        "在 ${budget:,.0f} 的預算內沒有方案能滿足目標。預算內最好的是{describe}：它能承載你全部 {peak:,} 個並發使用者，"
        "每人約 {speed:,.1f} tok/s：低於 {target:,.0f} tok/s，文字逐字出現（種子 1：令人沮喪）。",
    ),
    "rec.none_within_budget": (
        ("Nothing within your ${budget:,.0f} budget serves even one user at {target:,.0f} tok/s. Of the "
         "configurations that meet the targets, the least past your limits is {describe}, which is past: {limits}."),
        "在 ${budget:,.0f} 的预算内没有方案能以每人 {target:,.0f} tok/s 服务哪怕一位用户。满足目标的配置中超出限制最少的是"
        "{describe}，但超出了：{limits}。",
        "在 ${budget:,.0f} 的預算內沒有方案能以每人 {target:,.0f} tok/s 服務哪怕一位使用者。滿足目標的配置中超出限制最少的是"
        "{describe}，但超出了：{limits}。",
    ),
    "rec.best_within_budget.meeting": (
        " Meeting the targets for all of them takes {count:,} × {hardware}, which is past: {limits}.",
        "要让所有人都达到目标，需要 {count:,} × {hardware}，但超出了：{limits}。",
        "要讓所有人都達到目標，需要 {count:,} × {hardware}，但超出了：{limits}。",
    ),
    "rec.limit.budget": (
        "capex ${capex:,.0f} against your ${budget:,.0f} budget ({ratio:.1f}× it)",
        "采购成本 ${capex:,.0f}，你的预算 ${budget:,.0f}（{ratio:.1f}×）",
        "採購成本 ${capex:,.0f}，你的預算 ${budget:,.0f}（{ratio:.1f}×）",
    ),
    "rec.limit.power": (
        "~{power:,.0f} W peak against your {budget:,} W limit ({ratio:.1f}× it)",
        "峰值约 {power:,.0f} W，你的功耗上限 {budget:,} W（{ratio:.1f}×）",
        "峰值約 {power:,.0f} W，你的功耗上限 {budget:,} W（{ratio:.1f}×）",
    ),
    "rec.limit.power_unknown": (
        "no power draw on record for {hardware} to check against your {budget:,} W limit",
        "资料库里没有 {hardware} 的功耗，无法对照你的 {budget:,} W 上限",
        "資料庫裡沒有 {hardware} 的功耗，無法對照你的 {budget:,} W 上限",
    ),
    "rec.nothing_meets": (
        "Nothing meets the targets; the closest is {describe}.", "没有方案满足目标；最接近的是{describe}。",
        "沒有方案滿足目標；最接近的是{describe}。",
    ),
    "rec.nothing_at_all": (
        "Nothing meets the targets, even past your limits; the closest is {describe}.",
        "即使不考虑您的限制，也没有方案满足目标；最接近的是{describe}。",
        "即使不考慮您的限制，也沒有方案滿足目標；最接近的是{describe}。",
    ),
}

__all__ = ["MODEL_MESSAGES"]
