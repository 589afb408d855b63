"""The decision memo's parts in words: the executive summary, the sensitivity table and the sourced
assumptions table. Figures come from the recommendation and from `estimator.advice.sensitivity`; this module
only words them (in the thread's language) and never computes a cost of its own.

The summary states one verdict: what to buy, and the buy / rent / API comparison consistent with it.
When renting or an API is cheaper over the horizon, it says so with the difference, and says why buying
is still the recommendation (the model is the user's own fine-tune, which a hosted API does not serve;
twice the users would make buying the cheaper path) or, when no such reason holds, that the cheaper
path is the better choice unless the data must stay on the premises.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.wording.render_text import money, num
from bot.wording.sentences import lang_index, msg, t
from estimator.advice.sensitivity import SensitivityRow
from estimator.catalog import Catalog
from estimator.schemas import Recommendation, Risk
from estimator.workload import DEFAULT_ELECTRICITY_USD_PER_KWH, DEFAULT_UTILIZATION

# (en, zh-Hans, zh-Hant)
_RISK_NAMES: dict[str, tuple[str, str, str]] = {
    "dynamic_shapes": ("Variable input lengths", "输入长度可变", "輸入長度可變"),
    "multi_model": ("Several models on one system", "多模型共用", "多模型共用"),
    "software_maturity": ("Software maturity", "软件成熟度", "軟體成熟度"),
    "quantization_calibration": ("Quantization accuracy", "量化精度", "量化精度"),
    "memory_bandwidth": ("Memory bandwidth", "内存带宽", "記憶體頻寬"),
    "power_cooling": ("Power and cooling", "供电与散热", "供電與散熱"),
    "tail_latency": ("Tail latency (P99/P999)", "长尾延迟（P99/P999）", "長尾延遲（P99/P999）"),
    "vendor_lock_in": ("Vendor lock-in", "厂商锁定", "廠商鎖定"),
    "capacity_headroom": ("Capacity headroom", "容量余量", "容量餘量"),
    "supply": ("Supply and lead time", "供货与交期", "供貨與交期"),
}
_SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}
_PATH = {"buy": ("buying", "购买", "購買"), "rent": ("renting GPUs", "租用 GPU", "租用 GPU"),
         "api": ("a hosted API", "托管 API", "託管 API")}
_CASES: dict[str, tuple[str, str, str]] = {
    "base": ("As recommended", "按推荐", "按推薦"),
    "users_half": ("Users × 0.5 ({users})", "用户 × 0.5（{users}）", "使用者 × 0.5（{users}）"),
    "users_double": ("Users × 2 ({users})", "用户 × 2（{users}）", "使用者 × 2（{users}）"),
    "hours_8": ("8 h a day", "每天 8 小时", "每天 8 小時"),
    "hours_24": ("24 h a day", "每天 24 小时", "每天 24 小時"),
    "utilization_half": ("Utilization {pct}", "利用率 {pct}", "利用率 {pct}"),
    "utilization_full": ("Utilization 100 %", "利用率 100 %", "利用率 100 %"),
    "electricity_half": ("Electricity {price}/kWh", "电价 {price}/kWh", "電價 {price}/kWh"),
    "electricity_double": ("Electricity {price}/kWh", "电价 {price}/kWh", "電價 {price}/kWh"),
    "years_5": ("5 years instead of 3", "5 年而非 3 年", "5 年而非 3 年"),
    "hardware_minus_20": ("Hardware price −20 %", "硬件价格 −20 %", "硬體價格 −20 %"),
    "hardware_plus_20": ("Hardware price +20 %", "硬件价格 +20 %", "硬體價格 +20 %"),
    "api_half": ("API price × 0.5", "API 价格 × 0.5", "API 價格 × 0.5"),
    "api_double": ("API price × 2", "API 价格 × 2", "API 價格 × 2"),
}
_WORDS: dict[str, tuple[str, str, str]] = {
    "buy": ("Buy {option}.", "购买 {option}。", "購買 {option}。"),
    "money": ("Capex {capex}{estimate}; 3-year total cost of ownership {tco}.",
              "采购 {capex}{estimate}；3 年总拥有成本 {tco}。", "採購 {capex}{estimate}；3 年總擁有成本 {tco}。"),
    "estimate": (" (list prices, estimate)", "（标价，估计）", "（標價，估計）"),
    "serves": ("Serves {users} concurrent users at {speed} tok/s each (likely {low}–{high}); first token {ttft} ms "
               "(p95 {p95} ms).",
               "支持 {users} 位并发用户，每人 {speed} tok/s（可能 {low}–{high}）；首 token {ttft} ms（p95 {p95} ms）。",
               "支援 {users} 位同時使用者，每人 {speed} tok/s（可能 {low}–{high}）；首 token {ttft} ms（p95 {p95} ms）。"),
    "serves_plain": ("Serves {users} concurrent users at {speed} tok/s each; first token {ttft} ms.",
                     "支持 {users} 位并发用户，每人 {speed} tok/s；首 token {ttft} ms。",
                     "支援 {users} 位同時使用者，每人 {speed} tok/s；首 token {ttft} ms。"),
    "verdict_buy": ("Buying is the cheapest path over 3 years: {buy}, against {others}.",
                    "3 年内购买最省：{buy}，对比 {others}。", "3 年內購買最省：{buy}，對比 {others}。"),
    "verdict_cheaper": ("Over 3 years {path} costs {alt}, {diff} less than buying ({buy}).",
                        "3 年内{path}花费 {alt}，比购买（{buy}）少 {diff}。",
                        "3 年內{path}花費 {alt}，比購買（{buy}）少 {diff}。"),
    "why_fine_tuned": ("Buying is still recommended: the model is your own fine-tune, and a hosted API serves only "
                       "public base models (or a LoRA adapter on one).",
                       "仍建议购买：模型是你们自己微调的，托管 API 只提供公开基座模型（或其上的 LoRA）。",
                       "仍建議購買：模型是你們自己微調的，託管 API 只提供公開基座模型（或其上的 LoRA）。"),
    "why_growth": ("Buying is still recommended if the load grows: at twice the users buying is the cheapest path.",
                   "若负载增长仍建议购买：用户翻倍时购买最省。", "若負載增長仍建議購買：使用者翻倍時購買最省。"),
    "why_choose": ("Choose {path} instead unless the data must stay on your premises or the load will grow: "
                   "buying pays for control, not for cost here.",
                   "除非数据必须留在本地或负载会增长，否则选择{path}：这里购买换来的是可控性，而不是成本。",
                   "除非資料必須留在本地或負載會增長，否則選擇{path}：這裡購買換來的是可控性，而不是成本。"),
    "others": ("{path} {total}", "{path} {total}", "{path} {total}"),
    "risks": ("Top risks: {risks}.", "主要风险：{risks}。", "主要風險：{risks}。"),
    "unsourced": ("no sourced price", "无来源报价", "無來源報價"),
    "seed1": ("seed 1 (enterprise hardware guide)", "种子文档 1（企业硬件指南）", "種子文件 1（企業硬體指南）"),
    "project_estimate": ("project estimate", "项目估计", "專案估計"),
    "stated": ("stated by you", "由你给出", "由你給出"),
}


def catalog_names(catalog: Catalog, lang: str) -> dict[str, str]:
    """Catalog and risk ids -> names (devices, models, risks): what a memo says instead of a store id."""
    risks = {risk_id: risk_name(risk_id, lang).lower() if lang == "en" else risk_name(risk_id, lang)
             for risk_id in _RISK_NAMES}
    return {**risks, **{m.id: m.name for m in catalog.models}, **{hw.id: hw.name for hw in catalog.hardware}}


def named(text: str, names: dict[str, str]) -> str:
    """`text` with every catalog id written as its name ("amd-mi210" -> "Instinct MI210"): the estimator's
    sentences list devices by id; a finance reader knows them by name."""
    import re

    ids = sorted((i for i in names if i in text), key=len, reverse=True)
    if not ids:
        return text
    pattern = re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    return pattern.sub(lambda m: names[m.group(1)], text)


def _w(key: str, lang: str, **fields: object) -> str:
    text = _WORDS[key][lang_index(lang)]
    return text.format(**fields) if fields else text


def risk_name(risk_id: str, lang: str) -> str:
    names = _RISK_NAMES.get(risk_id)
    return names[lang_index(lang)] if names else risk_id.replace("_", " ")


def risk_memo_line(risk: Risk, lang: str) -> str:
    """A risk as the memo says it: its name, severity, why and mitigation (no internal id)."""
    return (f"{risk_name(risk.id, lang)} ({msg('severity.' + risk.severity, lang)}): {risk.why} "
            f"— {t('rec.mitigation', lang)}: {risk.mitigation}")


def top_risks(risks: list[Risk], limit: int = 3) -> list[Risk]:
    return sorted(risks, key=lambda r: _SEVERITY_ORDER.get(r.severity, 3))[:limit]


def summary_lines(rec: Recommendation, sensitivity: list[SensitivityRow], lang: str) -> list[str]:
    """Page 1: what to buy, its cost, what it serves, the one buy / rent / API verdict, the top risks."""
    from bot.wording.render_text import option_title

    option = rec.primary
    if option is None:
        return []
    est, workload = option.estimate, rec.workload or {}
    users = workload.get("concurrent_users") or 1
    lines = [_w("buy", lang, option=option_title(option, lang)),
             _w("money", lang, capex=money(option.capex_usd), tco=money(option.tco.three_year_total_usd),
                estimate=_w("estimate", lang) if option.tco.price_is_estimate else "")]
    span = est.decode_tokens_per_s_per_user_range
    if option.batch_hours is None:
        lines.append(_w("serves", lang, users=num(users), speed=num(est.decode_tokens_per_s_per_user, 1),
                        low=num(span[0], 1), high=num(span[1], 1), ttft=num(est.ttft_ms),
                        p95=num(est.ttft_p95_ms or est.ttft_ms)) if span else
                     _w("serves_plain", lang, users=num(users), speed=num(est.decode_tokens_per_s_per_user, 1),
                        ttft=num(est.ttft_ms)))
    lines += verdict_lines(rec, sensitivity, lang)
    if rec.risks:
        lines.append(_w("risks", lang, risks=", ".join(
            f"{risk_name(r.id, lang)} ({msg('severity.' + r.severity, lang)})" for r in top_risks(rec.risks))))
    return lines


def verdict_lines(rec: Recommendation, sensitivity: list[SensitivityRow], lang: str) -> list[str]:
    """The buy / rent / API verdict, consistent with the recommendation to buy."""
    cloud, i = rec.cloud, lang_index(lang)
    if cloud is None or rec.primary is None:
        return []
    buy = cloud.buy_three_year_usd
    alternatives = {"rent": cloud.rent_three_year_usd, "api": cloud.api_three_year_usd}
    if cloud.cheapest == "buy":
        others = ", ".join(_w("others", lang, path=_PATH[path][i], total=money(total))
                           for path, total in alternatives.items() if total is not None)
        return [_w("verdict_buy", lang, buy=money(buy), others=others or _w("unsourced", lang))]
    alt = alternatives[cloud.cheapest] or buy
    lines = [_w("verdict_cheaper", lang, path=_PATH[cloud.cheapest][i], alt=money(alt), diff=money(buy - alt),
                buy=money(buy))]
    fine_tuned = bool((rec.workload or {}).get("fine_tuned"))
    growth = next((row for row in sensitivity if row.case == "users_double"), None)
    if fine_tuned and cloud.cheapest == "api":
        lines.append(_w("why_fine_tuned", lang))
    elif growth is not None and growth.cheapest == "buy":
        lines.append(_w("why_growth", lang))
    else:
        lines.append(_w("why_choose", lang, path=_PATH[cloud.cheapest][i]))
    return lines


@dataclass(frozen=True)
class SensitivityLine:
    case: str
    option: str
    capex: str
    buy: str
    rent: str
    api: str
    cheapest: str


def sensitivity_lines(rows: list[SensitivityRow], rec: Recommendation, catalog: Catalog, lang: str) -> list[SensitivityLine]:
    """The sensitivity rows in words: what changed, the option it leads to, the totals and the cheapest path."""
    from bot.report.labels import label

    workload, i = rec.workload or {}, lang_index(lang)
    users = workload.get("concurrent_users") or 1
    utilization = float(workload.get("utilization") or DEFAULT_UTILIZATION)
    price = float(workload.get("electricity_usd_per_kwh") or DEFAULT_ELECTRICITY_USD_PER_KWH)
    fields = {"users_half": {"users": num(max(1, round(users * 0.5)))}, "users_double": {"users": num(users * 2)},
              "utilization_half": {"pct": f"{utilization / 2:.0%}"},
              "electricity_half": {"price": f"${price / 2:.2f}"}, "electricity_double": {"price": f"${price * 2:.2f}"}}
    names = {hw.id: hw.name for hw in catalog.hardware}
    out = []
    for row in rows:
        text = _CASES[row.case][i].format(**fields.get(row.case, {}))
        unsourced = _w("unsourced", lang)
        out.append(SensitivityLine(
            case=text, option=f"{row.count} × {names.get(row.hardware_id, row.hardware_id)}",
            capex=money(row.capex_usd), buy=money(row.buy_total_usd),
            rent=unsourced if row.rent_total_usd is None else money(row.rent_total_usd),
            api=unsourced if row.api_total_usd is None else money(row.api_total_usd),
            cheapest=label(row.cheapest, lang) + ("" if row.years == 3 else f" ({row.years} y)")))
    return out


@dataclass(frozen=True)
class AssumptionRow:
    name: str
    value: str
    source: str
    date: str


def assumption_rows(rec: Recommendation, catalog: Catalog, lang: str) -> list[AssumptionRow]:
    """The cost model's inputs, each with where it comes from and when it was read."""
    from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS
    from estimator.workload import Workload

    knobs, default = DEFAULT_TCO_ASSUMPTIONS, Workload()  # the seeds' defaults: a value that differs was stated

    option, workload, i = rec.primary, rec.workload or {}, lang_index(lang)
    rows: list[AssumptionRow] = []
    hardware = catalog.hardware_by_id(option.hardware_id) if option is not None else None
    if hardware is not None:
        rows.append(AssumptionRow(
            ("Device price", "设备单价", "設備單價")[i],
            "n/a" if hardware.price_usd is None else money(hardware.price_usd) + f" × {option.count if option else 1}",
            hardware.source_url, hardware.price_date or ""))
    seed1, estimate = _w("seed1", lang), _w("project_estimate", lang)
    rows.append(AssumptionRow(("Host server", "主机服务器", "主機伺服器")[i],
                              f"{money(knobs.host_server_usd)} / {money(knobs.multi_device_server_usd)}", seed1, ""))
    facts = default.model_copy(update={k: v for k, v in workload.items() if k in (
        "hours_per_day", "utilization", "electricity_usd_per_kwh", "amortization_years") and v is not None})
    for key, name, value in (
        ("hours_per_day", ("Running hours", "运行时长", "運行時長"), f"{facts.hours_per_day:g} h/day"),
        ("utilization", ("Utilization", "利用率", "利用率"), f"{facts.utilization:.0%}"),
        ("electricity_usd_per_kwh", ("Electricity", "电价", "電價"), f"${facts.electricity_usd_per_kwh:.2f}/kWh"),
        ("amortization_years", ("Amortization", "折旧年限", "折舊年限"), f"{facts.amortization_years} y"),
    ):
        stated = getattr(facts, key) != getattr(default, key)
        rows.append(AssumptionRow(name[i], value, _w("stated", lang) if stated else seed1, ""))
    rows.append(AssumptionRow(("Machine-room PUE", "机房 PUE", "機房 PUE")[i], f"{knobs.rack_pue:g}", estimate, ""))
    rows.append(AssumptionRow(("Operations (share of capex a year)", "运维（每年占采购额）", "維運（每年佔採購額）")[i],
                              f"{knobs.operations_share_of_capex_per_year:.0%}", estimate, ""))
    cloud = rec.cloud
    for choice, name in ((cloud.rent if cloud else None, ("GPU rental", "GPU 租用", "GPU 租用")),
                         (cloud.api if cloud else None, ("Hosted API", "托管 API", "託管 API"))):
        if choice is None:
            continue
        value = (f"${choice.usd_per_gpu_hour:.2f}/GPU-h" if choice.usd_per_gpu_hour is not None else
                 f"${choice.usd_per_m_input or 0:.3f} / ${choice.usd_per_m_output or 0:.3f} per M tokens")
        rows.append(AssumptionRow(f"{name[i]}: {choice.provider} {choice.offering}", value, choice.source_url,
                                  choice.read_date))
    return rows


__all__ = ["AssumptionRow", "catalog_names", "named", "SensitivityLine", "assumption_rows", "risk_memo_line", "risk_name", "sensitivity_lines",
           "summary_lines", "top_risks", "verdict_lines"]
