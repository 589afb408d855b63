"""Reply templates of the conversation in English, Simplified and Traditional Chinese (`bot.wording.t`).

Every user-visible sentence of the deterministic path lives here, one entry per message id, so the
three languages stay side by side. Numbers are only ever filled in from tool results or from the
user's own facts (format fields), never written into a template.
"""

from __future__ import annotations

from bot.wording.catalog.accelerator_replies import ACCELERATOR_TEMPLATES

# id: (en, zh-Hans, zh-Hant)
TEMPLATES: dict[str, tuple[str, str, str]] = {
    # --- interview -------------------------------------------------------------------------------
    "weighed.head": (
        "You asked which {slot} to use; each was sized for this workload, side by side:",
        "你问用哪种{slot}；下面按这个负载逐一估算、并排比较：",
        "你問用哪種{slot}；下面按這個負載逐一估算、並排比較：",
    ),
    "weighed.line": (
        "  • {value}: {count}× {hardware}, {tps} tok/s per user, first token ~{ttft} ms, {memory} GB needed, capex {capex}, "
        "{cpm} per million tokens ({slo})",
        "  • {value}：{count}× {hardware}，每用户 {tps} tok/s，首字约 {ttft} ms，需要 {memory} GB，购置 {capex}，每百万 token {cpm}（{slo}）",
        "  • {value}：{count}× {hardware}，每位使用者 {tps} tok/s，首字約 {ttft} ms，需要 {memory} GB，購置 {capex}，每百萬 token {cpm}（{slo}）",
    ),
    "weighed.none": (
        "  • {value}: no option found for this workload",
        "  • {value}：这个负载下找不到可行方案",
        "  • {value}：這個負載下找不到可行方案",
    ),
    "weighed.meets": ("meets the targets", "满足目标", "滿足目標"),
    "weighed.misses": ("misses a target", "未满足目标", "未滿足目標"),
    "weighed.meets_but_first_token": ("meets the targets but not the first token I assumed (p95)",
                                      "满足目标，但首 token（p95）达不到我的假设", "滿足目標，但首 token（p95）達不到我的假設"),
    "weighed.chosen.cost": (
        "→ {value}: the lowest cost per served token of the options that meet the targets (seed 1's cost basis). "
        "The recommendation below is for {value}.",
        "→ {value}：满足目标的选项中每个 token 成本最低（种子文件 1 的成本口径）。以下推荐按 {value}。",
        "→ {value}：滿足目標的選項中每個 token 成本最低（種子文件 1 的成本口徑）。以下推薦按 {value}。",
    ),
    "weighed.chosen.precision": (
        "→ {value}: accuracy-critical work takes the most precise format that meets the targets (seed 1: Q8_0 where "
        "every bit of accuracy matters). The recommendation below is for {value}.",
        "→ {value}：准确率关键的任务选满足目标的最高精度格式（种子文件 1：重视每一点准确率时用 Q8_0）。以下推荐按 {value}。",
        "→ {value}：準確率關鍵的任務選滿足目標的最高精度格式（種子文件 1：重視每一點準確率時用 Q8_0）。以下推薦按 {value}。",
    ),
    "weighed.chosen.speed": (
        "→ {value}: none meets every target; it comes closest (the most speed per user). The recommendation below is for {value}.",
        "→ {value}：没有选项满足全部目标；它最接近（每用户速度最高）。以下推荐按 {value}。",
        "→ {value}：沒有選項滿足全部目標；它最接近（每位使用者速度最高）。以下推薦按 {value}。",
    ),
    "weighed.slot.quantization": ("quantization", "量化格式", "量化格式"),
    "weighed.slot.model": ("model", "模型", "模型"),
    "answer.owned.disputed": (
        " You say your {hardware} are already slow at this load, and this estimate disagrees: something it does not "
        "see is holding them back (serving engine and batching settings, longer prompts or answers than assumed, a "
        "wider weight format, other jobs on the cards). Measure tokens/s per user and first-token time at peak "
        "before buying; if they are what you see, size with those figures (say them).",
        "你说 {hardware} 在这个负载下已经很慢，而这个估算认为够用，两者不一致：可能有估算看不到的因素在拖慢"
        "（推理引擎和批处理配置、提示或回答比假设的长、权重格式更宽、卡上还跑着别的任务）。购买前先在高峰实测每用户"
        "每秒 token 数和首 token 时间；如果实测就是你看到的那样，请把实测数字告诉我再估算。",
        "你說 {hardware} 在這個負載下已經很慢，而這個估算認為夠用，兩者不一致：可能有估算看不到的因素在拖慢"
        "（推論引擎和批次設定、提示或回答比假設的長、權重格式更寬、卡上還跑著別的工作）。購買前先在尖峰實測每位使用者"
        "每秒 token 數和首 token 時間；如果實測就是你看到的那樣，請把實測數字告訴我再估算。",
    ),
    "weighed.chosen.target": (
        "→ {value}: the model you are moving to. The recommendation below is for {value}.",
        "→ {value}：你要换成的模型。以下推荐按 {value}。",
        "→ {value}：你要換成的模型。以下推薦按 {value}。",
    ),
    "weighed.chosen.largest": (
        "→ {value}: which model is good enough is your call, not the hardware's; the recommendation below is for the larger, "
        "{value}, whose hardware serves either.",
        "→ {value}：哪个模型够用由你决定，硬件替你定不了；以下推荐按较大的 {value}，它的硬件两个都能跑。",
        "→ {value}：哪個模型夠用由你決定，硬體替你定不了；以下推薦按較大的 {value}，它的硬體兩個都能跑。",
    ),
    "q.model_params_b.named": (
        "How big is {name}? It is not in the model catalog, and a guessed size would size another model: "
        "say its parameters (e.g. \"671B total, 37B active\" for a mixture of experts, or \"70B\")",
        "{name} 有多大？它不在模型目录中，猜一个规模就等于估算了另一个模型：请说出参数量（例如混合专家模型“总参数671B，激活37B”，或“70B”）",
        "{name} 有多大？它不在模型目錄中，猜一個規模就等於估算了另一個模型：請說出參數量（例如混合專家模型「總參數671B，啟用37B」，或「70B」）",
    ),
    "q.model_params_b": (
        "Which model will you serve, and how big is it? (e.g. \"our fine-tuned 7B\", \"Llama 3 8B\", \"Qwen2.5-14B\")",
        "要部署的模型有多大？（例如“微调过的 7B”“Llama 3 8B”“Qwen2.5-14B”）",
        "要部署的模型有多大？（例如「微調過的 7B」「Llama 3 8B」「Qwen2.5-14B」）",
    ),
    "q.concurrent_users": (
        "How many people will use it at the same time at peak? (e.g. \"200 concurrent users\", \"about 15 at once\", \"just me\")",
        "高峰时会有多少人同时使用？（例如“200 人同时在线”“大约 15 个并发”“只有我自己”）",
        "尖峰時會有多少人同時使用？（例如「200 人同時在線」「大約 15 個並發」「只有我自己」）",
    ),
    "q.api_model": (
        "Which hosted model does the ${spend} a month buy (e.g. \"gpt-4o-mini\", \"gpt-4o\", \"claude sonnet\")? "
        "Its price turns the spend into the volume to size for: the same spend is ~15× more tokens on gpt-4o-mini than on gpt-4o.",
        "每月 ${spend} 用的是哪个托管模型（例如“gpt-4o-mini”“gpt-4o”“claude sonnet”）？按它的价格才能把花费换算成要承载的用量："
        "同样的花费，gpt-4o-mini 的 token 量约是 gpt-4o 的 15 倍。",
        "每月 ${spend} 用的是哪個託管模型（例如「gpt-4o-mini」「gpt-4o」「claude sonnet」）？按它的價格才能把花費換算成要承載的用量："
        "同樣的花費，gpt-4o-mini 的 token 量約是 gpt-4o 的 15 倍。",
    ),
    "problem.currency.api_spend": (
        "I convert amounts in CNY, EUR, JPY, TWD and GBP at a dated rate, but not this currency: what is the monthly API "
        "spend in USD (e.g. \"$5k a month\")?",
        "我可以按注明日期的汇率换算人民币、欧元、日元、新台币和英镑，但不能换算这种货币：每月 API 花费折合多少美元（例如“每月 5000 美元”）？",
        "我可以按註明日期的匯率換算人民幣、歐元、日圓、新台幣和英鎊，但不能換算這種貨幣：每月 API 花費折合多少美元（例如「每月 5000 美元」）？",
    ),
    "q.concurrent_users.headcount": (
        "Of the {total} people, how many will use it at the same time at peak? (e.g. \"about 50 at once\", "
        "\"peak 30 concurrent\"; without a figure I assume {share}% of them in a session, each generating about "
        "{gen}% of the time while they read the rest: {assumed} answers at once, from published sizing and reading-speed figures)",
        "这 {total} 人中，高峰时会有多少人同时使用？（例如“大约 50 人同时在线”“高峰 30 个并发”；"
        "如果没有数字，我按公开的容量规划经验假设其中 {share}% 在使用，每人约 {gen}% 的时间在等生成、其余时间在阅读：同时生成 {assumed} 路）",
        "這 {total} 人中，尖峰時會有多少人同時使用？（例如「大約 50 人同時在線」「尖峰 30 個並發」；"
        "如果沒有數字，我按公開的容量規劃經驗假設其中 {share}% 在使用，每人約 {gen}% 的時間在等生成、其餘時間在閱讀：同時生成 {assumed} 路）",
    ),
    "q.concurrent_users.headcount.agents": (
        "Of the {total} people, how many agent sessions will run at the same time at peak? (e.g. \"about 20 agents at "
        "once\"; without a figure I assume {share}% of them in a session, from published sizing figures, each agent "
        "generating all the time since nobody reads between its turns: {assumed} streams at once)",
        "这 {total} 人中，高峰时会有多少个智能体会话同时在跑？（例如“大约 20 个 agent 同时在跑”；如果没有数字，我按公开的容量规划经验"
        "假设其中 {share}% 在使用，智能体的每一轮之间没有人阅读，一直在生成：同时生成 {assumed} 路）",
        "這 {total} 人中，尖峰時會有多少個智能體會話同時在跑？（例如「大約 20 個 agent 同時在跑」；如果沒有數字，我按公開的容量規劃經驗"
        "假設其中 {share}% 在使用，智能體的每一輪之間沒有人閱讀，一直在生成：同時生成 {assumed} 路）",
    ),
    "q.batch_window_hours": (
        "By when must the batch be finished? (e.g. \"done in 6 hours\", \"overnight\", \"within 2 h\")",
        "这批任务需要在多长时间内完成？（例如“6 小时内完成”“一个晚上”“2 小时内”）",
        "這批任務需要在多長時間內完成？（例如「6 小時內完成」「一個晚上」「2 小時內」）",
    ),
    "q.batch_window_hours.items": (
        "Within how many hours must the {items} items be done? (e.g. \"done in 6 hours\", \"overnight\", \"within 2 h\")",
        "这 {items} 条需要在几个小时内处理完？（例如“6 小时内完成”“一个晚上”“2 小时内”）",
        "這 {items} 筆需要在幾個小時內處理完？（例如「6 小時內完成」「一個晚上」「2 小時內」）",
    ),
    "q.ttft_target_ms": (
        "How quickly must the first token arrive? (e.g. \"under 1 s\", \"p95 < 300 ms\", \"a few seconds is fine\")",
        "首个 token 需要多快出现？（例如“1 秒内”“p95 < 300ms”“几秒都可以”）",
        "首個 token 需要多快出現？（例如「1 秒內」「p95 < 300ms」「幾秒都可以」）",
    ),
    "q.quantization": (
        "Which weight precision? (e.g. \"Q4_K_M\", the usual choice; \"Q8_0\" for accuracy-critical work; \"FP16\")",
        "权重用什么精度？（例如“Q4_K_M”——常用默认；准确率关键用“Q8_0”；或“FP16”）",
        "權重用什麼精度？（例如「Q4_K_M」——常用預設；準確率關鍵用「Q8_0」；或「FP16」）",
    ),
    "q.prompt_tokens": (
        "How long are typical prompts and answers? (e.g. \"prompts ~1000 tokens, answers ~300\")",
        "典型的提示和回答有多长？（例如“提示约 1000 个 token，回答约 300 个”）",
        "典型的提示和回答有多長？（例如「提示約 1000 個 token，回答約 300 個」）",
    ),
    "understood": ("Understood: {facts}.", "我理解的是：{facts}。", "我理解的是：{facts}。"),
    "understood.none": ("Got it.", "好的。", "好的。"),
    "assumed": ("Assumed (say otherwise to change it): {facts}.", "默认假设（如不同请告诉我）：{facts}。",
                "預設假設（如不同請告訴我）：{facts}。"),
    # the speed sized for, with why (estimator/advice/speed_tier.py): seed 1's band for the scale, or as said
    "assumed.speed": ("≥ {tps} tok/s per user ({why})", "每人 ≥ {tps} tok/s（{why}）", "每人 ≥ {tps} tok/s（{why}）"),
    "assumed.speed.comfortable": ("seed 1's comfortable speed, met within the estimate's typical error",
                                  "种子文档 1 的舒适速度，估算在其典型误差内即算达到", "種子文件 1 的舒適速度，估算在其典型誤差內即算達到"),
    "assumed.speed.said_acceptable": ("as you said: seed 1's acceptable band", "按你说的：种子文档 1 的可接受区间",
                                      "按你說的：種子文件 1 的可接受區間"),
    "assumed.speed.owned_slow": ("what you run today is slow: seed 1's comfortable speed", "现有硬件太慢：种子文档 1 的舒适速度",
                                 "現有硬體太慢：種子文件 1 的舒適速度"),
    "assumed.speed.said_comfortable": ("as you said: seed 1's comfortable speed", "按你说的：种子文档 1 的舒适速度",
                                       "按你說的：種子文件 1 的舒適速度"),
    "assumed.speed.personal": ("one person: seed 1's 15–60 tok/s", "个人使用：种子文档 1 的 15–60 tok/s",
                               "個人使用：種子文件 1 的 15–60 tok/s"),
    "assumed.speed.acceptable_under_rule": ("seed 1's acceptable band: within your buying rule, comfort costs far more (below)",
                                            "种子文档 1 的可接受区间：在你的采购规定内，舒适速度贵得多（见下）",
                                            "種子文件 1 的可接受區間：在你的採購規定內，舒適速度貴得多（見下）"),
    "assumed.speed.acceptable_preferred": ("seed 1's acceptable band: on the makers you prefer, comfort costs far more",
                                           "种子文档 1 的可接受区间：在你优先考虑的厂商上，舒适速度贵得多",
                                           "種子文件 1 的可接受區間：在你優先考慮的廠商上，舒適速度貴得多"),
    "assumed.speed.acceptable_on_asked": ("seed 1's acceptable band: on the device you asked about, comfort costs far more (below)",
                                          "种子文档 1 的可接受区间：在你问的设备上，舒适速度贵得多（见下）",
                                          "種子文件 1 的可接受區間：在你問的裝置上，舒適速度貴得多（見下）"),
    "assumed.speed.acceptable_within_limits": ("seed 1's acceptable band: within your limits, not its comfortable speed",
                                               "种子文档 1 的可接受区间：在你的限制内达不到舒适速度",
                                               "種子文件 1 的可接受區間：在你的限制內達不到舒適速度"),
    "assumed.speed.batch": ("batch work: throughput first", "批处理：吞吐优先", "批次處理：吞吐優先"),
    "assumed.speed.ttft_class": ("the first-token bound's latency class", "首 token 上限所在的延迟等级",
                                 "首 token 上限所在的延遲等級"),
    "model_unknown_no_size": (
        "{name} is not in the model catalog, and without its size it cannot be sized (no default size is assumed "
        "for a model that is named)",
        "{name} 不在模型目录中，没有参数量就无法估算（已点名的模型不会按默认规模假设）",
        "{name} 不在模型目錄中，沒有參數量就無法估算（已點名的模型不會按預設規模假設）",
    ),
    "model_unknown": (
        "{name} is not in the model catalog, so it is sized by its size with the closest known architecture "
        "(an assumption)",
        "{name} 不在模型目录中，因此按其参数量、以最接近的已知架构估算（这是一个假设）",
        "{name} 不在模型目錄中，因此按其參數量、以最接近的已知架構估算（這是一個假設）",
    ),
    "corrected": ("Corrected: {changes}.", "已更正：{changes}。", "已更正：{changes}。"),
    "intro": (
        "I recommend hardware for serving your language model. Tell me about the workload, e.g. "
        "\"our fine-tuned 7B model for the legal department, about 200 people\".",
        "我可以为你的语言模型推荐推理硬件。请描述一下工作负载，例如“给法务部门约 200 人用的微调 7B 模型”。",
        "我可以為你的語言模型推薦推論硬體。請描述一下工作負載，例如「給法務部門約 200 人用的微調 7B 模型」。",
    ),
    "skip_ok": ("No problem, I will assume a typical value.", "没关系，我会按常见值假设。", "沒關係，我會按常見值假設。"),
    "need_recommendation": (
        "I need a recommendation first; tell me about the workload or say \"just recommend\".",
        "我需要先给出推荐；请描述工作负载，或者说“直接推荐”。",
        "我需要先給出推薦；請描述工作負載，或者說「直接推薦」。",
    ),
    "reset": ("Starting over: everything from before is forgotten.", "重新开始：之前的信息都已清除。", "重新開始：之前的資訊都已清除。"),
    "truncated": (
        "(Your message was long; I read only the first {limit} characters.)",
        "（你的消息太长，我只读取了前 {limit} 个字符。）",
        "（你的訊息太長，我只讀取了前 {limit} 個字元。）",
    ),
    "not_understood": (
        "I could not find workload facts in that. {hint}",
        "我没能从中读出工作负载信息。{hint}",
        "我沒能從中讀出工作負載資訊。{hint}",
    ),
    "empty": (
        "That message was empty. {hint}",
        "消息是空的。{hint}",
        "訊息是空的。{hint}",
    ),
    "followup_hint": (
        "You can ask \"what if 500 users?\", \"compare with two L40S\", \"why not an NPU?\", \"explain the cost\", "
        "\"what are the risks?\", \"show assumptions\" or \"start over\".",
        "你可以问“如果增加到 500 人呢？”“和两张 L40S 比较”“为什么不用 NPU？”“解释成本”“有什么风险？”“列出假设”或“重新开始”。",
        "你可以問「如果增加到 500 人呢？」「和兩張 L40S 比較」「為什麼不用 NPU？」「解釋成本」「有什麼風險？」「列出假設」或「重新開始」。",
    ),
    "thanks": ("You're welcome.", "不客气。", "不客氣。"),
    "error": (
        "Sorry, something went wrong on my side; your conversation is unchanged. Please try again.",
        "抱歉，我这边出错了，对话状态没有改变，请再试一次。",
        "抱歉，我這邊出錯了，對話狀態沒有改變，請再試一次。",
    ),
    "error.known": (
        "{message} Your conversation is unchanged.",
        "{message} 对话状态没有改变。",
        "{message} 對話狀態沒有改變。",
    ),
    # --- bad values --------------------------------------------------------------------------------
    "problem.per_what": (
        "{value} requests per second, per minute, per hour or per day? (e.g. \"{value} requests/hour\") Between a "
        "second and a day the hardware differs by far more than 2×, so I would rather ask than guess.",
        "{value} 个请求是每秒、每分钟、每小时还是每天？（例如“每小时 {value} 个请求”）按秒和按天算，所需硬件相差远不止 2 倍，所以先问清楚。",
        "{value} 個請求是每秒、每分鐘、每小時還是每天？（例如「每小時 {value} 個請求」）按秒和按天算，所需硬體相差遠不止 2 倍，所以先問清楚。",
    ),
    "problem.monthly": (
        "{value} a month: is that what you pay a hosted API today (which model?), or a monthly budget for renting? "
        "A purchase's budget is one figure, so I would rather ask than guess.",
        "每月 {value}：这是现在每月付给托管 API 的费用（哪个模型？），还是每月租用的预算？买硬件的预算是一次性的数，所以先问清楚。",
        "每月 {value}：這是現在每月付給託管 API 的費用（哪個模型？），還是每月租用的預算？買硬體的預算是一次性的數，所以先問清楚。",
    ),
    "problem.vague": (
        "{what}: \"{value}\" could be anywhere from {low} to {high}, and the hardware differs by more than 2× across "
        "that, so I would rather ask than guess: about how many?",
        "{what}：“{value}”可能是 {low} 到 {high} 之间的任何数，硬件相差会超过 2 倍，所以先问清楚：大约多少？",
        "{what}：「{value}」可能是 {low} 到 {high} 之間的任何數，硬體相差會超過 2 倍，所以先問清楚：大約多少？",
    ),
    "problem.range": (
        "{what} = {value} is outside the range I can work with ({range}). What is the right value?",
        "{what} = {value} 超出了可处理的范围（{range}）。正确的数值是多少？",
        "{what} = {value} 超出了可處理的範圍（{range}）。正確的數值是多少？",
    ),
    "problem.budget_in": ("budget ({currency})", "预算（{currency}）", "預算（{currency}）"),
    "problem.whole": (
        "{what} = {value}: I need a whole number here. What is the right value?",
        "{what} = {value}：这里需要整数。正确的数值是多少？",
        "{what} = {value}：這裡需要整數。正確的數值是多少？",
    ),
    "problem.unknown": (
        "I do not know the {what} {value}. The ones I can size: {choices}. Which one do you mean?",
        "我不认识{what} {value}。可以估算的有：{choices}。你指的是哪一种？",
        "我不認識{what} {value}。可以估算的有：{choices}。你指的是哪一種？",
    ),
    "problem.currency": (
        "I convert budgets in CNY, EUR, JPY, TWD and GBP at a dated rate, but not this currency: what is the budget "
        "in USD (e.g. \"$50k\")?",
        "我可以按注明日期的汇率换算人民币、欧元、日元、新台币和英镑，但不能换算这种货币：预算折合多少美元（例如“5万美元”）？",
        "我可以按註明日期的匯率換算人民幣、歐元、日圓、新台幣和英鎊，但不能換算這種貨幣：預算折合多少美元（例如「5萬美元」）？",
    ),
    "problem.conflict": (
        "I read several values for {what}: {values}. Which one is right?",
        "关于{what}我读到了多个数值：{values}。哪个是对的？",
        "關於{what}我讀到了多個數值：{values}。哪個是對的？",
    ),
    "unchanged": ("Nothing else was changed.", "其他信息保持不变。", "其他資訊保持不變。"),
    # --- recommendation ----------------------------------------------------------------------------
    # A product line named without its chip or memory: the configuration taken, and the question (issue 26 G).
    "device.line_assumed": (
        "{line}, taken as {name} (which chip and how much memory does it have?)",
        "{line}，按 {name} 计（是哪款芯片、多少内存？）",
        "{line}，按 {name} 計（是哪款晶片、多少記憶體？）",
    ),
    "rec.primary": ("Recommendation: {option}.", "推荐方案：{option}。", "推薦方案：{option}。"),
    "rec.meets": ("It meets your targets.", "满足你的目标。", "滿足你的目標。"),
    # The first-token bound was assumed, not stated, and the option misses it (sized for the load instead): the
    # headline says which target is met and which is not, never "it meets your targets".
    "rec.meets_but_assumed_ttft": (
        "It meets the other targets, but not the {assumed} ms first token I assumed: its first token takes ~{ttft} ms (p95; see below).",
        "满足其他目标，但达不到我假设的 {assumed} ms 首 token：它的首 token 约 {ttft} ms（p95，见下文）。",
        "滿足其他目標，但達不到我假設的 {assumed} ms 首 token：它的首 token 約 {ttft} ms（p95，見下文）。",
    ),
    "rec.misses": ("It does not meet every target (see below).", "未能满足全部目标（见下文）。", "未能滿足全部目標（見下文）。"),
    "rec.past_limits": (
        "Nothing meets your targets within your limits: this option meets the targets and is the least past your limits (see below).",
        "在你的限制内没有方案能满足目标：这个方案满足目标，超出限制最少（见下文）。",
        "在你的限制內沒有方案能滿足目標：這個方案滿足目標，超出限制最少（見下文）。",
    ),
    # A hard limit rules out every option for the stated model and the closest is far past it (`fits_limit`): said
    # plainly first, then what does fit the limit, then the closest shown as such, never as "Recommendation:".
    "rec.far_past": (
        "Nothing fits your limits for this {size} model: the configuration that meets the targets closest to them is {ratio}× past them, too far to relax a limit for.",
        "在你的限制内，这个 {size} 模型没有方案可行：满足目标的配置中最接近的也超出限制 {ratio} 倍，不是放宽一点限制就能解决的。",
        "在你的限制內，這個 {size} 模型沒有方案可行：滿足目標的配置中最接近的也超出限制 {ratio} 倍，不是放寬一點限制就能解決的。",
    ),
    "rec.fits_limit": (
        ("What fits your limits instead: {model} ({params}B, a smaller model) at {quant} on {count} × {hardware}{owned}: "
         "~{tps} tok/s per user for {users} user(s) (seed 1's acceptable band, ≥ {target} tok/s){power}; capex {capex}."),
        ("在你的限制内可行的替代方案：{model}（{params}B，更小的模型），{quant}，{count} × {hardware}{owned}："
         "{users} 人时每人约 {tps} tok/s（种子文档 1 的可接受档，≥ {target} tok/s）{power}；采购成本 {capex}。"),
        ("在你的限制內可行的替代方案：{model}（{params}B，更小的模型），{quant}，{count} × {hardware}{owned}："
         "{users} 人時每人約 {tps} tok/s（種子文件 1 的可接受檔，≥ {target} tok/s）{power}；採購成本 {capex}。"),
    ),
    "rec.fits_limit.owned": (" (already owned)", "（已有）", "（已有）"),
    "rec.fits_limit.power": (", ~{watts} W", "，约 {watts} W", "，約 {watts} W"),
    "rec.fits_limit.none": (
        "Not even the smallest model in the catalog fits your limits on any device on record.",
        "即使是目录里最小的模型，在资料库中的任何设备上也无法满足你的限制。",
        "即使是目錄裡最小的模型，在資料庫中的任何裝置上也無法滿足你的限制。",
    ),
    "rec.primary_far": (
        "Closest for the model you asked about (past your limits, not a purchase to make): {option}.",
        "你问的模型最接近的方案（超出你的限制，不建议购买）：{option}。",
        "你問的模型最接近的方案（超出你的限制，不建議購買）：{option}。",
    ),
    "rec.unverified": (
        "It meets your targets, but its power draw is not on record: check it against your power limit (see below).",
        "满足你的目标，但资料库里没有它的功耗：请对照你的功耗上限核实（见下文）。",
        "滿足你的目標，但資料庫裡沒有它的功耗：請對照你的功耗上限核實（見下文）。",
    ),
    "rec.none": ("No option meets all the constraints.", "没有方案能满足全部约束。", "沒有方案能滿足全部約束。"),
    "rec.speed": (
        "{tps} tok/s per user{likely} at {users} concurrent user(s); first token ~{ttft} ms{p95}; serves up to {max_users} user(s) at the targets",
        "{users} 人并发时每人 {tps} tok/s{likely}；首 token 约 {ttft} ms{p95}；在目标内最多支持 {max_users} 人",
        "{users} 人並發時每人 {tps} tok/s{likely}；首 token 約 {ttft} ms{p95}；在目標內最多支援 {max_users} 人",
    ),
    "rec.likely": (", likely {low}–{high}", "（可能 {low}–{high}）", "（可能 {low}–{high}）"),
    "rec.p95": (" (p95 {value} ms)", "（p95 {value} ms）", "（p95 {value} ms）"),
    "rec.memory": ("memory: {required} GB needed, {available} GB available", "显存/内存：需要 {required} GB，可用 {available} GB",
                   "記憶體：需要 {required} GB，可用 {available} GB"),
    "rec.cost": (
        "capex {capex}{estimate}; 3-year TCO {tco}; {per_m} per million tokens; annual power {power_cost}{watts}",
        "采购成本 {capex}{estimate}；三年总成本 {tco}；每百万 token {per_m}；年电费 {power_cost}{watts}",
        "採購成本 {capex}{estimate}；三年總成本 {tco}；每百萬 token {per_m}；年電費 {power_cost}{watts}",
    ),
    "rec.estimate_mark": (" (price estimate)", "（价格为估计值）", "（價格為估計值）"),
    "rec.watts": (" (~{watts} W)", "（约 {watts} W）", "（約 {watts} W）"),
    "rec.why": ("Why: {text}", "理由：{text}", "理由：{text}"),
    "rec.alternatives": ("Alternatives:", "备选方案：", "備選方案："),
    "rec.risks": ("Risks:", "风险：", "風險："),
    "rec.cloud": ("Buy, rent or call an API (3 years):", "买、租还是调用 API（3 年）：", "買、租還是呼叫 API（3 年）："),
    # air-gapped: nothing to compare with, so the heading offers no rent or API either
    "rec.cloud.air_gapped": ("Cost over 3 years:", "3 年成本：", "3 年成本："),
    "report.ready": (
        "Here is the decision memo of this recommendation as a PDF: summary, options, TCO, buy vs rent vs API, "
        "sensitivity, risks, assumptions with sources, validation plan. From a terminal: "
        "`siliconsult report --thread ID --format pdf|html|md|xlsx --out FILE`.",
        "这是本次推荐的决策备忘录（PDF）：摘要、方案、TCO、购买/租用/API 对比、敏感性、风险、带来源的假设、验证计划。"
        "在终端中：`siliconsult report --thread ID --format pdf|html|md|xlsx --out FILE`。",
        "這是本次推薦的決策備忘錄（PDF）：摘要、方案、TCO、購買/租用/API 比較、敏感性、風險、附來源的假設、驗證計畫。"
        "在終端機中：`siliconsult report --thread ID --format pdf|html|md|xlsx --out FILE`。",
    ),
    "k8s.ready": (
        "Kubernetes manifest (Deployment + Service): {replicas} pod(s), one per model copy, each with {devices}; "
        "{engine} with tensor-parallel size {tp} and {context}-token context, as in the pilot command. "
        "It mounts a PersistentVolumeClaim `{claim}` for the weights (create it first); readiness is GET /health.",
        "Kubernetes 部署文件（Deployment + Service）：{replicas} 个 Pod，每个模型副本一个，每个 {devices}；"
        "{engine}，张量并行 {tp}，上下文 {context} token，与试点命令一致。权重放在 PersistentVolumeClaim `{claim}` 中"
        "（请先创建）；就绪检查为 GET /health。",
        "Kubernetes 部署檔（Deployment + Service）：{replicas} 個 Pod，每個模型副本一個，每個 {devices}；"
        "{engine}，張量平行 {tp}，上下文 {context} token，與試點命令一致。權重放在 PersistentVolumeClaim `{claim}` 中"
        "（請先建立）；就緒檢查為 GET /health。",
    ),
    "k8s.gpus": ("{gpus} × {resource}", "{gpus} 个 {resource}", "{gpus} 個 {resource}"),
    "k8s.cpu": ("CPU only (no accelerator requested)", "仅 CPU（不申请加速卡）", "僅 CPU（不申請加速卡）"),
    "k8s.placeholder": (
        "Put the model at `{model}` on that volume first (the pilot command's file, in the recommended format).",
        "请先把模型放到该卷的 `{model}`（试点命令使用的文件，采用推荐的格式）。",
        "請先把模型放到該卷的 `{model}`（試點命令使用的檔案，採用推薦的格式）。",
    ),
    "k8s.gap.no_option": ("There is no recommended option yet, so there is no manifest to make.",
                          "目前还没有推荐方案，无法生成部署文件。", "目前還沒有推薦方案，無法產生部署檔。"),
    "k8s.gap.no_command": (
        "The recommended stack has no one-line server command, so I can't write a Kubernetes manifest for it; "
        "its vendor's deployment guide is the way to run it.",
        "推荐的软件栈没有单行的服务启动命令，所以无法生成 Kubernetes 部署文件；请按厂商的部署指南运行。",
        "推薦的軟體堆疊沒有單行的服務啟動命令，所以無法產生 Kubernetes 部署檔；請依廠商的部署指南執行。",
    ),
    "k8s.gap.no_image": (
        "I have no published {engine} server image on record for this device (Kubernetes images here are for "
        "NVIDIA and AMD GPUs and for CPUs), so I won't guess one for a manifest. The pilot command in the "
        "validation plan runs it directly.",
        "{engine} 没有我有记录的、适用于该设备的服务镜像，所以不猜测镜像来生成部署文件。验证计划中的试点命令可以直接运行。",
        "{engine} 沒有我有記錄的、適用於該裝置的服務映像，所以不猜測映像來產生部署檔。驗證計畫中的試點命令可以直接執行。",
    ),
    "k8s.gap.spans_servers": (
        "One model copy spans more than one server here, and one pod cannot: that needs a multi-node setup "
        "(e.g. LeaderWorkerSet), which I don't generate. The pilot command shows the layout.",
        "这里一个模型副本跨越多台服务器，而一个 Pod 做不到：需要多节点部署（例如 LeaderWorkerSet），我不生成这种文件。试点命令给出了布局。",
        "這裡一個模型副本跨越多台伺服器，而一個 Pod 做不到：需要多節點部署（例如 LeaderWorkerSet），我不產生這種檔案。試點命令列出了配置。",
    ),
    "explain.cloud_none": (
        "There is no cloud comparison for this recommendation yet: ask for a recommendation first.",
        "这个推荐还没有云端对比：请先获取推荐。",
        "這個推薦還沒有雲端對比：請先取得推薦。",
    ),
    "rec.mitigation": ("mitigation", "缓解", "緩解"),
    "rec.assumptions": ("Assumptions:", "假设：", "假設："),
    "rec.plan": ("Two-week validation plan:", "两周验证计划：", "兩週驗證計畫："),
    "rec.calibration.matched": ("Measured benchmark rows this estimate matched:", "估算直接对应的实测基准数据：",
                                "估算直接對應的實測基準資料："),
    "rec.calibration.device": ("Measured benchmark rows of this device (calibration data):",
                               "这个设备的实测基准数据（校准依据）：", "這個裝置的實測基準資料（校準依據）："),
    "rec.calibration.backend": ("No measured row for this device; the estimate is calibrated on rows of the same "
                                "serving backend and device kind:",
                                "这个设备没有实测数据；估算按同一推理后端和设备类型的实测数据校准：",
                                "這個裝置沒有實測資料；估算按同一推論後端和裝置類型的實測資料校準："),
    "rec.relax": ("To get a feasible option:", "要得到可行方案：", "要得到可行方案："),
    "rec.changes": ("What changed: {changes}.", "变化：{changes}。", "變化：{changes}。"),
    "rent.head": ("{target} for your workload ({option}), bought, rented or as an API over 3 years:",
                  "{target} 用于你的工作负载（{option}），3 年买、租还是调用 API：",
                  "{target} 用於你的工作負載（{option}），3 年買、租還是呼叫 API："),
    "rent.none": ("no sourced rental or API price to compare", "没有可引用的租用或 API 价格可比较", "沒有可引用的租用或 API 價格可比較"),
    "rent.baseline": ("Against the recommendation, {option}: {buy}", "对比推荐方案 {option}：{buy}", "對比推薦方案 {option}：{buy}"),
    "rec.in_force": ("This recommendation already uses {facts}: it is unchanged.", "当前推荐已按此计算：{facts}；推荐没有变化。",
                     "目前的推薦已按此計算：{facts}；推薦沒有變化。"),
    "rec.no_change": ("The recommendation is unchanged.", "推荐没有变化。", "推薦沒有變化。"),
    "rec.followups": ("Ask a follow-up: {hint}", "可以继续追问：{hint}", "可以繼續追問：{hint}"),
    "option.summary": (
        "{title}: {tps} tok/s/user, TTFT {ttft} ms, capex {capex}, 3y TCO {tco}, {per_m}/M tokens{power} ({meets})",
        "{title}：每人 {tps} tok/s，首 token {ttft} ms，采购 {capex}，三年总成本 {tco}，每百万 token {per_m}{power}（{meets}）",
        "{title}：每人 {tps} tok/s，首 token {ttft} ms，採購 {capex}，三年總成本 {tco}，每百萬 token {per_m}{power}（{meets}）",
    ),
    "option.power": (", ~{watts} W", "，约 {watts} W", "，約 {watts} W"),
    "chg.primary": ("primary: {old} → {new}", "首选方案：{old} → {new}", "首選方案：{old} → {new}"),
    "chg.capex": ("capex {old} → {new}", "采购成本 {old} → {new}", "採購成本 {old} → {new}"),
    "chg.tco": ("3-year TCO {old} → {new}", "三年总成本 {old} → {new}", "三年總成本 {old} → {new}"),
    "chg.tps": ("tok/s per user {old} → {new}", "每人 tok/s {old} → {new}", "每人 tok/s {old} → {new}"),
    "chg.batch_hours": ("finishes the batch in {old} h → {new} h", "完成整批用时 {old} 小时 → {new} 小时",
                        "完成整批用時 {old} 小時 → {new} 小時"),
    "chg.slo": ("{old} → {new}", "{old} → {new}", "{old} → {new}"),
    "chg.cheapest": ("cheapest over 3 years {old} → {new}", "3 年最便宜 {old} → {new}", "3 年最便宜 {old} → {new}"),
    "path.buy": ("buy", "购买", "購買"),
    "path.rent": ("rent", "租用", "租用"),
    "path.api": ("hosted API", "托管 API", "託管 API"),
    "option": ("{count}× {name} with {stack}", "{count} × {name}（{stack}）", "{count} × {name}（{stack}）"),
    "meets.meets": ("meets targets", "满足目标", "滿足目標"),
    "meets.misses": ("misses targets", "未满足目标", "未滿足目標"),
    "meets.past_limits": ("meets targets, past your limits", "满足目标，但超出限制", "滿足目標，但超出限制"),
    "meets.unverified": ("meets targets, power draw not on record", "满足目标，但功耗无记录", "滿足目標，但功耗無記錄"),
    # --- follow-ups -------------------------------------------------------------------------------
    "explain.cost": (
        "Cost of {option}: {cost}. {basis}",
        "{option} 的成本：{cost}。{basis}",
        "{option} 的成本：{cost}。{basis}",
    ),
    "explain.not_flagged": ("Not flagged for this option: {risks}. The risks that are:",
                            "这个方案没有标记这类风险：{risks}。已标记的风险如下：",
                            "這個方案沒有標記這類風險：{risks}。已標記的風險如下："),
    "explain.no_risks": ("No risks were flagged for this option.", "这个方案没有标记风险。", "這個方案沒有標記風險。"),
    "compare.head": ("Comparison for your workload:", "针对你的工作负载的比较：", "針對你的工作負載的比較："),
    "rent.later": (
        "I will compare buying, renting and a hosted API over 3 years with the recommendation, once I know "
        "what to size; first:",
        "知道要支撑什么负载后，我会在推荐方案里对比 3 年内购买、租用和托管 API 的费用；先请回答：",
        "知道要支撐什麼負載後，我會在推薦方案裡比較 3 年內購買、租用和託管 API 的費用；先請回答：",
    ),
    "compare.later": (
        "I will compare {target} with the recommendation as soon as there is one (ask again then); first:",
        "有了推荐方案后我再把{target}和它对比（届时再问一次）；先请回答：",
        "有了推薦方案後我再把{target}和它比較（屆時再問一次）；先請回答：",
    ),
    "compare.not_found": (
        "I do not know that hardware. Name a device from the catalog (e.g. \"L40S\", \"RTX 4090\", \"A100\") or a kind (GPU, NPU, CPU).",
        "我不认识这个硬件。请说出目录里的设备（例如“L40S”“RTX 4090”“A100”）或类型（GPU、NPU、CPU）。",
        "我不認識這個硬體。請說出目錄裡的裝置（例如「L40S」「RTX 4090」「A100」）或類型（GPU、NPU、CPU）。",
    ),
    "compare.infeasible": (
        "{target}: no configuration of it meets this workload. {reason}",
        "{target}：没有任何配置能满足这个工作负载。{reason}",
        "{target}：沒有任何配置能滿足這個工作負載。{reason}",
    ),
    "compare.uncosted": (
        "{target}: none of it can be costed, so none is ranked. {reason}",
        "{target}：都无法核算成本，所以没有参与排名。{reason}",
        "{target}：都無法核算成本，所以沒有參與排名。{reason}",
    ),
    "compare.sized": (
        "You asked about {asked}; for {users} concurrent user(s) at your targets the estimator sizes it at {count}.",
        "你问的是 {asked}；按你的目标支持 {users} 人并发，估算需要 {count} 个。",
        "你問的是 {asked}；按你的目標支援 {users} 人同時使用，估算需要 {count} 個。",
    ),
    "compare.sized_batch": (
        "You asked about {asked}; for the job to finish within its window the estimator sizes it at {count}.",
        "你问的是 {asked}；按任务在时间窗口内完成估算需要 {count} 个。",
        "你問的是 {asked}；按任務在時間窗口內完成估算需要 {count} 個。",
    ),
    "compare.board_meets": (
        "{asked} meets your targets, but it is sold on {board}-device baseboards: the smallest purchase that does is {count} (capex {capex}); the capex above is for {asked} alone.",
        "{asked} 能达到你的目标，但它按 {board} 卡基板出售：能买到的最小配置是 {count} 个（采购成本 {capex}）；上面的采购成本只算了 {asked}。",
        "{asked} 能達到你的目標，但它按 {board} 卡基板出售：能買到的最小配置是 {count} 個（採購成本 {capex}）；上面的採購成本只算了 {asked}。",
    ),
    "compare.board": (
        "You asked about {asked}; it is sold on {board}-device baseboards, and the estimator sizes it at {count} (capex {capex}).",
        "你问的是 {asked}；它按 {board} 卡基板出售，估算需要 {count} 个（采购成本 {capex}）。",
        "你問的是 {asked}；它按 {board} 卡基板出售，估算需要 {count} 個（採購成本 {capex}）。",
    ),
    "compare.whole_units": (
        "{asked} is not sold as such: it comes only in whole {unit}-device kits or baseboards, so the smallest purchase "
        "is {count} (capex {capex}, ~{watts} W peak); the capex and power above are for {asked} alone.",
        "{asked} 买不到：它只按整套 {unit} 卡的套件或基板出售，能买到的最小配置是 {count} 个（采购成本 {capex}，峰值约 {watts} W）；上面的采购成本和功耗只算了 {asked}。",
        "{asked} 買不到：它只按整套 {unit} 卡的套件或基板出售，能買到的最小配置是 {count} 個（採購成本 {capex}，峰值約 {watts} W）；上面的採購成本和功耗只算了 {asked}。",
    ),
    "why_not.held_back": (
        "It is not the primary for seed 2's reason, not its cost: an inference accelerator leads only for a stable "
        "model with small batches, high concurrency and a binding power or space limit (or one stream of a mid-size "
        "model under an ultra-low latency bound); here {unmet}. Say the model is fixed and the limit that binds, and "
        "the accelerators are weighed first.",
        "它不是主推荐，原因在种子文档 2 而不在成本：只有模型固定、批量小、并发高且功耗或空间有硬约束时（或中等模型单请求、"
        "超低延迟时）才由推理加速卡领衔；这里{unmet}。如果模型已经定型并且有硬性的功耗或空间上限，请说明，会先评估推理加速卡。",
        "它不是主推薦，原因在種子文件 2 而不在成本：只有模型固定、批次小、併發高且功耗或空間有硬約束時（或中等模型單請求、"
        "超低延遲時）才由推理加速卡領銜；這裡{unmet}。如果模型已經定型並且有硬性的功耗或空間上限，請說明，會先評估推理加速卡。",
    ),
    "why_not.head": (
        "Why not {target}? The best {target} option against the recommended one:",
        "为什么不用{target}？最好的{target}方案与推荐方案对比：",
        "為什麼不用{target}？最好的{target}方案與推薦方案對比：",
    ),
    "why_not.primary": ("{target} is already the recommendation.", "{target}已经是推荐方案。", "{target}已經是推薦方案。"),
    "cheaper": ("{a} costs {ratio}× as much per million tokens as {b}.", "{a} 每百万 token 成本是 {b} 的 {ratio} 倍。",
                "{a} 每百萬 token 成本是 {b} 的 {ratio} 倍。"),
    "fails_slo": ("{a} does not meet your targets.", "{a} 达不到你的目标。", "{a} 達不到你的目標。"),
    "past_limits_slo": ("{a} meets your targets but is past your limits.", "{a} 满足你的目标，但超出了你的限制。",
                        "{a} 滿足你的目標，但超出了你的限制。"),
    **ACCELERATOR_TEMPLATES,  # seed 2's accelerator-first verdict (bot/wording/accelerators.py)
}
