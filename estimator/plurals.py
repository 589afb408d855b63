"""English plural agreement for the wording layer's English templates and the store's data-error messages
(a text rule with no language parameter, kept at the bottom of the import graph so both can use it)."""

from __future__ import annotations

import re

# "3 user(s)", "1 model cop(ies)": a count, at most one word between, then a noun with a plural ending in
# brackets. Only English templates write them (Chinese nouns do not inflect).
_PLURAL_SLOT = re.compile(r"(?P<count>(?<![\w.])\d[\d,]*(?:\.\d+)?)(?P<between>\s+(?:[A-Za-z-]+\s+)?)"
                          r"(?P<stem>[A-Za-z]+)\((?P<ending>s|es|ies)\)")


# A quantifier over a group said of one ("all 1 user(s)", "all 1 of your users", "全部 1 位用户"): one is no group.
# English keeps the count with the article it takes ("the 1 user", "your 1 user"); Chinese drops the quantifier.
_ALL_OF_ONE = re.compile(r"\ball 1 of (?P<whose>your|our|their|the|its) (?P<rest>(?:[A-Za-z-]+ )?[A-Za-z]+?)(?:\(s\)|s)?\b")
_ALL_ONE = re.compile(r"\ball (?=1 [A-Za-z])")
_ALL_ONE_ZH = re.compile(r"(?:全部|所有)\s*(?=1\s*(?:位|个|個|名|台|张|張)(?!\d))")


def agree_quantifiers(text: str) -> str:
    """"All" said of a count of one, written as one ("assumed all 1 user(s)" → "assumed the 1 user(s)").

    >>> agree_quantifiers("it serves all 1 of your concurrent users; assumed all 1 user(s) can be active")
    'it serves your 1 concurrent user; assumed the 1 user(s) can be active'
    >>> agree_quantifiers("假设全部 1 位用户在高峰时可能同时使用；全部 12 位")
    '假设 1 位用户在高峰时可能同时使用；全部 12 位'
    """
    if "all 1 " not in text and "全部" not in text and "所有" not in text:  # most sentences: skip the regexes
        return text
    text = _ALL_OF_ONE.sub(lambda m: f"{m['whose']} 1 {m['rest']}", text)
    return _ALL_ONE_ZH.sub(" ", _ALL_ONE.sub("the ", text))


def agree_plurals(text: str) -> str:
    """Each "N noun(s)" written as the number asks: "1 user", "3 users", "1 model copy", "5 model copies"; and
    "all" said of one is written as one (`agree_quantifiers`).

    >>> agree_plurals("For 1 concurrent user(s): 3 server(s) × 2, 1 model cop(ies) of 1 device(s) each")
    'For 1 concurrent user: 3 servers × 2, 1 model copy of 1 device each'
    >>> agree_plurals("assumed all 1 user(s) can be active at peak")
    'assumed the 1 user can be active at peak'
    """
    text = agree_quantifiers(text)
    def one(match: re.Match[str]) -> str:
        single = float(match["count"].replace(",", "")) == 1
        ending = match["ending"]
        noun = match["stem"] + (("y" if ending == "ies" else "") if single else ending)
        return match["count"] + match["between"] + noun

    if "(s)" not in text and "(es)" not in text and "(ies)" not in text:  # most sentences: skip the regex
        return text
    return _PLURAL_SLOT.sub(one, text)
