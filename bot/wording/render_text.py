"""Plain-text renderers of the conversation's replies (terminal, Slack fallback text, tests).

Pure functions of tool results and facts: every number shown comes from a `Recommendation` /
`Option` or from the user's own workload facts; nothing here computes an estimate. The Slack
Block Kit renderer mirrors these pieces (`option_title`, `option_lines`, `risk_line`, `fact_phrases`,
`recommendation_changes`); `options_table` is the terminal's rich table of the same numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table

from bot.wording import agree_plurals, msg, word
from bot.wording.accelerators import accelerator_lines
from bot.wording.fits_limit import fits_limit_line
from bot.wording.sentences import LANGUAGES, lang_index, t
from estimator.advice.engine_named import ENGINE_NAMES
from estimator.advice.options import first_token_within
from estimator.catalog import Benchmark, Catalog, FxRate
from estimator.costing.fx import rate
from estimator.physics.text_tokens import LENGTH_SAID_FIELDS, TOKENS_PER_UNIT
from estimator.said import origin_of
from estimator.schemas import Option, Recommendation, Risk

# Long lists of excluded devices: shown on "show assumptions", not in every recommendation.
# The assumption that lists the devices left out and why: long, so the reply leaves it to "show assumptions".
_LONG_ASSUMPTIONS = frozenset({"note.excluded"})


def money(value: float | None) -> str:
    """$26,000 / $1.2M style, rounded to what an estimate can claim."""
    if value is None:
        return "n/a"
    if abs(value) >= 1e6:
        return f"${value / 1e6:,.2f}M"
    if abs(value) >= 1000:
        return f"${value:,.0f}"
    return f"${value:,.2f}" if abs(value) < 10 else f"${value:,.0f}"


def short_money(value: float) -> str:
    """$26k / $1.2M: for one-line change summaries."""
    if abs(value) >= 1e6:
        return f"${value / 1e6:.1f}M"
    if abs(value) >= 1000:
        return f"${value / 1000:.0f}k"
    return f"${value:.0f}"


def num(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "n/a"
    return f"{value:,.{digits}f}"


# --- facts -----------------------------------------------------------------------------------------
_SCALE = {"personal": ("personal use", "个人使用", "個人使用"), "team": ("team scale", "团队级", "團隊級"),
          "department": ("department scale", "部门级", "部門級"), "organization": ("organization-wide", "全组织", "全組織"),
          "edge": ("edge deployment", "边缘部署", "邊緣部署")}
_ARRIVAL = {"bursty": ("bursty traffic", "突发流量", "突發流量"), "steady": ("steady traffic", "平稳流量", "平穩流量"),
            "batch": ("batch jobs", "批处理", "批次處理")}
# The class of work the requests are (`Workload.request_class`): what sets a length nobody stated.
_REQUEST_CLASS = {"coding_agent": ("coding-agent requests", "代码智能体请求", "程式碼智能體請求"),
                  "code_completion": ("code-completion requests", "代码补全请求", "程式碼補全請求"),
                  "rag": ("RAG requests (retrieved chunks in the prompt)", "RAG 请求（提示里带检索片段）", "RAG 請求（提示裡帶檢索片段）"),
                  "classification": ("classification / extraction (short answers)", "分类 / 抽取（答案很短）", "分類 / 抽取（答案很短）"),
                  "summarization": ("summaries (the document is the prompt)", "摘要（文档即输入）", "摘要（文件即輸入）"),
                  "meeting_transcript": ("meeting minutes (the transcript is the prompt)", "会议纪要（转写稿即输入）", "會議紀要（逐字稿即輸入）"),
                  "call_transcript": ("call summaries (the transcript is the prompt)", "通话小结（转写稿即输入）", "通話小結（逐字稿即輸入）"),
                  "chat": ("chat turns", "聊天轮次", "聊天輪次")}
_STABILITY = {"stable": ("stable model", "模型固定", "模型固定"),
              "frequent_changes": ("model changes often", "模型经常更新", "模型經常更新")}
_EXISTING = {"cpu_servers": ("idle CPU servers", "闲置 CPU 服务器", "閒置 CPU 伺服器"),
             "npu_laptops": ("laptops with NPUs", "带 NPU 的笔记本", "帶 NPU 的筆電"),
             "gpu_workstations": ("GPU workstations", "GPU 工作站", "GPU 工作站"),
             "workstation_host": ("their own workstation for the card", "自己的工作站（插卡用）", "自己的工作站（插卡用）"),
             "server_host": ("their own server for the cards", "自己的服务器（插卡用）", "自己的伺服器（插卡用）"),
             "none": ("no existing hardware", "没有现成硬件", "沒有現成硬體")}

_FACT_FORMATS: dict[str, tuple[str, str, str]] = {
    "model_id": ("catalog model {v}", "目录模型 {v}", "目錄模型 {v}"),
    "model_checkpoint": ("weights {v}", "权重 {v}", "權重 {v}"),
    "free_slots": ("{v} free x16 slot(s) in the host you own", "已有主机空着 {v} 个 x16 槽", "已有主機空著 {v} 個 x16 槽"),
    "model_params_b": ("{v:g}B model", "{v:g}B 模型", "{v:g}B 模型"),
    "quantization": ("{v}", "{v}", "{v}"),
    "concurrent_users": ("{v:,} concurrent user(s)", "{v:,} 人并发", "{v:,} 人同時使用"),
    "total_users": ("{v:,} user(s) in total", "共 {v:,} 名用户", "共 {v:,} 名使用者"),
    "prompt_tokens": ("prompts ~{v:,} tokens", "提示约 {v:,} token", "提示約 {v:,} token"),
    "transcript_minutes": ("~{v:g} min per meeting or call", "每场会议或通话约 {v:g} 分钟", "每場會議或通話約 {v:g} 分鐘"),
    "output_tokens": ("answers ~{v:,} tokens", "回答约 {v:,} token", "回答約 {v:,} token"),
    "context_length": ("context {v:,} tokens", "上下文 {v:,} token", "上下文 {v:,} token"),
    "ttft_target_ms": ("first token ≤ {v:,} ms", "首 token ≤ {v:,} ms", "首 token ≤ {v:,} ms"),
    "e2e_target_ms": ("whole answer ≤ {v:,} ms end to end", "端到端完整回答 ≤ {v:,} ms", "端到端完整回答 ≤ {v:,} ms"),
    "tokens_per_s_target": ("≥ {v:g} tok/s per user", "每人 ≥ {v:g} tok/s", "每人 ≥ {v:g} tok/s"),
    "power_budget_w": ("power ≤ {v:,} W", "功耗 ≤ {v:,} W", "功耗 ≤ {v:,} W"),
    "budget_usd": ("budget {money}", "预算 {money}", "預算 {money}"),
    "models_served": ("{v} models at once", "同时 {v} 个模型", "同時 {v} 個模型"),
    "co_served_params_b": ("+ {v:g}B of the other models beside it", "另加同时服务的 {v:g}B 其他模型", "另加同時服務的 {v:g}B 其他模型"),
    "hours_per_day": ("{v:g} h/day", "每天 {v:g} 小时", "每天 {v:g} 小時"),
    "days_per_week": ("{v:g} days/week", "每周 {v:g} 天", "每週 {v:g} 天"),
    "utilization": ("{pct} utilization", "利用率 {pct}", "利用率 {pct}"),
    "electricity_usd_per_kwh": ("${v:g}/kWh", "电价 ${v:g}/kWh", "電價 ${v:g}/kWh"),
    "amortization_years": ("{v}-year amortization", "{v} 年摊销", "{v} 年攤銷"),
    "active_params_b": ("{v:g}B active", "激活 {v:g}B", "啟用 {v:g}B"),
    "batch_items": ("{v:,} items per batch", "每批 {v:,} 条", "每批 {v:,} 筆"),
    "batch_window_hours": ("done within {v:g} h", "{v:g} 小时内完成", "{v:g} 小時內完成"),
    "requests_per_s": ("{v:,.4g} requests/s at peak", "高峰每秒 {v:,.4g} 个请求", "尖峰每秒 {v:,.4g} 個請求"),
    "requests_per_day": ("{v:,.0f} requests a day", "每天 {v:,.0f} 个请求", "每天 {v:,.0f} 個請求"),
    "requests_per_user_per_day": ("~{v:,g} requests per person a day", "每人每天约 {v:,g} 个请求", "每人每天約 {v:,g} 個請求"),
    "requests_per_user_per_hour": ("~{v:,.3g} requests per person an hour", "每人每小时约 {v:,.3g} 个请求", "每人每小時約 {v:,.3g} 個請求"),
    "rate_units": ("{v:,} units (tenants, customers, sites…) sending it", "{v:,} 个单位（租户、客户、门店…）", "{v:,} 個單位（租戶、客戶、門市…）"),
    "rate_unit_share": ("{v:.0%} of their summed caps used", "用到总额度的 {v:.0%}", "用到總額度的 {v:.0%}"),
    "requests_per_unit_per_hour": ("~{v:,.4g} requests an hour each", "每个约每小时 {v:,.4g} 个请求", "每個約每小時 {v:,.4g} 個請求"),
    "tokens_per_unit_per_day": ("~{v:,.0f} tokens a day each", "每个每天约 {v:,.0f} token", "每個每天約 {v:,.0f} token"),
    "daily_active_share": ("{v:.0%} of them active a day", "日活 {v:.0%}", "日活 {v:.0%}"),
    "staff_per_shift": ("{v:,} on the largest shift", "最大一班 {v:,} 人", "最大一班 {v:,} 人"),
    "budget_per_site": ("the budget is each site's", "预算按每个站点", "預算按每個站點"),
    "sites": ("{v:,} sites, one box each (the load is one site's)", "{v:,} 个站点，每处一套（负载按单个站点）",
              "{v:,} 個站點，每處一套（負載按單一站點）"),
    "peak_factor": ("peak {v:g}× the average", "高峰为平均的 {v:g} 倍", "尖峰為平均的 {v:g} 倍"),
    "peak_hour_share": ("{v:.0%} of the day in its busiest hour", "最忙一小时占全天 {v:.0%}", "最忙一小時占全天 {v:.0%}"),
    "tokens_per_day": ("{v:,.0f} tokens a day", "每天 {v:,.0f} token", "每天 {v:,.0f} token"),
    "tokens_per_s_total": ("{v:,.0f} tokens/s over all users", "所有用户合计每秒 {v:,.0f} token", "所有使用者合計每秒 {v:,.0f} token"),
    "api_spend_usd_per_month": ("API spend ${v:,.0f}/month (not a capex budget)", "API 花费每月 ${v:,.0f}（不是硬件预算）",
                                "API 花費每月 ${v:,.0f}（不是硬體預算）"),
    "api_model": ("on {v}", "使用 {v}", "使用 {v}"),
    "api_usd_per_m_input": ("API input at ${v:g} per million tokens", "API 输入每百万 token ${v:g}", "API 輸入每百萬 token ${v:g}"),
    "api_usd_per_m_output": ("API output at ${v:g} per million tokens", "API 输出每百万 token ${v:g}", "API 輸出每百萬 token ${v:g}"),
    "api_output_share": ("{v:.0%} of the API bill is output", "API 账单中输出占 {v:.0%}", "API 帳單中輸出佔 {v:.0%}"),
    "base_concurrent_users": ("usually {v:,} at once", "平时 {v:,} 人同时使用", "平時 {v:,} 人同時使用"),
    "racks": ("{v:,} rack(s)", "{v:,} 个机柜", "{v:,} 個機櫃"),
    "budget_amount": ("{v:,.0f} in the stated currency", "原币种 {v:,.0f}", "原幣種 {v:,.0f}"),
    "budget_currency": ("{v}", "{v}", "{v}"),
    "api_spend_amount": ("{v:,.0f} a month in the stated currency", "原币种每月 {v:,.0f}", "原幣種每月 {v:,.0f}"),
    "api_spend_currency": ("{v}", "{v}", "{v}"),
    "prompt_length_said": ("prompts ~{v:,g} as said", "提示约 {v:,g}（原单位）", "提示約 {v:,g}（原單位）"),
    "output_length_said": ("answers ~{v:,g} as said", "回答约 {v:,g}（原单位）", "回答約 {v:,g}（原單位）"),
    "speed_said": ("≥ {v:,g} a second per user, as said", "每人每秒 ≥ {v:,g}（原单位）", "每人每秒 ≥ {v:,g}（原單位）"),
    "images_per_request": ("{v:,} image(s) in each request", "每个请求 {v:,} 张图", "每個請求 {v:,} 張圖"),
    "lora_adapters": ("{v:,} LoRA adapters on one base model", "同一基座上 {v:,} 个 LoRA 适配器", "同一基座上 {v:,} 個 LoRA 配接器"),
    "serving_engine": ("served with {v}", "用 {v} 部署", "用 {v} 部署"),
    "shared_prefix_tokens": ("{v:,} tokens of each prompt shared (prefix cache: prefill computes the rest)",
                             "每个提示有 {v:,} token 共用（前缀缓存：预填充只算其余部分）",
                             "每個提示有 {v:,} token 共用（前綴快取：預填充只算其餘部分）"),
    "shared_prefix_share": ("{v:.0%} of each prompt shared (prefix cache: prefill computes the rest)",
                            "每个提示 {v:.0%} 共用（前缀缓存：预填充只算其余部分）",
                            "每個提示 {v:.0%} 共用（前綴快取：預填充只算其餘部分）"),
}
# The unit a length was said in (its token ratio differs: estimator.physics.text_tokens).
_LENGTH_UNIT = {"han": ("Chinese characters", "字", "字"), "latin": ("characters", "个字符", "個字元"),
                "word": ("words", "个英文单词", "個英文單字"), "page": ("pages", "页英文", "頁英文"),
                "zh_page": ("pages", "页", "頁"), "code_line": ("lines of code", "行代码", "行程式碼"),
                "sentence": ("sentences", "句话", "句話")}
_PER_UNIT = {"han": ("a character", "每字", "每字"), "latin": ("a character", "每字符", "每字元"),
             "word": ("a word", "每词", "每詞"), "page": ("a page", "每页", "每頁"), "zh_page": ("a page", "每页", "每頁"),
             "code_line": ("a line", "每行", "每行"), "sentence": ("a sentence", "每句", "每句")}
# Seed 1's bands, as the user said them in words (the reason the assumed speed gives is `assumed.speed.<basis>`).
_SPEED_BAND = {"comfortable": ("fast (seed 1's comfortable band)", "要快（种子文档 1 的舒适区间）", "要快（種子文件 1 的舒適區間）"),
               "acceptable": ("usable is enough (seed 1's acceptable band)", "够用即可（种子文档 1 的可接受区间）",
                              "夠用即可（種子文件 1 的可接受區間）")}
_POWER_SCOPE = {"per_rack": ("per rack", "每个机柜", "每個機櫃"), "per_server": ("per server", "每台服务器", "每台伺服器"),
                "total": ("in total", "总计", "總計")}
# Devices the user owns / asks about, echoed with their counts so a misreading shows.
_DEVICE_LISTS = {"owned_devices": ("owns {items}", "已有 {items}", "已有 {items}"),
                 "named_devices": ("asks about {items}", "询问 {items}", "詢問 {items}")}
_HOW_MANY = ("how many ", "多少台 ", "多少台 ")


def _device_list_phrase(slot: str, devices: Sequence[Mapping[str, Any]], i: int,
                        names: Mapping[str, str] | None = None) -> str:
    items = []
    for d in devices:
        hardware_id = d.get("hardware_id")
        name = (names or {}).get(hardware_id or "") or hardware_id or d.get("label") or d.get("kind") or "?"
        if d.get("line"):  # "a MacBook Pro" with no chip: the configuration taken is an assumption, asked about
            name = t("device.line_assumed", LANGUAGES[i], line=d["line"], name=name)
        count = d.get("count")
        items.append(f"{_HOW_MANY[i]}{name}" if count is None else f"{count:,}× {name}")
        if d.get("memory_gb") and " GB" not in name:  # the label says it already ("…, 1024 GB per server")
            items[-1] += f" ({d['memory_gb']:g} GB)"
    return _DEVICE_LISTS[slot][i].format(items=(", " if i == 0 else "、").join(items))


def _converted_phrase(code: Any, amount: Any, usd: Any, rates: Sequence[FxRate], head: str, unit: str = "",
                      tail: str = "") -> str | None:
    """"budget 500,000 CNY ≈ $71,574 (6.9858 CNY/USD, 2026-01-27)": an amount in another currency, its
    conversion visible with the rate's date (None when it was stated in dollars, or no rate is handed in)."""
    fx = rate(code, rates) if code else None
    if fx is None or amount is None or usd is None:
        return None
    return f"{head} {amount:,.0f} {code}{unit} ≈ {money(usd)} ({fx.units_per_usd:g} {code}/USD, {fx.date}{tail})"


def _budget_phrase(facts: Mapping[str, Any], i: int, rates: Sequence[FxRate]) -> str | None:
    return _converted_phrase(facts.get("budget_currency"), facts.get("budget_amount"), facts.get("budget_usd"), rates,
                             ("budget", "预算", "預算")[i])


# A length said in characters, words, pages or lines, converted in the open: "answers ~180 tokens (~300 字 × 0.6
# token a character)", "prompts ~6,667 tokens (~10 pages × 667 tokens a page)".
_LENGTH_NOTE = (" (~{amount:,g} {unit} × {ratio:.3g} token{s} {per}, assumed)", "（约 {amount:,g} {unit} × {per} {ratio:.3g} token，估算）",
                "（約 {amount:,g} {unit} × {per} {ratio:.3g} token，估算）")


# A head count said as a range, sized at its upper end: "30 concurrent users (said as 20–30: sized for 30)".
_RANGE_NOTE = (" (said as {low:,}–{high:,}: sized for {high:,})", "（所说为 {low:,}–{high:,}，按上限 {high:,} 估算）",
               "（所說為 {low:,}–{high:,}，按上限 {high:,} 估算）")


def _said_length_phrase(facts: Mapping[str, Any], slot: str, i: int) -> str | None:
    amount_field, unit_field = LENGTH_SAID_FIELDS[slot]
    amount, unit = facts.get(amount_field), facts.get(unit_field)
    if amount is None or unit not in TOKENS_PER_UNIT:
        return None
    ratio = TOKENS_PER_UNIT[unit]
    note = _LENGTH_NOTE[i].format(amount=amount, unit=_LENGTH_UNIT[unit][i], ratio=ratio, s="" if ratio <= 1 else "s",
                                  per=_PER_UNIT[unit][i])
    return _FACT_FORMATS[slot][i].format(v=facts[slot]) + note



def _spend_phrase(facts: Mapping[str, Any], i: int, rates: Sequence[FxRate]) -> str | None:
    """A monthly API spend converted, and said not to be a capex budget."""
    return _converted_phrase(facts.get("api_spend_currency"), facts.get("api_spend_amount"),
                             facts.get("api_spend_usd_per_month"), rates, ("API spend", "API 花费", "API 花費")[i],
                             ("/month", "/月", "/月")[i], ("; not a capex budget", "; 不是硬件预算", "; 不是硬體預算")[i])


_FLAGS: dict[str, dict[Any, tuple[str, str, str]]] = {"users_across_time_zones": {True: ("users across time zones", "用户跨时区", "使用者跨時區"),
                                      False: ("users in one time zone", "用户在同一时区", "使用者在同一時區")},
          "dynamic_shapes": {True: ("variable-length inputs", "输入长度可变", "輸入長度可變"),
                             False: ("fixed-length inputs", "输入长度固定", "輸入長度固定")},
          "accuracy_critical": {True: ("accuracy-critical", "准确率关键", "準確率關鍵"),
                                False: ("not accuracy-critical", "准确率非关键", "準確率非關鍵")},
          "air_gapped": {True: ("air-gapped (no cloud, no hosted API)", "内网隔离（不用云、不用托管 API）", "內網隔離（不用雲端、不用託管 API）"),
                         False: ("cloud allowed", "可以用云", "可以用雲端")},
          "device_form": {"laptop": ("a laptop", "笔记本电脑", "筆電")},
          "cpu_arch": {"x86": ("x86 only", "只要 x86", "只要 x86"), "arm": ("Arm only", "只要 Arm", "只要 Arm")},
          "fanless": {True: ("fanless (passive cooling)", "无风扇（被动散热）", "無風扇（被動散熱）"),
                      False: ("fans allowed", "可以有风扇", "可以有風扇")},
          "placement": {"desk": ("at a desk (quiet)", "放在桌边（要安静）", "放在桌邊（要安靜）"),
                        "office": ("in the office, no server room", "放在办公室（没有机房）", "放在辦公室（沒有機房）"),
                        "datacenter": ("in a server room", "放在机房", "放在機房")},
          "batch_prefill_only": {True: ("the job only reads its items (prefill only, nothing generated)",
                                        "任务只读不生成（仅预填充）", "任務只讀不生成（僅預填充）"),
                                 False: ("the job generates answers", "任务要生成回答", "任務要生成回答")},
          "ttft_irrelevant": {True: ("first-token latency does not matter", "首字延迟无所谓", "首字延遲無所謂"),
                              False: ("first-token latency matters", "首字延迟有要求", "首字延遲有要求")},
          "unhurried": {True: ("no rush for the answers", "不赶时间", "不趕時間"),
                        False: ("answers wanted promptly", "回答要及时", "回答要及時")},
          "named_doubted": {True: ("asks whether the purchase named is more than needed", "问点名的配置是否超出需要",
                                   "問點名的配置是否超出需要"),
                            False: ("the purchase named is not in doubt", "不怀疑点名的配置", "不懷疑點名的配置")},
          "named_only": {True: ("only the devices named can be bought", "只能买到所说的设备", "只能買到所說的設備"),
                         False: ("any device can be bought", "什么设备都能买", "什麼設備都能買")},
          "buyer_in_china": {True: ("bought in mainland China (US export rules apply)", "在中国大陆采购（受美国出口管制）",
                                    "在中國大陸採購（受美國出口管制）"),
                             False: ("bought outside mainland China", "在中国大陆以外采购", "在中國大陸以外採購")},
          "buyer_in_taiwan": {True: ("bought in Taiwan (Chinese makers' parts are not sold there)", "在台湾采购（不售中国大陆厂商的产品）",
                                     "在台灣採購（不售中國大陸廠商的產品）"),
                              False: ("bought outside Taiwan", "在台湾以外采购", "在台灣以外採購")},
          "kv_cache_dtype": {"FP8": ("an FP8 KV cache", "FP8 KV 缓存", "FP8 KV 快取")},
          "hours_stated": {True: ("running hours as stated", "运行时长按所说", "運行時長按所說"),
                           False: ("running hours assumed (12 h/day)", "运行时长为假设（每天 12 小时）", "運行時長為假設（每天 12 小時）")},
          "utilization_stated": {True: ("utilization as stated", "利用率按所说", "利用率按所說"),
                                 False: ("utilization assumed (70 %)", "利用率为假设（70%）", "利用率為假設（70%）")},
          "prefix_caching": {True: ("prefix caching on", "开启前缀缓存", "開啟前綴快取"),
                             False: ("no prefix caching", "不开前缀缓存", "不開前綴快取")},
          "session_history": {True: ("turns of sessions that re-send their history", "多轮会话（每轮带上之前的对话）",
                                     "多輪會話（每輪帶上之前的對話）"),
                              False: ("requests independent of each other", "请求彼此独立", "請求彼此獨立")},
          "loads_summed": {True: ("the rate comes on top of the people's sessions (their streams added)",
                                  "这个请求速率是在人的会话之外另加的（两者的并发流相加）", "這個請求速率是在人的會話之外另加的（兩者的並發流相加）"),
                           False: ("the rate is the people's own", "这个请求速率就是这些人发出的", "這個請求速率就是這些人發出的")},
          "day_and_night": {True: ("people by day and the batch job at night, in turn on one box (sized for the larger)",
                                   "白天给人用、夜里跑批处理，同一台机器分时使用（按两者中较大的需求配置）",
                                   "白天給人用、夜裡跑批次，同一台機器分時使用（按兩者中較大的需求配置）"),
                            False: ("one workload", "只有一种负载", "只有一種負載")},
          "reasoning_model": {True: ("a reasoning model (its thinking is output)", "推理模型（思考过程计入输出）",
                                     "推理模型（思考過程計入輸出）"),
                              False: ("no thinking before the answer", "回答前不思考", "回答前不思考")},
          "agentic_sessions": {True: ("agent sessions that grow toward the context window", "智能体会话（上下文逐步增长到窗口上限）",
                                      "智能體會話（上下文逐步增長到窗口上限）"),
                               False: ("requests of independent length", "请求长度各自独立", "請求長度各自獨立")},
          "machine_callers": {True: ("programs send the requests (each sends its next as an answer ends)",
                                     "请求由程序发出（每个回答结束即发下一个）", "請求由程式發出（每個回答結束即發下一個）"),
                              False: ("people send the requests", "请求由人发出", "請求由人發出")},
          "context_capped": {True: ("conversations capped at the context (they run into it)", "对话上下文有上限（对话会长到上限）",
                                    "對話上下文有上限（對話會長到上限）"),
                             False: ("the context is the server's window", "上下文是服务器的窗口设置", "上下文是伺服器的視窗設定")},
          "owned_falls_short": {True: ("your hardware is slow at this load (as you see it)", "你的硬件在这个负载下已经不够快（你的观察）",
                                       "你的硬體在這個負載下已經不夠快（你的觀察）"),
                                False: ("your hardware copes today", "你的硬件目前够用", "你的硬體目前夠用")},
          "mixed_training": {True: ("training on the same hardware", "同一硬件也做训练", "同一硬體也做訓練"),
                             False: ("inference only", "只做推理", "只做推論")},
          "space_limited": {True: ("rack space limited", "机柜空间有限", "機櫃空間有限"),
                            False: ("space not a limit", "空间不受限", "空間不受限")},
          "fine_tuned": {True: ("your own fine-tuned model", "自有微调模型", "自有微調模型"),
                         False: ("a public base model", "公开基座模型", "公開基座模型")},
          "availability_required": {True: ("failover asked: one spare device (N+1)", "要求故障切换：多备一张卡（N+1）",
                                           "要求故障切換：多備一張卡（N+1）"),
                                    False: ("no failover asked", "不要求高可用", "不要求高可用")},
          "conservative": {True: ("conservative sizing", "保守估算", "保守估算"),
                           False: ("central estimates", "按中值估算", "按中值估算")},
          "models_served": {1: ("one model at a time", "同时 1 个模型", "同時 1 個模型")},
          "weight_bits_only": {True: ("a bit width, not a format (each option at its own format of that width)",
                                      "只给了位宽，没指定格式（每个方案用该位宽下自己的格式）",
                                      "只給了位寬，沒指定格式（每個方案用該位寬下自己的格式）"),
                               False: ("the format as named", "按指定的格式", "按指定的格式")}}
_SLOT_NAMES = {
    "model_params_b": ("model size (billions of parameters)", "模型大小（十亿参数）", "模型大小（十億參數）"),
    "quantization": ("weight format", "权重格式", "權重格式"),
    "concurrent_users": ("concurrent users", "并发用户数", "同時使用人數"),
    "total_users": ("total users", "总用户数", "總使用者數"),
    "budget_usd": ("budget (USD)", "预算（美元）", "預算（美元）"),
    "power_budget_w": ("power budget (W)", "功耗上限（W）", "功耗上限（W）"),
    "ttft_target_ms": ("first-token target (ms)", "首 token 目标（ms）", "首 token 目標（ms）"),
    "e2e_target_ms": ("end-to-end target (ms)", "端到端目标（ms）", "端到端目標（ms）"),
    "tokens_per_s_target": ("speed target (tok/s per user)", "速度目标（每人 tok/s）", "速度目標（每人 tok/s）"),
    "prompt_tokens": ("prompt length (tokens)", "提示长度（token）", "提示長度（token）"),
    "output_tokens": ("answer length (tokens)", "回答长度（token）", "回答長度（token）"),
    "context_length": ("context length (tokens)", "上下文长度（token）", "上下文長度（token）"),
    "models_served": ("models served at once", "同时服务的模型数", "同時服務的模型數"),
    "co_served_params_b": ("other models' size beside it (billions of parameters)", "同时服务的其他模型大小（十亿参数）",
                           "同時服務的其他模型大小（十億參數）"),
    "served_models": ("models served at once, each with its load", "同时服务的各模型及其负载", "同時服務的各模型及其負載"),
    "hours_per_day": ("hours per day", "每天小时数", "每天小時數"),
    "hours_stated": ("running hours stated", "运行时长已说明", "運行時長已說明"),
    "days_per_week": ("days per week", "每周天数", "每週天數"),
    "utilization": ("utilization", "利用率", "利用率"),
    "utilization_stated": ("utilization stated", "利用率已说明", "利用率已說明"),
    "electricity_usd_per_kwh": ("electricity price ($/kWh)", "电价（$/kWh）", "電價（$/kWh）"),
    "amortization_years": ("amortization years", "摊销年数", "攤銷年數"),
    "device_count": ("number of devices", "设备数量", "裝置數量"),
    "requests_per_s": ("arrival rate (requests/s)", "请求速率（每秒请求数）", "請求速率（每秒請求數）"),
    "requests_per_day": ("requests per day", "每天请求数", "每天請求數"),
    "requests_per_user_per_day": ("requests per person a day", "每人每天请求数", "每人每天請求數"),
    "requests_per_user_per_hour": ("requests per person an hour", "每人每小时请求数", "每人每小時請求數"),
    "rate_units": ("units sending the rate", "发送请求的单位数", "發送請求的單位數"),
    "rate_unit_share": ("share of the units' caps used", "总额度使用比例", "總額度使用比例"),
    "requests_per_unit_per_hour": ("requests per unit an hour", "每个单位每小时请求数", "每個單位每小時請求數"),
    "tokens_per_unit_per_day": ("tokens per unit a day", "每个单位每天 token 数", "每個單位每天 token 數"),
    "daily_active_share": ("share of people active a day", "日活比例", "日活比例"),
    "staff_per_shift": ("people on the largest shift", "最大一班人数", "最大一班人數"),
    "sites": ("sites (one box each)", "站点数（每处一套）", "站點數（每處一套）"),
    "budget_per_site": ("budget per site", "每个站点的预算", "每個站點的預算"),
    "tokens_per_day": ("tokens per day", "每天 token 数", "每天 token 數"),
    "concurrent_users_range": ("concurrent users said as a range", "并发人数（所说的范围）", "同時使用人數（所說的範圍）"),
    "total_users_range": ("users said as a range", "总人数（所说的范围）", "總人數（所說的範圍）"),
    "prompt_length_said": ("prompt length as said", "提示长度（原单位）", "提示長度（原單位）"),
    "output_length_said": ("answer length as said", "回答长度（原单位）", "回答長度（原單位）"),
    "prompt_length_unit": ("unit the prompt length was said in", "提示长度的单位", "提示長度的單位"),
    "output_length_unit": ("unit the answer length was said in", "回答长度的单位", "回答長度的單位"),
    "speed_said": ("speed target as said", "速度目标（原单位）", "速度目標（原單位）"),
    "speed_unit": ("unit the speed target was said in", "速度目标的单位", "速度目標的單位"),
    "tokens_per_s_total": ("tokens per second over all users", "合计每秒 token 数", "合計每秒 token 數"),
    "api_spend_usd_per_month": ("monthly API spend (USD)", "每月 API 花费（美元）", "每月 API 花費（美元）"),
    "api_usd_per_m_input": ("API input price (USD per million tokens)", "API 输入价格（美元/百万 token）", "API 輸入價格（美元/百萬 token）"),
    "api_usd_per_m_output": ("API output price (USD per million tokens)", "API 输出价格（美元/百万 token）", "API 輸出價格（美元/百萬 token）"),
    "api_output_share": ("output's share of the API bill", "API 账单中输出的占比", "API 帳單中輸出的佔比"),
    "base_concurrent_users": ("usual concurrent users", "平时并发人数", "平時同時使用人數"),
    "lora_adapters": ("LoRA adapters", "LoRA 适配器数", "LoRA 配接器數"),
    "images_per_request": ("images in each request", "每个请求的图片数", "每個請求的圖片數"),
    "image_pixels": ("picture size", "图片尺寸", "圖片尺寸"),
    "cpu_arch": ("instruction set", "指令集架构", "指令集架構"),
    "fanless": ("cooling", "散热", "散熱"),
    "placement": ("where it stands", "放置位置", "放置位置"),
    "ttft_irrelevant": ("first-token latency", "首字延迟", "首字延遲"),
    "batch_prefill_only": ("a job that only reads its items", "只读不生成的任务", "只讀不生成的任務"),
    "serving_engine": ("serving engine", "推理引擎", "推論引擎"),
    "prefix_caching": ("prefix caching", "前缀缓存", "前綴快取"),
    "session_history": ("multi-turn sessions", "多轮会话", "多輪會話"),
    "kv_cache_dtype": ("KV cache format", "KV 缓存格式", "KV 快取格式"),
    "shared_prefix_tokens": ("shared prompt prefix (tokens)", "共用提示前缀（token）", "共用提示前綴（token）"),
    "shared_prefix_share": ("shared share of each prompt", "每个提示的共用比例", "每個提示的共用比例"),
    "racks": ("racks", "机柜数", "機櫃數"),
    "deployment_scale": ("deployment scale", "部署规模", "部署規模"),
    "arrival_pattern": ("traffic pattern", "流量形态", "流量型態"),
    "model_stability": ("how often the model changes", "模型更新频率", "模型更新頻率"),
    "dynamic_shapes": ("input lengths", "输入长度", "輸入長度"),
    "accuracy_critical": ("accuracy", "准确率要求", "準確率要求"),
    "mixed_training": ("training on the same hardware", "是否同时训练", "是否同時訓練"),
    "space_limited": ("rack space", "机柜空间", "機櫃空間"),
    "existing_hardware": ("hardware already owned", "已有硬件", "已有硬體"),
    "existing_hardware_ids": ("devices already owned", "已有设备", "已有裝置"),
    "model_id": ("model", "模型", "模型"),
    "model_checkpoint": ("weights served", "部署的权重", "部署的權重"),
    "free_slots": ("free x16 slots in the owned host", "已有主机的空 x16 槽", "已有主機的空 x16 槽"),
    "active_params_b": ("active parameters (billions)", "激活参数（十亿）", "啟用參數（十億）"),
    "owned_devices": ("devices owned", "已有设备", "已有裝置"),
    "named_devices": ("devices asked about", "询问的设备", "詢問的裝置"),
    "batch_items": ("items per batch", "每批条数", "每批筆數"),
    "batch_window_hours": ("batch window (hours)", "批处理时限（小时）", "批次處理時限（小時）"),
    "conservative": ("sizing", "估算方式", "估算方式"),
    "availability_required": ("availability", "高可用", "高可用"),
    "fine_tuned": ("model origin", "模型来源", "模型來源"),
    "users_across_time_zones": ("time zones", "时区", "時區"),
    "budget_amount": ("budget (stated currency)", "预算（原币种）", "預算（原幣種）"),
    "budget_currency": ("budget currency", "预算币种", "預算幣種"),
    "peak_factor": ("peak to average", "高峰与平均之比", "尖峰與平均之比"),
    "peak_hour_share": ("busiest hour's share of the day", "最忙一小时占全天比例", "最忙一小時占全天比例"),
    "api_model": ("hosted API model", "托管 API 模型", "託管 API 模型"),
    "api_spend_amount": ("API spend (stated currency)", "API 花费（原币种）", "API 花費（原幣種）"),
    "api_spend_currency": ("API spend currency", "API 花费币种", "API 花費幣種"),
    "power_budget_scope": ("power budget applies to", "功耗上限范围", "功耗上限範圍"),
    "air_gapped": ("network", "网络隔离", "網路隔離"),
    "excluded_vendors": ("vendors ruled out", "排除的厂商", "排除的廠商"),
    "allowed_vendors": ("vendors allowed", "允许的厂商", "允許的廠商"),
    "device_form": ("device form", "设备形态", "設備形態"),
    "unhurried": ("hurry", "是否赶时间", "是否趕時間"),
    "named_only": ("what can be bought", "可采购的设备", "可採購的設備"),
    "named_doubted": ("purchase named in doubt", "点名配置是否过大", "點名配置是否過大"),
    "buyer_in_china": ("where it is bought", "采购地", "採購地"),
    "buyer_in_taiwan": ("where it is bought", "采购地", "採購地"),
    "preferred_vendors": ("vendors preferred", "优先的厂商", "優先的廠商"),
    "agentic_sessions": ("sessions", "会话", "會話"),
    "context_capped": ("context cap", "上下文上限", "上下文上限"),
    "machine_callers": ("who sends the requests", "谁发出请求", "誰發出請求"),
    "request_class": ("kind of requests", "请求类型", "請求類型"),
    "transcript_minutes": ("length of each meeting or call", "每场会议或通话的时长", "每場會議或通話的時長"),
    "reasoning_model": ("model type", "模型类型", "模型類型"),
    "loads_summed": ("loads", "负载", "負載"),
    "day_and_night": ("day and night", "白天与夜里", "白天與夜裡"),
    "owned_falls_short": ("your hardware today", "现有硬件现状", "現有硬體現況"),
    "weight_bits_only": ("weight format", "权重格式", "權重格式"),
    "speed_band": ("speed wanted", "速度要求", "速度要求"),
    "speed_basis": ("speed sized for", "估算所用速度", "估算所用速度"),
}


def slot_name(slot: str, lang: str) -> str:
    names = _SLOT_NAMES.get(slot)
    return names[lang_index(lang)] if names else slot.replace("_", " ")


# Each model served at once and its own load: "serves Llama 3.1 8B (30 at once), Qwen3 32B (10 at once), 0.568B embedder".
_SERVED = ("serves {items}", "同时服务 {items}", "同時服務 {items}")
_SERVED_LOAD = {"users": (" ({v:,} at once)", "（同时 {v:,} 个）", "（同時 {v:,} 個）"),
                "rate": (" (~{v:g} req/s)", "（约每秒 {v:g} 个请求）", "（約每秒 {v:g} 個請求）"),
                "volume": (" (~{v:,.0f} tokens a day)", "（每天约 {v:,.0f} token）", "（每天約 {v:,.0f} token）"),
                "embedding": (" (embeddings, no chat streams)", "（向量嵌入，不占对话并发）", "（向量嵌入，不佔對話並發）"),
                "reranker": (" (reranking, no chat streams)", "（重排序，不占对话并发）", "（重排序，不佔對話並發）")}


def _served_phrase(models: Sequence[Mapping[str, Any]], i: int, names: Mapping[str, str] | None) -> str:
    items = []
    for model in models:
        label = (names or {}).get(str(model.get("model_id")), f"{model.get('model_params_b', 0):g}B")
        if model.get("role") in ("embedding", "reranker"):
            label += _SERVED_LOAD[str(model["role"])][i]
        if model.get("concurrent_users"):
            label += _SERVED_LOAD["users"][i].format(v=model["concurrent_users"])
        if model.get("requests_per_s"):
            label += _SERVED_LOAD["rate"][i].format(v=round(float(model["requests_per_s"]), 2))
        if model.get("tokens_per_day"):
            label += _SERVED_LOAD["volume"][i].format(v=float(model["tokens_per_day"]))
        items.append(label)
    return _SERVED[i].format(items=(", " if i == 0 else "、").join(items))


def fact_phrase(slot: str, value: Any, lang: str, names: Mapping[str, str] | None = None) -> str:
    """One workload fact as the user would say it: "7B model", "200 人并发", "bursty traffic".
    `names`: catalog names by id, so a device reads "6× L40S" rather than "6× nvidia-l40s" and a model
    its name rather than its store id."""
    i = lang_index(lang)
    tables = {"deployment_scale": _SCALE, "arrival_pattern": _ARRIVAL, "model_stability": _STABILITY, "request_class": _REQUEST_CLASS,
              "power_budget_scope": _POWER_SCOPE, "prompt_length_unit": _LENGTH_UNIT,
              "output_length_unit": _LENGTH_UNIT, "speed_unit": _LENGTH_UNIT, "speed_band": _SPEED_BAND}
    if slot in tables and value in tables[slot]:
        return tables[slot][value][i]
    if slot == "speed_basis" and isinstance(value, str):  # why the assumed speed is what it is
        return t(f"assumed.speed.{value}", lang)
    if slot in _FLAGS and value in _FLAGS[slot]:
        return _FLAGS[slot][value][i]
    if slot in _DEVICE_LISTS:
        return _device_list_phrase(slot, value, i, names)
    if slot == "served_models" and isinstance(value, list):
        return _served_phrase(value, i, names)
    if slot == "excluded_vendors" and isinstance(value, list):  # "no NVIDIA, AMD" / "不用 NVIDIA、AMD"
        return ("no " + ", ".join(value), "不用 " + "、".join(value), "不用 " + "、".join(value))[i]
    if slot == "allowed_vendors" and isinstance(value, list):  # "only Huawei, Cambricon" / "只用 华为、寒武纪"
        return ("only " + ", ".join(value), "只用 " + "、".join(value), "只用 " + "、".join(value))[i]
    if slot == "preferred_vendors" and isinstance(value, list):  # "Huawei first" / "华为优先"
        return (", ".join(value) + " first", "、".join(value) + " 优先", "、".join(value) + " 優先")[i]
    if slot == "image_pixels" and isinstance(value, list) and value:
        size = "×".join(f"{v:,}" for v in value) + " px"
        return (f"pictures of {size}", f"图片 {size}", f"圖片 {size}")[i]
    if slot in ("concurrent_users_range", "total_users_range") and isinstance(value, list) and value:
        # a head count said as a range ("二三十个人"): both ends, as said
        span = f"{value[0]:,}–{value[-1]:,}"
        return (f"said as {span}", f"所说为 {span}", f"所說為 {span}")[i]
    if slot == "model_id" and value in (names or {}):
        return (names or {})[value]
    if slot == "existing_hardware_ids":
        return ("owns " if i == 0 else "已有 ") + ", ".join((names or {}).get(v, v) for v in value)
    if slot == "existing_hardware":
        sep = ", " if i == 0 else "、"
        return sep.join(_EXISTING[v][i] for v in value if v in _EXISTING)
    if slot == "serving_engine":
        value = ENGINE_NAMES.get(value, value)
    if slot in _FACT_FORMATS:
        return agree_plurals(_FACT_FORMATS[slot][i].format(v=value, money=money(value) if slot == "budget_usd" else "",
                                             pct=f"{value:.0%}" if slot == "utilization" else ""))
    return f"{slot}={value}"


_FACT_ORDER = ("model_id", "model_params_b", "quantization", "reasoning_model", "deployment_scale", "concurrent_users", "total_users",
               "request_class", "transcript_minutes", "images_per_request", "image_pixels", "prompt_tokens",
               "output_tokens", "shared_prefix_tokens", "shared_prefix_share", "prefix_caching", "session_history", "context_length", "ttft_target_ms", "ttft_irrelevant", "e2e_target_ms",
               "tokens_per_s_target", "speed_band", "unhurried", "arrival_pattern",
               "base_concurrent_users", "staff_per_shift", "rate_units", "requests_per_unit_per_hour", "tokens_per_unit_per_day",
               "rate_unit_share", "requests_per_s", "loads_summed", "day_and_night",
               "daily_active_share", "requests_per_user_per_day", "requests_per_user_per_hour", "requests_per_day",
               "peak_factor", "peak_hour_share", "tokens_per_day", "sites", "budget_per_site",
               "tokens_per_s_total",
               "api_spend_usd_per_month", "api_model", "power_budget_w", "power_budget_scope", "racks", "budget_usd",
               "lora_adapters", "serving_engine", "air_gapped", "excluded_vendors", "allowed_vendors", "cpu_arch", "fanless", "placement", "named_only", "named_doubted", "buyer_in_china",
               "buyer_in_taiwan", "preferred_vendors", "device_form",
               "owned_falls_short", "model_stability", "models_served", "co_served_params_b", "served_models", "dynamic_shapes",
               "accuracy_critical", "mixed_training", "space_limited", "existing_hardware", "existing_hardware_ids", "free_slots", "hours_per_day", "days_per_week",
               "utilization",
               "electricity_usd_per_kwh", "amortization_years", "active_params_b", "owned_devices", "named_devices",
               "batch_items", "batch_window_hours", "users_across_time_zones", "availability_required")


def fact_phrases(facts: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None,
                 rates: Sequence[FxRate] = ()) -> list[str]:
    """The facts in a stable, readable order (size first); `names` as in `fact_phrase`; `rates`: the catalog's dated
    exchange rates, so an amount said in another currency shows its conversion, rate and date."""
    facts = _without_owned_asked(facts)
    ordered = [s for s in _FACT_ORDER if s in facts and facts[s] is not None]
    # Same head count twice ("200 users" read as both) is said once.
    if facts.get("total_users") is not None and facts.get("total_users") == facts.get("concurrent_users"):
        ordered.remove("total_users")
    if facts.get("owned_devices") and "existing_hardware_ids" in ordered:  # the counted list says it already
        ordered.remove("existing_hardware_ids")
    if "existing_hardware" in ordered and _classes_of_owned(facts):
        # The owned devices' own class ("laptops with NPUs" beside "owns 2× DGX Spark"): the list says it.
        ordered.remove("existing_hardware")
    if "served_models" in ordered:  # the list names every model and its load; its count and sizes are in it
        ordered = [slot for slot in ordered if slot not in ("models_served", "co_served_params_b")]
    phrases = [fact_phrase(slot, facts[slot], lang, names) for slot in ordered]
    if "budget_usd" in ordered and (converted := _budget_phrase(facts, lang_index(lang), rates)) is not None:
        phrases[ordered.index("budget_usd")] = converted
    if "api_spend_usd_per_month" in ordered and (spend := _spend_phrase(facts, lang_index(lang), rates)) is not None:
        phrases[ordered.index("api_spend_usd_per_month")] = spend
    for slot in LENGTH_SAID_FIELDS:
        if slot in ordered and (said := _said_length_phrase(facts, slot, lang_index(lang))) is not None:
            phrases[ordered.index(slot)] = said
    for slot in ("concurrent_users", "total_users"):
        span = facts.get(f"{slot}_range")
        if slot in ordered and isinstance(span, list) and len(span) == 2 and span[1] == facts[slot]:
            phrases[ordered.index(slot)] += _RANGE_NOTE[lang_index(lang)].format(low=span[0], high=span[1])
    return phrases


def device_ids(facts: Mapping[str, Any]) -> set[str]:
    """The catalog ids of the devices the facts mention (owned, asked about, already in place)."""
    ids = {d.get("hardware_id") for slot in _DEVICE_LISTS for d in facts.get(slot) or []}
    ids.update(facts.get("existing_hardware_ids") or [])
    return {i for i in ids if i}


def _without_owned_asked(facts: Mapping[str, Any]) -> Mapping[str, Any]:
    """"We have six L40S — enough?" owns and asks about the same six: said once, as owned."""
    owned = {(d.get("hardware_id"), d.get("count")) for d in facts.get("owned_devices") or []}
    named = facts.get("named_devices")
    if not owned or not named:
        return facts
    rest = [d for d in named if (d.get("hardware_id"), d.get("count")) not in owned]
    return {**facts, "named_devices": rest or None}


# The contract's `existing_hardware` class of an owned device of each kind (estimator.advice.candidates.owned_class).
_CLASS_OF_KIND = {"soc": "npu_laptops", "npu": "npu_laptops", "cpu": "cpu_servers", "gpu": "gpu_workstations"}


def _classes_of_owned(facts: Mapping[str, Any]) -> bool:
    """Whether every stated `existing_hardware` class is one of the owned devices' own classes."""
    classes = [c for c in facts.get("existing_hardware") or [] if c != "none"]
    kinds = {_CLASS_OF_KIND.get(str(d.get("kind"))) for d in facts.get("owned_devices") or []}
    return bool(classes) and set(classes) <= kinds


def join_list(items: Sequence[str], lang: str) -> str:
    return (", " if lang == "en" else "，").join(items)


def slot_changes(old: Mapping[str, Any], new: Mapping[str, Any], lang: str) -> list[str]:
    """"concurrent users 200 → 500" for each fact whose value changed."""
    changes = []
    for slot in _FACT_ORDER:
        if slot in old and slot in new and old[slot] is not None and old[slot] != new[slot]:
            changes.append(f"{fact_phrase(slot, old[slot], lang)} → {fact_phrase(slot, new[slot], lang)}")
    return changes


# Facts with answers of their own in the reply (the owned / asked-about devices), never listed as changes.
_ANSWERED_SLOTS = ("owned_devices", "named_devices", "existing_hardware", "existing_hardware_ids")
_ASSUMED_MARK = (" (assumed)", "（原为假设）", "（原為假設）")
_NEW_MARK = (" (new)", "（新增）", "（新增）")


def fact_changes(old: Mapping[str, Any], new: Mapping[str, Any], assumed: Mapping[str, Any], lang: str) -> list[str]:
    """What changed in the facts since the last recommendation: a value stated before and changed
    ("200 concurrent users → 500 concurrent users"), and a value stated for the first time, against the
    one the last recommendation assumed (`assumed`: its filled workload): "Q4_K_M (assumed) → FP8",
    or "context 32,768 tokens (new)" when it assumed none. A first statement of what was assumed
    anyway changes nothing and is not listed."""
    i = lang_index(lang)
    changes = []
    for slot in _FACT_ORDER:
        value = new.get(slot)
        if slot in _ANSWERED_SLOTS or value is None:
            continue
        if old.get(slot) is not None:
            if old[slot] != value:
                changes.append(f"{fact_phrase(slot, old[slot], lang)} → {fact_phrase(slot, value, lang)}")
            continue
        before = assumed.get(slot)
        if before is None:
            changes.append(fact_phrase(slot, value, lang) + _NEW_MARK[i])
        elif before != value:
            changes.append(f"{fact_phrase(slot, before, lang)}{_ASSUMED_MARK[i]} → {fact_phrase(slot, value, lang)}")
    return changes


# --- options and recommendations -----------------------------------------------------------------
def option_title(option: Option, lang: str = "en") -> str:
    title = t("option", lang, count=option.count, name=option.hardware_name or option.hardware_id,
              stack=option.serving_stack)
    if option.owned_units:  # a top-up of owned devices ("your 6 L40S + 2 more")
        title += msg("answer.owned_units", lang, owned=option.owned_units)
    return title


def answer_lines(rec: Recommendation, lang: str = "en") -> list[str]:
    """The direct answers, first in the reply: owned hardware, the devices named, the batch job."""
    # "We have six L40S — enough?" owns and asks about the same six: the owned verdict answers it (once,
    # with one count: the named sizing adds its N+1 spare, the top-up does not).
    owned = {(a.hardware_id, a.owned_count) for a in rec.owned}
    # Said slow at this load yet estimated to meet the targets: the estimate never overrules what they see.
    lines = [word(a.text, lang) + (t("answer.owned.disputed", lang, hardware=f"{a.owned_count} × {a.hardware_name}")
                                   if a.disputed else "") for a in rec.owned]
    lines += [word(a.text, lang) for a in rec.named if (a.hardware_id, a.asked_count) not in owned]
    if rec.batch is not None:
        lines.append(word(rec.batch.text, lang))
    return [line for line in lines if line]


def option_lines(option: Option, users: int | None, lang: str = "en") -> list[str]:
    """The numbers of one option: speed and latency, memory fit, cost and power."""
    est, tco = option.estimate, option.tco
    if option.batch_hours is not None:  # a batch job: when it finishes, not a per-user chat speed
        return [msg("answer.batch.option", lang, hours=option.batch_hours, capex=money(option.capex_usd),
                    tco=money(tco.three_year_total_usd), power=money(tco.annual_power_usd))]
    p95 = t("rec.p95", lang, value=num(est.ttft_p95_ms)) if est.ttft_p95_ms else ""
    span = est.decode_tokens_per_s_per_user_range
    likely = t("rec.likely", lang, low=num(span[0], 1), high=num(span[1], 1)) if span else ""
    lines = [t("rec.speed", lang, tps=num(est.decode_tokens_per_s_per_user, 1), likely=likely, users=num(users or 1),
               ttft=num(est.ttft_ms), p95=p95, max_users=num(est.max_concurrent_users))]
    if est.memory_required_gb is not None and est.memory_available_gb is not None:
        lines.append(t("rec.memory", lang, required=num(est.memory_required_gb, 1),
                       available=num(est.memory_available_gb, 1)))
    watts = t("rec.watts", lang, watts=num(option.power_w)) if option.power_w else ""
    per_m = money(tco.cost_per_million_tokens_usd) if tco.cost_per_million_tokens_usd is not None else "n/a"
    if option.unpriced:  # no sourced price: the capex is unknown, never "$0"
        lines.append(msg("answer.named.unpriced", lang, power=tco.annual_power_usd))
        return lines
    lines.append(t("rec.cost", lang, capex=money(option.capex_usd),
                   estimate=t("rec.estimate_mark", lang) if tco.price_is_estimate else "",
                   tco=money(tco.three_year_total_usd), per_m=per_m, power_cost=money(tco.annual_power_usd),
                   watts=watts))
    return lines


def option_summary(option: Option, lang: str = "en") -> str:
    """One line per alternative: title, speed, TTFT, capex, TCO, $/M tokens, power, SLO."""
    est, tco = option.estimate, option.tco
    if option.batch_hours is not None:
        return msg("answer.batch.summary", lang, title=option_title(option, lang), hours=option.batch_hours,
                   capex=money(option.capex_usd), tco=money(tco.three_year_total_usd),
                   meets=t("meets." + option.verdict, lang))
    per_m = money(tco.cost_per_million_tokens_usd) if tco.cost_per_million_tokens_usd is not None else "n/a"
    power = t("option.power", lang, watts=num(option.power_w)) if option.power_w else ""
    return t("option.summary", lang, title=option_title(option, lang), tps=num(est.decode_tokens_per_s_per_user, 1),
             ttft=num(est.ttft_ms), capex=money(option.capex_usd), tco=money(tco.three_year_total_usd), per_m=per_m,
             power=power, meets=t("meets." + option.verdict, lang))


def risk_line(risk: Risk, lang: str = "en") -> str:
    return f"[{msg('severity.' + risk.severity, lang)}] {risk.id}: {risk.why} ({t('rec.mitigation', lang)}: {risk.mitigation})"


_LEADING_COUNT = re.compile(r"^\d+\s*[x×]\s")


def benchmark_line(row: Benchmark) -> str:
    # Sources often name the count themselves ("8x AMD Instinct MI300X"): don't say it twice.
    label_has_count = _LEADING_COUNT.match(row.hardware_label) is not None
    count = f"{row.device_count}× " if row.device_count > 1 and not label_has_count else ""
    conc = f", concurrency {row.concurrency}" if row.concurrency else ""
    return (f"#{row.row_id} {count}{row.hardware_label}, {row.model} {row.quant}, {row.backend}{conc}: "
            f"{row.metric} = {row.value:g} tok/s ({row.source_url})")


def render_recommendation(
    rec: Recommendation,
    lang: str = "en",
    *,
    users: int | None = None,
    understood: Sequence[str] = (),
    assumed: Sequence[str] = (),
    changes: Sequence[str] = (),
    provenance: tuple[str, Sequence[Benchmark]] = ("matched", ()),
    headline: str | None = None,
    rent_first: bool = False,
    weighed: Sequence[str] = (),
) -> str:
    """The full recommendation reply: primary, alternatives, risks, assumptions, plan, provenance.

    `provenance` are the measured rows to cite (`calibration_rows`); `headline` replaces the default
    first line about the primary option (the SLM's wording of it); `rent_first`: the message asked what
    renting costs, so the buy / rent / API comparison comes first, before the purchase; `weighed`: the values
    the message weighed ("FP8 or INT4?"), side by side, after the direct answers about the devices it asked
    about (a yes/no on a named device is answered first) and before the recommendation.
    """
    out: list[str] = []
    echo = [t("understood", lang, facts=join_list(understood, lang))] if understood else []
    if assumed:  # every default the numbers below rest on, before them, on the echo's own line
        echo.append(t("assumed", lang, facts=join_list(assumed, lang)))
    if echo:
        out.append((" " if lang == "en" else "").join(echo))
    if changes:
        out.append(t("rec.changes", lang, changes=("; " if lang == "en" else "；").join(changes)))
    out += answer_lines(rec, lang)
    out += weighed
    out += accelerator_reply_lines(rec, lang)
    if rent_first:
        out += cloud_lines(rec, lang)
    primary = rec.primary
    if primary is None:
        out.append(t("rec.none", lang))
        if rec.rationale:
            out.append(word(rec.rationale, lang))
        if rec.relax:
            out += [t("rec.relax", lang), *(f"  • {line}" for line in rec.relax)]
    else:
        out += far_past_lines(rec, lang)
        out.append(headline or recommendation_headline(rec, lang))
        out += [f"  • {line}" for line in option_lines(primary, users, lang)]
        if rec.rationale or primary.rationale:
            out.append(t("rec.why", lang, text=rec.rationale or primary.rationale))
        if rec.relax and primary.verdict == "misses":  # what is attainable ("relax the p95 TTFT target to …")
            out += [t("rec.relax", lang), *(f"  • {line}" for line in rec.relax)]
    if rec.alternatives:
        out.append(t("rec.alternatives", lang))
        out += [f"  {i}. {option_summary(option, lang)}" for i, option in enumerate(rec.alternatives, 1)]
    if not rent_first:
        out += cloud_lines(rec, lang)
    if rec.risks:
        out.append(t("rec.risks", lang))
        out += [f"  • {risk_line(risk, lang)}" for risk in rec.risks]
    shown = [line for line in rec.assumptions if origin_of(line) not in _LONG_ASSUMPTIONS]
    if shown:
        out.append(t("rec.assumptions", lang))
        out += [f"  • {line}" for line in shown]
    if rec.validation_plan:
        out.append(t("rec.plan", lang))
        out += [f"  {i}. {step}" for i, step in enumerate(rec.validation_plan, 1)]
    basis, rows = provenance
    if rows:
        out.append(t("rec.calibration." + basis, lang))
        out += [f"  • {benchmark_line(row)}" for row in rows]
    return "\n".join(out)


def accelerator_reply_lines(rec: Recommendation, lang: str = "en") -> list[str]:
    """Seed 2's accelerator-first verdict, with the GPU option shown beside it named as in the options."""
    verdict = rec.accelerator_first
    if verdict is None:
        return []
    options = [o for o in (rec.primary, *rec.alternatives) if o is not None]
    gpu = next((o for o in options if o.hardware_id == verdict.gpu_beside), None)
    users = (rec.workload or {}).get("concurrent_users")
    return accelerator_lines(verdict, users, option_summary(gpu, lang) if gpu is not None else None, lang)


def cloud_lines(rec: Recommendation, lang: str = "en") -> list[str]:
    """Buy vs rent vs hosted API: the estimator's sentences under one heading, or nothing."""
    if rec.cloud is None or not rec.cloud.lines:
        return []
    heading = "rec.cloud.air_gapped" if rec.cloud.air_gapped else "rec.cloud"
    return [t(heading, lang), *(f"  • {line}" for line in rec.cloud.lines)]


def calibration_rows(rec: Recommendation, catalog: Catalog, limit: int = 5) -> tuple[str, list[Benchmark]]:
    """The measured rows behind the primary's estimate and how they relate to it: "matched" (the rows
    the estimate used), else "device" (this device's own rows), else "backend" (rows of the same serving
    backend and device kind, nearest model size first: what that backend/kind's calibrated efficiency
    factors were fitted on)."""
    primary = rec.primary
    by_id = {row.row_id: row for row in catalog.benchmarks}
    rows = [by_id[r] for r in rec.calibration_rows if r in by_id]
    if rows or primary is None:
        return "matched", rows[:limit]
    rows = [b for b in catalog.benchmarks if b.hardware_id == primary.hardware_id]
    if rows:
        return "device", rows[:limit]
    stack = next((s for s in catalog.stacks if s.name == primary.serving_stack), None)
    size = (rec.workload or {}).get("model_params_b") or 7.0
    rows = sorted((b for b in catalog.benchmarks if stack and b.backend == stack.backend_key and b.kind == primary.kind),
                  key=lambda b: abs(b.params_b - size))
    return "backend", rows[:limit]


def far_past_lines(rec: Recommendation, lang: str = "en") -> list[str]:
    """Nothing fits the limits for the stated model, said plainly, and what fits them instead (`Recommendation.
    fits_limit`); nothing when the closest option is near enough to offer."""
    if rec.far_past_limits is None:
        return []
    size = (rec.workload or {}).get("model_params_b") or 7.0
    return [t("rec.far_past", lang, size=f"{size:g}B", ratio=f"{rec.far_past_limits:.1f}"),
            fits_limit_line(rec.fits_limit, lang)]


def recommendation_headline(rec: Recommendation, lang: str = "en") -> str:
    """"Recommendation: 2× L40S with vLLM. It meets your targets." (or that no option meets them; or, when the closest
    option is far past the limits, that it is only the closest)."""
    if rec.primary is None:
        return t("rec.none", lang)
    if rec.far_past_limits is not None:
        return t("rec.primary_far", lang, option=option_title(rec.primary, lang))
    space = " " if lang == "en" else ""
    return t("rec.primary", lang, option=option_title(rec.primary, lang)) + space + _verdict(rec, lang)


def _verdict(rec: Recommendation, lang: str) -> str:
    """Whether the primary meets the targets, never more than its numbers show. A first-token bound the primary
    misses yet "meets" was not judged: it was assumed, not set (sized for the load, `note.assumed_ttft_load`, or
    hardware they own judged by seed 1's bands), so the headline says it is not met."""
    assert rec.primary is not None
    verdict = rec.primary.verdict
    if verdict == "meets" and not first_token_within(rec):
        bound = (rec.workload or {})["ttft_target_ms"]
        ttft = rec.primary.estimate.ttft_p95_ms or rec.primary.estimate.ttft_ms
        return t("rec.meets_but_assumed_ttft", lang, assumed=f"{bound:,.0f}", ttft=f"{ttft:,.0f}")
    return t("rec." + verdict, lang)


def recommendation_changes(old: Recommendation | None, new: Recommendation, lang: str = "en") -> list[str]:
    """What changed between two recommendations: primary option, capex, TCO, speed, SLO."""
    if old is None or old.primary is None or new.primary is None:
        return []
    a, b = old.primary, new.primary
    changes = []
    if (a.hardware_id, a.count, a.serving_stack) != (b.hardware_id, b.count, b.serving_stack):
        changes.append(t("chg.primary", lang, old=option_title(a, lang), new=option_title(b, lang)))
    if round(a.capex_usd) != round(b.capex_usd):
        changes.append(t("chg.capex", lang, old=short_money(a.capex_usd), new=short_money(b.capex_usd)))
    if round(a.tco.three_year_total_usd) != round(b.tco.three_year_total_usd):
        changes.append(t("chg.tco", lang, old=short_money(a.tco.three_year_total_usd),
                         new=short_money(b.tco.three_year_total_usd)))
    ta, tb = a.estimate.decode_tokens_per_s_per_user, b.estimate.decode_tokens_per_s_per_user
    if a.batch_hours is not None and b.batch_hours is not None:  # a batch job has no users: when it finishes
        if round(a.batch_hours, 1) != round(b.batch_hours, 1):
            changes.append(t("chg.batch_hours", lang, old=f"{a.batch_hours:.1f}", new=f"{b.batch_hours:.1f}"))
    elif round(ta, 1) != round(tb, 1):
        changes.append(t("chg.tps", lang, old=f"{ta:.1f}", new=f"{tb:.1f}"))
    if a.verdict != b.verdict:
        changes.append(t("chg.slo", lang, old=t("meets." + a.verdict, lang), new=t("meets." + b.verdict, lang)))
    if old.cloud is not None and new.cloud is not None and old.cloud.cheapest != new.cloud.cheapest:
        changes.append(t("chg.cheapest", lang, old=t(f"path.{old.cloud.cheapest}", lang),
                         new=t(f"path.{new.cloud.cheapest}", lang)))
    return changes


def options_table(rec: Recommendation, lang: str = "en") -> Table:
    """Primary and alternatives side by side (rich table for the terminal; fits 80 columns)."""
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False, caption="* price estimate")
    table.add_column("", no_wrap=True)
    table.add_column("option", ratio=1)
    for heading in ("tok/s", "TTFT ms", "capex", "3y TCO", "$/M tok", "W", "SLO"):
        table.add_column(heading, justify="right", no_wrap=True)
    for i, o in enumerate(o for o in [rec.primary, *rec.alternatives] if o is not None):
        tco = o.tco
        table.add_row("★" if i == 0 else str(i), f"{o.count}× {o.hardware_name or o.hardware_id}",
                      num(o.estimate.decode_tokens_per_s_per_user, 1), num(o.estimate.ttft_ms),
                      short_money(o.capex_usd) + ("*" if tco.price_is_estimate else ""),
                      short_money(tco.three_year_total_usd), money(tco.cost_per_million_tokens_usd), num(o.power_w),
                      "✓" if o.meets_slo else "✗")
    return table


__all__ = [
    "accelerator_reply_lines",
    "answer_lines",
    "benchmark_line",
    "calibration_rows",
    "cloud_lines",
    "device_ids",
    "far_past_lines",
    "options_table",
    "fact_phrase",
    "fact_phrases",
    "join_list",
    "money",
    "num",
    "option_lines",
    "option_summary",
    "option_title",
    "options_table",
    "recommendation_changes",
    "recommendation_headline",
    "render_recommendation",
    "risk_line",
    "short_money",
    "slot_changes",
    "slot_name",
]
