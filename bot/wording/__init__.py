"""The one wording layer: the core names what it found (`estimator.said.Said`), this package says it.

`word(said, lang)` picks one finding's sentence from the catalog (`bot/wording/catalog/`, three
languages with the same placeholders); `worded(model, lang)` gives a copy of any contract model
(a `Recommendation`, an `Option`, a `TcoResult` …) with every finding replaced by its sentence, which
is what every surface shows (terminal, Slack, report, `--json`, the library, MCP, evals). A language
switch re-words the stored findings; nothing here parses a sentence back.
"""

from __future__ import annotations

from bot.wording.sentences import LANGUAGES, Language, agree_plurals, msg, normalize, word, words
from bot.wording.worded import error_text, worded

__all__ = ["LANGUAGES", "Language", "agree_plurals", "error_text", "msg", "normalize", "word", "words", "worded"]
