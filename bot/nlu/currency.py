"""Which currency a budget is stated in: "50万元", "¥300k", "€40k", "NT$1,000,000", "£30,000", "500万日元".

The amount itself is read by the budget extractors in `facts.py`; this module names its currency
(ISO 4217), so that the parser converts it at `estimator.costing.fx`'s dated rate instead of asking. A bare
元 / 块 is yuan in Simplified text and New Taiwan dollars in Traditional text (the script tells the
market; the assumption note names the currency, so a misreading shows). Currencies without a sourced
rate (HKD, …) return "other": the budget is asked about once, nothing else is dropped.
"""

from __future__ import annotations

import re

from bot.nlu.lexicon import _rx

_CURRENCIES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("TWD", _rx(r"nt\$", r"(?<![a-z])(?:ntd|twd)(?![a-z])", r"new taiwan dollars?", r"taiwan dollars?", "新台币", "新台幣",
                "台币", "台幣", "新臺幣", "臺幣")),
    ("JPY", _rx(r"(?<![a-z])(?:jpy|yen)(?![a-z])", "日元", "日圓", "日币", "日幣", "円")),
    ("EUR", _rx(r"(?<![a-z])(?:eur|euros?)(?![a-z])", "€", "欧元", "歐元")),
    ("GBP", _rx(r"(?<![a-z])(?:gbp|pounds? sterling|pounds?|quid)(?![a-z])", "£", "英镑", "英鎊")),
    ("CNY", _rx(r"(?<![a-z])(?:rmb|cny|yuan|renminbi)(?![a-z])", "人民币", "人民幣")),
    ("other", _rx(r"hk\$", r"(?<![a-z])(?:hkd|krw|won|inr|rupees?|sgd|aud|cad|chf)(?![a-z])", "港币", "港幣", "港元", "韩元", "韓元")),
)
# 元 / 块 without a currency name (not 美元 = USD, not 元素 = element); ¥ alone is yuan unless yen is named.
_BARE_YUAN = re.compile(r"(?<![美港日韩韓欧歐])(?:元(?!素)|块钱|塊錢|块(?=\s*(?:钱|$|[,.;]))|¥)")


def budget_currency(normalized: str, script: str | None) -> str | None:
    """The ISO code of the non-dollar currency the message states an amount in; "other" for one this
    product has no rate for; None when no other currency is named (dollars)."""
    named = [code for code, pattern in _CURRENCIES if pattern.search(normalized)]
    if named:
        return named[0] if len(set(named)) == 1 else "other"  # two currencies in one budget: ask
    if _BARE_YUAN.search(normalized):
        return "TWD" if script == "zh-Hant" else "CNY"
    return None


__all__ = ["budget_currency"]
