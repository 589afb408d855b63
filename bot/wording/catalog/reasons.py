"""The eligibility rules' reasons (`candidates.exclusion`), owned-power notes and an option's violations.

The core returns each as a finding (`estimator.said.Said`: key + parameters); the wording layer words
it in the user's language from these templates. Each entry is (en, zh-Hans, zh-Hant).
"""

from __future__ import annotations

VIOLATION_MESSAGES: dict[str, tuple[str, str, str]] = {
    # An option's violations (`Option.violations`): the constraint first, then its figures.
    "violation.memory": (
        "memory: needs {need:,.0f} GB, {count} device(s) hold {hold:,.0f} GB",
        "显存/内存：需要 {need:,.0f} GB，{count} 台设备共 {hold:,.0f} GB",
        "顯存/記憶體：需要 {need:,.0f} GB，{count} 台裝置共 {hold:,.0f} GB",
    ),
    "violation.slo": (
        "SLO: {speed:,.1f} tok/s per user and p95 TTFT {ttft:,.0f} ms at {users} user(s) (targets {target:g} tok/s, {bar:,} ms)",
        "SLO：{users} 位用户时每人 {speed:,.1f} tok/s、p95 TTFT {ttft:,.0f} ms（目标 {target:g} tok/s、{bar:,} ms）",
        "SLO：{users} 位使用者時每人 {speed:,.1f} tok/s、p95 TTFT {ttft:,.0f} ms（目標 {target:g} tok/s、{bar:,} ms）",
    ),
    "violation.budget": ("budget: capex ${capex:,.0f} > ${budget:,.0f}", "预算：采购 ${capex:,.0f} > ${budget:,.0f}",
                         "預算：採購 ${capex:,.0f} > ${budget:,.0f}"),
    "violation.power_unverified": (
        "power: unverified: no TDP on record to check against the {budget:,} W budget",
        "功耗：无法核实：没有 TDP 记录，无法对照 {budget:,} W 的预算检查",
        "功耗：無法核實：沒有 TDP 紀錄，無法對照 {budget:,} W 的預算檢查",
    ),
    "violation.power": ("power: {power:,.0f} W peak > {budget:,} W budget", "功耗：峰值 {power:,.0f} W > {budget:,} W 预算",
                        "功耗：峰值 {power:,.0f} W > {budget:,} W 預算"),
    "violation.not_eligible": ("not eligible: {reason}", "不符合条件：{reason}", "不符合條件：{reason}"),
}


REASON_MESSAGES: dict[str, tuple[str, str, str]] = {
    "reason.npu_users": (
        "seed 1: NPUs are built for one user; multi-user serving on an NPU is impractical",
        "种子文档 1：NPU 为单个用户设计；在 NPU 上做多用户服务不现实",
        "種子文件 1：NPU 為單一使用者設計；在 NPU 上做多使用者服務不切實際",
    ),
    "reason.no_batching": (
        "{stack} has no continuous batching, so it cannot share one device among {users} user(s)",
        "{stack} 没有连续批处理，无法让 {users} 位用户共享一台设备",
        "{stack} 沒有連續批次處理，無法讓 {users} 位使用者共用一台裝置",
    ),
    "reason.team_batching": (
        "seed 1: beyond a team (>{team} concurrent user(s)) serving needs continuous batching (vLLM-class); "
        "{stack}'s is {batching}",
        "种子文档 1：超过团队规模（>{team} 位并发用户）的服务需要连续批处理（vLLM 级）；{stack} 的为“{batching}”",
        "種子文件 1：超過團隊規模（>{team} 位並行使用者）的服務需要連續批次處理（vLLM 級）；{stack} 的為「{batching}」",
    ),
    "reason.npu_size": (
        "seed 1: NPUs top out around 7B quantized", "种子文档 1：NPU 上限约为量化后的 7B 模型",
        "種子文件 1：NPU 上限約為量化後的 7B 模型",
    ),
    "reason.cloud_only": (
        "cloud-only: it cannot be bought and installed on premises", "仅限云端：无法购买并部署在本地",
        "僅限雲端：無法購買並部署在本地",
    ),
    "reason.china_market": (
        "sold in China only: offered when you name it", "仅在中国大陆销售：你点名时才纳入比较",
        "僅在中國大陸銷售：你點名時才納入比較",
    ),
    "reason.placement_passive": (
        "passively cooled: it needs a server chassis's forced airflow, and the box stands {place}",
        "被动散热：需要服务器机箱的强制风冷，而机器放在{place}",
        "被動散熱：需要伺服器機殼的強制氣流，而機器放在{place}",
    ),
    "reason.placement_rack": (
        "sold only as a rack server or on a baseboard, and the box stands {place}",
        "只以机架服务器或基板形式出售，而机器放在{place}",
        "只以機架伺服器或基板形式出售，而機器放在{place}",
    ),
    "reason.training": (
        "seed 2: hardware shared with training wants general-purpose GPUs", "种子文档 2：与训练共用的硬件应选通用 GPU",
        "種子文件 2：與訓練共用的硬體應選通用 GPU",
    ),
    "reason.datacenter": (
        "seed 1: organization-wide 24/7 production wants data-center GPUs (ECC, passively cooled cards or SXM/OAM "
        "modules), not consumer or workstation cards",
        "种子文档 1：全组织 7×24 生产环境需要数据中心 GPU（ECC、被动散热卡或 SXM/OAM 模块），而不是消费级或工作站显卡",
        "種子文件 1：全組織 7×24 生產環境需要資料中心 GPU（ECC、被動散熱卡或 SXM/OAM 模組），而不是消費級或工作站顯示卡",
    ),
    "reason.embedded": (
        "an embedded module or developer kit is edge hardware (seed 2: edge server rooms, vehicles, factory floors), not a person's "
        "workstation (seed 1: laptop or desktop) or a shared server",
        "嵌入式模块或开发套件属于边缘硬件（种子文档 2：边缘机房、车载设备、工业现场），不是个人工作站（种子文档 1：笔记本或台式机）"
        "也不是共享服务器",
        "嵌入式模組或開發套件屬於邊緣硬體（種子文件 2：邊緣機房、車載設備、工業現場），不是個人工作站（種子文件 1：筆電或桌機）"
        "也不是共用伺服器",
    ),
    "reason.vendor_excluded": (
        "you ruled out {vendor}", "你已排除 {vendor}", "你已排除 {vendor}",
    ),
    "reason.cpu_arch": (
        "it runs {isa}, and you need {wanted}",
        "它是 {isa} 架构，你需要 {wanted}",
        "它是 {isa} 架構，你需要 {wanted}",
    ),
    "reason.vendor_not_allowed": (
        "{vendor} is not among the vendors you allow",
        "{vendor} 不在你允许的厂商之列",
        "{vendor} 不在你允許的廠商之列",
    ),
    "reason.export_controlled": (
        "US export rules bar it from sale in mainland China (ECCN 3A090.a: total processing performance {tpp:,} ≥ 4,800)",
        "美国出口管制禁止向中国大陆销售（ECCN 3A090.a：总处理性能 {tpp:,} ≥ 4,800）",
        "美國出口管制禁止向中國大陸銷售（ECCN 3A090.a：總處理效能 {tpp:,} ≥ 4,800）",
    ),
    "reason.not_sold_in_china": (
        "not sold to a buyer in mainland China (US export rules; the China-market version is sold there instead)",
        "不向中国大陆买家销售（美国出口管制；大陆销售的是特供版）",
        "不向中國大陸買家銷售（美國出口管制；大陸銷售的是特供版）",
    ),
    "reason.not_sold_in_taiwan": (
        "not sold to a buyer in Taiwan (a Chinese maker's part or a China-market part)",
        "不在台湾销售（中国大陆厂商的产品或大陆特供版）",
        "不在台灣銷售（中國大陸廠商的產品或大陸特供版）",
    ),
    "reason.not_buyable": (
        "not among the devices you said you can buy", "不在你说能买到的设备之列", "不在你說能買到的設備之列",
    ),
    "reason.not_laptop": (
        "you asked for a laptop and it is not sold in one",
        "你要的是笔记本电脑，它没有笔记本版本",
        "你要的是筆電，它沒有筆電版本",
    ),
    "reason.no_price": (
        "no price on record, so it cannot be costed", "资料库里没有价格，无法计算成本", "資料庫裡沒有價格，無法計算成本",
    ),
    # The power notes of owned devices with no TDP of their own (`candidates.fill_owned_power`).
    "power_note.chip": (
        "{hardware}: no TDP of its own on record; costed at the {tdp} W of the {chip} it is part of",
        "{hardware}：资料库里没有它自己的 TDP；按它所属的 {chip} 的 {tdp} W 计算",
        "{hardware}：資料庫裡沒有它自己的 TDP；按它所屬的 {chip} 的 {tdp} W 計算",
    ),
    "power_note.borrowed": (
        "{hardware}: no power figure on record; costed at {tdp} W, the highest draw of the other owned devices "
        "({other}), so a missing figure cannot make it cheaper",
        "{hardware}：资料库里没有功耗数据；按其他已有设备中最高的 {tdp} W（{other}）计算，缺失的数据不会让它显得更便宜",
        "{hardware}：資料庫裡沒有功耗數據；按其他已有裝置中最高的 {tdp} W（{other}）計算，缺失的數據不會讓它顯得更便宜",
    ),
    "reason.no_tdp": (
        "no TDP on record, so its power cannot be costed", "资料库里没有 TDP，无法计算电费", "資料庫裡沒有 TDP，無法計算電費",
    ),
}


__all__ = ["REASON_MESSAGES"]
