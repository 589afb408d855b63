"""Sentence templates of the TCO working (`estimator/costing/tco.py`, the served-token line in `sizing.py`).

Each entry is (en, zh-Hans, zh-Hant) with the same placeholders and format specs in all three.
Looked up through `bot.wording.sentences.msg`.
"""

from __future__ import annotations

TCO_MESSAGES: dict[str, tuple[str, str, str]] = {
    # where a device's price comes from, when the core composed it rather than the catalog's data
    "price.basis_not_recorded": ("catalog price (basis not recorded)", "目录价格（未记录依据）", "目錄價格（未記錄依據）"),
    "price.seed1_l40s": (
        "seed 1: one L40S in a rack server ≈ ${total:,.0f} total, minus the ${host:,.0f} host server (estimate)",
        "种子文档 1：一张 L40S 装在机架服务器里总价约 ${total:,.0f}，减去 ${host:,.0f} 的主机服务器（估算）",
        "種子文件 1：一張 L40S 裝在機架伺服器裡總價約 ${total:,.0f}，減去 ${host:,.0f} 的主機伺服器（估算）",
    ),
    "price.quote_range": (
        "quote needed: ${low:,.0f}–{high:,.0f} ({basis}); costed at ${middle:,.0f}",
        "需要询价：${low:,.0f}–{high:,.0f}（{basis}）；按 ${middle:,.0f} 计算",
        "需要詢價：${low:,.0f}–{high:,.0f}（{basis}）；按 ${middle:,.0f} 計算",
    ),
    "tco.owned": (
        "{hardware}: already owned, so no purchase cost (seed 1: marginal cost ≈ power)",
        "{hardware}：已有，无需采购（种子文档 1：边际成本 ≈ 电费）",
        "{hardware}：已有，無需採購（種子文件 1：邊際成本 ≈ 電費）",
    ),
    "tco.host_workstation": (
        "host: none bought, the {hardware} goes into your existing workstation (seed 1: a desktop with a GPU)",
        "主机：无需采购，{hardware} 装进你现有的工作站（种子文档 1：带 GPU 的台式机）",
        "主機：無需採購，{hardware} 裝進你現有的工作站（種子文件 1：帶 GPU 的桌機）",
    ),
    "tco.host_owned_server": (
        "host: the first {hardware} cards go into the server you already have (its host not bought); servers in all: "
        "{servers}, hosts still bought ${host:,.0f}",
        "主机：前几张 {hardware} 装进你已有的服务器（不再买这台主机）；共 {servers} 台服务器，仍需采购的主机 ${host:,.0f}",
        "主機：前幾張 {hardware} 裝進你已有的伺服器（不再買這台主機）；共 {servers} 台伺服器，仍需採購的主機 ${host:,.0f}",
    ),
    "tco.host_slots": (
        "host: the {held} added {hardware} card(s) go into the server you own ({slots} free x16 slot(s) said); no host bought",
        "主机：新增的 {held} 张 {hardware} 装进你已有的服务器（你说有 {slots} 个空 x16 槽）；不用再买主机",
        "主機：新增的 {held} 張 {hardware} 裝進你已有的伺服器（你說有 {slots} 個空 x16 槽）；不用再買主機",
    ),
    "tco.host_slots_short": (
        "host: the server you own has {slots} free x16 slot(s), so it takes {held} of the {hardware} cards; the other "
        "{beyond} need {servers} more server(s), bought ${host:,.0f}",
        "主机：你已有的服务器只空着 {slots} 个 x16 槽，只能装 {held} 张 {hardware}；其余 {beyond} 张要再配 {servers} 台服务器，"
        "主机采购 ${host:,.0f}",
        "主機：你已有的伺服器只空著 {slots} 個 x16 槽，只能裝 {held} 張 {hardware}；其餘 {beyond} 張要再配 {servers} 台伺服器，"
        "主機採購 ${host:,.0f}",
    ),
    "tco.host_slots_modules": (
        "host: the {slots} free x16 slot(s) of the server you own take no {hardware} (a module on its vendor's baseboard, "
        "not a PCIe card); {servers} server(s) bought, ${host:,.0f}",
        "主机：你已有服务器的 {slots} 个空 x16 槽插不了 {hardware}（它是装在原厂基板上的模块，不是 PCIe 卡）；要买 {servers} 台服务器，"
        "${host:,.0f}",
        "主機：你已有伺服器的 {slots} 個空 x16 槽插不了 {hardware}（它是裝在原廠基板上的模組，不是 PCIe 卡）；要買 {servers} 台伺服器，"
        "${host:,.0f}",
    ),
    "tco.host_owned_topup": (
        "host: the added {hardware} cards go into the machine the owned ones are in (a free slot was said); hosts still "
        "bought ${host:,.0f}",
        "主机：新增的 {hardware} 装进已有卡所在的机器（你说过有空槽）；仍需采购的主机 ${host:,.0f}",
        "主機：新增的 {hardware} 裝進已有卡所在的機器（你說過有空槽）；仍需採購的主機 ${host:,.0f}",
    ),
    "tco.owned_part": (
        "{hardware}: {owned} of the {count} already owned (no purchase cost for those)",
        "{hardware}：{count} 台中已有 {owned} 台（这些无需采购）",
        "{hardware}：{count} 台中已有 {owned} 台（這些無需採購）",
    ),
    "tco.devices": (
        "{hardware}: ${unit:,.0f} each × {count} = ${total:,.0f} ({basis}{date}{estimate})",
        "{hardware}：每台 ${unit:,.0f} × {count} = ${total:,.0f}（{basis}{date}{estimate}）",
        "{hardware}：每台 ${unit:,.0f} × {count} = ${total:,.0f}（{basis}{date}{estimate}）",
    ),
    "tco.date": (", {date}", "，{date}", "，{date}"),
    "tco.estimate": ("; estimate", "；估算", "；估算"),
    "tco.hosts": (
        "host servers: {servers}, ${host:,.0f} (seed 1: $4,400 for a one-card server, ${multi:,.0f} for a "
        "multi-card one; up to {per_server} devices each; estimate)",
        "主机服务器：{servers} 台，${host:,.0f}（种子文档 1：单卡服务器 $4,400，多卡服务器 ${multi:,.0f}；"
        "每台最多 {per_server} 个设备；估算）",
        "主機伺服器：{servers} 台，${host:,.0f}（種子文件 1：單卡伺服器 $4,400，多卡伺服器 ${multi:,.0f}；"
        "每台最多 {per_server} 個裝置；估算）",
    ),
    "tco.hosts_in_price": (
        "host servers: {servers}, in the {hardware} price (its basis includes the servers; up to {per_server} "
        "devices each)",
        "主机服务器：{servers} 台，已含在 {hardware} 的价格里（价格依据包含服务器；每台最多 {per_server} 个设备）",
        "主機伺服器：{servers} 台，已含在 {hardware} 的價格裡（價格依據包含伺服器；每台最多 {per_server} 個裝置）",
    ),
    "tco.no_tdp": (
        "{hardware}: no TDP on record, so its power cost is not counted (understated)",
        "{hardware}：资料库里没有 TDP，电费未计入（偏低）", "{hardware}：資料庫裡沒有 TDP，電費未計入（偏低）",
    ),
    "tco.power": (
        "power: {count} × {tdp:.0f} W TDP × {utilization:.0%} utilization",
        "功耗：{count} × {tdp:.0f} W TDP × 利用率 {utilization:.0%}", "功耗：{count} × {tdp:.0f} W TDP × 使用率 {utilization:.0%}",
    ),
    "tco.power_owned": (
        " (the machines already run, so only the extra draw counts)", "（机器本来就在运行，只计额外功耗）",
        "（機器本來就在運行，只計額外功耗）",
    ),
    "tco.power_hosts": (
        " + {hosts:.0f} W for host servers ({each:.0f} W each, estimate)", " + 主机服务器 {hosts:.0f} W（每台 {each:.0f} W，估算）",
        " + 主機伺服器 {hosts:.0f} W（每台 {each:.0f} W，估算）",
    ),
    "tco.energy": (
        "energy: {hours:g} h/day × {days:,.0f} days × ${price:g}/kWh, {cooling} → ${annual:,.0f}/year",
        "电费：每天 {hours:g} h × {days:,.0f} 天 × ${price:g}/kWh，{cooling} → 每年 ${annual:,.0f}",
        "電費：每天 {hours:g} h × {days:,.0f} 天 × ${price:g}/kWh，{cooling} → 每年 ${annual:,.0f}",
    ),
    "tco.office": (
        "office cooling absorbs up to 4 devices (seed 1)", "办公室散热可承担最多 4 台设备（种子文档 1）",
        "辦公室散熱可承擔最多 4 台裝置（種子文件 1）",
    ),
    "tco.rack": ("PUE {pue:g} for rack cooling (estimate)", "机架散热 PUE {pue:g}（估算）", "機架散熱 PUE {pue:g}（估算）"),
    "tco.operations": (
        "operations: {share:.0%} of capex per year (support, spares, admin; estimate) → ${operations:,.0f}/year",
        "运维：每年采购成本的 {share:.0%}（支持、备件、管理；估算）→ 每年 ${operations:,.0f}",
        "維運：每年採購成本的 {share:.0%}（支援、備件、管理；估算）→ 每年 ${operations:,.0f}",
    ),
    "tco.rack_space": (
        "rack space: ${usd:,.0f} per server per year (estimate)", "机架空间：每台服务器每年 ${usd:,.0f}（估算）",
        "機架空間：每台伺服器每年 ${usd:,.0f}（估算）",
    ),
    "tco.migration": (
        "migration: ${usd:,.0f} to port and re-validate the model on this stack (seed 2)",
        "迁移：把模型移植到这个软件栈并重新验证需 ${usd:,.0f}（种子文档 2）",
        "遷移：把模型移植到這個軟體棧並重新驗證需 ${usd:,.0f}（種子文件 2）",
    ),
    "tco.per_m": (
        "$/M tokens: ${lifetime:,.0f} over {years} years ÷ {tps:,.0f} tok/s × {hours:g} h/day × {utilization:.0%} "
        "utilization × {days:,.0f} days",
        "每百万 token 成本：{years} 年共 ${lifetime:,.0f} ÷（{tps:,.0f} tok/s × 每天 {hours:g} h × 利用率 "
        "{utilization:.0%} × {days:,.0f} 天）",
        "每百萬 token 成本：{years} 年共 ${lifetime:,.0f} ÷（{tps:,.0f} tok/s × 每天 {hours:g} h × 使用率 "
        "{utilization:.0%} × {days:,.0f} 天）",
    ),
    "tco.per_m_served": (
        "$/M tokens: ${lifetime:,.0f} over {years} years ÷ {tps:,.0f} tok/s served × {hours:g} h/day × "
        "{utilization:.0%} utilization × {days:,.0f} days",
        "每百万 token 成本：{years} 年共 ${lifetime:,.0f} ÷（实际服务 {tps:,.0f} tok/s × 每天 {hours:g} h × 利用率 "
        "{utilization:.0%} × {days:,.0f} 天）",
        "每百萬 token 成本：{years} 年共 ${lifetime:,.0f} ÷（實際服務 {tps:,.0f} tok/s × 每天 {hours:g} h × 使用率 "
        "{utilization:.0%} × {days:,.0f} 天）",
    ),
    "tco.per_m_unknown": (
        "$/M tokens: not computed (served tokens per second unknown)", "每百万 token 成本：未计算（实际服务的 tokens/s 未知）",
        "每百萬 token 成本：未計算（實際服務的 tokens/s 未知）",
    ),
}

__all__ = ["TCO_MESSAGES"]
