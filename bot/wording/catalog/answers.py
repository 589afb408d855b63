"""Sentence templates of the direct answers: owned hardware, the device named, batch jobs.

Each entry is (en, zh-Hans, zh-Hant) with the same placeholders and format specs in all three.
Looked up through `bot.wording.sentences.msg`.
"""

from __future__ import annotations

ANSWER_MESSAGES: dict[str, tuple[str, str, str]] = {
    "answer.short.memory": (
        "the weights and the KV cache of {users:,} user(s) need {required:,.1f} GB and they hold {available:,.1f} GB",
        "权重加 {users:,} 位用户的 KV 缓存需要 {required:,.1f} GB，而它们只有 {available:,.1f} GB",
        "權重加 {users:,} 位使用者的 KV 快取需要 {required:,.1f} GB，而它們只有 {available:,.1f} GB",
    ),
    "answer.short.idle": (
        "; only {used} of the {count} can hold a copy, since tensor parallelism splits a model over a power of two "
        "of devices within one server, and {idle} sit idle",
        "；{count} 个中一份模型只能用上 {used} 个，因为张量并行只能把模型切到一台服务器内 2 的幂个设备上，另外 {idle} 个闲置",
        "；{count} 個中一份模型只能用上 {used} 個，因為張量平行只能把模型切到一台伺服器內 2 的冪個裝置上，另外 {idle} 個閒置",
    ),
    "answer.short.limits": (
        "{count} of them meet the targets at {tps:,.1f} tok/s per user for {users:,} user(s) but are past your limits: "
        "{limits}",
        "其中 {count} 台就能达到目标，{users:,} 位用户时每人 {tps:,.1f} tok/s，但超出你的限制：{limits}",
        "其中 {count} 台就能達到目標，{users:,} 位使用者時每人 {tps:,.1f} tok/s，但超出你的限制：{limits}",
    ),
    "answer.short.batch": (
        "they finish the batch in {hours:,.1f} h, past the {window:g} h window",
        "完成批处理要 {hours:,.1f} 小时，超过 {window:g} 小时窗口",
        "完成批次處理要 {hours:,.1f} 小時，超過 {window:g} 小時窗口",
    ),
    "answer.short.slo": (
        "{tps:,.1f} tok/s per user and p95 first token {ttft:,.0f} ms at {users:,} user(s), against {target:g} tok/s "
        "and {ttft_target:,} ms",
        "{users:,} 位用户时每人 {tps:,.1f} tok/s、p95 首 token {ttft:,.0f} ms，目标为 {target:g} tok/s 和 "
        "{ttft_target:,} ms",
        "{users:,} 位使用者時每人 {tps:,.1f} tok/s、p95 首 token {ttft:,.0f} ms，目標為 {target:g} tok/s 和 "
        "{ttft_target:,} ms",
    ),
    "answer.short.speed": (
        "{tps:,.1f} tok/s per user at {users:,} user(s), against {target:g} tok/s (p95 first token {ttft:,.0f} ms, "
        "shown, not judged)",
        "{users:,} 位用户时每人 {tps:,.1f} tok/s，目标为 {target:g} tok/s（p95 首 token {ttft:,.0f} ms，仅列出、不据此判断）",
        "{users:,} 位使用者時每人 {tps:,.1f} tok/s，目標為 {target:g} tok/s（p95 首 token {ttft:,.0f} ms，僅列出、不據此判斷）",
    ),
    "answer.owned.yes_batch": (
        "Use what you have: {used} × {hardware} (you own {owned}) finish the batch in {hours:,.1f} h, within the "
        "{window:g} h window, at $0 capex, power only (${power:,.0f} a year).",
        "用现有的就够了：你的 {owned} × {hardware} 中用 {used} 台，{hours:,.1f} 小时完成批处理（窗口 {window:g} 小时），"
        "采购成本 $0，只有电费（每年 ${power:,.0f}）。",
        "用現有的就夠了：你的 {owned} × {hardware} 中用 {used} 台，{hours:,.1f} 小時完成批次處理（窗口 {window:g} 小時），"
        "採購成本 $0，只有電費（每年 ${power:,.0f}）。",
    ),
    "answer.owned.band": (
        " No speed target was set: {tps:,.1f} tok/s per user is seed 1's {band} band (≥30 comfortable, 15–30 "
        "acceptable, <15 frustrating).",
        "没有设定速度目标：每人 {tps:,.1f} tok/s 属于种子文档 1 的{band}区间（≥30 舒适，15–30 可接受，<15 令人沮丧）。",
        "沒有設定速度目標：每人 {tps:,.1f} tok/s 屬於種子文件 1 的{band}區間（≥30 舒適，15–30 可接受，<15 令人沮喪）。",
    ),
    "answer.owned.unhurried": (
        " You said there is no rush: {tps:,.1f} tok/s per user is below seed 1's acceptable {acceptable:g} but faster "
        "than people read (~{reading:,.1f} tok/s), so a purchase would buy only speed you do not need.",
        "你说不赶时间：每人 {tps:,.1f} tok/s 低于种子文档 1 的可接受下限 {acceptable:g}，但比人的阅读速度（约 {reading:,.1f} "
        "tok/s）快，买新设备只会买来你不需要的速度。",
        "你說不趕時間：每人 {tps:,.1f} tok/s 低於種子文件 1 的可接受下限 {acceptable:g}，但比人的閱讀速度（約 {reading:,.1f} "
        "tok/s）快，買新設備只會買來你不需要的速度。",
    ),
    "answer.owned.band.comfortable": ("comfortable", "舒适", "舒適"),
    "answer.owned.band.acceptable": ("acceptable", "可接受", "可接受"),
    "answer.owned.no_ttft": (
        " No first-token target was set, so the first token's wait is shown, not judged (say one to check it).",
        "没有设定首 token 目标，所以只列出首 token 等待时间、不据此判断（如有要求请说明）。",
        "沒有設定首 token 目標，所以只列出首 token 等待時間、不據此判斷（如有要求請說明）。",
    ),
    "answer.owned.yes": (
        "Use what you have: the targets are met on {used} × {hardware} (you own {owned}): {tps:,.1f} tok/s per user "
        "at {users:,} user(s), p95 first token {ttft:,.0f} ms, at $0 capex, power only (${power:,.0f} a year).",
        "用现有的就够了：你的 {owned} × {hardware} 中用 {used} 台即可达标（{users:,} 位用户时每人 {tps:,.1f} tok/s，"
        "p95 首 token {ttft:,.0f} ms），采购成本 $0，只有电费（每年 ${power:,.0f}）。",
        "用現有的就夠了：你的 {owned} × {hardware} 中用 {used} 台即可達標（{users:,} 位使用者時每人 {tps:,.1f} tok/s，"
        "p95 首 token {ttft:,.0f} ms），採購成本 $0，只有電費（每年 ${power:,.0f}）。",
    ),
    # Owned devices short only of memory, used at a lighter format before a purchase (estimator/advice/owned_lighter.py).
    "answer.owned.lighter": (
        "At {baseline} they do not hold it ({required:,.1f} GB needed, {available:,.1f} GB there); {change}, it "
        "needs {needed:,.1f} GB of {memory:,.1f} GB, so nothing needs buying. ",
        "按 {baseline} 放不下（需要 {required:,.1f} GB，只有 {available:,.1f} GB）；{change}，只需 {needed:,.1f} GB"
        "（共 {memory:,.1f} GB），所以不用买新硬件。",
        "按 {baseline} 放不下（需要 {required:,.1f} GB，只有 {available:,.1f} GB）；{change}，只需 {needed:,.1f} GB"
        "（共 {memory:,.1f} GB），所以不用買新硬體。",
    ),
    "answer.owned.lighter_note": (" {body}", "{body}", "{body}"),
    "answer.owned.lighter_short": (
        "Lighter formats were tried first: {change}, they hold it ({needed:,.1f} GB of {memory:,.1f} GB) but still fall "
        "short ({short}); they carry about {carried:,} of the {users:,} users at the targets, and the rest would "
        "queue.",
        "先试过更轻的格式：{change}，放得下（{needed:,.1f} GB / {memory:,.1f} GB），但仍达不到目标（{short}）；"
        "达标时只能承载 {users:,} 位用户中的约 {carried:,} 位，其余要排队。",
        "先試過更輕的格式：{change}，放得下（{needed:,.1f} GB / {memory:,.1f} GB），但仍達不到目標（{short}）；"
        "達標時只能承載 {users:,} 位使用者中的約 {carried:,} 位，其餘要排隊。",
    ),
    "answer.owned.lighter.weights": (
        "with the weights at {quant} (~{bits:g} bits per weight, {weights:,.1f} GB; AWQ / GPTQ or GGUF: check quality "
        "against the {baseline} model on your own evaluation set first, seed 2 pitfall 2)",
        "把权重换成 {quant}（约 {bits:g} 位，{weights:,.1f} GB；AWQ / GPTQ 或 GGUF：上线前先在你自己的评测集上对照 {baseline} 模型"
        "检查质量，种子 2 坑二）",
        "把權重換成 {quant}（約 {bits:g} 位元，{weights:,.1f} GB；AWQ / GPTQ 或 GGUF：上線前先在你自己的評測集上對照 {baseline} "
        "模型檢查品質，種子 2 坑二）",
    ),
    "answer.owned.lighter.kv": (
        "with the KV cache stored in FP8 (vLLM `--kv-cache-dtype fp8`, half the bytes per token; on GPUs without FP8 "
        "it converts in software; check quality on your own evaluation set, seed 2 pitfall 2)",
        "把 KV 缓存存成 FP8（vLLM `--kv-cache-dtype fp8`，每个 token 字节数减半；没有 FP8 硬件的 GPU 上由软件转换；"
        "请在你自己的评测集上检查质量，种子 2 坑二）",
        "把 KV 快取存成 FP8（vLLM `--kv-cache-dtype fp8`，每個 token 位元組數減半；沒有 FP8 硬體的 GPU 上由軟體轉換；"
        "請在你自己的評測集上檢查品質，種子 2 坑二）",
    ),
    "answer.owned.lighter.both": (
        "with the weights at {quant} (~{bits:g} bits per weight, {weights:,.1f} GB) and the KV cache in FP8 (vLLM "
        "`--kv-cache-dtype fp8`; check quality against the {baseline} model on your own evaluation set first, seed 2 "
        "pitfall 2)",
        "把权重换成 {quant}（约 {bits:g} 位，{weights:,.1f} GB），并把 KV 缓存存成 FP8（vLLM `--kv-cache-dtype fp8`；"
        "上线前先在你自己的评测集上对照 {baseline} 模型检查质量，种子 2 坑二）",
        "把權重換成 {quant}（約 {bits:g} 位元，{weights:,.1f} GB），並把 KV 快取存成 FP8（vLLM `--kv-cache-dtype fp8`；"
        "上線前先在你自己的評測集上對照 {baseline} 模型檢查品質，種子 2 坑二）",
    ),
    "answer.owned.add": (
        "Your {owned} × {hardware} fall short ({short}); your {owned} + {add} more ({total} in all) meet the "
        "targets, capex ${capex:,.0f} for the added units.",
        "你现有的 {owned} × {hardware} 不够（{short}）；现有 {owned} 台再加 {add} 台（共 {total} 台）即可达标，"
        "新增部分采购成本 ${capex:,.0f}。",
        "你現有的 {owned} × {hardware} 不夠（{short}）；現有 {owned} 台再加 {add} 台（共 {total} 台）即可達標，"
        "新增部分採購成本 ${capex:,.0f}。",
    ),
    "answer.owned.add_dearer": (
        " Topping up costs more than buying new: the purchase below, {hardware}, costs ${primary:,.0f} over 3 "
        "years, the top-up ${topup:,.0f}.",
        "但加购比直接买新的更贵：下面推荐的 {hardware} 三年总成本 ${primary:,.0f}，加购方案 ${topup:,.0f}。",
        "但加購比直接買新的更貴：下面推薦的 {hardware} 三年總成本 ${primary:,.0f}，加購方案 ${topup:,.0f}。",
    ),
    "answer.owned.add_riskier": (
        " The purchase below, {hardware}, costs more over 3 years (${primary:,.0f} against the top-up's ${topup:,.0f}) "
        "but carries fewer risks once they are weighed in (risk points {primary_risk} vs {topup_risk}: {risks}).",
        "下面推荐的 {hardware} 三年总成本更高（${primary:,.0f}，加购方案 ${topup:,.0f}），但计入风险后更稳妥"
        "（风险分 {primary_risk} 对 {topup_risk}：{risks}）。",
        "下面推薦的 {hardware} 三年總成本更高（${primary:,.0f}，加購方案 ${topup:,.0f}），但計入風險後更穩妥"
        "（風險分 {primary_risk} 對 {topup_risk}：{risks}）。",
    ),
    "answer.owned.buy": (
        "Your {owned} × {hardware} fall short ({short}), and {why}: see the purchase below.",
        "你现有的 {owned} × {hardware} 不够（{short}），而且{why}：见下面的采购建议。",
        "你現有的 {owned} × {hardware} 不夠（{short}），而且{why}：見下面的採購建議。",
    ),
    "answer.owned.add_one": (
        "Your {owned} × {hardware} falls short ({short}); your {owned} + {add} more ({total} in all) meet the "
        "targets, capex ${capex:,.0f} for the added units.",
        "你现有的 {owned} × {hardware} 不够（{short}）；现有 {owned} 台再加 {add} 台（共 {total} 台）即可达标，"
        "新增部分采购成本 ${capex:,.0f}。",
        "你現有的 {owned} × {hardware} 不夠（{short}）；現有 {owned} 台再加 {add} 台（共 {total} 台）即可達標，"
        "新增部分採購成本 ${capex:,.0f}。",
    ),
    "answer.owned.buy_one": (
        "Your {owned} × {hardware} falls short ({short}), and {why}: see the purchase below.",
        "你现有的 {owned} × {hardware} 不够（{short}），而且{why}：见下面的采购建议。",
        "你現有的 {owned} × {hardware} 不夠（{short}），而且{why}：見下面的採購建議。",
    ),
    # A memory shortfall at the format in force, and the first lower-bit format that fits (lower_format.py).
    "answer.lower.default": (" At {body}", "若改用 {body}", "若改用 {body}"),
    "answer.lower.stated": (
        " You set {stated}, so it is kept; at {body}", "你指定了 {stated}，保持不变；若改用 {body}",
        "你指定了 {stated}，保持不變；若改用 {body}",
    ),
    "answer.lower.fits": (
        "{quant} (~{bits:g} bits per weight, {weights:,.1f} GB of weights) {count} × {hardware} would hold it: "
        "{speed}; check quality against the {baseline} baseline first (quantization_calibration, seed 2 pitfall 2).",
        "{quant}（约 {bits:g} 位权重，权重 {weights:,.1f} GB），{count} × {hardware} 放得下：{speed}；"
        "请先对照 {baseline} 基线检查质量（quantization_calibration，种子 2 坑二）。",
        "{quant}（約 {bits:g} 位元權重，權重 {weights:,.1f} GB），{count} × {hardware} 放得下：{speed}；"
        "請先對照 {baseline} 基線檢查品質（quantization_calibration，種子 2 坑二）。",
    ),
    "answer.lower.meets": (
        "~{tps:,.1f} tok/s per user at {users:,} user(s) and p95 first token {ttft:,.0f} ms, meeting the targets",
        "{users:,} 位用户时每人约 {tps:,.1f} tok/s、p95 首 token {ttft:,.0f} ms，达到目标",
        "{users:,} 位使用者時每人約 {tps:,.1f} tok/s、p95 首 token {ttft:,.0f} ms，達到目標",
    ),
    "answer.lower.misses": ("{short}, short of the targets", "{short}，达不到目标", "{short}，達不到目標"),
    "answer.owned.why.unpriced": (
        "there is no price on record to cost more of them", "没有价格记录，无法核算加购成本", "沒有價格記錄，無法核算加購成本",
    ),
    "answer.owned.why.single": (
        "one such machine serves one user, it does not pool with more of itself",
        "这类机器一台只服务一个人，无法与更多同型号合并使用", "這類機器一台只服務一個人，無法與更多同型號合併使用",
    ),
    "answer.owned.why.machines": (
        "more of them are not sized as a purchase: such machines do not pool into a server",
        "加购同型号不在采购估算之列：这类机器无法合并成一台服务器", "加購同型號不在採購估算之列：這類機器無法合併成一台伺服器",
    ),
    "answer.owned.why.ineligible": (
        "buying more of them is not advised ({reason})", "不建议加购同型号（{reason}）", "不建議加購同型號（{reason}）",
    ),
    "answer.owned.why.limits": (
        "more of them would only draw more power and cost more", "加购只会更耗电、更花钱", "加購只會更耗電、更花錢",
    ),
    "answer.owned.why.short": (
        "even {count} of them would still fall short",
        "即使 {count} 台也仍然达不到目标", "即使 {count} 台也仍然達不到目標",
    ),
    "answer.owned.why.none_speed": (
        "no number of them would: more of them add model copies for more users, not speed per user; one copy "
        "({group} × {hardware}) reaches {tps:,.1f} tok/s per user at best, against {target:g}",
        "再多也达不到：增加设备只会增加模型副本、承载更多用户，不会提高每位用户的速度；"
        "一份模型（{group} × {hardware}）每人最多 {tps:,.1f} tok/s，目标是 {target:g}",
        "再多也達不到：增加裝置只會增加模型副本、承載更多使用者，不會提高每位使用者的速度；"
        "一份模型（{group} × {hardware}）每人最多 {tps:,.1f} tok/s，目標是 {target:g}",
    ),
    "answer.owned.why.none_ttft": (
        "no number of them would: more of them add model copies, and a copy does not split one prompt; its p95 "
        "first token is {ttft:,.0f} ms at best, against {target:,} ms",
        "再多也达不到：增加设备只会增加模型副本，一份副本不会拆分同一个提示；p95 首 token 最快 {ttft:,.0f} ms，目标是 {target:,} ms",
        "再多也達不到：增加裝置只會增加模型副本，一份副本不會拆分同一個提示；p95 首 token 最快 {ttft:,.0f} ms，目標是 {target:,} ms",
    ),
    "answer.owned.unknown": (
        "Your {owned} × {hardware}: not in the hardware catalog, so not evaluated; give its memory and bandwidth "
        "(or a catalog model) to include it.",
        "你现有的 {owned} × {hardware}：不在硬件目录中，未评估；告诉我它的显存和带宽（或目录里的型号）即可纳入。",
        "你現有的 {owned} × {hardware}：不在硬體目錄中，未評估；告訴我它的記憶體和頻寬（或目錄裡的型號）即可納入。",
    ),
    "answer.owned.ineligible": (
        "Your {owned} × {hardware} cannot serve this workload: {reason}.",
        "你现有的 {owned} × {hardware} 无法承担这个负载：{reason}。",
        "你現有的 {owned} × {hardware} 無法承擔這個負載：{reason}。",
    ),
    "answer.owned_units": (" ({owned} of them already owned)", "（其中 {owned} 台已有）", "（其中 {owned} 台已有）"),
    "answer.named.at_format": (" at {quant}", "（按 {quant}）", "（按 {quant}）"),
    "answer.named.ask": ("{count} × {hardware}: ", "{count} × {hardware}：", "{count} × {hardware}："),
    "answer.named.line_room": (
        " A {line} with {hardware} ({memory:g} GB) would hold it: which chip and how much memory does yours have?",
        "配 {hardware}（{memory:g} GB）的 {line} 能装下：你的是哪款芯片、多少内存？",
        "配 {hardware}（{memory:g} GB）的 {line} 裝得下：你的是哪款晶片、多少記憶體？",
    ),
    "answer.named.line_none": (
        " No {line} configuration on record holds it.", "资料库里没有哪种 {line} 配置装得下它。", "資料庫裡沒有哪種 {line} 配置裝得下它。",
    ),
    # More devices named than one estimate sizes: judged at that many, said before the answer, never silently.
    "answer.named.ask_capped": (
        "{asked:,} × {hardware}, judged at {count:,} (the most one estimate sizes: more devices only add copies of the "
        "model, i.e. capacity; the figures and capex below are for {count:,}): ",
        "{asked:,} × {hardware}，按 {count:,} 个估算（单次估算最多 {count:,} 个：更多设备只是增加模型副本，即容量；"
        "下面的数字和采购成本都按 {count:,} 个计）：",
        "{asked:,} × {hardware}，按 {count:,} 個估算（單次估算最多 {count:,} 個：更多裝置只是增加模型副本，即容量；"
        "下面的數字和採購成本都按 {count:,} 個計）：",
    ),
    "answer.named.ask_many": (
        "How many {hardware}: {count} — ", "需要几台 {hardware}：{count} 台。", "需要幾台 {hardware}：{count} 台。",
    ),
    "answer.named.figures": (
        "{tps:,.1f} tok/s per user at {users:,} user(s), p95 first token {ttft:,.0f} ms, capacity ~{capacity:,} user(s), "
        "memory {required:,.1f} of {available:,.1f} GB; {price}",
        "{users:,} 位用户时每人 {tps:,.1f} tok/s，p95 首 token {ttft:,.0f} ms，容量约 {capacity:,} 人，"
        "内存 {required:,.1f} / {available:,.1f} GB；{price}",
        "{users:,} 位使用者時每人 {tps:,.1f} tok/s，p95 首 token {ttft:,.0f} ms，容量約 {capacity:,} 人，"
        "記憶體 {required:,.1f} / {available:,.1f} GB；{price}",
    ),
    "answer.named.figures_batch": (
        "finishes the batch in {hours:,.1f} h of the {window:g} h window, memory {required:,.1f} of {available:,.1f} GB; "
        "{price}",
        "{hours:,.1f} 小时完成批处理（窗口 {window:g} 小时），内存 {required:,.1f} / {available:,.1f} GB；{price}",
        "{hours:,.1f} 小時完成批次處理（窗口 {window:g} 小時），記憶體 {required:,.1f} / {available:,.1f} GB；{price}",
    ),
    "answer.named.figures_memory": (
        "memory {required:,.1f} of {available:,.1f} GB; {price}", "内存 {required:,.1f} / {available:,.1f} GB；{price}",
        "記憶體 {required:,.1f} / {available:,.1f} GB；{price}",
    ),
    "answer.named.figures_short": (
        "capacity ~{capacity:,} user(s) at the targets, memory {required:,.1f} of {available:,.1f} GB; {price}",
        "在目标内容量约 {capacity:,} 人，内存 {required:,.1f} / {available:,.1f} GB；{price}",
        "在目標內容量約 {capacity:,} 人，記憶體 {required:,.1f} / {available:,.1f} GB；{price}",
    ),
    "answer.named.capex": (
        "capex ${capex:,.0f}, 3-year TCO ${tco:,.0f}", "采购成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}",
        "採購成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}",
    ),
    "answer.named.capex_bought": (
        "sold on {unit}-device baseboards, so buying it means {count}: capex ${capex:,.0f}, 3-year TCO ${tco:,.0f}",
        "按 {unit} 卡基板出售，买它就得买 {count} 个：采购成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}",
        "按 {unit} 卡基板出售，買它就得買 {count} 個：採購成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}",
    ),
    "answer.named.unpriced": (
        "no sourced price on record, so capex is unknown (power ${power:,.0f} a year)",
        "没有有来源的价格记录，采购成本未知（电费每年 ${power:,.0f}）",
        "沒有有來源的價格記錄，採購成本未知（電費每年 ${power:,.0f}）",
    ),
    "answer.named.unpriced_no_power": (
        "no sourced price or power figure on record, so capex and power cost are unknown",
        "没有有来源的价格和功耗记录，采购成本和电费未知", "沒有有來源的價格和功耗記錄，採購成本和電費未知",
    ),
    "answer.named.yes": ("yes, it meets the targets ({figures}).", "可以，达到目标（{figures}）。",
                         "可以，達到目標（{figures}）。"),
    "answer.named.no": (
        "no, it falls short: {short} ({figures}).", "不行，达不到目标：{short}（{figures}）。",
        "不行，達不到目標：{short}（{figures}）。",
    ),
    "answer.named.ineligible": (
        "not a fit by the seeds' rules: {reason} ({figures}).", "按种子文档的规则不合适：{reason}（{figures}）。",
        "按種子文件的規則不合適：{reason}（{figures}）。",
    ),
    "answer.named.smallest": (
        " {count} × {hardware} would meet them.", "{count} × {hardware} 才能达标。", "{count} × {hardware} 才能達標。",
    ),
    "answer.named.none": (
        " Even {count} × {hardware} would not.", "即使 {count} × {hardware} 也达不到。",
        "即使 {count} × {hardware} 也達不到。",
    ),
    "answer.named.past_limits": (
        "no, it meets the targets but is past your limits: {limits} ({figures}).",
        "不行，能达到目标，但超出你的限制：{limits}（{figures}）。", "不行，能達到目標，但超出你的限制：{limits}（{figures}）。",
    ),
    "answer.named.smallest_past": (
        " {count} × {hardware} would meet them, but past your limits: {limits}.",
        "{count} × {hardware} 能达标，但超出你的限制：{limits}。", "{count} × {hardware} 能達標，但超出你的限制：{limits}。",
    ),
    "answer.limit.power": (
        "~{power:,.0f} W peak against {budget:,} W", "峰值约 {power:,.0f} W，限制 {budget:,} W",
        "峰值約 {power:,.0f} W，限制 {budget:,} W",
    ),
    "answer.limit.budget": (
        "capex ${capex:,.0f} against ${budget:,.0f}", "采购成本 ${capex:,.0f}，预算 ${budget:,.0f}",
        "採購成本 ${capex:,.0f}，預算 ${budget:,.0f}",
    ),
    "answer.named.none_speed": (
        " No number of {hardware} would: more of them add model copies for more users, not speed per user; "
        "one copy ({group} × {hardware}) reaches {tps:,.1f} tok/s per user at best, against {target:g}.",
        "再多 {hardware} 也达不到：增加设备只会增加模型副本、承载更多用户，不会提高每位用户的速度；"
        "一份模型（{group} × {hardware}）每人最多 {tps:,.1f} tok/s，目标是 {target:g}。",
        "再多 {hardware} 也達不到：增加裝置只會增加模型副本、承載更多使用者，不會提高每位使用者的速度；"
        "一份模型（{group} × {hardware}）每人最多 {tps:,.1f} tok/s，目標是 {target:g}。",
    ),
    "answer.named.none_ttft": (
        " No number of {hardware} would: more of them add model copies, and a copy does not split one prompt; "
        "its p95 first token is {ttft:,.0f} ms at best, against {target:,} ms.",
        "再多 {hardware} 也达不到：增加设备只会增加模型副本，一份副本不会拆分同一个提示；"
        "p95 首 token 最快 {ttft:,.0f} ms，目标是 {target:,} ms。",
        "再多 {hardware} 也達不到：增加裝置只會增加模型副本，一份副本不會拆分同一個提示；"
        "p95 首 token 最快 {ttft:,.0f} ms，目標是 {target:,} ms。",
    ),
    "answer.named.same": (" It is also the recommendation.", "这也正是推荐方案。", "這也正是推薦方案。"),
    "answer.named.differs": (
        " The recommendation differs: {count} × {hardware} (capex ${capex:,.0f}), because {why}.",
        "推荐方案不同：{count} × {hardware}（采购成本 ${capex:,.0f}），因为{why}。",
        "推薦方案不同：{count} × {hardware}（採購成本 ${capex:,.0f}），因為{why}。",
    ),
    "answer.why.meets": ("it meets the targets", "它能达到目标", "它能達到目標"),
    "answer.why.closer": (
        "it comes closer to the targets, though it does not meet them either",
        "它更接近目标（虽然也达不到）", "它更接近目標（雖然也達不到）",
    ),
    "answer.why.unpriced": (
        "it has a sourced price and the device you named does not, so only it can be costed",
        "它有有来源的价格，而你提到的设备没有，只有它能核算成本",
        "它有有來源的價格，而你提到的裝置沒有，只有它能核算成本",
    ),
    "answer.why.priced_variant": (
        "it is the chip you named, bought as the {hardware}: the variant you named has no sourced price and this one has",
        "它就是你提到的芯片，按有来源价格的 {hardware} 购买：你提到的版本没有有来源的价格",
        "它就是你提到的晶片，按有來源價格的 {hardware} 購買：你提到的版本沒有有來源的價格",
    ),
    "answer.why.variant_cheaper": (
        "the chip you named has a sourced price only as the {hardware}, and {count} × {hardware} (${capex:,.0f}) serve "
        "tokens dearer (${named:,.3f} vs ${primary:,.3f} per million)",
        "你提到的芯片只有 {hardware} 有来源价格，{count} × {hardware}（${capex:,.0f}）每百万 token 更贵（${named:,.3f} 对 ${primary:,.3f}）",
        "你提到的晶片只有 {hardware} 有來源價格，{count} × {hardware}（${capex:,.0f}）每百萬 token 更貴（${named:,.3f} 對 ${primary:,.3f}）",
    ),
    "answer.why.cheaper": (
        "it serves tokens cheaper (${primary:,.3f} vs ${named:,.3f} per million)",
        "它每百万 token 更便宜（${primary:,.3f} 对 ${named:,.3f}）",
        "它每百萬 token 更便宜（${primary:,.3f} 對 ${named:,.3f}）",
    ),
    "answer.why.risk": (
        "it carries fewer risks once they are weighed in (risk points {primary} vs {named})",
        "计入风险后它更稳妥（风险分 {primary} 对 {named}）",
        "計入風險後它更穩妥（風險分 {primary} 對 {named}）",
    ),
    "answer.batch": (
        "Batch job: {items:,} items × ({prompt:,} + {output:,}) tokens within {window:g} h needs "
        "{prefill:,.0f} prompt tok/s and {decode:,.0f} generated tok/s in aggregate ; "
        "the recommended option finishes in {hours:,.1f} h.",
        "批处理任务：{items:,} 条 × （{prompt:,} + {output:,}）token，须在 {window:g} 小时内完成，需要总计 "
        "{prefill:,.0f} 提示 tok/s 和 {decode:,.0f} 生成 tok/s；推荐方案 {hours:,.1f} 小时完成。",
        "批次處理任務：{items:,} 筆 × （{prompt:,} + {output:,}）token，須在 {window:g} 小時內完成，需要總計 "
        "{prefill:,.0f} 提示 tok/s 和 {decode:,.0f} 生成 tok/s；推薦方案 {hours:,.1f} 小時完成。",
    ),
    "answer.batch.read": (
        "Batch job, read only (vectors or scores, no text generated): {items:,} items × {prompt:,} tokens through the "
        "{params:g}B model that does it, within {window:g} h, needs {prefill:,.0f} prompt tok/s "
        "(2 × {params:g}B FLOPs a token, compute-bound); the recommended option finishes in {hours:,.1f} h.",
        "批处理任务，只读不生成（输出向量或分数）：{items:,} 条 × {prompt:,} token，由做这件事的 {params:g}B 模型处理，须在 "
        "{window:g} 小时内完成，需要总计 {prefill:,.0f} 提示 tok/s（每 token 2 × {params:g}B 次浮点运算，算力瓶颈）；"
        "推荐方案 {hours:,.1f} 小时完成。",
        "批次處理任務，只讀不生成（輸出向量或分數）：{items:,} 筆 × {prompt:,} token，由做這件事的 {params:g}B 模型處理，須在 "
        "{window:g} 小時內完成，需要總計 {prefill:,.0f} 提示 tok/s（每 token 2 × {params:g}B 次浮點運算，算力瓶頸）；"
        "推薦方案 {hours:,.1f} 小時完成。",
    ),
    "answer.batch.no_window": (
        "Batch job: {items:,} items × ({prompt:,} + {output:,}) tokens; no deadline given, so it is sized as stated: "
        "the recommended option finishes in {hours:,.1f} h. Say the window (\"done in 6 hours\") to size for it.",
        "批处理任务：{items:,} 条 × （{prompt:,} + {output:,}）token；没有给出截止时间，按现有条件选型：推荐方案 "
        "{hours:,.1f} 小时完成。告诉我时间窗口（如“6 小时内完成”）即可按窗口选型。",
        "批次處理任務：{items:,} 筆 × （{prompt:,} + {output:,}）token；沒有給出截止時間，按現有條件選型：推薦方案 "
        "{hours:,.1f} 小時完成。告訴我時間窗口（如「6 小時內完成」）即可按窗口選型。",
    ),
    "answer.batch.none": (
        "Batch job: {items:,} items × ({prompt:,} + {output:,}) tokens within {window:g} h needs "
        "{prefill:,.0f} prompt tok/s and {decode:,.0f} generated tok/s in aggregate.",
        "批处理任务：{items:,} 条 × （{prompt:,} + {output:,}）token，须在 {window:g} 小时内完成，需要总计 "
        "{prefill:,.0f} 提示 tok/s 和 {decode:,.0f} 生成 tok/s。",
        "批次處理任務：{items:,} 筆 × （{prompt:,} + {output:,}）token，須在 {window:g} 小時內完成，需要總計 "
        "{prefill:,.0f} 提示 tok/s 和 {decode:,.0f} 生成 tok/s。",
    ),
    "answer.batch.option": (
        "finishes the batch in {hours:,.1f} h; capex {capex}; 3-year TCO {tco}; annual power {power}",
        "{hours:,.1f} 小时完成批处理；采购成本 {capex}；三年总成本 {tco}；年电费 {power}",
        "{hours:,.1f} 小時完成批次處理；採購成本 {capex}；三年總成本 {tco}；年電費 {power}",
    ),
    "answer.batch.summary": (
        "{title}: finishes the batch in {hours:,.1f} h, capex {capex}, 3y TCO {tco} ({meets})",
        "{title}：{hours:,.1f} 小时完成批处理，采购 {capex}，三年总成本 {tco}（{meets}）",
        "{title}：{hours:,.1f} 小時完成批次處理，採購 {capex}，三年總成本 {tco}（{meets}）",
    ),
    "answer.batch.why": (
        "{count} × {hardware} with {stack} finishes the job in {hours:,.1f} h of the {window:g} h window "
        "({spare:,.1f} h to spare; the window is the one margin, a fixed count needs none on top), running {streams:,} items at once: {decode:,.0f} generated and "
        "{prefill:,.0f} prompt tok/s in aggregate; capex ${capex:,.0f}, 3-year TCO ${tco:,.0f}. Lowest cost of "
        "{n} options that finish in time.",
        "{count} × {hardware}（{stack}）{hours:,.1f} 小时完成任务（{window:g} 小时窗口内，还余 "
        "{spare:,.1f} 小时；窗口本身就是余量，固定条数不再另加），同时处理 {streams:,} 条：总计生成 {decode:,.0f} tok/s、提示 {prefill:,.0f} tok/s；"
        "采购成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}。在 {n} 个按时完成的方案中成本最低。",
        "{count} × {hardware}（{stack}）{hours:,.1f} 小時完成任務（{window:g} 小時窗口內，還餘 "
        "{spare:,.1f} 小時；窗口本身就是餘量，固定筆數不再另加），同時處理 {streams:,} 筆：總計生成 {decode:,.0f} tok/s、提示 {prefill:,.0f} tok/s；"
        "採購成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}。在 {n} 個按時完成的方案中成本最低。",
    ),
}

__all__ = ["ANSWER_MESSAGES"]
