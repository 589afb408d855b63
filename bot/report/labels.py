"""Headings and table labels of the report in English, Simplified and Traditional Chinese."""

from __future__ import annotations

from bot.prompts.templates import lang_index

# id: (en, zh-Hans, zh-Hant)
LABELS: dict[str, tuple[str, str, str]] = {
    "title": ("Inference hardware recommendation", "推理硬件推荐报告", "推論硬體推薦報告"),
    "thread": ("Thread", "会话", "對話"),
    "generated": ("Generated", "生成日期", "產生日期"),
    "data_version": ("Data version", "数据版本", "資料版本"),
    "workload": ("Workload as understood", "理解的工作负载", "理解的工作負載"),
    "stated": ("Stated", "用户给出", "使用者給出"),
    "field": ("Field", "字段", "欄位"),
    "value": ("Value", "值", "值"),
    "recommendation": ("Recommendation", "推荐", "推薦"),
    "options": ("Options compared", "方案对比", "方案比較"),
    "option": ("Option", "方案", "方案"),
    "stack": ("Serving stack", "推理软件栈", "推論軟體堆疊"),
    "speed": ("tok/s per user (range)", "每人 tok/s（范围）", "每人 tok/s（範圍）"),
    "ttft": ("TTFT p95 (ms)", "首 token p95（ms）", "首 token p95（ms）"),
    "capacity": ("max users", "最多用户", "最多使用者"),
    "capex": ("Capex", "采购", "採購"),
    "tco": ("3-year TCO", "3 年 TCO", "3 年 TCO"),
    "per_m": ("$/M tokens", "每百万 token", "每百萬 token"),
    "power": ("Power (W)", "功耗（W）", "功耗（W）"),
    "meets": ("Meets targets", "满足目标", "滿足目標"),
    "yes": ("yes", "是", "是"),
    "no": ("no", "否", "否"),
    "primary": ("primary", "首选", "首選"),
    "cost": ("Total cost and the cloud comparison", "总成本与云端对比", "總成本與雲端對比"),
    "tco_working": ("How the primary's TCO is computed", "首选方案 TCO 的计算方式", "首選方案 TCO 的計算方式"),
    "path": ("Path", "方式", "方式"),
    "three_year": ("3 years (USD)", "3 年（美元）", "3 年（美元）"),
    "monthly": ("per month (USD)", "每月（美元）", "每月（美元）"),
    "buy": ("Buy", "购买", "購買"),
    "rent": ("Rent", "租用", "租用"),
    "api": ("Hosted API", "托管 API", "託管 API"),
    "cheapest": ("Cheapest over 3 years", "3 年最便宜", "3 年最便宜"),
    "break_even": ("Break-even (months)", "回本（月）", "回本（月）"),
    "never": ("never", "永不", "永不"),
    "not_sourced": ("no sourced price", "无来源报价", "無來源報價"),
    "price_sources": ("Price sources (read by hand, no live calls)", "价格来源（人工读取，不实时查询）",
                      "價格來源（人工讀取，不即時查詢）"),
    "charts": ("Charts", "图表", "圖表"),
    "chart_throughput": ("Per-user speed against concurrency, with the target", "每人速度与并发的关系（含目标）",
                         "每人速度與並發的關係（含目標）"),
    "chart_tco": ("3-year TCO of the options", "各方案 3 年 TCO", "各方案 3 年 TCO"),
    "chart_cumulative": ("Cumulative cost: buy vs rent vs API over 36 months", "累计成本：36 个月内购买、租用与 API",
                         "累計成本：36 個月內購買、租用與 API"),
    "months": ("months", "月", "月"),
    "usd": ("USD", "美元", "美元"),
    "risks": ("Risks", "风险", "風險"),
    "accelerators": ("Inference accelerators, evaluated first (seed 2)", "推理加速卡（种子文档 2：先评估）",
                     "推理加速卡（種子文件 2：先評估）"),
    "assumptions": ("Assumptions", "假设", "假設"),
    "plan": ("Two-week validation plan", "两周验证计划", "兩週驗證計畫"),
    "measured": ("Measured rows the estimate is calibrated on", "估算所依据的实测数据", "估算所依據的實測資料"),
    "relax": ("Closest option: what to relax", "最接近的方案：需要放宽的条件", "最接近的方案：需要放寬的條件"),
    "summary": ("Executive summary", "决策摘要", "決策摘要"),
    "sensitivity": ("Sensitivity: what moves the decision", "敏感性：哪些因素会改变决定", "敏感性：哪些因素會改變決定"),
    "case": ("Case", "情形", "情形"),
    "buy_total": ("Buy, total", "购买总计", "購買總計"),
    "rent_total": ("Rent, total", "租用总计", "租用總計"),
    "api_total": ("API, total", "API 总计", "API 總計"),
    "source": ("Source", "来源", "來源"),
    "date": ("Date", "日期", "日期"),
    "assumption_table": ("Cost-model inputs", "成本模型输入", "成本模型輸入"),
    "version": ("Siliconsult", "Siliconsult", "Siliconsult"),
    "page": ("page", "第", "第"),
    "no_chart": ("(no estimate for this chart)", "（此图无估算数据）", "（此圖無估算資料）"),
}


def label(key: str, lang: str) -> str:
    return LABELS[key][lang_index(lang)]


__all__ = ["LABELS", "label"]
