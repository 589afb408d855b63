"""The currencies money is stated in, one table for every reader: "50万元", "¥300k", "€40k", "NT$1,000,000",
"HK$80,000", "₩30,000,000", "S$25k", "60k CAD", "港币20万".

`CURRENCY_WORDS` names each currency (ISO 4217) by its words, English and Chinese (the text is folded to
Simplified before it is read, so one spelling serves both scripts). The budget reader (`budget_currency`)
and the monthly-spend reader (`bot.nlu.load`) both use it, so a currency added here is read in both; its
rate lives in `knowledge/data/fx_rates.csv` (a data test keeps the two in step). A bare 元 / 块 is yuan in
Simplified text and New Taiwan dollars in Traditional text (the script tells the market; the assumption
note names the currency, so a misreading shows). A currency without a sourced rate (dirham, rand, …) is
"other": the amount is asked about once, nothing else is dropped.
"""

from __future__ import annotations

import re

from bot.nlu.lexicon import _rx

_A = r"(?<![a-z])"  # an ASCII word starts here ("hkd", not "...hkd" inside a word)
_Z = r"(?![a-z])"
# Words per currency; "$" alone is US dollars only when no other dollar's prefix stands before it.
CURRENCY_WORDS: dict[str, tuple[str, ...]] = {
    "USD": (rf"{_A}us\$", r"(?<![a-z$])\$", rf"{_A}(?:usd|us dollars?|dollars?|bucks){_Z}", "美元", "美金", "刀"),
    "TWD": (rf"{_A}nt\$", rf"{_A}(?:ntd|twd|new taiwan dollars?|taiwan dollars?){_Z}", "新台币", "台币", "新臺幣", "臺幣"),
    "HKD": (rf"{_A}hk\$", rf"{_A}(?:hkd|hong kong dollars?){_Z}", "港币", "港元", "港纸"),
    "SGD": (rf"{_A}s\$", rf"{_A}(?:sgd|singapore dollars?){_Z}", "新加坡元", "新币"),
    "CAD": (rf"{_A}ca?\$", rf"{_A}(?:cad|canadian dollars?){_Z}", "加元", "加币"),
    "AUD": (rf"{_A}au?\$", rf"{_A}(?:aud|australian dollars?){_Z}", "澳元", "澳币"),
    "JPY": (rf"{_A}(?:jpy|yen){_Z}", "日元", "日圆", "日币", "円"),
    "EUR": (rf"{_A}(?:eur|euros?){_Z}", "€", "欧元"),
    "GBP": (rf"{_A}(?:gbp|pounds? sterling|pounds?|quid){_Z}", "£", "英镑"),
    # "won" is an English verb too: the currency only right after an amount ("30m won", "3000 won")
    "KRW": ("₩", rf"{_A}krw{_Z}", r"(?<=\d)won(?![a-z])", r"(?<=\d )won(?![a-z])", r"(?<=[\dkm] )won(?![a-z])",
            "韩元", "韩币"),
    "INR": ("₹", rf"{_A}(?:inr|rupees?){_Z}", "卢比"),
    "CHF": (rf"{_A}(?:chf|swiss francs?){_Z}", "瑞郎", "瑞士法郎"),
    "CNY": (rf"{_A}(?:rmb|cny|yuan|renminbi){_Z}", "人民币"),
}
# Named currencies this product has no rate for: an amount in one is asked about.
OTHER_CURRENCY_WORDS: tuple[str, ...] = (rf"{_A}(?:aed|dirhams?|zar|rand|brl|reais|mxn|pesos?){_Z}",)
# 元 / 块 without a currency name (not 美元 = USD, not 元素 = element); ¥ alone is yuan unless yen is named.
_YUAN = r"(?<![美港日韩欧澳加])元(?!素)"
_KUAI_QIAN = "块钱"
BARE_YUAN_WORDS: tuple[str, ...] = (_YUAN, _KUAI_QIAN, r"块(?!\s*(?:卡|显卡|gpu|板|[a-z]\d))", "¥")
_NON_USD_WORDS = tuple(word for code, words in CURRENCY_WORDS.items() if code != "USD" for word in words)

# Any currency but the dollar named in a text (the budget is converted, or asked about, only then).
NON_USD_CURRENCY = _rx(*_NON_USD_WORDS, *OTHER_CURRENCY_WORDS, _YUAN, _KUAI_QIAN, r"\d\s*块(?!\s*(?:卡|显卡|gpu|板))", "¥")
# The words of the amount readers, as alternations over normalized text: the dollar's ("$", "usd", "美元", "刀"); any
# other currency said before an amount ("€40k", "HK$80,000", "INR 700,000", "港币20万", "¥30万": of the bare yuan
# words only the sign, "三块4090" counts cards) or after it ("50万元", "60k CAD", "两万块钱"; 块 alone is no money).
USD_WORDS = "|".join(CURRENCY_WORDS["USD"])
NON_USD_BEFORE_AMOUNT = "|".join((*_NON_USD_WORDS, *OTHER_CURRENCY_WORDS, "¥"))
NON_USD_AFTER_AMOUNT = "|".join((*_NON_USD_WORDS, *OTHER_CURRENCY_WORDS, _YUAN, _KUAI_QIAN))
# An amount's currency as said before it (any currency's sign or name, and of the bare yuan words only the sign: "块"
# before a number counts cards, "三块4090") or after it (every currency's words, bare 元 / 块 too): alternations for
# the readers of amounts (a monthly spend, an API's per-million prices).
AMOUNT_PREFIXES = "|".join((*("|".join(w) for w in (*CURRENCY_WORDS.values(), OTHER_CURRENCY_WORDS)), "¥"))
AMOUNT_SUFFIXES = "|".join("|".join(w) for w in (*CURRENCY_WORDS.values(), BARE_YUAN_WORDS, OTHER_CURRENCY_WORDS))
_CURRENCIES = tuple((code, _rx(*words)) for code, words in CURRENCY_WORDS.items() if code != "USD")
_OTHER = _rx(*OTHER_CURRENCY_WORDS)
# Anywhere in a message (the budget reader), 块 is money only before 钱 or a clause's end: "两万块，" but not "三块4090".
_BARE_YUAN_IN_TEXT = re.compile(r"(?<![美港日韩欧澳加])(?:元(?!素)|块钱|块(?=\s*(?:钱|$|[,.;]))|¥)")


def _alone(words: tuple[str, ...]) -> re.Pattern[str]:
    """The words without their leading look-behind: a word already cut out of its text has no context left."""
    return _rx(*(re.sub(r"^\(\?<[=!](?:[^()]|\([^()]*\))*\)", "", word) for word in words))


_ALONE = tuple((code, _alone(words)) for code, words in
               (*CURRENCY_WORDS.items(), ("yuan", BARE_YUAN_WORDS), ("other", OTHER_CURRENCY_WORDS)))


def currency_of(said: str) -> str:
    """The ISO code a currency word or sign cut out of a message names ("hk$" → HKD, "欧元" → EUR, "won" after
    an amount → KRW); "yuan" for a bare 元 / 块 / ¥ (the script decides which yuan), "other" for a currency
    with no rate."""
    return next((code for code, pattern in _ALONE if pattern.fullmatch(said.strip())), "other")


_INDIAN_NUMBERING = re.compile(r"\d\s*(?:lakhs?|lacs?|crores?)\b")


def budget_currency(normalized: str, script: str | None) -> str | None:
    """The ISO code of the non-dollar currency the message states an amount in; "other" for one this
    product has no rate for; None when no other currency is named (dollars)."""
    named = [code for code, pattern in _CURRENCIES if pattern.search(normalized)]
    if _OTHER.search(normalized):
        named.append("other")
    if named:
        return named[0] if len(set(named)) == 1 else "other"  # two currencies in one budget: ask
    if _BARE_YUAN_IN_TEXT.search(normalized):
        return "TWD" if script == "zh-Hant" else "CNY"
    if _INDIAN_NUMBERING.search(normalized):  # "25 lakhs", "1.2 crore": rupees, whatever sign is left out
        return "INR"
    return None


__all__ = ["AMOUNT_PREFIXES", "AMOUNT_SUFFIXES", "BARE_YUAN_WORDS", "CURRENCY_WORDS", "NON_USD_AFTER_AMOUNT", "NON_USD_BEFORE_AMOUNT", "NON_USD_CURRENCY",
           "OTHER_CURRENCY_WORDS", "USD_WORDS", "budget_currency", "currency_of"]
