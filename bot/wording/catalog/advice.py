"""Sentence templates of assumptions, rationale, relax hints and the two-week validation plan.

Each entry is (en, zh-Hans, zh-Hant) with the same placeholders and format specs in all three.
Looked up through `bot.wording.sentences.msg`; the risk checklist's sentences are in `catalog/risks.py`.
"""

from __future__ import annotations

_ASSUME: dict[str, tuple[str, str, str]] = {
    "assume.users": ("assumed {users} user(s)", "假设 {users} 位用户", "假設 {users} 位使用者"),
    "assume.users_scale": (
        "assumed {users} user(s) for a {scale} deployment", "按{scale}级部署假设 {users} 位用户",
        "按{scale}級部署假設 {users} 位使用者",
    ),
    "assume.users_team": (
        "assumed {users} user(s) (a small team)", "假设 {users} 位用户（一个小团队）", "假設 {users} 位使用者（一個小團隊）",
    ),
    "assume.peak_share.zones": (
        "assumed a peak of {users} concurrent user(s) generating at once: {share}% of the {total} people, who span "
        "time zones, in a session at the peak (named users of enterprise software peak nearer 15% across time zones, "
        "25% in one; {source}), each session generating about {gen}% of its time and reading the rest (238 words a "
        "minute, {reading_source}: ~5.3 tok/s read against {tps:g} tok/s generated), at the 99th percentile; say the "
        "real peak to size for it",
        "假设高峰同时生成 {users} 路：{total} 人中约 {share}% 在高峰时段使用（用户分布在多个时区；企业软件的注册用户跨时区时高峰"
        "并发约 15%，同一时区约 25%；{source}），每个会话只有约 {gen}% 的时间在生成，其余时间在阅读回答（每分钟 238 词，"
        "{reading_source}：阅读约 5.3 tok/s，生成 {tps:g} tok/s），按 99 百分位取值；如果知道实际高峰人数，请告诉我",
        "假設尖峰同時生成 {users} 路：{total} 人中約 {share}% 在尖峰時段使用（使用者分布在多個時區；企業軟體的註冊使用者跨時區時尖峰"
        "並行約 15%，同一時區約 25%；{source}），每個工作階段只有約 {gen}% 的時間在生成，其餘時間在閱讀回答（每分鐘 238 字詞，"
        "{reading_source}：閱讀約 5.3 tok/s，生成 {tps:g} tok/s），按 99 百分位取值；如果知道實際尖峰人數，請告訴我",
    ),
    "assume.peak_share.daily": (
        "assumed a peak of {users} concurrent user(s) generating at once: {daily}% of the {total} people use it on a "
        "given day (your share), and {peak}% of those are in a session at the peak (named users of enterprise software "
        "peak at 15–25%; {source}), so {share}% of them, each session generating about {gen}% of its time and reading "
        "the rest (238 words a minute, {reading_source}: ~5.3 tok/s read against {tps:g} tok/s generated), at the 99th "
        "percentile; say the real peak to size for it",
        "假设高峰同时生成 {users} 路：按你说的日活 {daily}%，{total} 人中这部分人每天使用，其中约 {peak}% 在高峰时段同时在线（企业软件注册"
        "用户高峰并发约 15–25%；{source}），即 {share}%；每个会话只有约 {gen}% 的时间在生成，其余时间在阅读回答（每分钟 238 词，"
        "{reading_source}：阅读约 5.3 tok/s，生成 {tps:g} tok/s），按 99 百分位取值；如果知道实际高峰人数，请告诉我",
        "假設尖峰同時生成 {users} 路：按你說的日活 {daily}%，{total} 人中這部分人每天使用，其中約 {peak}% 在尖峰時段同時在線（企業軟體註冊"
        "使用者尖峰並行約 15–25%；{source}），即 {share}%；每個工作階段只有約 {gen}% 的時間在生成，其餘時間在閱讀回答（每分鐘 238 字詞，"
        "{reading_source}：閱讀約 5.3 tok/s，生成 {tps:g} tok/s），按 99 百分位取值；如果知道實際尖峰人數，請告訴我",
    ),
    "assume.shift_staff": (
        "assumed {users} streams generating at once at the peak: {present:,} of the {total:,} people are on the largest "
        "shift, all at work and each in a session, but a session generates only ~{gen}% of its time, the rest is reading "
        "the answer (238 words a minute, {reading_source}: ~5.3 tok/s read against {tps:g} tok/s generated); sized at the "
        "99th percentile",
        "假设高峰同时生成 {users} 路：{total:,} 人中最大的一班有 {present:,} 人，同时在岗、各有一个会话，但每个会话只有约 {gen}% "
        "的时间在生成，其余时间在阅读回答（每分钟 238 词，{reading_source}：阅读约 5.3 tok/s，生成 {tps:g} tok/s），按 99 百分位取值",
        "假設尖峰同時生成 {users} 路：{total:,} 人中最大的一班有 {present:,} 人，同時在崗、各有一個工作階段，但每個工作階段只有約 "
        "{gen}% 的時間在生成，其餘時間在閱讀回答（每分鐘 238 字詞，{reading_source}：閱讀約 5.3 tok/s，生成 {tps:g} tok/s），按 99 百分位取值",
    ),
    "assume.thinking_share": (
        "a reasoning model's thinking is generated and never read: of each ~{out:,}-token completion about {visible:,} "
        "tokens are the answer people read ({source}), so a question streams {stream:.1f} min at {tps:g} tok/s and is "
        "read in {read:.1f} min; people ask no more often than for the answer alone ({between:.1f} min between "
        "questions at that peak share), so by Little's law (stream ÷ (stream + reading + between)) {gen}% of the "
        "people generate on average and {waiting}% are waiting or reading at the peak",
        "推理模型的思考过程会生成但没人读：每次约 {out:,} token 的输出中，大家读的回答约 {visible:,} token（{source}），"
        "所以一个问题按 {tps:g} tok/s 要生成 {stream:.1f} 分钟、阅读 {read:.1f} 分钟；提问频率和只有回答时一样（按该高峰比例，"
        "两次提问之间约 {between:.1f} 分钟），按利特尔法则（生成 ÷（生成 + 阅读 + 间隔））平均 {gen}% 的人在生成，高峰时 "
        "{waiting}% 的人在等待或阅读",
        "推理模型的思考過程會生成但沒人讀：每次約 {out:,} token 的輸出中，大家讀的回答約 {visible:,} token（{source}），"
        "所以一個問題按 {tps:g} tok/s 要生成 {stream:.1f} 分鐘、閱讀 {read:.1f} 分鐘；提問頻率和只有回答時一樣（按該尖峰比例，"
        "兩次提問之間約 {between:.1f} 分鐘），按利特爾法則（生成 ÷（生成 + 閱讀 + 間隔））平均 {gen}% 的人在生成，尖峰時 "
        "{waiting}% 的人在等待或閱讀",
    ),
    "assume.thinking_read": (
        "a reasoning model's thinking is generated and never read: of each ~{out:,}-token completion about {visible:,} "
        "tokens are the answer people read ({source}), so a question streams {stream:.1f} min at {tps:g} tok/s and is "
        "read in {read:.1f} min",
        "推理模型的思考过程会生成但没人读：每次约 {out:,} token 的输出中，大家读的回答约 {visible:,} token（{source}），"
        "所以一个问题按 {tps:g} tok/s 要生成 {stream:.1f} 分钟、阅读 {read:.1f} 分钟",
        "推理模型的思考過程會生成但沒人讀：每次約 {out:,} token 的輸出中，大家讀的回答約 {visible:,} token（{source}），"
        "所以一個問題按 {tps:g} tok/s 要生成 {stream:.1f} 分鐘、閱讀 {read:.1f} 分鐘",
    ),
    "assume.fx": (
        "the budget of {amount:,.0f} {currency} is taken as ${usd:,.0f} at {rate:g} {currency} per US dollar "
        "({date}, {source}); re-check a budget near a price at today's rate",
        "预算 {amount:,.0f} {currency} 按 1 美元 = {rate:g} {currency} 折合 ${usd:,.0f}（{date}，{source}）；"
        "预算接近某个价格时请按当日汇率复核",
        "預算 {amount:,.0f} {currency} 按 1 美元 = {rate:g} {currency} 折合 ${usd:,.0f}（{date}，{source}）；"
        "預算接近某個價格時請按當日匯率複核",
    ),
    # Load given as a rate, a volume or a spend, converted in the open (estimator/advice/load.py, Little's law).
    "assume.load.rate": (
        "{per_hour:,.0f} requests/hour{peak} ≈ {rps:.3g}/s × ~{hold:.1f} s each ({ttft:g} s to first token + {output} tokens "
        "at {tps:g} tok/s) ≈ {streams:,} concurrent streams (Little's law); sized for {streams:,}",
        "每小时 {per_hour:,.0f} 个请求{peak} ≈ 每秒 {rps:.3g} 个 × 每个约 {hold:.1f} 秒（首 token {ttft:g} 秒 + {output} token，"
        "每秒 {tps:g} token）≈ {streams:,} 路并发（利特尔法则）；按 {streams:,} 路估算",
        "每小時 {per_hour:,.0f} 個請求{peak} ≈ 每秒 {rps:.3g} 個 × 每個約 {hold:.1f} 秒（首 token {ttft:g} 秒 + {output} token，"
        "每秒 {tps:g} token）≈ {streams:,} 路並行（利特爾法則）；按 {streams:,} 路估算",
    ),
    # A rate beside people counted on their own: both loads kept, their streams added (`assume._added_load`).
    "assume.load.summed": (
        "that load comes on top of the people's {people:,} concurrent stream(s): {people:,} + {streams:,} = {total:,} sized",
        "这部分负载是在人的 {people:,} 路并发之外另加的：{people:,} + {streams:,} = {total:,} 路估算",
        "這部分負載是在人的 {people:,} 路並行之外另加的：{people:,} + {streams:,} = {total:,} 路估算",
    ),
    # Loads said model by model ("the 671B: 3 亿 token a day; the 8B: 20 requests/s"): each model's streams at its own
    # lengths, added (`assume._from_load`).
    "assume.load.models_summed": (
        "each model's load at its own lengths, the streams added: {streams} = {total:,} sized",
        "每个模型的负载按各自的长度计算，并发相加：{streams} = {total:,} 路估算",
        "每個模型的負載按各自的長度計算，並行相加：{streams} = {total:,} 路估算",
    ),
    "assume.load.token_rate": (
        "{per_hour:,.0f} tokens/hour ÷ {per_request:,} tokens a request ({prompt:,} in + {output:,} out){peak} ≈ {rps:.3g} requests/s × "
        "~{hold:.1f} s each ≈ {streams:,} concurrent streams (Little's law); sized for {streams:,}",
        "每小时 {per_hour:,.0f} token ÷ 每个请求 {per_request:,} token（输入 {prompt:,} + 输出 {output:,}）{peak} ≈ 每秒 {rps:.3g} 个请求 × "
        "每个约 {hold:.1f} 秒 ≈ {streams:,} 路并发（利特尔法则）；按 {streams:,} 路估算",
        "每小時 {per_hour:,.0f} token ÷ 每個請求 {per_request:,} token（輸入 {prompt:,} + 輸出 {output:,}）{peak} ≈ 每秒 {rps:.3g} 個請求 × "
        "每個約 {hold:.1f} 秒 ≈ {streams:,} 路並行（利特爾法則）；按 {streams:,} 路估算",
    ),
    "assume.load.daily": (
        "{per_day:,.0f} requests a day over {hours:g} h{peak} ≈ {rps:.3g}/s × ~{hold:.1f} s each ≈ {mean:,.1f} concurrent "
        "streams in the busy hour (Little's law); sized for {streams:,}; say the peak hour's count to size for it",
        "每天 {per_day:,.0f} 个请求，分布在 {hours:g} 小时内{peak} ≈ 每秒 {rps:.3g} 个 × 每个约 {hold:.1f} 秒 ≈ "
        "忙时 {mean:,.1f} 路并发（利特尔法则）；按 {streams:,} 路估算；如果知道高峰小时的请求数，请告诉我",
        "每天 {per_day:,.0f} 個請求，分布在 {hours:g} 小時內{peak} ≈ 每秒 {rps:.3g} 個 × 每個約 {hold:.1f} 秒 ≈ "
        "忙時 {mean:,.1f} 路並行（利特爾法則）；按 {streams:,} 路估算；如果知道尖峰小時的請求數，請告訴我",
    ),
    # A daily count said per person: who sends it, then the daily count (assume.load.daily follows it).
    "assume.load.people_hourly": (
        "{people:,} people × ~{each:,.3g} requests an hour each = {per_hour:,.0f} requests/hour",
        "{people:,} 人 × 每人每小时约 {each:,.3g} 个请求 = 每小时 {per_hour:,.0f} 个请求",
        "{people:,} 人 × 每人每小時約 {each:,.3g} 個請求 = 每小時 {per_hour:,.0f} 個請求",
    ),
    "assume.load.people": (
        "{senders} × ~{each:,g} requests each = {per_day:,.0f} requests a day",
        "{senders} × 每人约 {each:,g} 个请求 = 每天 {per_day:,.0f} 个请求",
        "{senders} × 每人約 {each:,g} 個請求 = 每天 {per_day:,.0f} 個請求",
    ),
    "assume.load.people.active": (
        "{people:,} people × {share:.0%} active a day = {active:,.0f} people",
        "{people:,} 人 × 日活 {share:.0%} = {active:,.0f} 人",
        "{people:,} 人 × 日活 {share:.0%} = {active:,.0f} 人",
    ),
    "assume.load.people.all": ("{people:,} people", "{people:,} 人", "{people:,} 人"),
    "assume.load.peak": (" × {factor:g} at peak", "，高峰为平均的 {factor:g} 倍", "，尖峰為平均的 {factor:g} 倍"),
    # No peak said: a working window's busiest hour, or a day's (estimator/advice/load.py `busy_hour`).
    "assume.load.peak.window": (
        " × busy hour {factor:g} (a day's traffic peaks: a support desk's busiest hour takes ~20 % of a 10-hour day, {source})",
        " × 忙时系数 {factor:g}（一天的流量有高峰：10 小时的客服台最忙一小时约占全天 20%，{source}）",
        " × 忙時係數 {factor:g}（一天的流量有尖峰：10 小時的客服台最忙一小時約占全天 20%，{source}）",
    ),
    "assume.load.peak.hour_share": (
        ", its busiest hour carrying {share:.0%} of the day, as said (× {factor:g} the average hour)",
        "，最忙的一小时占全天 {share:.0%}（如所述；为平均每小时的 {factor:g} 倍）",
        "，最忙的一小時占全天 {share:.0%}（如所述；為平均每小時的 {factor:g} 倍）",
    ),
    "assume.load.peak.day": (
        " × busy hour {factor:g} (no hours said: the busiest hour holds ~1/12 of the day, the low end of telephone traffic's "
        "1/8-1/10, {source})",
        " × 忙时系数 {factor:g}（未说明时段：最忙一小时约占全天 1/12，电话流量忙时比 1/8-1/10 的下限，{source}）",
        " × 忙時係數 {factor:g}（未說明時段：最忙一小時約占全天 1/12，電話流量忙時比 1/8-1/10 的下限，{source}）",
    ),
    # An unattended volume sized as a job (`assume.volume_job`): no busy hour, no per-stream pace.
    "assume.load.volume_job": (
        "unattended work: the day's {items:,} requests ({per_request:,} tokens each) as one job to finish within {hours:g} h, "
        "sized by its total throughput (no busy hour, no per-stream pace)",
        "无人值守的任务：每天 {items:,} 个请求（每个 {per_request:,} token）作为一个批处理任务，在 {hours:g} 小时内完成，"
        "按总吞吐量估算（不加忙时系数，不按单路速度）",
        "無人值守的任務：每天 {items:,} 個請求（每個 {per_request:,} token）作為一個批次任務，在 {hours:g} 小時內完成，"
        "按總吞吐量估算（不加忙時係數，不按單路速度）",
    ),
    "assume.load.tokens": (
        "{tokens:,.0f} tokens a day ÷ {per_request:,} tokens a request ({prompt:,} in + {output:,} out) = {per_day:,.0f} "
        "requests over {hours:g} h{peak} ≈ {rps:.3g}/s × ~{hold:.1f} s each ≈ {mean:,.1f} concurrent streams in the busy "
        "hour (Little's law); sized for {streams:,}",
        "每天 {tokens:,.0f} token ÷ 每个请求 {per_request:,} token（输入 {prompt:,} + 输出 {output:,}）= {per_day:,.0f} 个请求，"
        "分布在 {hours:g} 小时内{peak} ≈ 每秒 {rps:.3g} 个 × 每个约 {hold:.1f} 秒 ≈ 忙时 {mean:,.1f} 路并发（利特尔法则）；"
        "按 {streams:,} 路估算",
        "每天 {tokens:,.0f} token ÷ 每個請求 {per_request:,} token（輸入 {prompt:,} + 輸出 {output:,}）= {per_day:,.0f} 個請求，"
        "分布在 {hours:g} 小時內{peak} ≈ 每秒 {rps:.3g} 個 × 每個約 {hold:.1f} 秒 ≈ 忙時 {mean:,.1f} 路並行（利特爾法則）；"
        "按 {streams:,} 路估算",
    ),
    "assume.prompt.bill_share": (
        "prompts ~{prompt:,} tokens and answers ~{output:,}: {share}% of the bill pays for output, which at its prices is "
        "{ratio:g} input tokens per output token",
        "提示约 {prompt:,} token、回答约 {output:,} token：账单里 {share}% 花在输出上，按其价格折合每个输出 token 对应 {ratio:g} 个输入 token",
        "提示約 {prompt:,} token、回答約 {output:,} token：帳單裡 {share}% 花在輸出上，按其價格折合每個輸出 token 對應 {ratio:g} 個輸入 token"),
    "assume.load.price_stated": ("the prices you gave", "你给的价格", "你給的價格"),
    "assume.load.api_unnamed": ("the API", "该 API", "該 API"),
    "assume.load.spend": (
        "today's ${spend:,.0f}/month on {model} at ${price_in:g} in / ${price_out:g} out per M tokens ({source}) buys "
        "~{tokens:,.0f} tokens a day; that volume is what buying, renting and the API are compared on",
        "目前每月在 {model} 上花费 ${spend:,.0f}，按每百万 token 输入 ${price_in:g} / 输出 ${price_out:g}（{source}）"
        "约合每天 {tokens:,.0f} token；购买、租用和 API 都按这个用量比较",
        "目前每月在 {model} 上花費 ${spend:,.0f}，按每百萬 token 輸入 ${price_in:g} / 輸出 ${price_out:g}（{source}）"
        "約合每天 {tokens:,.0f} token；購買、租用和 API 都按這個用量比較",
    ),
    "assume.lora": (
        "{adapters:,} LoRA adapters × ~{each:.2f} GB each (rank 16 on every linear layer ≈ 0.5 % of the base's parameters, "
        "FP16; an estimate) = {total:.1f} GB held beside the weights; serve them with a multi-LoRA engine (vLLM "
        "--enable-lora, SGLang, LoRAX) on one copy of the base model",
        "{adapters:,} 个 LoRA 适配器 × 每个约 {each:.2f} GB（秩 16、覆盖全部线性层 ≈ 基座参数的 0.5%，FP16；估计值）= "
        "{total:.1f} GB，与权重一起常驻；用支持多 LoRA 的推理引擎（vLLM --enable-lora、SGLang、LoRAX）共享一份基座模型",
        "{adapters:,} 個 LoRA 配接器 × 每個約 {each:.2f} GB（秩 16、覆蓋全部線性層 ≈ 基座參數的 0.5%，FP16；估計值）= "
        "{total:.1f} GB，與權重一起常駐；用支援多 LoRA 的推論引擎（vLLM --enable-lora、SGLang、LoRAX）共用一份基座模型",
    ),
    "assume.power_per_server": (
        "power: the {per_server:,} W per server is applied to the whole deployment (conservative: several servers may "
        "each draw it; say how many servers or racks you have)",
        "功耗：每台服务器 {per_server:,} W 的上限按整个部署计算（保守：多台服务器可以各用这么多；请告诉我有几台服务器或机柜）",
        "功耗：每台伺服器 {per_server:,} W 的上限按整個部署計算（保守：多台伺服器可以各用這麼多；請告訴我有幾台伺服器或機櫃）",
    ),
    "assume.power_per_rack": (
        "power: {per_rack:,} W per rack × {racks:,} rack(s) = {total:,} W in all (say how many racks if it is more)",
        "功耗：每个机柜 {per_rack:,} W × {racks:,} 个机柜 = 共 {total:,} W（如果机柜更多，请告诉我）",
        "功耗：每個機櫃 {per_rack:,} W × {racks:,} 個機櫃 = 共 {total:,} W（如果機櫃更多，請告訴我）",
    ),
    "assume.power_per_rack_each_server": (
        ("power: {per_rack:,} W per rack, racks not counted: every server must fit one rack's {per_rack:,} W, and the "
         "deployment takes as many racks as its servers need (say how many racks you have if that is fewer)"),
        "功耗：每个机柜 {per_rack:,} W，未说明机柜数：每台服务器须放得进一个机柜的 {per_rack:,} W，部署按服务器需要占用机柜（如果机柜数有限，请告诉我有几个）",
        "功耗：每個機櫃 {per_rack:,} W，未說明機櫃數：每台伺服器須放得進一個機櫃的 {per_rack:,} W，部署按伺服器需要佔用機櫃（如果機櫃數有限，請告訴我有幾個）",
    ),
    "assume.base_utilization": (
        "sized for the peak of {peak:,} concurrent user(s); the usual {base:,} set utilization at {utilization:.0%} for "
        "power and cost per token",
        "按高峰 {peak:,} 人并发估算硬件；平时 {base:,} 人，功耗和每 token 成本按 {utilization:.0%} 利用率计算",
        "按尖峰 {peak:,} 人同時使用估算硬體；平時 {base:,} 人，功耗和每 token 成本按 {utilization:.0%} 使用率計算",
    ),
    "assume.spend_fx": (
        "the API spend of {amount:,.0f} {currency}/month is taken as ${usd:,.0f} at {rate:g} {currency} per US dollar ({date})",
        "每月 API 花费 {amount:,.0f} {currency} 按 1 美元 = {rate:g} {currency} 折合 ${usd:,.0f}（{date}）",
        "每月 API 花費 {amount:,.0f} {currency} 按 1 美元 = {rate:g} {currency} 折合 ${usd:,.0f}（{date}）",
    ),
    "assume.peak_share": (
        "assumed a peak of {users} concurrent user(s) generating at once: {share}% of the {total} people in a session "
        "at the peak (named users of enterprise software peak at 15–25% when they share one time zone; {source}), "
        "each session generating about {gen}% of its time and reading the rest (238 words a minute, {reading_source}: "
        "~5.3 tok/s read against {tps:g} tok/s generated), at the 99th percentile; say the real peak to size for it",
        "假设高峰同时生成 {users} 路：{total} 人中约 {share}% 在高峰时段使用（企业软件的注册用户在同一时区时高峰并发约 15–25%；"
        "{source}），每个会话只有约 {gen}% 的时间在生成，其余时间在阅读回答（每分钟 238 词，{reading_source}：阅读约 5.3 tok/s，"
        "生成 {tps:g} tok/s），按 99 百分位取值；如果知道实际高峰人数，请告诉我",
        "假設尖峰同時生成 {users} 路：{total} 人中約 {share}% 在尖峰時段使用（企業軟體的註冊使用者在同一時區時尖峰並行約 15–25%；"
        "{source}），每個工作階段只有約 {gen}% 的時間在生成，其餘時間在閱讀回答（每分鐘 238 字詞，{reading_source}：閱讀約 5.3 tok/s，"
        "生成 {tps:g} tok/s），按 99 百分位取值；如果知道實際尖峰人數，請告訴我",
    ),
    "assume.peak_share.agents": (
        "assumed a peak of {users} agent session(s) generating at once: {share}% of the {total} people in a session at "
        "the peak (named users of enterprise software peak at 15–25% when they share one time zone; {source}), each "
        "agent generating all the time (it sends its next turn when its tool returns; nobody reads in between); say "
        "the real peak to size for it",
        "假设高峰同时生成 {users} 路智能体会话：{total} 人中约 {share}% 在高峰时段使用（企业软件的注册用户在同一时区时高峰并发约 "
        "15–25%；{source}），每个智能体会话一直在生成（工具返回后立即发下一轮，中间没有人阅读）；如果知道实际高峰数，请告诉我",
        "假設尖峰同時生成 {users} 路智能體會話：{total} 人中約 {share}% 在尖峰時段使用（企業軟體的註冊使用者在同一時區時尖峰並行約 "
        "15–25%；{source}），每個智能體會話一直在生成（工具回傳後立即送出下一輪，中間沒有人閱讀）；如果知道實際尖峰數，請告訴我",
    ),
    "assume.own_device": (
        "each of the {total:,} people runs the model on their own device: sized for one user per device, "
        "{total:,} devices in all",
        "{total:,} 人各自在自己的设备上运行模型：按每台设备一位用户估算，共 {total:,} 台",
        "{total:,} 人各自在自己的裝置上執行模型：按每台裝置一位使用者估算，共 {total:,} 台",
    ),
    # A fleet of identical boxes, one per site (estimator/advice/recommend.py `_sites_plan`).
    "note.sites": (
        "one per site: {sites:,} × ({count}× {hardware}) = ${capex:,.0f} to buy (3-year TCO ${tco:,.0f}); every other "
        "figure here is one site's",
        "每个站点一套：{sites:,} × （{count}× {hardware}）= 采购 ${capex:,.0f}（3 年 TCO ${tco:,.0f}）；其余数字都是单个站点的",
        "每個站點一套：{sites:,} × （{count}× {hardware}）= 採購 ${capex:,.0f}（3 年 TCO ${tco:,.0f}）；其餘數字都是單一站點的",
    ),
    "note.sites.budget": (
        "the budget of ${budget:,.0f} is taken as the whole fleet's: ${share:,.0f} for each of the {sites:,} sites (say "
        "\"per site\" if it is each one's)",
        "预算 ${budget:,.0f} 按整个部署计算：{sites:,} 个站点每处 ${share:,.0f}（如果是每处的预算，请说明）",
        "預算 ${budget:,.0f} 按整個部署計算：{sites:,} 個站點每處 ${share:,.0f}（如果是每處的預算，請說明）",
    ),
    "note.laptops_unpriced": (
        "a laptop is bought, each at its own price and memory size; laptops without a sourced price are left out: {laptops}",
        "买的是笔记本电脑，每台按它自己的价格和内存配置计算；没有可靠来源价格的笔记本未参与比较：{laptops}",
        "買的是筆電，每台按它自己的價格和記憶體配置計算；沒有可靠來源價格的筆電未參與比較：{laptops}",
    ),
    "note.fleet": (
        "one per person: {total:,} × {hardware} cost ${capex:,.0f} to buy (3-year TCO ${tco:,.0f}); "
        "the figures above are for one",
        "每人一台：{total:,} × {hardware} 的采购成本 ${capex:,.0f}（3 年 TCO ${tco:,.0f}）；上面的数字是一台的",
        "每人一台：{total:,} × {hardware} 的採購成本 ${capex:,.0f}（3 年 TCO ${tco:,.0f}）；上面的數字是一台的",
    ),
    "assume.concurrent": (
        "assumed all {users} user(s) can be active at peak (seed 1 sizes its tiers by concurrent users)",
        "假设全部 {users} 位用户在高峰时可能同时使用（种子文档 1 按并发用户数划分档位）",
        "假設全部 {users} 位使用者在尖峰時可能同時使用（種子文件 1 按並行使用者數劃分檔位）",
    ),
    "assume.scale": (
        "treated as {scale} deployment ({users} user(s))", "按{scale}级部署处理（{users} 位用户）",
        "按{scale}級部署處理（{users} 位使用者）",
    ),
    "assume.model": (
        "assumed a {params:g}B model (seed 1's reference size)", "假设模型为 {params:g}B（种子文档 1 的参考规模）",
        "假設模型為 {params:g}B（種子文件 1 的參考規模）",
    ),
    "assume.q8": (
        "assumed Q8_0 because the task is accuracy-critical (seed 1)",
        "因任务对准确率要求高，假设使用 Q8_0（种子文档 1）", "因任務對準確率要求高，假設使用 Q8_0（種子文件 1）",
    ),
    "assume.q4": (
        "assumed Q4_K_M: 3.2× smaller than FP16, <1 % accuracy loss on narrow tasks (seed 1)",
        "假设使用 Q4_K_M：比 FP16 小 3.2×，在特定任务上准确率损失 <1 %（种子文档 1）",
        "假設使用 Q4_K_M：比 FP16 小 3.2×，在特定任務上準確率損失 <1 %（種子文件 1）",
    ),
    # The format an option was sized at when none was stated (estimator/advice/default_format.py), by its basis.
    "assume.format.fp8_native": (
        "assumed FP8 weights: {hardware} runs FP8 natively with {stack} (1 byte per weight, half of BF16; typically "
        "within ~1 % of BF16 accuracy, docs.vllm.ai/en/stable/features/quantization/fp8/); seed 1's Q4_K_M is a "
        "llama.cpp format; say a format to size at it",
        "假设使用 FP8 权重：{hardware} 在 {stack} 上原生支持 FP8（每个权重 1 字节，是 BF16 的一半；准确率通常与 BF16 相差"
        "约 1 % 以内，docs.vllm.ai/en/stable/features/quantization/fp8/）；种子文档 1 的 Q4_K_M 是 llama.cpp 格式；"
        "如要按其他格式估算请说明",
        "假設使用 FP8 權重：{hardware} 在 {stack} 上原生支援 FP8（每個權重 1 位元組，是 BF16 的一半；準確率通常與 BF16 相差"
        "約 1 % 以內，docs.vllm.ai/en/stable/features/quantization/fp8/）；種子文件 1 的 Q4_K_M 是 llama.cpp 格式；"
        "如要按其他格式估算請說明",
    ),
    "assume.format.stack_native": (
        "assumed {quant} weights: the format {stack} serves on {hardware} (its engine loads no llama.cpp format such "
        "as seed 1's Q4_K_M); say a format to size at it",
        "假设使用 {quant} 权重：{stack} 在 {hardware} 上使用的格式（它的引擎不加载种子文档 1 的 Q4_K_M 这类 llama.cpp 格式）；"
        "如要按其他格式估算请说明",
        "假設使用 {quant} 權重：{stack} 在 {hardware} 上使用的格式（它的引擎不載入種子文件 1 的 Q4_K_M 這類 llama.cpp 格式）；"
        "如要按其他格式估算請說明",
    ),
    "assume.format.stack_w8a8": (
        "the FP8 weights are sized as {stack} serves them on {hardware}: re-quantized to W8A8 ({quant} weights and "
        "activations, 1 byte per weight, on its INT8 units at twice the 16-bit rate), since {hardware} has no FP8 units; "
        "check the W8A8 model's accuracy on your eval set",
        "FP8 权重按 {stack} 在 {hardware} 上的实际跑法估算：重新量化为 W8A8（{quant} 权重和激活，每个权重 1 字节，在 INT8 "
        "单元上按 16 位两倍的速率计算），因为 {hardware} 没有 FP8 单元；请在你的评测集上验证 W8A8 模型的准确率",
        "FP8 權重按 {stack} 在 {hardware} 上的實際跑法估算：重新量化為 W8A8（{quant} 權重和激活，每個權重 1 位元組，在 INT8 "
        "單元上按 16 位元兩倍的速率計算），因為 {hardware} 沒有 FP8 單元；請在你的評測集上驗證 W8A8 模型的準確率",
    ),
    "assume.format.int4_batched": (
        "assumed {quant} weights (4-bit weight-only, AWQ / GPTQ): FP8 would leave {hardware} too little room for the "
        "batch's KV cache, and {stack} serves 4-bit weights in its own INT4 kernels (seed 1's Q4_K_M is a llama.cpp "
        "format those engines run least well); AWQ keeps a 4-bit model near 16-bit accuracy (arxiv.org/abs/2306.00978), "
        "check it on your eval set; say a format to size at it",
        "假设使用 {quant} 权重（4 位仅权重量化，AWQ / GPTQ）：FP8 会让 {hardware} 没有足够空间放批处理的 KV 缓存，而 {stack} 用自己的 "
        "INT4 内核运行 4 位权重（种子文档 1 的 Q4_K_M 是 llama.cpp 格式，这类引擎运行它效率最低）；AWQ 能让 4 位模型接近 16 位的"
        "准确率（arxiv.org/abs/2306.00978），请在你的评测集上验证；如要按其他格式估算请说明",
        "假設使用 {quant} 權重（4 位元僅權重量化，AWQ / GPTQ）：FP8 會讓 {hardware} 沒有足夠空間放批次處理的 KV 快取，而 {stack} 用自己的 "
        "INT4 核心執行 4 位元權重（種子文件 1 的 Q4_K_M 是 llama.cpp 格式，這類引擎執行它效率最低）；AWQ 能讓 4 位元模型接近 16 位元的"
        "準確率（arxiv.org/abs/2306.00978），請在你的評測集上驗證；如要按其他格式估算請說明",
    ),
    "assume.prompt": ("assumed prompts of ~{tokens} tokens", "假设提示约 {tokens} token", "假設提示約 {tokens} token"),
    "assume.prompt.half_window": (
        "assumed prompts of ~{tokens} tokens, half the {context}-token window (a session's context grows toward the "
        "window, so a request carries about half of it on average)",
        "假设提示约 {tokens} token，即 {context} token 窗口的一半（会话的上下文逐步增长到窗口，平均每个请求约为一半）",
        "假設提示約 {tokens} token，即 {context} token 窗口的一半（會話的上下文逐步增長到窗口，平均每個請求約為一半）"),
    "assume.prompt.api_traffic": (
        "assumed prompts of ~{tokens} tokens: {api_model}'s own published traffic is {ratio} input tokens per output "
        "token ({source}), so the spend buys prompts and answers in that split",
        "假设提示约 {tokens} token：{api_model} 自己公布的流量是每个输出 token 对应 {ratio} 个输入 token（{source}），花费按这个比例折算成提示和回答",
        "假設提示約 {tokens} token：{api_model} 自己公布的流量是每個輸出 token 對應 {ratio} 個輸入 token（{source}），花費按這個比例折算成提示和回答"),
    "assume.prompt.transcript": (
        "assumed prompts of ~{tokens:,} tokens: the transcript of {minutes:g} minutes of talk at ~{per_minute} tokens a "
        "minute (~150 words a minute of conversation, {source}; ~0.75 words a token)",
        "假设输入约 {tokens:,} token：{minutes:g} 分钟谈话的转写稿，每分钟约 {per_minute} token（对话约每分钟 150 个英文词，{source}；"
        "约 0.75 词一个 token）",
        "假設輸入約 {tokens:,} token：{minutes:g} 分鐘談話的逐字稿，每分鐘約 {per_minute} token（對話約每分鐘 150 個英文詞，{source}；"
        "約 0.75 詞一個 token）",
    ),
    "assume.prompt.images": (
        "assumed prompts of ~{tokens:,} tokens: {images} picture(s) of {each:,} vision tokens each ({source}; a model "
        "without a fixed count: a 1280×720 frame at one token per 28×28 pixels) and ~{text} tokens of instruction",
        "假设提示约 {tokens:,} token：{images} 张图，每张 {each:,} 个视觉 token（{source}；没有固定数目的模型按 1280×720 画面、"
        "每 28×28 像素一个 token 计）加约 {text} token 的指令",
        "假設提示約 {tokens:,} token：{images} 張圖，每張 {each:,} 個視覺 token（{source}；沒有固定數目的模型按 1280×720 畫面、"
        "每 28×28 像素一個 token 計）加約 {text} token 的指令",
    ),
    "assume.prompt.class": ("assumed prompts of ~{tokens:,} tokens, typical of {work} ({source})",
                            "假设提示约 {tokens:,} token，这是{work}的典型长度（{source}）",
                            "假設提示約 {tokens:,} token，這是{work}的典型長度（{source}）"),
    "assume.output.class": ("assumed answers of ~{tokens:,} tokens, typical of {work} ({source})",
                            "假设回答约 {tokens:,} token，这是{work}的典型长度（{source}）",
                            "假設回答約 {tokens:,} token，這是{work}的典型長度（{source}）"),
    "assume.output": ("assumed answers of ~{tokens} tokens", "假设回答约 {tokens} token", "假設回答約 {tokens} token"),
    "assume.speed": ("assumed {tps:g} tok/s per user: {why}", "假设每位用户 {tps:g} tok/s：{why}",
                     "假設每位使用者 {tps:g} tok/s：{why}"),
    "assume.speed.batch": (
        "batch jobs care about throughput (seed 1)", "批处理任务看重吞吐量（种子文档 1）", "批次任務看重吞吐量（種子文件 1）",
    ),
    "assume.speed.personal": (
        "seed 1 calls 15–60 tok/s enough for one person's interactive use",
        "种子文档 1 认为 15–60 tok/s 足够个人交互使用", "種子文件 1 認為 15–60 tok/s 足夠個人互動使用",
    ),
    "assume.day_night.swap": (
        "the two models take turns: {day} serves the people by day and is stopped before the night's job; {night} is "
        "then loaded for it (a minute or two from local disk) and stopped before morning, so each window is sized on its "
        "own model and the two never need memory at once",
        "两个模型轮流运行：白天由 {day} 服务用户，夜里批处理开始前停掉；随后加载 {night} 跑批处理（从本地盘加载约一两分钟），"
        "早上前停掉；所以每个时段按各自的模型估算，两个模型不必同时占用显存",
        "兩個模型輪流執行：白天由 {day} 服務使用者，夜裡批次開始前停掉；隨後載入 {night} 跑批次（從本機磁碟載入約一兩分鐘），"
        "早上前停掉；所以每個時段按各自的模型估算，兩個模型不必同時佔用顯存",
    ),
    "assume.speed.comfortable": (
        "seed 1's comfortable interactive speed, met by an estimate within its typical error ({error} %)",
        "种子文档 1 所说的舒适交互速度，估算在其典型误差（{error}%）内即算达到", "種子文件 1 所說的舒適互動速度，估算在其典型誤差（{error}%）內即算達到",
    ),
    "assume.speed.acceptable_under_rule": (
        "seed 1's acceptable band: within your buying rule the comfortable speed costs more than seed 1's budget-to-production step",
        "种子文档 1 的可接受区间：在你的采购规定内，舒适速度的价格超过种子文档 1 从预算方案到生产方案的差价",
        "種子文件 1 的可接受區間：在你的採購規定內，舒適速度的價格超過種子文件 1 從預算方案到生產方案的差價",
    ),
    "assume.speed.acceptable_preferred": (
        "seed 1's acceptable band: on the makers you prefer the comfortable speed costs more than seed 1's "
        "budget-to-production step",
        "种子文档 1 的可接受区间：在你优先考虑的厂商上，舒适速度的价格超过种子文档 1 从预算方案到生产方案的差价",
        "種子文件 1 的可接受區間：在你優先考慮的廠商上，舒適速度的價格超過種子文件 1 從預算方案到生產方案的差價",
    ),
    "assume.speed.acceptable_on_asked": (
        "seed 1's acceptable band: on the device you asked about, the comfortable speed costs more than seed 1's "
        "budget-to-production step",
        "种子文档 1 的可接受区间：在你问的设备上，舒适速度的价格超过种子文档 1 从预算方案到生产方案的差价",
        "種子文件 1 的可接受區間：在你問的裝置上，舒適速度的價格超過種子文件 1 從預算方案到生產方案的差價",
    ),
    "assume.speed.acceptable_within_limits": (
        "seed 1's acceptable band (15–30): nothing within the limits you set reaches its comfortable speed",
        "种子文档 1 的可接受区间（15–30）：在你设定的限制内达不到它的舒适速度",
        "種子文件 1 的可接受區間（15–30）：在你設定的限制內達不到它的舒適速度",
    ),
    "assume.speed.said_acceptable": (
        "you asked for a usable speed, not a fast one: seed 1's acceptable band (15–30 tok/s), at its floor",
        "你要的是够用而非很快：种子文档 1 的“可接受”区间（15–30 tok/s），按下限估算",
        "你要的是夠用而非很快：種子文件 1 的「可接受」區間（15–30 tok/s），按下限估算",
    ),
    "assume.speed.owned_slow": (
        "you said what you run today is too slow at this load, so a purchase must bring seed 1's comfortable speed "
        "(30 tok/s and up), not the acceptable band it already gives",
        "你说现有硬件在这个负载下太慢，所以采购需达到种子文档 1 的“舒适”速度（30 tok/s 以上），而不是它已给出的“可接受”区间",
        "你說現有硬體在這個負載下太慢，所以採購需達到種子文件 1 的「舒適」速度（30 tok/s 以上），而不是它已給出的「可接受」區間",
    ),
    "assume.speed.said_comfortable": (
        "you asked for a fast, fluent stream: seed 1's comfortable speed (30 tok/s and up)",
        "你要求出字快、流畅：种子文档 1 的“舒适”速度（30 tok/s 以上）",
        "你要求出字快、流暢：種子文件 1 的「舒適」速度（30 tok/s 以上）",
    ),
    "assume.speed.ttft_class": (
        "a first token within {ttft:,} ms is a latency class that also streams a token every ≤ {tpot:g} ms "
        "(MLPerf pairs each first-token bound with a per-token bound of at most a tenth of it: {source})",
        "首 token {ttft:,} ms 以内的延迟等级，后续每个 token 也应 ≤ {tpot:g} ms"
        "（MLPerf 每个首 token 上限都配有不超过其十分之一的每 token 上限：{source}）",
        "首 token {ttft:,} ms 以內的延遲等級，後續每個 token 也應 ≤ {tpot:g} ms"
        "（MLPerf 每個首 token 上限都配有不超過其十分之一的每 token 上限：{source}）",
    ),
    "assume.e2e.ttft": (
        "the {e2e:,} ms end-to-end target split: {output:,} answer tokens at {tps:g} tok/s take {stream:,} ms, "
        "which leaves {ttft:,} ms for the first token",
        "端到端 {e2e:,} ms 的目标拆分：{output:,} 个回答 token 按 {tps:g} tok/s 需要 {stream:,} ms，首 token 还剩 {ttft:,} ms",
        "端到端 {e2e:,} ms 的目標拆分：{output:,} 個回答 token 按 {tps:g} tok/s 需要 {stream:,} ms，首 token 還剩 {ttft:,} ms",
    ),
    "assume.e2e.speed": (
        "the {e2e:,} ms end-to-end target less the {ttft:,} ms first token leaves {output:,} answer tokens "
        "≥ {tps:g} tok/s per user",
        "端到端 {e2e:,} ms 减去首 token {ttft:,} ms，{output:,} 个回答 token 需要每人 ≥ {tps:g} tok/s",
        "端到端 {e2e:,} ms 減去首 token {ttft:,} ms，{output:,} 個回答 token 需要每人 ≥ {tps:g} tok/s",
    ),
    "assume.e2e.mlperf": (
        "the {e2e:,} ms end-to-end target leaves too little for the first token at the usual speed, so it is split "
        "as MLPerf's latency classes pair the two (a token at most every tenth of the first-token bound: {source}): "
        "first token ≤ {ttft:,} ms, then ≥ {tps:g} tok/s for {output:,} answer tokens",
        "端到端 {e2e:,} ms 在常规速度下给首 token 留的时间太少，按 MLPerf 延迟等级拆分（每 token 间隔不超过首 token 上限的"
        "十分之一：{source}）：首 token ≤ {ttft:,} ms，之后 {output:,} 个回答 token ≥ {tps:g} tok/s",
        "端到端 {e2e:,} ms 在常規速度下給首 token 留的時間太少，按 MLPerf 延遲等級拆分（每 token 間隔不超過首 token 上限的"
        "十分之一：{source}）：首 token ≤ {ttft:,} ms，之後 {output:,} 個回答 token ≥ {tps:g} tok/s",
    ),
    "assume.ttft": (
        "assumed a p95 time-to-first-token target of {ms:,} ms", "假设 p95 首 token 延迟目标为 {ms:,} ms",
        "假設 p95 首 token 延遲目標為 {ms:,} ms",
    ),
    "assume.placement": (
        "the box stands {place}: passively cooled server cards (they need a server chassis's forced airflow, and its fans "
        "are loud) and rack-only systems are left out ({source})",
        "机器放在{place}：不考虑被动散热的服务器卡（需要服务器机箱的强制风冷，风扇噪音大）和只能上机架的系统（{source}）",
        "機器放在{place}：不考慮被動散熱的伺服器卡（需要伺服器機殼的強制氣流，風扇噪音大）和只能上機架的系統（{source}）",
    ),
    "assume.fanless": (
        "a fanless box: each device's draw held to {watts} W, what a passive chassis is typically rated to dissipate ({source})",
        "无风扇机箱：每台设备功耗按 {watts} W 以内算，这是被动散热机箱常见的额定散热能力（{source}）",
        "無風扇機殼：每台裝置功耗按 {watts} W 以內算，這是被動散熱機殼常見的額定散熱能力（{source}）",
    ),
    "assume.ttft.irrelevant": (
        "no first-token target: you said the first token does not matter (bounded only at {ms:,} ms, as a batch job's)",
        "不设首 token 目标：你说首 token 快慢无所谓（只按批处理的 {ms:,} ms 上限看）",
        "不設首 token 目標：你說首 token 快慢無所謂（只按批次處理的 {ms:,} ms 上限看）",
    ),
    "assume.ttft.answer": (
        "assumed a p95 time-to-first-token target of {ms:,} ms: the answer itself (~{tokens:,} tokens at {tps:g} tok/s)"
        " streams for ~{minutes:.1f} min, and a first token nobody bounded is judged as ~{share}% of that wait, the share"
        " a 1 s first token takes of a short chat answer",
        "假设 p95 首 token 延迟目标为 {ms:,} ms：回答本身（约 {tokens:,} token，每秒 {tps:g} 个）要输出约 {minutes:.1f} 分钟，"
        "没有给定的首 token 目标按这段等待的约 {share}% 来判断，即 1 秒首 token 在一段短聊天回答里所占的比例",
        "假設 p95 首 token 延遲目標為 {ms:,} ms：回答本身（約 {tokens:,} token，每秒 {tps:g} 個）要輸出約 {minutes:.1f} 分鐘，"
        "沒有給定的首 token 目標按這段等待的約 {share}% 來判斷，即 1 秒首 token 在一段短聊天回答裡所佔的比例",
    ),
    "assume.steady": (
        "assumed steady arrivals (bursty traffic needs more headroom)", "假设请求平稳到达（突发流量需要更多余量）",
        "假設請求平穩到達（突發流量需要更多餘量）",
    ),
    "assume.one_model": ("assumed one model served at a time", "假设同一时间只服务一个模型", "假設同一時間只服務一個模型"),
    "assume.dynamic": (
        "assumed variable-length prompts (dynamic shapes), as in chat and document work",
        "假设提示长度可变（动态形状），和聊天、文档处理一样", "假設提示長度可變（動態形狀），和聊天、文件處理一樣",
    ),
    "assume.stable": (
        "assumed the model changes rarely (one port if the stack needs one)",
        "假设模型很少更换（如软件栈需要移植，只移植一次）", "假設模型很少更換（如軟體棧需要移植，只移植一次）",
    ),
    "assume.no_owned": (
        "no owned device stated, so options are purchases; a laptop you already own costs $0 "
        "(seed 1: personal use runs on devices people already have)",
        "没有说明已有设备，所以方案都按采购计算；你已有的笔记本成本为 $0（种子文档 1：个人使用跑在已有的设备上）",
        "沒有說明已有裝置，所以方案都按採購計算；你已有的筆電成本為 $0（種子文件 1：個人使用跑在已有的裝置上）",
    ),
    "assume.tco_basis": (
        "TCO basis: {hours:g} h/day at {utilization:.0%} utilization, ${price:g}/kWh, amortized over {years} "
        "years (seed 1)",
        "TCO 基准：每天 {hours:g} h，利用率 {utilization:.0%}，${price:g}/kWh，按 {years} 年折旧（种子文档 1）",
        "TCO 基準：每天 {hours:g} h，使用率 {utilization:.0%}，${price:g}/kWh，按 {years} 年攤提（種子文件 1）",
    ),
}

_RECOMMEND: dict[str, tuple[str, str, str]] = {
    "rec.owned": (" (already owned)", "（已有）", "（已有）"),
    "rec.spare": (", including one spare for N+1 failover", "，含一台 N+1 备机", "，含一台 N+1 備機"),
    "rec.failover": (
        " (counted at seed 1's acceptable speed: with one device out, the other {left} still carry the peak at "
        "~{tps:,.0f} tok/s per user)",
        "（按种子文档 1 的可接受速度计：坏一张卡时，其余 {left} 张仍以每位用户约 {tps:,.0f} tok/s 承载高峰）",
        "（按種子文件 1 的可接受速度計：壞一張卡時，其餘 {left} 張仍以每位使用者約 {tps:,.0f} tok/s 承載尖峰）",
    ),
    "rec.describe": (
        "{count} × {hardware}{owned} with {stack}{spare}: {tps:,.0f} tok/s per user, p95 TTFT {ttft:,.0f} ms, "
        "capacity ~{capacity:,} concurrent user(s); capex ${capex:,.0f}, 3-year TCO ${tco:,.0f}",
        "{count} × {hardware}{owned}，使用 {stack}{spare}：每位用户 {tps:,.0f} tok/s，p95 TTFT {ttft:,.0f} ms，"
        "容量约 {capacity:,} 位并发用户；采购成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}",
        "{count} × {hardware}{owned}，使用 {stack}{spare}：每位使用者 {tps:,.0f} tok/s，p95 TTFT {ttft:,.0f} ms，"
        "容量約 {capacity:,} 位並行使用者；採購成本 ${capex:,.0f}，3 年 TCO ${tco:,.0f}",
    ),
    "rec.per_m": (", ${per_m:,.3f}/M tokens", "，每百万 token ${per_m:,.3f}", "，每百萬 token ${per_m:,.3f}"),
    "rec.power": (", {power:,.0f} W peak", "，峰值 {power:,.0f} W", "，峰值 {power:,.0f} W"),
    "rec.served_many": ("{models} × {size} models", "{models} 个 {size} 模型", "{models} 個 {size} 模型"),
    "rec.served_one": ("a {size} model", "一个 {size} 模型", "一個 {size} 模型"),
    "rec.served_together": ("{models} models together ({size} + {others})", "同时服务的 {models} 个模型（{size} + {others}）",
                            "同時服務的 {models} 個模型（{size} + {others}）"),
    "rec.head": (
        "For {peak} concurrent user(s) of {served} at {quant}, ≥{tps:g} tok/s and p95 TTFT ≤{ttft:,} ms: ",
        "{peak} 位并发用户使用{served}（{quant}），要求 ≥{tps:g} tok/s、p95 TTFT ≤{ttft:,} ms：",
        "{peak} 位並行使用者使用{served}（{quant}），要求 ≥{tps:g} tok/s、p95 TTFT ≤{ttft:,} ms：",
    ),
    "rec.head_load": (  # the first-token bound was assumed and waived for the primary: it is not a target it met
        "For {peak} concurrent user(s) of {served} at {quant}, ≥{tps:g} tok/s, sized for the load (no first-token "
        "target stated): ",
        "{peak} 位并发用户使用{served}（{quant}），要求 ≥{tps:g} tok/s，按负载配置（未给首 token 目标）：",
        "{peak} 位並行使用者使用{served}（{quant}），要求 ≥{tps:g} tok/s，按負載配置（未給首 token 目標）：",
    ),
    "rec.none_meets": (
        "no option meets every constraint; closest: {describe}.", "没有方案满足全部约束；最接近的是：{describe}。",
        "沒有方案滿足全部約束；最接近的是：{describe}。",
    ),
    "rec.lowest": (
        "{describe}. Lowest risk-weighted cost per served token of {n} options that meet every target",
        "{describe}。在满足全部目标的 {n} 个方案中，按风险加权后每服务 token 成本最低",
        "{describe}。在滿足全部目標的 {n} 個方案中，按風險加權後每服務 token 成本最低",
    ),
    "note.card_variant": (
        "{asked} is sold only on {board}-device baseboards: {count} × {asked} is taken as {count} × {hardware}, the "
        "same chip sold as a card",
        "{asked} 只按 {board} 卡基板出售：{count} × {asked} 按 {count} × {hardware}（同一芯片的单卡版）计算",
        "{asked} 只按 {board} 卡基板出售：{count} × {asked} 按 {count} × {hardware}（同一晶片的單卡版）計算",
    ),
    "note.priced_variant": (
        "{asked} has no sourced price: buying it is costed as the {hardware}, the same chip with a sourced price "
        "(bought {board} at a time)",
        "{asked} 没有有来源的价格：购买按同一芯片、有来源价格的 {hardware} 核算（每次购买 {board} 张）",
        "{asked} 沒有有來源的價格：購買按同一晶片、有來源價格的 {hardware} 核算（每次購買 {board} 張）",
    ),
    "rec.named_lead": (
        "{describe}. Of the options you named, the one that meets every target at the lowest risk-weighted cost per "
        "served token",
        "{describe}。在你提到的方案中，它满足全部目标，且按风险加权后每服务 token 成本最低",
        "{describe}。在你提到的方案中，它滿足全部目標，且按風險加權後每服務 token 成本最低",
    ),
    "rec.preferred_lead": (
        "{describe}. You prefer its maker: of the preferred makers' options it meets every target, within seed 1's "
        "budget-to-production step ({step:.1f}×) of the lowest-cost purchase",
        "{describe}。你优先考虑它的厂商：在优先厂商的方案中它满足全部目标，价格在最低成本方案的种子文档 1 预算到生产差价（{step:.1f} 倍）以内",
        "{describe}。你優先考慮它的廠商：在優先廠商的方案中它滿足全部目標，價格在最低成本方案的種子文件 1 預算到生產差價（{step:.1f} 倍）以內",
    ),
    "rec.preferred_aside": (
        "; from another maker, {count} × {hardware} would meet them for less (capex ${capex:,.0f}, {tps:.0f} tok/s per user)",
        "；其他厂商的 {count} × {hardware} 也能满足，而且更便宜（采购成本 ${capex:,.0f}，每用户 {tps:.0f} tok/s）",
        "；其他廠商的 {count} × {hardware} 也能滿足，而且更便宜（採購成本 ${capex:,.0f}，每用戶 {tps:.0f} tok/s）",
    ),
    "rec.named_aside": (
        "; not among those you named, {count} × {hardware} would also meet them for less (capex ${capex:,.0f}, "
        "{tps:.0f} tok/s per user)",
        "；你没提到的 {count} × {hardware} 也能满足，而且更便宜（采购成本 ${capex:,.0f}，每用户 {tps:.0f} tok/s）",
        "；你沒提到的 {count} × {hardware} 也能滿足，而且更便宜（採購成本 ${capex:,.0f}，每用戶 {tps:.0f} tok/s）",
    ),
    "rec.accel_leads": (
        ("{describe}. Seed 2's accelerator case holds (stable model, small batches, high concurrency, a power "
         "limit), so the accelerator that meets every target within your limits leads; {n} options meet every target"),
        "{describe}。符合种子文档 2 的推理加速卡场景（模型固定、批量小、并发高、有功耗上限），所以由在你的限制内满足全部目标的"
        "推理加速卡领衔；共有 {n} 个方案满足全部目标",
        "{describe}。符合種子文件 2 的推理加速卡場景（模型固定、批次小、併發高、有功耗上限），所以由在你的限制內滿足全部目標的"
        "推理加速卡領銜；共有 {n} 個方案滿足全部目標",
    ),
    "rec.leads_held_back": (
        "{describe}. It leads the {n} options that meet every target",
        "{describe}。它在满足全部目标的 {n} 个方案中领衔",
        "{describe}。它在滿足全部目標的 {n} 個方案中領銜",
    ),
    "rec.accel_held_back": (
        ("; {count} × {hardware} ranks {saving:.0%} lower on risk-weighted cost per served token (${cost:,.3f}/M "
         "before risk) and is listed as an alternative, not the primary: seed 2 puts an inference accelerator first only for a stable model with small "
         "batches, high concurrency and a binding power or space limit (or one stream of a mid-size model under an "
         "ultra-low latency bound), where its one-time port pays back; here {unmet}"),
        ("；{count} × {hardware} 按风险加权后每服务 token 成本低 {saving:.0%}（未加权为每百万 token ${cost:,.3f}），列为备选而非主推荐："
         "种子文档 2 只在模型固定、批量小、并发高且功耗或空间有硬约束时（或中等模型单请求、超低延迟时）优先推荐推理加速卡，"
         "那时一次性的迁移投入才能收回；这里{unmet}"),
        ("；{count} × {hardware} 按風險加權後每服務 token 成本低 {saving:.0%}（未加權為每百萬 token ${cost:,.3f}），列為備選而非主推薦："
         "種子文件 2 只在模型固定、批次小、併發高且功耗或空間有硬約束時（或中等模型單請求、超低延遲時）優先推薦推理加速卡，"
         "那時一次性的遷移投入才能回收；這裡{unmet}"),
    ),
    "seed2.unmet.model_unstated": ("the model is not said to be fixed", "没说模型已经定型", "沒說模型已經定型"),
    "seed2.unmet.model_changes": ("the model changes often", "模型经常改动", "模型經常改動"),
    "seed2.unmet.model_training": (
        "the hardware also trains the model", "同一套硬件还要训练模型", "同一套硬體還要訓練模型",
    ),
    "seed2.unmet.small_batches": ("the work comes in large batches", "负载是大批量", "負載是大批量"),
    "seed2.unmet.high_concurrency": (
        "concurrency is not in the hundreds", "并发不到几百路", "併發不到幾百路",
    ),
    "seed2.unmet.power_or_space_limit": (
        "no power or space limit binds", "没有功耗或空间的硬约束", "沒有功耗或空間的硬約束",
    ),
    "rec.near_tie": (
        "{describe}. Of {n} options that meet every target, {count} × {hardware} serves a token {gap:.0%} cheaper "
        "(${cost:,.3f}/M), inside the estimator's typical error of ±{band:.0%}: a near-tie, so the smaller purchase "
        "leads (${saved:,.0f} less capex, no more risk; seed 1: start with the smallest configuration that meets "
        "today's needs)",
        "{describe}。在满足全部目标的 {n} 个方案中，{count} × {hardware} 每 token 便宜 {gap:.0%}（每百万 token "
        "${cost:,.3f}），在估算器的典型误差 ±{band:.0%} 之内，算作持平，所以由投入较小的方案领衔（资本支出少 "
        "${saved:,.0f}，风险不更高；种子文档 1：从满足当前需求的最小配置开始）",
        "{describe}。在滿足全部目標的 {n} 個方案中，{count} × {hardware} 每 token 便宜 {gap:.0%}（每百萬 token "
        "${cost:,.3f}），在估算器的典型誤差 ±{band:.0%} 之內，算作持平，所以由投入較小的方案領銜（資本支出少 "
        "${saved:,.0f}，風險不更高；種子文件 1：從滿足當前需求的最小配置開始）",
    ),
    "rec.only": (
        "{describe}. The only option that meets every target", "{describe}。这是唯一满足全部目标的方案",
        "{describe}。這是唯一滿足全部目標的方案",
    ),
    "rec.rival_cheaper": (
        ", weighing risk: {count} × {hardware} is cheaper (${cost:,.3f}/M) but carries {rival_risks}, "
        "against {risks} here",
        "；考虑风险后：{count} × {hardware} 更便宜（每百万 token ${cost:,.3f}），但有{rival_risks}，而本方案是{risks}",
        "；考慮風險後：{count} × {hardware} 更便宜（每百萬 token ${cost:,.3f}），但有{rival_risks}，而本方案是{risks}",
    ),
    "rec.rival_dearer": (
        "; the cheapest other device, {count} × {hardware}, costs {gap:.0%} more per token",
        "；其他设备中最便宜的 {count} × {hardware}，每 token 成本高 {gap:.0%}",
        "；其他裝置中最便宜的 {count} × {hardware}，每 token 成本高 {gap:.0%}",
    ),
    "rec.rival_risks": (" and carries {risks}", "，且有{risks}", "，且有{risks}"),
    "rec.risk_high": ("high {ids}", "高风险 {ids}", "高風險 {ids}"),
    "rec.risk_medium": ("medium {ids}", "中风险 {ids}", "中風險 {ids}"),
    "rec.risk_none": ("no notable risk", "无明显风险", "無明顯風險"),
    "relax.speed": (
        "lower the per-user speed target from {target:g} to {speed:.0f} tok/s ({change:+.0%}), or cut peak "
        "concurrency to {capacity}",
        "把每位用户的速度目标从 {target:g} 降到 {speed:.0f} tok/s（{change:+.0%}），或把高峰并发降到 {capacity}",
        "把每位使用者的速度目標從 {target:g} 降到 {speed:.0f} tok/s（{change:+.0%}），或把尖峰並行降到 {capacity}",
    ),
    "relax.speed_only": (
        "lower the per-user speed target from {target:g} to {speed:.0f} tok/s ({change:+.0%}): not even one user "
        "gets {target:g} on it",
        "把每位用户的速度目标从 {target:g} 降到 {speed:.0f} tok/s（{change:+.0%}）：它连一位用户都达不到 {target:g}",
        "把每位使用者的速度目標從 {target:g} 降到 {speed:.0f} tok/s（{change:+.0%}）：它連一位使用者都達不到 {target:g}",
    ),
    "relax.ttft": (
        "relax the p95 TTFT target from {target:,} to {ttft:,.0f} ms", "把 p95 TTFT 目标从 {target:,} 放宽到 {ttft:,.0f} ms",
        "把 p95 TTFT 目標從 {target:,} 放寬到 {ttft:,.0f} ms",
    ),
    "relax.users": (
        "cut peak concurrency from {users} to {capacity}", "把高峰并发从 {users} 降到 {capacity}",
        "把尖峰並行從 {users} 降到 {capacity}",
    ),
    "relax.memory": (
        "cut the memory needed from ~{need:,.0f} GB to the {hold:,.0f} GB it holds: a smaller weight format, fewer "
        "models at once, fewer users or shorter contexts",
        "把所需内存从约 {need:,.0f} GB 降到它能容纳的 {hold:,.0f} GB：更小的权重格式、同时少跑几个模型、减少用户或缩短上下文",
        "把所需記憶體從約 {need:,.0f} GB 降到它能容納的 {hold:,.0f} GB：更小的權重格式、同時少跑幾個模型、減少使用者或縮短上下文",
    ),
    "relax.budget": (
        "raise the capex budget from ${budget:,.0f} to ${capex:,.0f} (+${extra:,.0f})",
        "把采购预算从 ${budget:,.0f} 提高到 ${capex:,.0f}（+${extra:,.0f}）",
        "把採購預算從 ${budget:,.0f} 提高到 ${capex:,.0f}（+${extra:,.0f}）",
    ),
    "relax.power_unknown": (
        "confirm the power draw of {hardware} (no TDP on record) against the {budget:,} W budget",
        "对照 {budget:,} W 预算确认 {hardware} 的功耗（资料库里没有 TDP）",
        "對照 {budget:,} W 預算確認 {hardware} 的功耗（資料庫裡沒有 TDP）",
    ),
    "relax.power": (
        "raise the power budget from {budget:,} W to {power:,.0f} W (+{extra:.0%})",
        "把功耗预算从 {budget:,} W 提高到 {power:,.0f} W（+{extra:.0%}）",
        "把功耗預算從 {budget:,} W 提高到 {power:,.0f} W（+{extra:.0%}）",
    ),
    "rec.none_eligible": (
        "No device in the catalog is eligible for this workload: {reasons}. Relax a constraint (existing hardware, "
        "training on the same hardware) or add priced devices.",
        "资料库里没有设备适合这个负载：{reasons}。请放宽某个约束（已有硬件、在同一硬件上训练），或添加有价格的设备。",
        "資料庫裡沒有裝置適合這個負載：{reasons}。請放寬某個約束（已有硬體、在同一硬體上訓練），或新增有價格的裝置。",
    ),
    "rec.too_big": (
        "A {params:g}B model at {quant} needs ~{required:,.0f} GB for {users} user(s); the largest option, {count} × "
        "{hardware}, holds {available:,.0f} GB. Use a smaller model, a lower-bit quantization (e.g. Q4_K_M), fewer "
        "concurrent users or a shorter context.",
        "{params:g}B 模型（{quant}）服务 {users} 位用户需要约 {required:,.0f} GB；最大的方案 {count} × {hardware} "
        "只有 {available:,.0f} GB。请换更小的模型、更低位的量化（例如 Q4_K_M）、减少并发用户或缩短上下文。",
        "{params:g}B 模型（{quant}）服務 {users} 位使用者需要約 {required:,.0f} GB；最大的方案 {count} × {hardware} "
        "只有 {available:,.0f} GB。請換更小的模型、更低位元的量化（例如 Q4_K_M）、減少並行使用者或縮短上下文。",
    ),
    "note.ranking": (
        "ranked by 3-year-amortized cost per served token (served = up to {overload}× the peak at the target "
        "speed), each medium risk adding {weight:.0%} and each high risk {high_weight:.0%}",
        "按 3 年折旧后每服务 token 的成本排序（服务量 = 在目标速度下最多 {overload}× 高峰），"
        "每个中风险加 {weight:.0%}，每个高风险加 {high_weight:.0%}",
        "按 3 年攤提後每服務 token 的成本排序（服務量 = 在目標速度下最多 {overload}× 尖峰），"
        "每個中風險加 {weight:.0%}，每個高風險加 {high_weight:.0%}",
    ),
    "note.p95": (
        "TTFT targets are checked at p95 under the arrival model; prices marked as estimates are estimates",
        "TTFT 目标按到达模型下的 p95 检查；标为估算的价格是估算值",
        "TTFT 目標按到達模型下的 p95 檢查；標為估算的價格是估算值",
    ),
    "note.failover": (
        "failover asked, N+1 (seed 1): every server option keeps serving the peak with one device out, at ≥15 tok/s "
        "per user and the first-token target until it is replaced; a spare device (a whole baseboard where they come "
        "in boards) is added only where the others would fall below that, and a spare server against a whole-server "
        "failure is not included (ask for it if you need it)",
        "已要求故障切换，N+1（种子文档 1）：每个服务器方案在坏一张卡时仍能承载高峰，每位用户 ≥15 tok/s 并满足首 token "
        "目标，直到换卡；只有剩下的卡达不到这一点时才加一张备卡（按整块基板销售的设备则加一整块基板）；不含防整台服务器"
        "故障的备用服务器（如需要请说明）",
        "已要求故障切換，N+1（種子文件 1）：每個伺服器方案在壞一張卡時仍能承載尖峰，每位使用者 ≥15 tok/s 並滿足首 token "
        "目標，直到換卡；只有剩下的卡達不到這一點時才加一張備卡（按整塊基板銷售的裝置則加一整塊基板）；不含防整台伺服器"
        "故障的備用伺服器（如需要請說明）",
    ),
    "note.day_night.day": (
        "two workloads in turn on one box, sized separately: by day {users} people at {tps:g} tok/s each need {day} × "
        "{hardware}; at night {items:,} items within {window:g} h need {night}; the day's chat decides the purchase "
        "({count}), and the job finishes in ~{hours:g} h on it",
        "同一台机器分时跑两种负载，分别估算：白天 {users} 人、每人 {tps:g} tok/s 需要 {day} × {hardware}；夜里 {items:,} "
        "条在 {window:g} 小时内跑完需要 {night}；白天的对话决定采购数量（{count}），批处理在这套配置上约 {hours:g} 小时跑完",
        "同一台機器分時跑兩種負載，分別估算：白天 {users} 人、每人 {tps:g} tok/s 需要 {day} × {hardware}；夜裡 {items:,} "
        "則在 {window:g} 小時內跑完需要 {night}；白天的對話決定採購數量（{count}），批次在這套配置上約 {hours:g} 小時跑完",
    ),
    "note.day_night.night": (
        "two workloads in turn on one box, sized separately: by day {users} people at {tps:g} tok/s each need {day} × "
        "{hardware}; at night {items:,} items within {window:g} h need {night}; the night's job decides the purchase "
        "({count}, finishing in ~{hours:g} h), and the day's chat runs on it with room to spare",
        "同一台机器分时跑两种负载，分别估算：白天 {users} 人、每人 {tps:g} tok/s 需要 {day} × {hardware}；夜里 {items:,} "
        "条在 {window:g} 小时内跑完需要 {night}；夜里的批处理决定采购数量（{count}，约 {hours:g} 小时跑完），白天的对话绰绰有余",
        "同一台機器分時跑兩種負載，分別估算：白天 {users} 人、每人 {tps:g} tok/s 需要 {day} × {hardware}；夜裡 {items:,} "
        "則在 {window:g} 小時內跑完需要 {night}；夜裡的批次決定採購數量（{count}，約 {hours:g} 小時跑完），白天的對話綽綽有餘",
    ),
    "note.day_night.both": (
        "two workloads in turn on one box, sized separately: by day {users} people at {tps:g} tok/s each and at night "
        "{items:,} items within {window:g} h both need {count} × {hardware} (day {day}, night {night}; the job takes ~{hours:g} h)",
        "同一台机器分时跑两种负载，分别估算：白天 {users} 人、每人 {tps:g} tok/s，夜里 {items:,} 条在 {window:g} 小时内跑完，"
        "都需要 {count} × {hardware}（白天 {day}，夜里 {night}；批处理约 {hours:g} 小时）",
        "同一台機器分時跑兩種負載，分別估算：白天 {users} 人、每人 {tps:g} tok/s，夜裡 {items:,} 則在 {window:g} 小時內跑完，"
        "都需要 {count} × {hardware}（白天 {day}，夜裡 {night}；批次約 {hours:g} 小時）",
    ),
    "note.headroom_cure": (
        "its thin headroom (tail latency, seed 2's {overload:g}× overload) was weighed at what curing it costs, not above: "
        "{count} × {hardware} carry {overload:g}× the peak for ${extra:,.0f} more; buy that if bursts above the peak are "
        "expected, or add cards after the pilot's overload test",
        "它的余量偏紧（尾延迟、种子文档 2 的 {overload:g}× 过载测试），排序时按补足余量的价格计，不再多算："
        "{count} × {hardware} 可承载 {overload:g}× 高峰，多花 ${extra:,.0f}；预计高峰之上还有突发就直接买这个配置，"
        "否则先按试点的过载测试结果再加卡",
        "它的餘量偏緊（尾延遲、種子文件 2 的 {overload:g}× 過載測試），排序時按補足餘量的價格計，不再多算："
        "{count} × {hardware} 可承載 {overload:g}× 尖峰，多花 ${extra:,.0f}；預計尖峰之上還有突發就直接買這個配置，"
        "否則先按試點的過載測試結果再加卡",
    ),
    "note.spare_offer": (
        "no spare is included: the count serves the peak at the targets, and you did not ask for failover. Option: "
        "+{count} × {hardware} as an N+1 spare for ${price:,.0f} keeps the service up through one card failure "
        "(seed 1 suggests it at organization scale; say if you need it)",
        "未含备用卡：这个数量已按目标承载高峰，你也没有要求故障切换。可选：再加 {count} × {hardware} 作 N+1 备用，"
        "多花 ${price:,.0f}，坏一张卡时服务不中断（种子文档 1 建议全组织规模考虑；需要请说明）",
        "未含備用卡：這個數量已按目標承載尖峰，你也沒有要求故障切換。可選：再加 {count} × {hardware} 作 N+1 備用，"
        "多花 ${price:,.0f}，壞一張卡時服務不中斷（種子文件 1 建議全組織規模考慮；需要請說明）",
    ),
    "note.models_together": (
        "{models} models served at once, {total:g}B of weights together: sized as one deployment holding each of them (memory "
        "and weight reads for every model; compute as for one {total:g}B model, which overstates prefill)",
        "同时服务 {models} 个模型，合计 {total:g}B 权重：按一个装下每个模型的部署来估算（内存和权重读取按每个模型各自计算；"
        "算力按一个 {total:g}B 模型计算，会高估预填充）",
        "同時服務 {models} 個模型，合計 {total:g}B 權重：按一個裝下每個模型的部署來估算（記憶體和權重讀取按每個模型各自計算；"
        "算力按一個 {total:g}B 模型計算，會高估預填充）",
    ),
    "note.models_each_load": (
        "{models} models served at once, {total:g}B of weights together: each model's weights held once, each chat model's "
        "KV cache for its own streams and each prompt run through its own model; embedders and rerankers hold their "
        "weights and stream no answers. On a shared device every model's step runs in turn, so a user waits for all of them",
        "同时服务 {models} 个模型，合计 {total:g}B 权重：每个模型的权重各放一份，每个对话模型的 KV 缓存按它自己的并发计，"
        "每条提示只过它自己的模型；向量和重排模型只占权重，不产生对话流。同一张卡上各模型轮流跑一步，用户要等所有模型的这一步",
        "同時服務 {models} 個模型，合計 {total:g}B 權重：每個模型的權重各放一份，每個對話模型的 KV 快取按它自己的並發計，"
        "每條提示只過它自己的模型；向量和重排模型只佔權重，不產生對話流。同一張卡上各模型輪流跑一步，使用者要等所有模型的這一步",
    ),
    "note.placement": (
        "on the {count} × {hardware} the models can also sit apart, so one model's users never wait for another's step: "
        "{groups}",
        "{count} × {hardware} 上也可以把模型分开放，一个模型的用户就不用等另一个模型的那一步：{groups}",
        "{count} × {hardware} 上也可以把模型分開放，一個模型的使用者就不用等另一個模型的那一步：{groups}",
    ),
    "note.placement_group": (
        "{models} on {devices} ({memory:.0f} GB, ~{speed:.0f} tok/s per user at ~80 % of the memory bandwidth)",
        "{models} 放 {devices} 张（{memory:.0f} GB，按约 80% 显存带宽约每人 {speed:.0f} tok/s）",
        "{models} 放 {devices} 張（{memory:.0f} GB，按約 80% 記憶體頻寬約每人 {speed:.0f} tok/s）",
    ),
    "note.placement_group_side": (
        "{models} on {devices} ({memory:.0f} GB)",
        "{models} 放 {devices} 张（{memory:.0f} GB）",
        "{models} 放 {devices} 張（{memory:.0f} GB）",
    ),
    "note.multi_model": (
        "{models} models served at once: sized as one deployment holding all of them (memory and weight reads "
        "for {models} copies; compute as for one {total:g}B model, which overstates prefill)",
        "同时服务 {models} 个模型：按一个装下全部模型的部署来估算（内存和权重读取按 {models} 份计算；"
        "算力按一个 {total:g}B 模型计算，会高估预填充）",
        "同時服務 {models} 個模型：按一個裝下全部模型的部署來估算（記憶體和權重讀取按 {models} 份計算；"
        "算力按一個 {total:g}B 模型計算，會高估預填充）",
    ),
    "note.more": (" and {n} more", " 等另外 {n} 个", " 等另外 {n} 個"),
    "note.excluded": ("not considered ({reason}): {ids}", "未纳入考虑（{reason}）：{ids}", "未納入考慮（{reason}）：{ids}"),
    "note.shape_source": ("{source}'s shape", " {source} 的结构", " {source} 的結構"),  # a space before the Latin id
    "note.engine_elsewhere": (
        "{engine} does not run on the {hardware} in the catalog, so it is sized with {stack}",
        "{engine} 在目录里不支持 {hardware}，所以按 {stack} 估算",
        "{engine} 在目錄裡不支援 {hardware}，所以按 {stack} 估算",
    ),
    "note.engine_stand_in": (
        "{engine} is sized as {stack}, the nearest engine the catalog measures (continuous batching, paged KV cache)",
        "{engine} 按 {stack} 估算（目录里最接近的引擎：连续批处理、分页 KV 缓存）",
        "{engine} 按 {stack} 估算（目錄裡最接近的引擎：連續批次處理、分頁 KV 快取）",
    ),
    "note.prefix_cached": (
        ("Prefix cache: {cached:,} of each prompt's {prompt:,} tokens are shared, so prefill computes the rest; the KV "
         "cache is still sized for the whole prompt per user (it must fit when prompts differ)"),
        "前缀缓存：每个提示 {prompt:,} token 中有 {cached:,} 个是共用的，预填充只算其余部分；KV 缓存仍按每人整段提示计算（提示不同也要放得下）",
        "前綴快取：每個提示 {prompt:,} token 中有 {cached:,} 個是共用的，預填充只算其餘部分；KV 快取仍按每人整段提示計算（提示不同也要放得下）",
    ),
    "note.own_history_cached": (
        ("Each turn reuses the session's earlier context from the engine's prefix cache ({engine} default); only the new "
         "~{new:,} tokens of each ~{prompt:,}-token turn are prefilled, while the KV cache holds every session's whole context"),
        "每一轮都从引擎的前缀缓存里复用该会话之前的上下文（{engine} 默认开启）；每轮约 {prompt:,} token 中只预填充新的约 {new:,} 个，KV 缓存仍为每个会话放下整段上下文",
        "每一輪都從引擎的前綴快取裡重用該會話之前的上下文（{engine} 預設開啟）；每輪約 {prompt:,} token 中只預填充新的約 {new:,} 個，KV 快取仍為每個會話放下整段上下文",
    ),
    "note.own_history_off": (
        "Prefix caching is off, as you said: every turn prefills its whole ~{prompt:,} tokens of session",
        "按你说的前缀缓存关闭：每一轮都要预填充整段约 {prompt:,} token 的会话",
        "按你說的前綴快取關閉：每一輪都要預填充整段約 {prompt:,} token 的會話",
    ),
    "note.own_history_not_default": (
        ("{stack} keeps no prefix cache by default on record: every turn prefills its whole ~{prompt:,} tokens of session "
         "(turning a prefix cache on would prefill only each turn's new tokens)"),
        "{stack} 没有默认开启前缀缓存的记录：每一轮都要预填充整段约 {prompt:,} token 的会话（开启前缀缓存后每轮只算新的 token）",
        "{stack} 沒有預設開啟前綴快取的紀錄：每一輪都要預填充整段約 {prompt:,} token 的會話（開啟前綴快取後每輪只算新的 token）",
    ),
    "note.own_history_unresident": (
        ("The load is a rate, not a number of sessions: the conversations behind it are not known to stay in memory, so "
         "every turn is sized as prefilling its whole ~{prompt:,} tokens"),
        "负载是按请求速率给的，不是会话数：背后的会话不一定都留在显存里，所以每轮按预填充整段约 {prompt:,} token 估算",
        "負載是按請求速率給的，不是會話數：背後的會話不一定都留在顯存裡，所以每輪按預填充整段約 {prompt:,} token 估算",
    ),
    "note.prefix_not_cached": (
        "The shared prompt prefix is not credited: {stack} keeps no prefix cache across users",
        "共用的提示前缀没有计入：{stack} 不在用户之间共享前缀缓存",
        "共用的提示前綴沒有計入：{stack} 不在使用者之間共享前綴快取",
    ),
    "note.banded_within_limits": (
        ("Nothing within your limits meets the targets assumed above, and you set the limits, not the targets: "
         "options are sized at seed 1's usable band instead (≥ {tps:,.0f} tok/s per user: 15–30 acceptable, ≥ 30 "
         "comfortable){ttft}; say a speed to hold them to it"),
        "在你的限制内没有方案能达到上面假设的目标；限制是你定的，目标不是：方案改按种子文档 1 的可用区间估算"
        "（每人 ≥ {tps:,.0f} tok/s：15–30 可接受，≥ 30 舒适）{ttft}；如有速度要求请告诉我",
        "在你的限制內沒有方案能達到上面假設的目標；限制是你定的，目標不是：方案改按種子文件 1 的可用區間估算"
        "（每人 ≥ {tps:,.0f} tok/s：15–30 可接受，≥ 30 舒適）{ttft}；如有速度要求請告訴我",
    ),
    "note.assumed_ttft_load": (
        ("No first-token target was stated, so the purchase is sized for the load, not for the {assumed:,} ms "
         "assumed: it gives a first token in ~{ttft:,.0f} ms (p95){more}. Say a first-token target if it matters"),
        "你没有给首 token 目标，所以按负载而不是假设的 {assumed:,} ms 来定采购：这套配置的首 token 约 {ttft:,.0f} ms"
        "（p95）{more}。如果首 token 时间重要，请告诉我目标",
        "你沒有給首 token 目標，所以按負載而不是假設的 {assumed:,} ms 來定採購：這套配置的首 token 約 {ttft:,.0f} ms"
        "（p95）{more}。如果首 token 時間重要，請告訴我目標",
    ),
    "note.assumed_ttft_load.more": (
        "; meeting {assumed:,} ms would take {count:,} devices (capex ${capex:,.0f}, {ratio:.1f}× this one)",
        "；要达到 {assumed:,} ms 需要 {count:,} 个设备（采购成本 ${capex:,.0f}，是这套的 {ratio:.1f} 倍）",
        "；要達到 {assumed:,} ms 需要 {count:,} 個裝置（採購成本 ${capex:,.0f}，是這套的 {ratio:.1f} 倍）",
    ),
    "note.assumed_ttft_load.never": (
        "; no count of this device meets {assumed:,} ms (more model copies do not shorten one prompt's prefill)",
        "；这种设备多少个都达不到 {assumed:,} ms（多加模型副本不会缩短单个提示的预填充）",
        "；這種裝置多少個都達不到 {assumed:,} ms（多加模型副本不會縮短單個提示的預填充）",
    ),
    "note.preferred_yields": (
        "You prefer {vendors}: their best option that meets every target, {count} × {hardware} at ${capex:,.0f}, costs "
        "{ratio:.1f}× the lead, more than seed 1's budget-to-production step ({step:.1f}×); as a preference it is shown "
        "beside the lead (say it is a must to lead with it)",
        "你优先考虑{vendors}：其中满足全部目标的最佳方案 {count} × {hardware}，采购 ${capex:,.0f}，是首选方案的 {ratio:.1f} 倍，"
        "超过种子文档 1 从预算方案到生产方案的差价（{step:.1f} 倍）；作为优先而非硬性要求，列在首选方案旁边（如果必须用，请告诉我）",
        "你優先考慮{vendors}：其中滿足全部目標的最佳方案 {count} × {hardware}，採購 ${capex:,.0f}，是首選方案的 {ratio:.1f} 倍，"
        "超過種子文件 1 從預算方案到生產方案的差價（{step:.1f} 倍）；作為優先而非硬性要求，列在首選方案旁邊（如果必須用，請告訴我）",
    ),
    "note.preferred_none": (
        "You prefer {vendors}: none of their devices meets the targets here, so the lead is another maker's",
        "你优先考虑{vendors}：它们的设备在这里都达不到目标，所以首选方案来自其他厂商",
        "你優先考慮{vendors}：它們的設備在這裡都達不到目標，所以首選方案來自其他廠商",
    ),
    "vendors.domestic": ("the domestic makers", "国产厂商", "國產廠商"),
    "note.comfort_premium": (
        ("Sized at seed 1's acceptable {tps:,.0f} tok/s per user (15–30 acceptable), a speed you did not set: the "
         "comfortable {comfortable:,.0f} tok/s takes {count} × {hardware} at ${capex:,.0f}, {ratio:.1f}× the price, more "
         "than seed 1's step from its budget to its production option (~2.2×); say a speed to hold the answer to it"),
        "按种子文档 1 的可接受速度估算（每人 {tps:,.0f} tok/s；15–30 为可接受），速度不是你定的：要达到舒适的 {comfortable:,.0f} "
        "tok/s 需要 {count} × {hardware}，采购 ${capex:,.0f}，是这个价格的 {ratio:.1f} 倍，超过种子文档 1 从预算方案到生产方案的差价"
        "（约 2.2 倍）；如有速度要求请告诉我",
        "按種子文件 1 的可接受速度估算（每人 {tps:,.0f} tok/s；15–30 為可接受），速度不是你定的：要達到舒適的 {comfortable:,.0f} "
        "tok/s 需要 {count} × {hardware}，採購 ${capex:,.0f}，是這個價格的 {ratio:.1f} 倍，超過種子文件 1 從預算方案到生產方案的差價"
        "（約 2.2 倍）；如有速度要求請告訴我",
    ),
    "note.banded_within_limits.ttft": (
        ", and the first token's wait is shown, not judged",
        "，首 token 等待时间只列出、不作判断",
        "，首 token 等待時間只列出、不作判斷",
    ),
    "note.lora_training": (
        ("Fine-tuning on the same hardware sized as a LoRA on the 16-bit base: ~{gb:,.0f} GB across the devices "
         "(base weights at 2 bytes a parameter, the adapters' optimizer state, activations with checkpointing); "
         "the device count holds it. A full fine-tune needs several times more: say so to size it"),
        "在同一套硬件上微调按 16 位基座上的 LoRA 估算：所有设备合计约 {gb:,.0f} GB（基座权重每参数 2 字节，加上适配器的优化器状态和"
        "开启检查点后的激活值）；设备数量按此保证放得下。全量微调需要多几倍的显存：如是全量请说明",
        "在同一套硬體上微調按 16 位元基座上的 LoRA 估算：所有裝置合計約 {gb:,.0f} GB（基座權重每參數 2 位元組，加上轉接器的最佳化器狀態和"
        "開啟檢查點後的激活值）；裝置數量按此保證放得下。全量微調需要多幾倍的記憶體：如是全量請說明",
    ),
    "note.conservative": (
        "Targets checked against the low end of each option's likely range (you asked for a safe answer)",
        "目标按每个方案可能范围的下限核对（你要求保守的答案）",
        "目標按每個方案可能範圍的下限核對（你要求保守的答案）",
    ),
    "note.hard_latency": (
        "A first token within {ttft:,} ms is an ultra-low bound with no room for the estimate's error: purchases are "
        "checked against the low end of their likely range (seed 2: ultra-low latency, one request, a mid-size model → "
        "an inference accelerator or a high-end GPU)",
        "首 token {ttft:,} ms 以内是超低延迟上限，容不下估算误差：采购方案按可能范围的下限核对"
        "（种子文档 2：超低延迟、单请求、模型中等 → 推理专用加速方案或高端 GPU）",
        "首 token {ttft:,} ms 以內是超低延遲上限，容不下估算誤差：採購方案按可能範圍的下限核對"
        "（種子文件 2：超低延遲、單請求、模型中等 → 推理專用加速方案或高端 GPU）",
    ),
    "note.shape_approx": ("an approximated shape", "近似结构", "近似結構"),
    "note.shape_facts": (
        "{layers} layers, {kv_heads} KV heads, {kv_mb:.2f} MB of FP16 KV cache per token",
        "{layers} 层，{kv_heads} 个 KV 头，每 token {kv_mb:.2f} MB 的 FP16 KV 缓存",
        "{layers} 層，{kv_heads} 個 KV 頭，每 token {kv_mb:.2f} MB 的 FP16 KV 快取",
    ),
    "note.shape_mha": (
        "a {size:g}B model is sized with {shape} (multi-head attention): {facts}",
        "{size:g}B 模型按{shape}（多头注意力）估算：{facts}", "{size:g}B 模型按{shape}（多頭注意力）估算：{facts}",
    ),
    "note.shape_gqa": (
        "a {size:g}B model is sized as a current grouped-query-attention model, with {shape}: {facts}",
        "{size:g}B 模型按当前的分组查询注意力（GQA）模型估算，采用{shape}：{facts}",
        "{size:g}B 模型按當前的分組查詢注意力（GQA）模型估算，採用{shape}：{facts}",
    ),
    "note.shape_older": (
        "{note}; an older multi-head-attention model such as {older} ({older_mb:.2f} MB per token) needs more "
        "memory and bandwidth per user",
        "{note}；较老的多头注意力模型（如 {older}，每 token {older_mb:.2f} MB）每位用户需要更多内存和带宽",
        "{note}；較舊的多頭注意力模型（如 {older}，每 token {older_mb:.2f} MB）每位使用者需要更多記憶體和頻寬",
    ),
    "note.owned_class": (
        "you own {cls} but did not name the model, so the owned option is costed on {hardware}, the one of that "
        "class on record that serves this workload cheapest; yours may be slower or draw more power. Name it "
        "(e.g. \"a Snapdragon X laptop\", \"Xeon 8480+ servers\") to check it",
        "你有{cls}但没说具体型号，所以已有设备方案按 {hardware} 计算——资料库里同类中服务这个负载最便宜的一款；"
        "你的设备可能更慢或更耗电。说出型号（例如“Snapdragon X 笔记本”“Xeon 8480+ 服务器”）即可核对",
        "你有{cls}但沒說具體型號，所以已有裝置方案按 {hardware} 計算——資料庫裡同類中服務這個負載最便宜的一款；"
        "你的裝置可能更慢或更耗電。說出型號（例如「Snapdragon X 筆電」「Xeon 8480+ 伺服器」）即可核對",
    ),
    "owned.cpu_servers": ("cpu servers", "CPU 服务器", "CPU 伺服器"),
    "owned.npu_laptops": ("npu laptops", "NPU 笔记本", "NPU 筆電"),
    "owned.gpu_workstations": ("gpu workstations", "GPU 工作站", "GPU 工作站"),
    "owned.devices": ("owned devices", "已有设备", "已有裝置"),
}

_PLAN: dict[str, tuple[str, str, str]] = {
    "plan.days_1_2_requant": (
        "Days 1–2: {stack} does not take {quant}: re-quantize the model to {stand_in} ({params:g}B) and run it on "
        "{pilot} × {hardware}; check outputs against an FP16/Q8_0 baseline on your own eval set.",
        "第 1–2 天：{stack} 不支持 {quant}：先把模型（{params:g}B）重新量化为 {stand_in}，再在 {pilot} × {hardware} 上运行；"
        "在你自己的评测集上与 FP16/Q8_0 基线对比输出。",
        "第 1–2 天：{stack} 不支援 {quant}：先把模型（{params:g}B）重新量化為 {stand_in}，再在 {pilot} × {hardware} 上執行；"
        "在你自己的評測集上與 FP16/Q8_0 基線對比輸出。",
    ),
    "plan.days_1_2": (
        "Days 1–2: run the real model ({params:g}B {quant}) on {pilot} × {hardware} with {stack}; check outputs "
        "against an FP16/Q8_0 baseline on your own eval set.",
        "第 1–2 天：在 {pilot} × {hardware} 上用 {stack} 运行真实模型（{params:g}B {quant}）；"
        "在你自己的评测集上与 FP16/Q8_0 基线对比输出。",
        "第 1–2 天：在 {pilot} × {hardware} 上用 {stack} 執行真實模型（{params:g}B {quant}）；"
        "在你自己的評測集上與 FP16/Q8_0 基線對比輸出。",
    ),
    "plan.config_file": (
        "Write `{name}` with `{text}` (the engine takes this setting only from that file).",
        "先写好 `{name}`，内容为 `{text}`（引擎只从这个文件读取这项设置）。",
        "先寫好 `{name}`，內容為 `{text}`（引擎只從這個檔案讀取這項設定）。",
    ),
    "plan.command": (
        "Start the pilot with: `{command}` (per model copy: {devices} × {hardware}; model copies in the full "
        "purchase: {copies}).",
        "用这条命令启动试点：`{command}`（每个模型副本：{devices} × {hardware}；完整采购中的模型副本数：{copies}）。",
        "用這條命令啟動試點：`{command}`（每個模型副本：{devices} × {hardware}；完整採購中的模型副本數：{copies}）。",
    ),
    "plan.days_3_4": (
        "Days 3–4: profile the workload: request arrival distribution, prompt and answer length distribution, "
        "precision sensitivity.",
        "第 3–4 天：刻画负载特征：请求到达分布、提示与回答长度分布、精度敏感度。",
        "第 3–4 天：描繪負載特徵：請求到達分佈、提示與回答長度分佈、精度敏感度。",
    ),
    "plan.days_5_9": (
        "Days 5–9: replay real traffic at the peak of {users} concurrent user(s) (scaled to the pilot's share); "
        "pass if per-user speed ≥ {target:g} tok/s and P99 TTFT ≤ {ttft:,} ms; record P99 and P999.",
        "第 5–9 天：按 {users} 位并发用户的高峰回放真实流量（按试点设备占比缩放）；"
        "每位用户速度 ≥ {target:g} tok/s 且 P99 TTFT ≤ {ttft:,} ms 即通过；记录 P99 和 P999。",
        "第 5–9 天：按 {users} 位並行使用者的尖峰回放真實流量（按試點裝置佔比縮放）；"
        "每位使用者速度 ≥ {target:g} tok/s 且 P99 TTFT ≤ {ttft:,} ms 即通過；記錄 P99 和 P999。",
    ),
    "plan.days_10_11": (
        "Days 10–11: overload test at {overload}× peak ({users} user(s)): no throttling, no dropped requests, "
        "graceful queueing.",
        "第 10–11 天：以 {overload}× 高峰（{users} 位用户）做过载测试：不降频、不丢请求、排队平稳。",
        "第 10–11 天：以 {overload}× 尖峰（{users} 位使用者）做過載測試：不降頻、不丟請求、排隊平穩。",
    ),
    "plan.days_12_14": (
        "Days 12–14: soak test 24 h/day; watch error rate, thermal throttling, memory growth, wall power.",
        "第 12–14 天：每天 24 h 浸泡测试；关注错误率、过热降频、内存增长、墙插功耗。",
        "第 12–14 天：每天 24 h 浸泡測試；關注錯誤率、過熱降頻、記憶體增長、牆插功耗。",
    ),
    "plan.shapes": (
        "Throughout: replay the full prompt-length distribution to catch recompilation or bucket misses "
        "(P999 TTFT).",
        "全程：回放完整的提示长度分布，捕捉重新编译或分桶未命中（P999 TTFT）。",
        "全程：回放完整的提示長度分佈，捕捉重新編譯或分桶未命中（P999 TTFT）。",
    ),
    "plan.models": (
        "Throughout: serve all {models} models together under load.", "全程：在负载下同时服务全部 {models} 个模型。",
        "全程：在負載下同時服務全部 {models} 個模型。",
    ),
    "plan.calibration": (
        "Before day 5: finish calibration and accept the quantized model only within 1 % of the baseline on "
        "your eval set.",
        "第 5 天前：完成校准；量化模型在你的评测集上与基线相差不超过 1 % 才接受。",
        "第 5 天前：完成校準；量化模型在你的評測集上與基線相差不超過 1 % 才接受。",
    ),
    "plan.buy": (
        "Buy the full configuration only if every pass criterion holds; otherwise re-run the recommendation with "
        "the measured figures.",
        "只有所有通过标准都满足才采购完整配置；否则用实测数据重新生成推荐。",
        "只有所有通過標準都滿足才採購完整配置；否則用實測數據重新產生推薦。",
    ),
}

ADVICE_MESSAGES: dict[str, tuple[str, str, str]] = {**_ASSUME, **_RECOMMEND, **_PLAN}

__all__ = ["ADVICE_MESSAGES"]
