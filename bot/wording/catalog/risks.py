"""Sentence templates of the risk checklist (`estimator/advice/risks.py`), in English, zh-Hans and zh-Hant.

Each entry is (en, zh-Hans, zh-Hant); placeholders carry the same names and format specs in all
three, so the numbers read the same in every language. Looked up through `bot.wording.sentences.msg`.
"""

from __future__ import annotations

RISK_MESSAGES: dict[str, tuple[str, str, str]] = {
    "risk.default_stack": ("the serving stack", "推理服务软件栈", "推論服務軟體棧"),
    # dynamic_shapes — seed 2, pitfall 3
    "risk.dynamic_shapes.lengths": (
        "prompts of ~{prompt} tokens, answers of ~{output}",
        "提示约 {prompt} token，回答约 {output} token",
        "提示約 {prompt} token，回答約 {output} token",
    ),
    "risk.dynamic_shapes.context": (", context up to {context:,}", "，上下文最长 {context:,}", "，上下文最長 {context:,}"),
    "risk.dynamic_shapes.variable": ("variable-length", "长度可变", "長度可變"),
    "risk.dynamic_shapes.fixed": ("said to be fixed-length", "据说长度固定", "據說長度固定"),
    "risk.dynamic_shapes.why": (
        "{stack} on {hardware} handles input shapes as '{mode}' (not natively dynamic); your requests are "
        "{stated} ({lengths}). Unseen shapes trigger recompilation or padding and latency spikes "
        "(seed 2, pitfall 3).",
        "{hardware} 上的 {stack} 对输入形状的处理方式为“{mode}”（不原生支持动态形状）；你的请求{stated}"
        "（{lengths}）。没见过的形状会触发重新编译或填充，导致延迟尖峰（种子文档 2，坑 3）。",
        "{hardware} 上的 {stack} 對輸入形狀的處理方式為「{mode}」（不原生支援動態形狀）；你的請求{stated}"
        "（{lengths}）。沒見過的形狀會觸發重新編譯或填充，導致延遲尖峰（種子文件 2，坑 3）。",
    ),
    "risk.dynamic_shapes.native_graphs": (
        "{stack} on {hardware} takes any input length natively (serving stack data: '{mode}'); your requests "
        "are {stated} ({lengths}). No recompilation and no padding of prompts; what lengths still cost: the "
        "decode step's batch is padded up to the nearest captured CUDA-graph batch size (idle rows in a step "
        "bound by its weight reads), and a long prompt's prefill stalls the running streams while it runs "
        "(seed 2, pitfall 3, checked).",
        "{hardware} 上的 {stack} 原生支持任意输入长度（软件栈数据：“{mode}”）；你的请求{stated}（{lengths}）。"
        "不会重新编译，也不对提示做填充；长度仍有的代价：解码步的批大小会补齐到最近的已捕获 CUDA Graph 批大小"
        "（在受权重读取限制的步里多几行空位），长提示预填充期间会暂停正在生成的请求（种子文档 2，坑 3，已核查）。",
        "{hardware} 上的 {stack} 原生支援任意輸入長度（軟體棧資料：「{mode}」）；你的請求{stated}（{lengths}）。"
        "不會重新編譯，也不對提示做填充；長度仍有的代價：解碼步的批大小會補齊到最近的已擷取 CUDA Graph 批大小"
        "（在受權重讀取限制的步裡多幾行空位），長提示預填充期間會暫停正在生成的請求（種子文件 2，坑 3，已核查）。",
    ),
    "risk.dynamic_shapes.native_any": (
        "{stack} on {hardware} takes any input length natively (serving stack data: '{mode}'); your requests "
        "are {stated} ({lengths}). It builds no graph per shape: no shape buckets, no recompilation, no padding; "
        "what lengths still cost: a long prompt's prefill stalls the running streams while it runs (seed 2, "
        "pitfall 3, checked).",
        "{hardware} 上的 {stack} 原生支持任意输入长度（软件栈数据：“{mode}”）；你的请求{stated}（{lengths}）。"
        "它不按形状构建计算图：没有形状分桶、不会重新编译、没有填充；长度仍有的代价：长提示预填充期间会暂停"
        "正在生成的请求（种子文档 2，坑 3，已核查）。",
        "{hardware} 上的 {stack} 原生支援任意輸入長度（軟體棧資料：「{mode}」）；你的請求{stated}（{lengths}）。"
        "它不按形狀建構計算圖：沒有形狀分桶、不會重新編譯、沒有填充；長度仍有的代價：長提示預填充期間會暫停"
        "正在生成的請求（種子文件 2，坑 3，已核查）。",
    ),
    "risk.dynamic_shapes.native_fix": (
        "Replay your real prompt-length distribution, shortest to longest, during the pilot and watch P99/P999 "
        "TTFT; keep long prompts' prefill chunked (vLLM's chunked prefill, llama.cpp's --batch-size) so one "
        "cannot stall the others for its whole prefill.",
        "试点期间回放真实的提示长度分布（从最短到最长），盯住 P99/P999 TTFT；让长提示分块预填充"
        "（vLLM 的 chunked prefill、llama.cpp 的 --batch-size），避免一个长提示在整个预填充期间卡住其他请求。",
        "試點期間回放真實的提示長度分佈（從最短到最長），盯住 P99/P999 TTFT；讓長提示分塊預填充"
        "（vLLM 的 chunked prefill、llama.cpp 的 --batch-size），避免一個長提示在整個預填充期間卡住其他請求。",
    ),
    "risk.dynamic_shapes.fix": (
        "Fix a small set of length buckets, precompile them at warm-up, and replay your real prompt-length "
        "distribution during the pilot, watching P99/P999 TTFT.",
        "固定少量长度分桶并在预热时预编译；试点期间回放真实的提示长度分布，盯住 P99/P999 TTFT。",
        "固定少量長度分桶並在預熱時預編譯；試點期間回放真實的提示長度分佈，盯住 P99/P999 TTFT。",
    ),
    # multi_model — seed 2, pitfall 4
    "risk.multi_model.memory": (
        "; {models} copies need ~{needed:.0f} GB of {available:.0f} GB",
        "；{models} 份模型需要约 {needed:.0f} GB，可用 {available:.0f} GB",
        "；{models} 份模型需要約 {needed:.0f} GB，可用 {available:.0f} GB",
    ),
    "risk.multi_model.no_fit": (" (does not fit side by side)", "（无法同时放下）", "（無法同時放下）"),
    "risk.multi_model.why": (
        "{models} models must be served at once; {stack} multi-model support: '{support}'{memory} "
        "(seed 2, pitfall 4).",
        "需要同时服务 {models} 个模型；{stack} 的多模型支持：“{support}”{memory}（种子文档 2，坑 4）。",
        "需要同時服務 {models} 個模型；{stack} 的多模型支援：「{support}」{memory}（種子文件 2，坑 4）。",
    ),
    "risk.multi_model.fix": (
        "Run one server process per model with fixed memory shares (or swap adapters/LoRA on one base model), "
        "and test all models under load together in the pilot.",
        "每个模型一个服务进程并固定显存份额（或在同一基座模型上切换 adapter/LoRA），试点时让所有模型一起在负载下测试。",
        "每個模型一個服務行程並固定顯存份額（或在同一基座模型上切換 adapter/LoRA），試點時讓所有模型一起在負載下測試。",
    ),
    # software_maturity — seed 2, pitfall 5
    "risk.software_maturity.no_stack": (
        "No serving stack on record for {hardware}.", "资料库里没有 {hardware} 的推理服务软件栈。",
        "資料庫裡沒有 {hardware} 的推論服務軟體棧。",
    ),
    "risk.software_maturity.no_stack_fix": (
        "Confirm a supported serving path with the vendor before buying.",
        "购买前先和厂商确认一条受支持的推理服务方案。",
        "購買前先和廠商確認一條受支援的推論服務方案。",
    ),
    # The catalog's notes are English prose: quoted in an English reply only ({note:.0} keeps the placeholder, prints nothing).
    "risk.software_maturity.note": (" Notes: {note}.", "{note:.0}", "{note:.0}"),
    "risk.software_maturity.why": (
        "{stack} maturity is rated {maturity}.{note} (seed 2, pitfall 5).",
        "{stack} 的成熟度评为“{maturity}”。{note}（种子文档 2，坑 5）。",
        "{stack} 的成熟度評為「{maturity}」。{note}（種子文件 2，坑 5）。",
    ),
    "risk.software_maturity.fix": (
        "Check release cadence and issue response, pin versions, and get a support commitment from the vendor.",
        "检查发版节奏和问题响应速度，锁定版本，并向厂商要一份支持承诺。",
        "檢查發版節奏和問題回應速度，鎖定版本，並向廠商要一份支援承諾。",
    ),
    "risk.software_maturity.batching": (
        "{stack} continuous batching is '{batching}' but {users} user(s) are active at peak; without it "
        "concurrent requests queue.",
        "{stack} 的连续批处理为“{batching}”，但高峰有 {users} 位用户同时在用；没有它，并发请求只能排队。",
        "{stack} 的連續批次處理為「{batching}」，但尖峰有 {users} 位使用者同時在用；沒有它，並行請求只能排隊。",
    ),
    "risk.software_maturity.batching_fix": (
        "Use a batching server (vLLM, TensorRT-LLM, OpenVINO Model Server) for shared serving.",
        "共享服务请用支持批处理的服务端（vLLM、TensorRT-LLM、OpenVINO Model Server）。",
        "共享服務請用支援批次處理的服務端（vLLM、TensorRT-LLM、OpenVINO Model Server）。",
    ),
    # quantization_calibration — seed 2, pitfall 2; seed 1's Q8_0 advice
    "risk.quantization.format": (
        "{stack} does not take {quant} natively (formats: {formats}), so the model must be re-quantized "
        "and re-validated",
        "{stack} 不原生支持 {quant}（支持格式：{formats}），模型必须重新量化并重新验证",
        "{stack} 不原生支援 {quant}（支援格式：{formats}），模型必須重新量化並重新驗證",
    ),
    "risk.quantization.format_device": (
        "{stack} documents {quant} on {count} other device(s), not on {hardware}, so the checkpoint may not "
        "load as shipped: confirm it in the pilot's first days, or serve it with a stack that runs {quant} there (llama.cpp does)",
        "{stack} 的文档在另外 {count} 种设备上支持 {quant}，不包括 {hardware}，模型可能无法按原格式加载："
        "请在试点头几天确认，或改用能在该设备上运行 {quant} 的推理栈（llama.cpp 可以）",
        "{stack} 的文件在另外 {count} 種裝置上支援 {quant}，不包括 {hardware}，模型可能無法按原格式載入："
        "請在試點頭幾天確認，或改用能在該裝置上執行 {quant} 的推理框架（llama.cpp 可以）",
    ),
    "risk.quantization.calibrate": (
        "{quant} on {kind} needs calibration data and per-layer sensitivity checks",
        "{kind} 上的 {quant} 需要校准数据和逐层敏感度检查",
        "{kind} 上的 {quant} 需要校準資料和逐層敏感度檢查",
    ),
    # A format chosen for the user on a datacenter GPU (estimator/advice/default_format.py), with its accuracy cost.
    "risk.quantization.default_fp8": (
        "{quant} was chosen because {hardware} runs it natively with {stack}, not stated by you: FP8 checkpoints "
        "typically score within ~1 % of BF16 on standard benchmarks (vLLM: \"minimal impact on accuracy\", "
        "docs.vllm.ai/en/stable/features/quantization/fp8/; Neural Magic's FP8 Mixtral 8x22B recovers 99.1 %; "
        "AMD's FP8 Llama 2 70B meets MLPerf's 99.9 %-of-reference accuracy target, "
        "huggingface.co/amd/Llama-2-70b-chat-hf_FP8_MLPerf_V2), and dynamic FP8 needs no calibration data; "
        "confirm it on your own eval set, or say BF16 to size at full precision",
        "{quant} 是按 {hardware} 在 {stack} 上原生支持而选的，不是你指定的：FP8 模型在标准评测上的准确率通常与 BF16 "
        "相差约 1 % 以内（vLLM：\"对准确率影响极小\"，docs.vllm.ai/en/stable/features/quantization/fp8/；"
        "Neural Magic 的 FP8 Mixtral 8x22B 保留 99.1 %；AMD 的 FP8 Llama 2 70B 达到 MLPerf 99.9 % 参考准确率目标，"
        "huggingface.co/amd/Llama-2-70b-chat-hf_FP8_MLPerf_V2），动态 FP8 无需校准数据；请在你自己的评测集上确认，"
        "或说明用 BF16 按全精度估算",
        "{quant} 是按 {hardware} 在 {stack} 上原生支援而選的，不是你指定的：FP8 模型在標準評測上的準確率通常與 BF16 "
        "相差約 1 % 以內（vLLM：「對準確率影響極小」，docs.vllm.ai/en/stable/features/quantization/fp8/；"
        "Neural Magic 的 FP8 Mixtral 8x22B 保留 99.1 %；AMD 的 FP8 Llama 2 70B 達到 MLPerf 99.9 % 參考準確率目標，"
        "huggingface.co/amd/Llama-2-70b-chat-hf_FP8_MLPerf_V2），動態 FP8 無需校準資料；請在你自己的評測集上確認，"
        "或說明用 BF16 按全精度估算",
    ),
    "risk.quantization.low_bit": (
        "{quant} loses measurable quality; seed 1 keeps Q3/Q2 for when memory forces it",
        "{quant} 会有可测量的质量损失；种子文档 1 只在内存不够时才用 Q3/Q2",
        "{quant} 會有可測量的品質損失；種子文件 1 只在記憶體不夠時才用 Q3/Q2",
    ),
    "risk.quantization.critical_6bit": (
        "the task is accuracy-critical and {quant} is below 8 bits (~6.6 bits per weight; seed 1: Q8_0 for "
        "accuracy-critical work)",
        "任务对准确率要求高，而 {quant} 低于 8 bit（每个权重约 6.6 bit；种子文档 1：准确率关键的任务用 Q8_0）",
        "任務對準確率要求高，而 {quant} 低於 8 bit（每個權重約 6.6 bit；種子文件 1：準確率關鍵的任務用 Q8_0）",
    ),
    "risk.quantization.critical": (
        "the task is accuracy-critical and {quant} is a 4–5-bit format (seed 1: Q8_0 for accuracy-critical work)",
        "任务对准确率要求高，而 {quant} 是 4–5 bit 格式（种子文档 1：准确率关键的任务用 Q8_0）",
        "任務對準確率要求高，而 {quant} 是 4–5 bit 格式（種子文件 1：準確率關鍵的任務用 Q8_0）",
    ),
    "risk.quantization.why": (
        "{reasons} (seed 2, pitfall 2).", "{reasons}（种子文档 2，坑 2）。", "{reasons}（種子文件 2，坑 2）。",
    ),
    "risk.quantization.fix": (
        "Build a calibration set from real prompts, compare against an FP16/Q8_0 baseline on your own eval set, "
        "and keep sensitive layers at higher precision (mixed precision).",
        "用真实提示构建校准集，在你自己的评测集上与 FP16/Q8_0 基线对比，敏感层保留更高精度（混合精度）。",
        "用真實提示建立校準集，在你自己的評測集上與 FP16/Q8_0 基線對比，敏感層保留更高精度（混合精度）。",
    ),
    # memory_bandwidth — seed 2, pitfall 1
    "risk.memory_bandwidth.why": (
        "decode is memory-bound: {hardware} has {tflops:,.0f} TFLOPS FP16 but {bandwidth:,.0f} GB/s "
        "(ridge {ridge:,.0f} FLOP/byte); ~{batch} streams per device reach ~{intensity:,.0f} FLOP/byte, "
        "so ~{used:.0%} of the compute is usable (seed 2, pitfall 1).",
        "解码受内存带宽限制：{hardware} 有 {tflops:,.0f} TFLOPS FP16，但带宽只有 {bandwidth:,.0f} GB/s"
        "（拐点 {ridge:,.0f} FLOP/byte）；每台设备约 {batch} 路并发只能达到约 {intensity:,.0f} FLOP/byte，"
        "只有约 {used:.0%} 的算力用得上（种子文档 2，坑 1）。",
        "解碼受記憶體頻寬限制：{hardware} 有 {tflops:,.0f} TFLOPS FP16，但頻寬只有 {bandwidth:,.0f} GB/s"
        "（拐點 {ridge:,.0f} FLOP/byte）；每台裝置約 {batch} 路並行只能達到約 {intensity:,.0f} FLOP/byte，"
        "只有約 {used:.0%} 的算力用得上（種子文件 2，坑 1）。",
    ),
    "risk.memory_bandwidth.fix": (
        "Compare options by memory bandwidth and measured tokens/s, not peak TFLOPS; batch more streams per device.",
        "按内存带宽和实测 tokens/s 比较方案，而不是峰值 TFLOPS；每台设备多批处理几路请求。",
        "按記憶體頻寬和實測 tokens/s 比較方案，而不是峰值 TFLOPS；每台裝置多批次處理幾路請求。",
    ),
    # power_cooling — seed 1
    "risk.power.over": (
        "peak draw ~{power:,.0f} W exceeds the {budget:,} W budget.",
        "峰值功耗约 {power:,.0f} W，超出 {budget:,} W 的预算。",
        "峰值功耗約 {power:,.0f} W，超出 {budget:,} W 的預算。",
    ),
    "risk.power.over_fix": (
        "Choose fewer or lower-power devices, cap board power, or raise the budget.",
        "减少设备数量或换低功耗设备、限制板卡功耗，或提高预算。",
        "減少裝置數量或換低功耗裝置、限制板卡功耗，或提高預算。",
    ),
    "risk.power.near": (
        "peak draw ~{power:,.0f} W is {share:.0%} of the {budget:,} W budget.",
        "峰值功耗约 {power:,.0f} W，占 {budget:,} W 预算的 {share:.0%}。",
        "峰值功耗約 {power:,.0f} W，佔 {budget:,} W 預算的 {share:.0%}。",
    ),
    "risk.power.near_fix": (
        "Power-cap the devices and measure wall power during the 1.5× overload test.",
        "给设备设功耗上限，并在 1.5× 过载测试时测量墙插功耗。",
        "給裝置設功耗上限，並在 1.5× 過載測試時測量牆插功耗。",
    ),
    "risk.power.rack": (
        "{count} devices draw ~{power:,.0f} W peak; beyond 4 GPUs office power and cooling no longer suffice "
        "(seed 1).",
        "{count} 台设备峰值功耗约 {power:,.0f} W；超过 4 块 GPU，办公室的供电和散热就不够了（种子文档 1）。",
        "{count} 台裝置峰值功耗約 {power:,.0f} W；超過 4 張 GPU，辦公室的供電和散熱就不夠了（種子文件 1）。",
    ),
    "risk.power.circuit": (
        "peak draw ~{power:,.0f} W is more than one office circuit carries (~{circuit:,.0f} W: 230 V × 10 A, or "
        "120 V × 20 A); it needs its own circuit and cooling, or rack space.",
        "峰值功耗约 {power:,.0f} W，超过一路办公室电路的承载（约 {circuit:,.0f} W：230 V × 10 A 或 120 V × 20 A）；"
        "需要专用电路和散热，或放进机架。",
        "峰值功耗約 {power:,.0f} W，超過一路辦公室電路的承載（約 {circuit:,.0f} W：230 V × 10 A 或 120 V × 20 A）；"
        "需要專用電路和散熱，或放進機架。",
    ),
    "risk.power.rack_density": (
        "peak draw ~{power:,.0f} W is more than a typical data-center rack's ~{rack:,.0f} W feed (Uptime Institute "
        "survey average): it needs a high-density rack with matching power and cooling.",
        "峰值功耗约 {power:,.0f} W，超过一般数据中心机柜约 {rack:,.0f} W 的供电（Uptime Institute 调查平均值）："
        "需要高密度机柜及相应的供电和散热。",
        "峰值功耗約 {power:,.0f} W，超過一般資料中心機櫃約 {rack:,.0f} W 的供電（Uptime Institute 調查平均值）："
        "需要高密度機櫃及相應的供電和散熱。",
    ),
    "risk.power.rack_fix": (
        "Plan rack space with proper power distribution and cooling before delivery; check circuit capacity.",
        "到货前规划好带配电和散热的机架空间；核实电路容量。",
        "到貨前規劃好帶配電和散熱的機架空間；核實電路容量。",
    ),
    # tail_latency — queueing, seed 2's P99/P999
    "risk.tail.margin": (
        "p95 TTFT ~{ttft:,.0f} ms meets the {target:,} ms target by less than the estimate's ±{width:.0%} "
        "error ({high:,.0f} ms at its high end)",
        "p95 TTFT 约 {ttft:,.0f} ms，达到 {target:,} ms 目标的余量小于估算的 ±{width:.0%} 误差（上限端为 {high:,.0f} ms）",
        "p95 TTFT 約 {ttft:,.0f} ms，達到 {target:,} ms 目標的餘量小於估算的 ±{width:.0%} 誤差（上限端為 {high:,.0f} ms）",
    ),
    "risk.tail.margin_why": (
        "{margin}, so P99/P999 may miss it.", "{margin}，因此 P99/P999 可能达不到。", "{margin}，因此 P99/P999 可能達不到。",
    ),
    "risk.tail.margin_fix": (
        "Measure TTFT at P99/P999 on the real prompts in the pilot, or pick a faster part.",
        "试点时用真实提示测量 P99/P999 的 TTFT，或者选更快的硬件。",
        "試點時用真實提示測量 P99/P999 的 TTFT，或者選更快的硬體。",
    ),
    "risk.tail.load": (
        "peak {users} user(s) load the option to {load:.0%} of its {capacity} concurrent-user capacity",
        "高峰 {users} 位用户会把该方案的负载推到其 {capacity} 位并发用户容量的 {load:.0%}",
        "尖峰 {users} 位使用者會把該方案的負載推到其 {capacity} 位並行使用者容量的 {load:.0%}",
    ),
    "risk.tail.bursty": ("arrivals are bursty", "请求到达是突发式的", "請求到達是突發式的"),
    "risk.tail.vs_target": (
        "p95 TTFT ~{ttft:,.0f} ms vs {target:,} ms target",
        "p95 TTFT 约 {ttft:,.0f} ms，目标 {target:,} ms",
        "p95 TTFT 約 {ttft:,.0f} ms，目標 {target:,} ms",
    ),
    "risk.tail.why": (
        "{parts}. Above ~70 % utilization queueing makes P99/P999 latency climb steeply.",
        "{parts}。利用率超过约 70 % 后，排队会让 P99/P999 延迟急剧上升。",
        "{parts}。使用率超過約 70 % 後，排隊會讓 P99/P999 延遲急劇上升。",
    ),
    "risk.tail.fix": (
        "Set a maximum batch wait time, keep utilization under ~70 % at peak, and measure P99/P999 in the pilot.",
        "设置最大批处理等待时间，高峰利用率保持在约 70 % 以下，并在试点中测量 P99/P999。",
        "設定最大批次等待時間，尖峰使用率保持在約 70 % 以下，並在試點中測量 P99/P999。",
    ),
    # capacity_headroom — seed 2's 1.5× overload test
    "risk.headroom.thin": (
        "capacity ~{capacity} concurrent user(s) is {ratio:.2f}× the peak of {users}: seed 2's {overload}× "
        "overload test passes by less than the estimate's ±{width:.0%} error.",
        "容量约 {capacity} 位并发用户，是高峰 {users} 位的 {ratio:.2f}×：种子文档 2 的 {overload}× 过载测试"
        "虽能通过，但余量小于估算的 ±{width:.0%} 误差。",
        "容量約 {capacity} 位並行使用者，是尖峰 {users} 位的 {ratio:.2f}×：種子文件 2 的 {overload}× 過載測試"
        "雖能通過，但餘量小於估算的 ±{width:.0%} 誤差。",
    ),
    "risk.headroom.thin_fix": (
        "Verify at 1.5× load in the pilot before committing; keep a device in reserve or admission control.",
        "下单前先在试点中以 1.5× 负载验证；预留一台设备或启用准入控制。",
        "下單前先在試點中以 1.5× 負載驗證；預留一台裝置或啟用准入控制。",
    ),
    "risk.headroom.short": (
        "capacity ~{capacity} concurrent user(s) is {ratio:.2f}× the peak of {users}; seed 2's overload test "
        "drives {overload}× ({overload_users:.0f} user(s)).",
        "容量约 {capacity} 位并发用户，是高峰 {users} 位的 {ratio:.2f}×；种子文档 2 的过载测试要跑到 "
        "{overload}×（{overload_users:.0f} 位用户）。",
        "容量約 {capacity} 位並行使用者，是尖峰 {users} 位的 {ratio:.2f}×；種子文件 2 的過載測試要跑到 "
        "{overload}×（{overload_users:.0f} 位使用者）。",
    ),
    "risk.headroom.short_bursty": (
        "capacity ~{capacity} concurrent user(s) is {ratio:.2f}× the peak of {users}; seed 2's overload test "
        "drives {overload}× ({overload_users:.0f} user(s)); with bursty arrivals the bursts are that overload.",
        "容量约 {capacity} 位并发用户，是高峰 {users} 位的 {ratio:.2f}×；种子文档 2 的过载测试要跑到 "
        "{overload}×（{overload_users:.0f} 位用户）；请求是突发式的，突发本身就是这种过载。",
        "容量約 {capacity} 位並行使用者，是尖峰 {users} 位的 {ratio:.2f}×；種子文件 2 的過載測試要跑到 "
        "{overload}×（{overload_users:.0f} 位使用者）；請求是突發式的，突發本身就是這種過載。",
    ),
    "risk.headroom.fix": (
        "Add a device (or N+1 spare), or cap concurrency with admission control and verify at 1.5× load.",
        "加一台设备（或 N+1 备机），或用准入控制限制并发，并以 1.5× 负载验证。",
        "加一台裝置（或 N+1 備機），或用准入控制限制並行，並以 1.5× 負載驗證。",
    ),
    # vendor_lock_in
    "risk.lock_in.managed": (
        "{stack} compiles and manages models itself; you run what the vendor supports.",
        "{stack} 自行编译和管理模型；你只能跑厂商支持的模型。",
        "{stack} 自行編譯和管理模型；你只能跑廠商支援的模型。",
    ),
    "risk.lock_in.managed_fix": (
        "Keep a GPU fallback path for the model and contract for model-support timelines.",
        "为模型保留 GPU 备用方案，并在合同里约定模型支持的时间表。",
        "為模型保留 GPU 備用方案，並在合約裡約定模型支援的時間表。",
    ),
    "risk.lock_in.single": (
        "{hardware} runs only on {stack}; the ported model and tooling do not move to other hardware.",
        "{hardware} 只能跑在 {stack} 上；移植好的模型和工具链无法迁到其他硬件。",
        "{hardware} 只能跑在 {stack} 上；移植好的模型和工具鏈無法遷到其他硬體。",
    ),
    "risk.lock_in.single_fix": (
        "Keep the model in a portable format (HF checkpoint, ONNX) and budget a second port if you switch.",
        "模型保留可移植格式（HF checkpoint、ONNX），并为将来更换硬件预留第二次移植的预算。",
        "模型保留可攜格式（HF checkpoint、ONNX），並為將來更換硬體預留第二次移植的預算。",
    ),
    # supply — seed 1
    "risk.supply.high_end": (
        "{hardware} is a high-end datacenter part; seed 1 notes supply constraints on high-end cards "
        "({count} needed).",
        "{hardware} 是高端数据中心硬件；种子文档 1 提到高端卡供货紧张（需要 {count} 张）。",
        "{hardware} 是高階資料中心硬體；種子文件 1 提到高階卡供貨緊張（需要 {count} 張）。",
    ),
    "risk.supply.high_end_fix": (
        "Get firm lead times and quotes from two resellers before committing the plan.",
        "定方案前先从两家经销商拿到确定的交期和报价。",
        "定方案前先從兩家經銷商拿到確定的交期和報價。",
    ),
    "risk.supply.eol": (
        "{hardware} launched in {year}, {age} years before the newest device on record; it is likely "
        "end-of-life, so new units at the listed price are rare.",
        "{hardware} 于 {year} 年发布，比资料库里最新的设备早 {age} 年；很可能已停产，按标价买到新品的机会很少。",
        "{hardware} 於 {year} 年發布，比資料庫裡最新的裝置早 {age} 年；很可能已停產，按標價買到新品的機會很少。",
    ),
    "risk.supply.old": (
        "{hardware} launched in {year}, {age} years before the newest device on record; new units may be "
        "scarce or end-of-life.",
        "{hardware} 于 {year} 年发布，比资料库里最新的设备早 {age} 年；新品可能稀缺或已停产。",
        "{hardware} 於 {year} 年發布，比資料庫裡最新的裝置早 {age} 年；新品可能稀缺或已停產。",
    ),
    "risk.supply.old_fix": (
        "Confirm availability and warranty; price the successor part as a fallback.",
        "确认供货和保修；同时给后继型号报价作为备选。",
        "確認供貨和保固；同時給後繼型號報價作為備選。",
    ),
    "risk.supply.small_vendor": (
        "{vendor} is a small, single-source supplier.", "{vendor} 是规模较小的单一来源供应商。",
        "{vendor} 是規模較小的單一來源供應商。",
    ),
    "risk.supply.small_vendor_fix": (
        "Ask for delivery commitments and a support term covering the amortization period.",
        "要求交货承诺，以及覆盖整个折旧期的支持期限。",
        "要求交貨承諾，以及涵蓋整個折舊期的支援期限。",
    ),
}

__all__ = ["RISK_MESSAGES"]
