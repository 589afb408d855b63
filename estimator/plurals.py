"""English plural agreement for the wording layer's English templates and the store's data-error messages
(a text rule with no language parameter, kept at the bottom of the import graph so both can use it)."""

from __future__ import annotations

import re

# "3 user(s)", "1 model cop(ies)": a count, at most one word between, then a noun with a plural ending in
# brackets. Only English templates write them (Chinese nouns do not inflect).
_PLURAL_SLOT = re.compile(r"(?P<count>(?<![\w.])\d[\d,]*(?:\.\d+)?)(?P<between>\s+(?:[A-Za-z-]+\s+)?)"
                          r"(?P<stem>[A-Za-z]+)\((?P<ending>s|es|ies)\)")


def agree_plurals(text: str) -> str:
    """Each "N noun(s)" written as the number asks: "1 user", "3 users", "1 model copy", "5 model copies".

    >>> agree_plurals("For 1 concurrent user(s): 3 server(s) × 2, 1 model cop(ies) of 1 device(s) each")
    'For 1 concurrent user: 3 servers × 2, 1 model copy of 1 device each'
    """
    def one(match: re.Match[str]) -> str:
        single = float(match["count"].replace(",", "")) == 1
        ending = match["ending"]
        noun = match["stem"] + (("y" if ending == "ies" else "") if single else ending)
        return match["count"] + match["between"] + noun

    if "(s)" not in text and "(es)" not in text and "(ies)" not in text:  # most sentences: skip the regex
        return text
    return _PLURAL_SLOT.sub(one, text)
