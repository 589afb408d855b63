"""Words for seed 2's accelerator-first verdict (`estimator.accelerator_findings`) in en, zh-Hans, zh-Hant.

The core returns what it found (which accelerator, how many, its peak draw against the limit, its price
or that a quote is needed, its stack's shape handling and maturity, the migration cost); this module only
picks the sentences. Every number comes from the verdict.
"""

from __future__ import annotations

from bot.prompts.templates import lang_index
from estimator.accelerator_findings import AcceleratorEvaluation, AcceleratorVerdict

WORDS: dict[str, tuple[str, str, str]] = {
    "head": (
        "Seed 2's case for an inference accelerator holds (stable model, small batches, {users} concurrent "
        "users, a {limit}): the accelerators were evaluated first.",
        "符合种子文档 2 的推理加速卡场景（模型固定、批量小、{users} 人并发、{limit}）：先评估了推理加速卡。",
        "符合種子文件 2 的推理加速卡場景（模型固定、批次小、{users} 人併發、{limit}）：先評估了推理加速卡。",
    ),
    "limit.power": ("{watts:,} W power limit", "功耗上限 {watts:,} W", "功耗上限 {watts:,} W"),
    "limit.space": ("space limit", "空间受限", "空間受限"),
    "outcome.primary": (
        "{count} × {name} meets the targets within your limits at ~{power:,.0f} W and leads{price}.",
        "{count} × {name} 在你的限制内满足目标（约 {power:,.0f} W），作为首选{price}。",
        "{count} × {name} 在你的限制內滿足目標（約 {power:,.0f} W），作為首選{price}。",
    ),
    "outcome.fits_quote_only": (
        "{count} × {name} meets the targets within your limits at ~{power:,.0f} W, but it has no public price "
        "(quote needed), so it cannot be ranked on cost; ask the vendor for a quote.",
        "{count} × {name} 在你的限制内满足目标（约 {power:,.0f} W），但没有公开价格（需要询价），"
        "无法按成本排序；请向厂商询价。",
        "{count} × {name} 在你的限制內滿足目標（約 {power:,.0f} W），但沒有公開價格（需要詢價），"
        "無法按成本排序；請向廠商詢價。",
    ),
    "outcome.closest": (
        "No accelerator meets the targets within your limits. Closest: {count} × {name}, ~{power:,.0f} W "
        "({ratio:.1f}× the {watts:,} W limit){price}: at {users} users each card carries too few streams at the "
        "target speed (judged at the low end of its estimate, as no measured serving run calibrates its stack).",
        "没有推理加速卡能在你的限制内满足目标。最接近的是 {count} × {name}，约 {power:,.0f} W"
        "（是 {watts:,} W 上限的 {ratio:.1f}×）{price}：在 {users} 人并发下，每张卡能以目标速度服务的并发流太少"
        "（按估算范围的低端判断，因为没有实测服务数据校准它的软件栈）。",
        "沒有推理加速卡能在你的限制內滿足目標。最接近的是 {count} × {name}，約 {power:,.0f} W"
        "（是 {watts:,} W 上限的 {ratio:.1f}×）{price}：在 {users} 人併發下，每張卡能以目標速度服務的併發流太少"
        "（按估算範圍的低端判斷，因為沒有實測服務資料校準它的軟體堆疊）。",
    ),
    "outcome.none_meets": (
        "No eligible accelerator meets the per-user targets at any count.",
        "没有符合条件的推理加速卡能在任何数量下满足每用户目标。",
        "沒有符合條件的推理加速卡能在任何數量下滿足每使用者目標。",
    ),
    "price.quote": ("; quote needed, no public price", "；需要询价，没有公开价格", "；需要詢價，沒有公開價格"),
    "price.range": ("; quote needed: ${low:,.0f}–{high:,.0f} per card", "；需要询价：每张 ${low:,.0f}–{high:,.0f}",
                    "；需要詢價：每張 ${low:,.0f}–{high:,.0f}"),
    "price.listed": ("; ${capex:,.0f} capex", "；采购 ${capex:,.0f}", "；採購 ${capex:,.0f}"),
    "gpu": (
        "The GPU answer beside it: {gpu}.",
        "作为对照的 GPU 方案：{gpu}。",
        "作為對照的 GPU 方案：{gpu}。",
    ),
    "risks": (
        "Before buying it (seed 2's pitfalls): software maturity: {stack} is rated {maturity}; dynamic shapes: "
        "{shapes}; a model change means a re-port; one-time migration ≈ ${usd:,.0f} in the TCO (seed 2: "
        "¥{cny_low:,.0f}–{cny_high:,.0f} of engineering, ≈ ${usd_low:,.0f}–{usd_high:,.0f}).",
        "采购前（种子文档 2 的坑）：软件成熟度：{stack} 评为{maturity}；动态形状：{shapes}；模型一改就要重新移植；"
        "一次性迁移成本约 ${usd:,.0f}（已计入 TCO；种子文档 2：几万到几十万元人民币，¥{cny_low:,.0f}–{cny_high:,.0f}，"
        "约 ${usd_low:,.0f}–{usd_high:,.0f}）。",
        "採購前（種子文件 2 的坑）：軟體成熟度：{stack} 評為{maturity}；動態形狀：{shapes}；模型一改就要重新移植；"
        "一次性遷移成本約 ${usd:,.0f}（已計入 TCO；種子文件 2：幾萬到幾十萬元人民幣，¥{cny_low:,.0f}–{cny_high:,.0f}，"
        "約 ${usd_low:,.0f}–{usd_high:,.0f}）。",
    ),
    "shapes.buckets": (
        "bucketed compile, so an unseen length pads or recompiles (P999 spikes)",
        "分桶编译，没见过的长度会填充或重新编译（P999 尖峰）",
        "分桶編譯，沒見過的長度會填充或重新編譯（P999 尖峰）",
    ),
    "shapes.static": (
        "static compile: every shape is fixed ahead of time",
        "静态编译：所有形状都要预先固定",
        "靜態編譯：所有形狀都要預先固定",
    ),
    "shapes.other": ("{mode} (not verified)", "{mode}（未验证）", "{mode}（未驗證）"),
    "maturity.high": ("high", "高", "高"),
    "maturity.medium": ("medium", "中", "中"),
    "maturity.low": ("low", "低", "低"),
}


def _w(key: str, lang: str, **fields: object) -> str:
    text = WORDS[key][lang_index(lang)]
    return text.format(**fields) if fields else text


def _price(ev: AcceleratorEvaluation, lang: str) -> str:
    if ev.unit_price_usd is None:
        return _w("price.quote", lang)
    if ev.price_range_usd is not None:
        return _w("price.range", lang, low=ev.price_range_usd[0], high=ev.price_range_usd[1])
    return _w("price.listed", lang, capex=ev.capex_usd) if ev.capex_usd is not None else ""


def _shapes(mode: str, lang: str) -> str:
    if mode == "buckets":
        return _w("shapes.buckets", lang)
    if mode == "static":
        return _w("shapes.static", lang)
    return _w("shapes.other", lang, mode=mode)


def accelerator_lines(verdict: AcceleratorVerdict | None, users: int | None, gpu_title: str | None,
                      lang: str = "en") -> list[str]:
    """The verdict as reply lines (nothing when seed 2's conditions did not hold)."""
    if verdict is None:
        return []
    best = verdict.best
    limit = best.power_limit_w if best is not None else None
    limit_text = _w("limit.power", lang, watts=limit) if limit else _w("limit.space", lang)
    lines = [_w("head", lang, users=users or 0, limit=limit_text)]
    if best is None or best.count is None or best.power_w is None:
        lines.append(_w("outcome.none_meets", lang))
    elif verdict.outcome == "closest":
        ratio = best.power_w / best.power_limit_w if best.power_limit_w else 0.0
        lines.append(_w("outcome.closest", lang, count=best.count, name=best.hardware_name, power=best.power_w,
                        ratio=ratio, watts=best.power_limit_w or 0, price=_price(best, lang), users=users or 0))
    elif verdict.outcome == "fits_quote_only":
        lines.append(_w("outcome.fits_quote_only", lang, count=best.count, name=best.hardware_name,
                        power=best.power_w))
    else:
        lines.append(_w("outcome.primary", lang, count=best.count, name=best.hardware_name, power=best.power_w,
                        price=_price(best, lang)))
    if best is not None and verdict.migration is not None:
        m = verdict.migration
        lines.append(_w("risks", lang, stack=best.serving_stack, maturity=_w(f"maturity.{best.stack_maturity}", lang),
                        shapes=_shapes(best.dynamic_shapes, lang), usd=m.usd, cny_low=m.cny_low, cny_high=m.cny_high,
                        usd_low=m.usd_low, usd_high=m.usd_high))
    if gpu_title:
        lines.append(_w("gpu", lang, gpu=gpu_title))
    return lines


__all__ = ["WORDS", "accelerator_lines"]
