"""Reply sentences of seed 2's accelerator-first verdict (en, zh-Hans, zh-Hant), merged into `TEMPLATES`.

Numbers arrive already formatted (`bot/wording/accelerators.py`), so every template takes plain fields and the
three languages of a key take the same ones (tests/bot/test_templates.py).
"""

from __future__ import annotations

ACCELERATOR_TEMPLATES: dict[str, tuple[str, str, str]] = {
    "accel.head": (
        "Seed 2's case for an inference accelerator holds (stable model, small batches, {users} concurrent "
        "users, a {limit}): the accelerators were evaluated first.",
        "符合种子文档 2 的推理加速卡场景（模型固定、批量小、{users} 人并发、{limit}）：先评估了推理加速卡。",
        "符合種子文件 2 的推理加速卡場景（模型固定、批次小、{users} 人併發、{limit}）：先評估了推理加速卡。",
    ),
    "accel.limit.power": ("{watts} W power limit", "功耗上限 {watts} W", "功耗上限 {watts} W"),
    "accel.limit.space": ("space limit", "空间受限", "空間受限"),
    "accel.outcome.primary": (
        "{count} × {name} meets the targets within your limits at ~{power} W and leads{price}.",
        "{count} × {name} 在你的限制内满足目标（约 {power} W），作为首选{price}。",
        "{count} × {name} 在你的限制內滿足目標（約 {power} W），作為首選{price}。",
    ),
    "accel.outcome.fits_quote_only": (
        "{count} × {name} meets the targets within your limits at ~{power} W, but it has no public price "
        "(quote needed), so it cannot be ranked on cost; ask the vendor for a quote.",
        "{count} × {name} 在你的限制内满足目标（约 {power} W），但没有公开价格（需要询价），"
        "无法按成本排序；请向厂商询价。",
        "{count} × {name} 在你的限制內滿足目標（約 {power} W），但沒有公開價格（需要詢價），"
        "無法按成本排序；請向廠商詢價。",
    ),
    # A quote-only part ranked on what its price can be ($0 and up) against the GPU answer's 3-year TCO.
    "accel.outcome.quote_cannot_win": (
        "{count} × {name} meets the targets within your limits at ~{power} W but has no public price (quote needed); "
        "even at $0 a card its 3-year TCO would be ${floor} (host servers, energy, operations and the one-time "
        "migration), above the GPU answer's ${gpu_tco}: no quote makes it cheaper over 3 years (seed 2, 3.3), so the "
        "GPU leads.",
        "{count} × {name} 在你的限制内满足目标（约 {power} W），但没有公开价格（需要询价）；即使每张卡 $0，"
        "它的三年 TCO 也有 ${floor}（主机、电费、运维和一次性迁移），高于 GPU 方案的 ${gpu_tco}：任何报价都不能让它"
        "三年内更省（种子文档 2，3.3），所以 GPU 方案为首选。",
        "{count} × {name} 在你的限制內滿足目標（約 {power} W），但沒有公開價格（需要詢價）；即使每張卡 $0，"
        "它的三年 TCO 也有 ${floor}（主機、電費、維運和一次性遷移），高於 GPU 方案的 ${gpu_tco}：任何報價都無法讓它"
        "三年內更省（種子文件 2，3.3），所以 GPU 方案為首選。",
    ),
    "accel.outcome.quote_ceiling": (
        "{count} × {name} meets the targets within your limits at ~{power} W but has no public price (quote needed): "
        "quoted under ${ceiling} a card, its 3-year TCO (migration included) would be below the GPU answer's "
        "${gpu_tco} and it would lead; ask the vendor for a quote.",
        "{count} × {name} 在你的限制内满足目标（约 {power} W），但没有公开价格（需要询价）：报价低于每张 ${ceiling} 时，"
        "它的三年 TCO（含迁移成本）低于 GPU 方案的 ${gpu_tco}，会成为首选；请向厂商询价。",
        "{count} × {name} 在你的限制內滿足目標（約 {power} W），但沒有公開價格（需要詢價）：報價低於每張 ${ceiling} 時，"
        "它的三年 TCO（含遷移成本）低於 GPU 方案的 ${gpu_tco}，會成為首選；請向廠商詢價。",
    ),
    "accel.outcome.costlier": (
        "{count} × {name} meets the targets within your limits at ~{power} W{price}, but its 3-year TCO "
        "${tco} (migration included{tco_span}) is above the GPU answer's ${gpu_tco}: the port would not pay for "
        "itself within 3 years (seed 2, 3.3), so the GPU leads.",
        "{count} × {name} 在你的限制内满足目标（约 {power} W）{price}，但三年 TCO 为 ${tco}（含迁移成本{tco_span}），"
        "高于 GPU 方案的 ${gpu_tco}：三年内迁移投入省不回来（种子文档 2，3.3），所以 GPU 方案为首选。",
        "{count} × {name} 在你的限制內滿足目標（約 {power} W）{price}，但三年 TCO 為 ${tco}（含遷移成本{tco_span}），"
        "高於 GPU 方案的 ${gpu_tco}：三年內遷移投入省不回來（種子文件 2，3.3），所以 GPU 方案為首選。",
    ),
    "accel.tco.compare": (
        " 3-year TCO ${tco} (migration included{tco_span}) vs ${gpu_tco} for the GPU answer.",
        "三年 TCO ${tco}（含迁移成本{tco_span}），GPU 方案为 ${gpu_tco}。",
        "三年 TCO ${tco}（含遷移成本{tco_span}），GPU 方案為 ${gpu_tco}。",
    ),
    "accel.tco.alone": (
        " 3-year TCO ${tco} (migration included{tco_span}); no GPU meets the targets within your limits.",
        "三年 TCO ${tco}（含迁移成本{tco_span}）；没有 GPU 能在你的限制内满足目标。",
        "三年 TCO ${tco}（含遷移成本{tco_span}）；沒有 GPU 能在你的限制內滿足目標。",
    ),
    "accel.tco.break_even": (
        " The ranking turns inside the quote range, at ${price} a card: quoted above it, the GPU answer costs less "
        "over 3 years; below it, the accelerator.",
        "排名在询价区间内以每张卡 ${price} 为界：报价高于此，GPU 方案三年总成本更低；低于此，推理加速卡更低。",
        "排名在詢價區間內以每張卡 ${price} 為界：報價高於此，GPU 方案三年總成本更低；低於此，推理加速卡更低。",
    ),
    "accel.tco.span": ("; ${low}–{high} across the quote range", "；按询价区间为 ${low}–{high}",
                       "；按詢價區間為 ${low}–{high}"),
    "accel.outcome.closest": (
        "No accelerator meets the targets within your limits. Closest: {count} × {name}, ~{power} W "
        "({ratio}× the {watts} W limit){price}: at {users} users each card carries only ~{per_card} streams at "
        "the target speed{basis}.",
        "没有推理加速卡能在你的限制内满足目标。最接近的是 {count} × {name}，约 {power} W"
        "（是 {watts} W 上限的 {ratio}×）{price}：在 {users} 人并发下，每张卡只能以目标速度服务约 {per_card} 路并发流"
        "{basis}。",
        "沒有推理加速卡能在你的限制內滿足目標。最接近的是 {count} × {name}，約 {power} W"
        "（是 {watts} W 上限的 {ratio}×）{price}：在 {users} 人併發下，每張卡只能以目標速度服務約 {per_card} 路併發流"
        "{basis}。",
    ),
    "accel.basis.uncalibrated": (
        " (judged at the low end of its estimate, as no measured serving run calibrates its stack)",
        "（按估算范围的低端判断，因为没有实测服务数据校准它的软件栈）",
        "（按估算範圍的低端判斷，因為沒有實測服務資料校準它的軟體堆疊）",
    ),
    "accel.basis.calibrated": (
        " (its stack's factors are fitted on measured serving runs)",
        "（它的软件栈的系数由实测服务数据拟合）",
        "（它的軟體堆疊的係數由實測服務資料擬合）",
    ),
    "accel.outcome.none_meets": (
        "No eligible accelerator meets the per-user targets at any count.",
        "没有符合条件的推理加速卡能在任何数量下满足每用户目标。",
        "沒有符合條件的推理加速卡能在任何數量下滿足每使用者目標。",
    ),
    "accel.price.quote": ("; quote needed, no public price", "；需要询价，没有公开价格", "；需要詢價，沒有公開價格"),
    "accel.price.range": ("; quote needed: ${low}–{high} per card{evidence}", "；需要询价：每张 ${low}–{high}{evidence}",
                    "；需要詢價：每張 ${low}–{high}{evidence}"),
    # What the range rests on (`catalog.PriceEvidence`), after the range.
    "accel.evidence.reported_deal": (" (from reported deals)", "（依据公开报道的成交）", "（依據公開報導的成交）"),
    "accel.evidence.distributor_listing": (" (from distributor listings)", "（依据经销商报价）", "（依據經銷商報價）"),
    "accel.evidence.cloud_back_computed": (" (back-computed from a cloud rental price)", "（由云租用价格反推）",
                                           "（由雲端租用價格反推）"),
    "accel.evidence.estimate": (" (an estimate)", "（估算）", "（估算）"),
    "accel.price.listed": ("; ${capex} capex", "；采购 ${capex}", "；採購 ${capex}"),
    "accel.gpu": (
        "The GPU answer beside it: {gpu}.",
        "作为对照的 GPU 方案：{gpu}。",
        "作為對照的 GPU 方案：{gpu}。",
    ),
    "accel.risks": (
        "Before buying it (seed 2's pitfalls): software maturity: {stack} is rated {maturity}; dynamic shapes: "
        "{shapes}; a model change means a re-port; one-time migration ≈ ${usd} in the TCO (seed 2: "
        "¥{cny_low}–{cny_high} of engineering, ≈ ${usd_low}–{usd_high}).",
        "采购前（种子文档 2 的坑）：软件成熟度：{stack} 评为{maturity}；动态形状：{shapes}；模型一改就要重新移植；"
        "一次性迁移成本约 ${usd}（已计入 TCO；种子文档 2：几万到几十万元人民币，¥{cny_low}–{cny_high}，"
        "约 ${usd_low}–{usd_high}）。",
        "採購前（種子文件 2 的坑）：軟體成熟度：{stack} 評為{maturity}；動態形狀：{shapes}；模型一改就要重新移植；"
        "一次性遷移成本約 ${usd}（已計入 TCO；種子文件 2：幾萬到幾十萬元人民幣，¥{cny_low}–{cny_high}，"
        "約 ${usd_low}–{usd_high}）。",
    ),
    "accel.shapes.buckets": (
        "bucketed compile, so an unseen length pads or recompiles (P999 spikes)",
        "分桶编译，没见过的长度会填充或重新编译（P999 尖峰）",
        "分桶編譯，沒見過的長度會填充或重新編譯（P999 尖峰）",
    ),
    "accel.shapes.static": (
        "static compile: every shape is fixed ahead of time",
        "静态编译：所有形状都要预先固定",
        "靜態編譯：所有形狀都要預先固定",
    ),
    "accel.shapes.other": ("{mode} (not verified)", "{mode}（未验证）", "{mode}（未驗證）"),
    "accel.maturity.high": ("high", "高", "高"),
    "accel.maturity.medium": ("medium", "中", "中"),
    "accel.maturity.low": ("low", "低", "低"),
}


__all__ = ["ACCELERATOR_TEMPLATES"]
