"""The words of the Slack card in the conversation's language (en, zh-Hans, zh-Hant).

Button values are questions the engine understands in that language (checked against the real
engine in tests/bot/slack/test_slack_conversation.py and tests/bot/slack/test_blocks.py), so a click continues the
conversation in the language it is held in.
"""

from __future__ import annotations

from bot.prompts.templates import lang_index

LABELS: dict[str, tuple[str, str, str]] = {
    "header": ("Recommendation: {option}", "推荐方案：{option}", "推薦方案：{option}"),
    "no_option": ("No option meets the constraints", "没有方案满足这些约束", "沒有方案滿足這些約束"),
    "understood": ("Understood: ", "我理解的是：", "我理解的是："),
    "tok_s": ("Tokens/s per user (peak)", "每人 tok/s（峰值）", "每人 tok/s（峰值）"),
    "ttft": ("Time to first token", "首 token 时间", "首 token 時間"),
    "max_users": ("Max concurrent users", "最多并发用户", "最多並發使用者"),
    "capex": ("Capex", "采购成本", "採購成本"),
    "tco": ("3-year TCO", "三年总成本", "三年總成本"),
    "per_m": ("$ per million tokens", "每百万 token 成本", "每百萬 token 成本"),
    "power": ("Power", "功耗", "功耗"),
    "annual_power": ("Annual power cost", "每年电费", "每年電費"),
    "memory": ("Memory", "显存/内存", "記憶體"),
    "memory_value": ("{need} of {have} GB", "{need} / {have} GB", "{need} / {have} GB"),
    "meets_slo": ("Meets SLO", "满足目标", "滿足目標"),
    "yes": ("yes", "是", "是"),
    "no": ("no", "否", "否"),
    "estimate": (" (est.)", "（估计）", "（估計）"),
    "slo_met": ("meets SLO", "满足目标", "滿足目標"),
    "slo_missed": ("misses SLO", "未满足目标", "未滿足目標"),
    "slo_past_limits": ("meets SLO, past your limits", "满足目标，但超出限制", "滿足目標，但超出限制"),
    "slo_unverified": ("meets SLO, power not on record", "满足目标，但功耗无记录", "滿足目標，但功耗無記錄"),
    "changes": ("What changed", "变化", "變化"),
    "compared": ("Options compared", "方案比较", "方案比較"),
    "risks": ("Risks", "风险", "風險"),
    "mitigation": ("Mitigation:", "缓解：", "緩解："),
    "assumptions": ("Assumptions", "假设", "假設"),
    "plan": ("Two-week validation plan", "两周验证计划", "兩週驗證計畫"),
    "relax": ("What to relax", "可以放宽的条件", "可以放寬的條件"),
    "more": ("…and {n} more", "…还有 {n} 项", "…還有 {n} 項"),
    "measured": ("Throughput: measured benchmark", "吞吐量：实测基准", "吞吐量：實測基準"),
    "modelled": ("Throughput: calibrated model estimate", "吞吐量：校准模型估计", "吞吐量：校準模型估計"),
    "rows": (" (rows {rows})", "（数据行 {rows}）", "（資料列 {rows}）"),
    "fitted": (", fitted on {n} measured benchmark rows", "，以 {n} 条实测数据校准", "，以 {n} 筆實測資料校準"),
    "confidence": ("Confidence: {low}–{high} tok/s per user", "置信区间：每人 {low}–{high} tok/s",
                   "信賴區間：每人 {low}–{high} tok/s"),
    "prices": ("Prices are estimates, not quotes", "价格为估计，非报价", "價格為估計，非報價"),
    "shortened": ("_Message shortened; ask in the thread for the rest._", "_消息已截短；其余内容请在讨论串中询问。_",
                  "_訊息已截短；其餘內容請在討論串中詢問。_"),
    # the feedback buttons under a recommendation card: what a screen reader says, and the thanks for a click
    "fb_positive": ("This recommendation helped", "这个推荐有帮助", "這個推薦有幫助"),
    "fb_negative": ("This recommendation did not help", "这个推荐没有帮助", "這個推薦沒有幫助"),
    "fb_thanks": ("Thanks for the feedback.", "感谢你的反馈。", "感謝你的回饋。"),
    # the user's stop button (bot/slack/stopping.py): one short line, the session's answer to the click
    "stopped": ("Stopped. Send a new message in this thread when you want to go on.",
                "已停止。想继续时，在本讨论串中再发一条消息即可。",
                "已停止。想繼續時，在本討論串中再傳一則訊息即可。"),
    "busy": ("I'm answering a lot of questions right now. Please send that again in {seconds} s.",
             "我现在同时在回答很多问题，请在 {seconds} 秒后再发送一次。",
             "我現在同時在回答很多問題，請在 {seconds} 秒後再傳送一次。"),
    # the plan a streamed reply shows while the engine works (bot/slack/steps.py)
    "plan_title": ("Working on it", "处理中", "處理中"),
    "step_reading": ("Reading the workload", "解读工作负载", "解讀工作負載"),
    "step_sizing": ("Sizing the hardware options", "评估硬件方案", "評估硬體方案"),
    "step_costing": ("Costing the options", "核算各方案成本", "核算各方案成本"),
    # buttons: label, then the question the click sends
    "b_what_if": ("What if 2× users", "用户翻倍会怎样", "使用者翻倍會怎樣"),
    "q_what_if": ("What if we have {n} concurrent users?", "如果并发用户增加到 {n} 人呢？", "如果並發用戶增加到 {n} 人呢？"),
    "q_what_if_unknown": ("What if we have twice as many users?", "如果用户翻倍呢？", "如果使用者翻倍呢？"),
    "b_compare": ("Compare options", "比较方案", "比較方案"),
    "q_compare": ("Compare with {names}", "和 {names} 比较", "和 {names} 比較"),
    "and": (" and ", " 以及 ", " 以及 "),
    "b_assumptions": ("Show assumptions", "查看假设", "查看假設"),
    "q_assumptions": ("Show the assumptions", "列出假设", "列出假設"),
    "b_npu": ("Why not an NPU?", "为什么不用 NPU？", "為什麼不用 NPU？"),
    "q_npu": ("Why not an NPU?", "为什么不用 NPU？", "為什麼不用 NPU？"),
    "cloud": ("Buy, rent or call an API (3 years)", "买、租还是调用 API（3 年）", "買、租還是呼叫 API（3 年）"),
    "b_report": ("Report", "报告", "報告"),
    "q_report": ("Report", "生成报告", "生成報告"),
    # the report document (bot/slack/report_upload.py): its comment, and the one message when it does not arrive
    "report_comment": ("Decision memo of this recommendation (PDF).", "本次推荐的决策备忘录（PDF）。",
                       "本次推薦的決策備忘錄（PDF）。"),
    "report_no_pdf": ("I can't make the PDF report on this server: its PDF renderer (WeasyPrint, the `siliconsult[pdf]` "
                      "extra) is not installed. Ask whoever runs me to install it.",
                      "这台服务器无法生成 PDF 报告：未安装 PDF 渲染器（WeasyPrint，即 `siliconsult[pdf]`）。请联系管理员安装。",
                      "這台伺服器無法產生 PDF 報告：未安裝 PDF 轉譯器（WeasyPrint，即 `siliconsult[pdf]`）。請聯絡管理員安裝。"),
    "report_failed": ("I couldn't make the PDF report. Say \"report\" in this thread to try again.",
                      "PDF 报告生成失败。在本讨论串中发送“生成报告”即可重试。",
                      "PDF 報告產生失敗。在本討論串中傳送「生成報告」即可重試。"),
    "report_refused": ("Slack did not accept the PDF report's upload. Say \"report\" in this thread to try again.",
                       "Slack 拒绝了 PDF 报告的上传。在本讨论串中发送“生成报告”即可重试。",
                       "Slack 拒絕了 PDF 報告的上傳。在本討論串中傳送「生成報告」即可重試。"),
    "report_timeout": ("The PDF report's upload to Slack timed out. Say \"report\" in this thread to try again.",
                       "PDF 报告上传到 Slack 超时。在本讨论串中发送“生成报告”即可重试。",
                       "PDF 報告上傳到 Slack 逾時。在本討論串中傳送「生成報告」即可重試。"),
}


def label(key: str, lang: str, **values: object) -> str:
    """The text for `key` in `lang` (English for an unknown language), with `values` filled in."""
    text = LABELS[key][lang_index(lang)]
    return text.format(**values) if values else text


__all__ = ["LABELS", "label"]
