"""Sentence templates of the buy / rent / API comparison (`estimator/costing/cloud.py`).

Each entry is (en, zh-Hans, zh-Hant) with the same placeholders and format specs in all three.
Looked up through `bot.wording.sentences.msg`.
"""

from __future__ import annotations

CLOUD_MESSAGES: dict[str, tuple[str, str, str]] = {
    "tco.days": (
        "runs {days:g} days a week ({running:,.0f} days a year), so energy and served tokens count those days only",
        "每周运行 {days:g} 天（每年 {running:,.0f} 天），电费和服务的 token 只按这些天计算",
        "每週運行 {days:g} 天（每年 {running:,.0f} 天），電費和服務的 token 只按這些天計算",
    ),
    "cloud.buy": (
        "Buy: ${total:,.0f} over 3 years (capex ${capex:,.0f}, then ${opex:,.0f} a year to run)",
        "购买：3 年共 ${total:,.0f}（采购 ${capex:,.0f}，之后每年运行 ${opex:,.0f}）",
        "購買：3 年共 ${total:,.0f}（採購 ${capex:,.0f}，之後每年運行 ${opex:,.0f}）",
    ),
    "cloud.buy_ported": (
        "Buy: ${total:,.0f} over 3 years (capex ${capex:,.0f} plus ${migration:,.0f} one-time porting, seed 2; "
        "then ${opex:,.0f} a year to run)",
        "购买：3 年共 ${total:,.0f}（采购 ${capex:,.0f}，另加一次性移植 ${migration:,.0f}（种子文档 2）；之后每年运行 ${opex:,.0f}）",
        "購買：3 年共 ${total:,.0f}（採購 ${capex:,.0f}，另加一次性移植 ${migration:,.0f}（種子文件 2）；之後每年運行 ${opex:,.0f}）",
    ),
    "cloud.rent": (
        "Rent: ${total:,.0f} over 3 years — {count} × {hardware} at {provider} ({offering}, ${rate:.2f}/GPU-hour, "
        "{term}, {hours:,.0f} billed hours a year)",
        "租用：3 年共 ${total:,.0f}——{provider} 的 {count} × {hardware}（{offering}，${rate:.2f}/GPU·小时，"
        "{term}，每年计费 {hours:,.0f} 小时）",
        "租用：3 年共 ${total:,.0f}——{provider} 的 {count} × {hardware}（{offering}，${rate:.2f}/GPU·小時，"
        "{term}，每年計費 {hours:,.0f} 小時）",
    ),
    "cloud.term.on_demand": ("on demand", "按需", "隨需"),
    "cloud.term.1y": ("1-year commitment, paid for every hour", "1 年承诺，每个小时都计费", "1 年承諾，每個小時都計費"),
    "cloud.term.3y": ("3-year commitment, paid for every hour", "3 年承诺，每个小时都计费", "3 年承諾，每個小時都計費"),
    "cloud.similar": (
        " (no sourced rental of the {bought} itself; sized on memory and bandwidth)",
        "（没有 {bought} 本身的租用报价；按内存和带宽折算）",
        "（沒有 {bought} 本身的租用報價；按記憶體和頻寬折算）",
    ),
    "cloud.api": (
        "Hosted API: ${total:,.0f} over 3 years — {provider} {model} at ${price_in}/${price_out} per million "
        "input/output tokens, {tokens:,.0f} M tokens a year",
        "托管 API：3 年共 ${total:,.0f}——{provider} {model}，输入/输出每百万 token ${price_in}/${price_out}，"
        "每年 {tokens:,.0f} M token",
        "託管 API：3 年共 ${total:,.0f}——{provider} {model}，輸入/輸出每百萬 token ${price_in}/${price_out}，"
        "每年 {tokens:,.0f} M token",
    ),
    "cloud.no_rent": (
        "Rent: no sourced rental price for a comparable GPU",
        "租用：没有可比 GPU 的有来源租用报价",
        "租用：沒有可比 GPU 的有來源租用報價",
    ),
    "cloud.no_api": (
        "Hosted API: no sourced price for a {size:g}B-class open model",
        "托管 API：没有 {size:g}B 级开源模型的有来源报价",
        "託管 API：沒有 {size:g}B 級開源模型的有來源報價",
    ),
    "cloud.verdict.buy": (
        "Buying is the cheapest over 3 years here.",
        "在这里，3 年内购买最便宜。",
        "在這裡，3 年內購買最便宜。",
    ),
    "cloud.verdict.rent": (
        "Renting is cheaper than buying here: ${saving:,.0f} less over 3 years{why}.",
        "这里租用比购买便宜：3 年少花 ${saving:,.0f}{why}。",
        "這裡租用比購買便宜：3 年少花 ${saving:,.0f}{why}。",
    ),
    "cloud.api_fine_tuned": (
        "Your model is a fine-tune: that API serves it only as a LoRA adapter on its public base model; a fully "
        "fine-tuned checkpoint needs a deployment of its own, the rent figure.",
        "你的模型是微调过的：这个 API 只能以 LoRA 适配器的形式在其公开基础模型上提供它；完整微调的检查点需要单独部署，即租用的数字。",
        "你的模型是微調過的：這個 API 只能以 LoRA 轉接器的形式在其公開基礎模型上提供它；完整微調的檢查點需要單獨部署，即租用的數字。",
    ),
    "cloud.verdict.api": (
        "A hosted API is cheaper than buying here: ${saving:,.0f} less over 3 years{why}.",
        "这里托管 API 比购买便宜：3 年少花 ${saving:,.0f}{why}。",
        "這裡託管 API 比購買便宜：3 年少花 ${saving:,.0f}{why}。",
    ),
    "cloud.why.part_time": (
        " — you run {hours:g} h a day, {days:g} days a week, and a bought server costs the same whether it runs or not",
        "——每天只用 {hours:g} 小时、每周 {days:g} 天，而买来的服务器不管用不用都要付钱",
        "——每天只用 {hours:g} 小時、每週 {days:g} 天，而買來的伺服器不管用不用都要付錢",
    ),
    "cloud.why.spiky": (
        " — the load is spiky: bought hardware is sized for the peak, pay-as-you-go pays for the average",
        "——负载是突发的：自购硬件按峰值配置，按用量付费只为平均负载付钱",
        "——負載是突發的：自購硬體按尖峰配置，按用量付費只為平均負載付錢",
    ),
    "cloud.why.small": (
        " — at {tokens:,.0f} M tokens a year, the API's price per token is below what the bought hardware costs per token",
        "——按每年 {tokens:,.0f} M token 计，API 每个 token 的价格低于自购硬件每个 token 的成本",
        "——按每年 {tokens:,.0f} M token 計，API 每個 token 的價格低於自購硬體每個 token 的成本",
    ),
    "cloud.payback": (
        "Buying pays back after {months:.0f} months against the cheapest pay-as-you-go option ({alt}, ${alt_month:,.0f} a month).",
        "与最便宜的按用量付费方案（{alt}，每月 ${alt_month:,.0f}）相比，购买在 {months:.0f} 个月后回本。",
        "與最便宜的按用量付費方案（{alt}，每月 ${alt_month:,.0f}）相比，購買在 {months:.0f} 個月後回本。",
    ),
    "cloud.payback_late": (
        "Buying does not pay back within the {years}-year amortization against the cheapest pay-as-you-go option "
        "({alt}, ${alt_month:,.0f} a month): it would take {months:,.0f} months.",
        "与最便宜的按用量付费方案（{alt}，每月 ${alt_month:,.0f}）相比，购买在 {years} 年摊销期内不会回本：需要 {months:,.0f} 个月。",
        "與最便宜的按用量付費方案（{alt}，每月 ${alt_month:,.0f}）相比，購買在 {years} 年攤銷期內不會回本：需要 {months:,.0f} 個月。",
    ),
    "cloud.never": (
        "Buying never pays back against {alt} (${alt_month:,.0f} a month): running the bought hardware alone costs "
        "${opex_month:,.0f} a month.",
        "与{alt}（每月 ${alt_month:,.0f}）相比购买永远不会回本：仅运行自购硬件每月就要 ${opex_month:,.0f}。",
        "與{alt}（每月 ${alt_month:,.0f}）相比購買永遠不會回本：僅運行自購硬體每月就要 ${opex_month:,.0f}。",
    ),
    "cloud.owned": (
        "The hardware is already owned: nothing to pay back.",
        "硬件已经有了：无需回本。",
        "硬體已經有了：無需回本。",
    ),
    "cloud.air_gapped": (
        "Air-gapped: renting and hosted APIs are out, so only bought hardware is costed.",
        "内网隔离：不能租用云 GPU，也不能调用托管 API，只计算购买的硬件。",
        "內網隔離：不能租用雲端 GPU，也不能呼叫託管 API，只計算購買的硬體。",
    ),
    "cloud.current_spend": (
        "Today's API: ${spend:,.0f}/month on {model} = ${total:,.0f} over 3 years for the same volume; buying {verdict}.",
        "目前的 API：每月 ${spend:,.0f}（{model}），同样用量 3 年共 ${total:,.0f}；购买{verdict}。",
        "目前的 API：每月 ${spend:,.0f}（{model}），同樣用量 3 年共 ${total:,.0f}；購買{verdict}。",
    ),
    "cloud.current_spend.pays_back": (
        "pays back in {months:.0f} months and saves ${saving:,.0f} over 3 years",
        "{months:.0f} 个月回本，3 年省 ${saving:,.0f}", "{months:.0f} 個月回本，3 年省 ${saving:,.0f}",
    ),
    "cloud.current_spend.costs_more": (
        "costs ${extra:,.0f} more over 3 years than keeping it", "3 年比继续用 API 多花 ${extra:,.0f}",
        "3 年比繼續用 API 多花 ${extra:,.0f}",
    ),
    "cloud.alt.rent": ("renting", "租用", "租用"),
    "cloud.alt.api": ("the hosted API", "托管 API", "託管 API"),
    "cloud.caveat": (
        "Rental and API figures are list prices read from the pages cited (no live calls); they leave out "
        "storage, egress and the engineer's time. A hosted API serves the public base model (or a LoRA on it): "
        "a fully fine-tuned checkpoint needs a dedicated deployment, i.e. the rent figure.",
        "租用和 API 数字是从所列网页读取的标价（不实时查询），不含存储、出网流量和工程师时间。托管 API 提供的是公开的基础模型"
        "（或其上的 LoRA）：完整微调的模型需要专用部署，即租用的数字。",
        "租用和 API 數字是從所列網頁讀取的標價（不即時查詢），不含儲存、出網流量和工程師時間。託管 API 提供的是公開的基礎模型"
        "（或其上的 LoRA）：完整微調的模型需要專用部署，即租用的數字。",
    ),
}

__all__ = ["CLOUD_MESSAGES"]
