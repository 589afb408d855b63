"""What the user wants from this turn: give facts, get the recommendation now, start over, or one of
the follow-ups (what-if, compare, explain cost/risk, why not X, show assumptions).

Intent words only; whether a turn carries facts is `facts.py`'s business, and the router combines
both (a what-if with facts re-runs the tools, a compare names hardware).
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from bot.nlu.lexicon import _rx

# The closed vocabulary of what a turn asks for (the routers, the follow-ups and the wording key on it).
Intent = Literal["provide", "just_recommend", "start_over", "what_if", "compare", "explain_cost", "explain_risk",
                 "explain_why", "why_not", "show_assumptions", "greeting", "help", "thanks", "dont_know", "explain_cloud",
                 "report", "k8s_manifest"]
INTENTS: tuple[Intent, ...] = get_args(Intent)

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("start_over", _rx(r"\bstart over\b", r"\bstart again\b", r"\brestart\b", r"\breset\b", r"\bnew conversation\b",
                       r"\bforget (?:everything|all that)\b", "重新开始", "重新開始",
                       "重来", "重來", "从头开始", "從頭開始", "清空", "重置")),
    ("just_recommend", _rx(r"\bjust (?:recommend|tell me|give me|suggest|pick)", r"\brecommend (?:now|anyway|something)\b",
                           r"\bskip (?:the )?questions\b", r"\buse (?:the )?defaults?\b", r"\bgo ahead\b",
                           r"\bwhatever you (?:think|suggest|recommend)\b", r"\bgive me (?:a|the|your) recommendation\b",
                           r"\bno more questions\b", r"^recommend\b", "直接推荐", "直接推薦", "直接推介",  # Cantonese 推介: recommend
                           "直接给", "直接給", "直接建议",
                           "直接建議", "直接说", "直接說", "用默认", "用預設", "用默認", "你决定", "你決定", "跳过", "跳過",
                           "给我推荐", "給我推薦", "给个建议", "給個建議")),
    # The Slack "Report" button's turn ("Report", "生成报告") asks for the document.
    ("report", _rx(r"^(?:a |the )?report\W*$", r"\b(?:generate|make|create|export|write|send)(?: me)? (?:a |the )?report\b",
                   r"\breport for (?:finance|this thread)\b", "生成报告", "生成報告", "导出报告", "導出報告", "出报告",
                   "出報告", "^报告", "^報告")),
    # A Kubernetes manifest of the recommendation ("give me a k8s manifest", "给我 k8s 部署文件"): named by the
    # platform, its tools or the file, never by "deploy" alone (a deployment question is about the layout).
    ("k8s_manifest", _rx(r"\bk8s\b", r"\bkubernetes\b", r"\bkubectl\b", r"\bhelm\b", r"\bmanifests?\b",
                         r"(?<![a-z])ya?ml(?![a-z])", "部署文件", "部署档", "部署檔", "部署清单", "部署清單")),
    # Ahead of "why not" and "cost": "why not rent?", "what would the cloud cost?", "when does it pay back?".
    ("explain_cloud", _rx(r"\brent(?:ing|ed|al)?\b", r"\bcloud\b", r"\bpay(?:s)? (?:itself )?back\b", r"\bpayback\b",
                          r"\bbreak[- ]?even\b", r"\bhosted api\b", r"\b(?:an|the|via an?|through an?) api\b", r"\bapi (?:cost|price|instead)\b",
                          "租用", "租赁", "租賃", "租 ?gpu", "租卡", "为什么不租", "為什麼不租", "不如租",
                          "租(?!户|戶)",  # "租 h100 比較划算嗎", "租H100会不会更便宜": to rent, whatever follows
                          "云端", "雲端", "云上", "雲上", "上云", "上雲", "云服务", "雲服務", "云成本", "雲成本", "公有云", "公有雲",
                          "回本", "收回成本", "回收期", "多久能赚回", "多久能賺回", "调用 ?api", "呼叫 ?api", "api 调用", "api 呼叫")),
    ("why_not", _rx(r"\bwhy not\b", r"\bwhy (?:no|don'?t you|didn'?t you|wouldn'?t)\b", r"\bwhat about using\b",
                    "为什么不", "為什麼不", "为何不", "為何不", "为啥不", "為啥不", "怎么不", "怎麼不", "为什么没", "為什麼沒")),
    ("compare", _rx(r"\bcompare\b", r"\bcomparison\b", r"\bvs\.?\b", r"\bversus\b", r"\bagainst\b", r"\bside by side\b",
                    r"\binstead\b", r"\bhow about\b", r"\bwhat about\b", "比较", "比較", "对比", "對比", "相比", "换成",
                    "換成", "改用", "比一下", "比一比", "比比看", "对照", "對照",
                    r"(?:和|跟|与|與|同)[^,.;?]{1,16}比")),
    ("explain_risk", _rx(r"\brisks?\b", r"\brisky\b", r"what could go wrong", r"\bpitfalls?\b", r"\bdownsides?\b",
                         r"\bcaveats?\b", "风险", "風險", "坑", "隐患", "隱患", "缺点", "缺點")),
    ("explain_cost", _rx(r"\bcosts?\b", r"\bprice\b", r"\bpricing\b", r"how much", r"\btco\b", r"\bcapex\b",
                         r"\bexpensive\b", r"\bcheap(?:er)?\b", r"\bbudget breakdown\b", "成本", "费用", "費用", "价格",
                         "價格", "多少钱", "多少錢", "花费", "花費", "贵", "貴")),
    ("explain_why", _rx(r"^why\b(?! not)", r"\bwhy (?:this|that|these|it|the|did you|do you|is it)\b", r"\bexplain (?:why|the choice|your choice)",
                        r"\bjustify\b", r"\brationale\b", "为什么选", "為什麼選", "为什么推荐", "為什麼推薦", "为何推荐", "為何推薦",
                        "理由", "依据", "依據")),
    ("show_assumptions", _rx(r"\bassum(?:e|ed|ing|ptions?)\b", r"\bwhat did you (?:use|take)\b", r"\bdefaults\b",
                             "你的假设", "你的假設", "哪些假设", "哪些假設", "假设是", "假設是", "前提", "列出假设",
                             "列出假設", "显示假设", "顯示假設", "假设有哪些", "假設有哪些", "假设条件", "假設條件",
                             "默认值", "預設值")),
    ("what_if", _rx(r"\bwhat if\b", r"\bsuppose\b", r"\bimagine\b", r"\bif we\b", r"\bwhat happens\b", r"\bscale (?:up|to)\b",
                    r"\bgrow(?:s|ing)? to\b", r"\bincrease to\b", "如果", "假如", "要是", "假设", "假設", "倘若", "增加到",
                    "扩大到", "擴大到", "变成", "變成")),
    ("greeting", _rx(r"^(?:hi|hello|hey|yo|good (?:morning|afternoon|evening))\b", "^你好", "^您好", "^嗨", "^哈喽", "^哈囉")),
    ("help", _rx(r"^help\b", r"\bwhat can you do\b", r"\bhow does this work\b", r"^\?+$", "怎么用", "怎麼用", "能做什么",
                 "能做什麼", "帮助", "幫助")),
    ("thanks", _rx(r"^(?:thanks|thank you|thx|cheers|great|perfect|ok|okay|cool)\b", "^谢谢", "^謝謝", "^感谢", "^感謝", "^好的")),
    ("dont_know", _rx(r"\bdon'?t know\b", r"\bnot sure\b", r"\bno idea\b", r"\bunsure\b", r"\bdunno\b", r"^(?:n/?a|idk|skip)$",
                      r"\bwhatever\b", r"\bno preference\b", r"\bdoesn'?t matter\b", "不知道", "不确定", "不確定", "不清楚",
                      "随便", "隨便", "都行", "都可以", "无所谓", "無所謂")),
)


def detect_intents(normalized: str) -> list[str]:
    """Every intent whose words occur, in priority order (the first is the turn's main intent)."""
    return [name for name, pattern in _PATTERNS if pattern.search(normalized)]


__all__ = ["INTENTS", "detect_intents"]
