"""Block Kit rendering of a `Reply`: pure functions from the engine's reply to Slack blocks.

Nothing here calls Slack or the engine. Every number shown comes from the reply's recommendation
(tool results), never from this module. Slack's limits are enforced here, not hoped for: header text
<= 150 chars, a section <= 3000 chars and <= 10 fields, a context <= 10 elements, <= 50 blocks per
message. The plain-text fallback of every message is `reply.text`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

from bot.reply import Reply
from bot.slack.block_kit import (
    Actions,
    Block,
    Button,
    ColumnSetting,
    Context,
    ContextActions,
    Header,
    Mrkdwn,
    RawText,
    Table,
    TextSection,
)
from bot.slack.labels import label
from bot.wording import msg, word
from bot.wording.render_text import accelerator_reply_lines, answer_lines, fact_phrases, join_list, money
from estimator.said import Said
from estimator.schemas import Option, Recommendation, Risk

HEADER_MAX = 150
SECTION_TEXT_MAX = 3000
SECTION_FIELDS_MAX = 10
FIELD_TEXT_MAX = 2000
CONTEXT_ELEMENTS_MAX = 10
BLOCKS_MAX = 50
BUTTON_TEXT_MAX = 75
BUTTON_VALUE_MAX = 2000
CODE_FENCE = "```"
OPTIONS_SHOWN_MAX = 5
# Slack documents no per-cell limit for the table block; a cell this long already wraps to many lines.
TABLE_CELL_MAX = 200

# Every follow-up button's action_id starts with this; the app routes them all to one listener that
# turns the button's `value` (the follow-up as the user would have typed it) into a turn.
FOLLOWUP_ACTION_PREFIX = "followup_"
# The feedback buttons of a recommendation card: one action, the clicked button's value says which.
FEEDBACK_ACTION_ID = "feedback"
FeedbackValue = Literal["positive", "negative"]
FEEDBACK_VALUES: tuple[FeedbackValue, ...] = get_args(FeedbackValue)
# Blocks a reader clicks, kept at the end of a card when it is cut to Slack's 50 blocks.
_INTERACTIVE = ("actions", "context_actions")

_SEVERITY_EMOJI = {"high": ":red_circle:", "medium": ":large_orange_circle:", "low": ":large_yellow_circle:"}
_SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}


def truncate(text: str, limit: int) -> str:
    """Cut `text` to at most `limit` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def option_label(option: Option) -> str:
    """ "2× NVIDIA L40S (vLLM)" — the name a person reads, count first."""
    name = option.hardware_name or option.hardware_id
    return f"{option.count}× {name} ({option.serving_stack})"


def escape(text: str) -> str:
    """Escape the three characters Slack's mrkdwn treats as control ("p95 < 300 ms" stays text)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _mrkdwn(text: str) -> Mrkdwn:
    return {"type": "mrkdwn", "text": text}


def section(text: str) -> TextSection:
    """A mrkdwn section; text longer than Slack allows is cut (callers split long text first)."""
    return {"type": "section", "text": _mrkdwn(truncate(text, SECTION_TEXT_MAX))}


def text_sections(text: str) -> list[TextSection]:
    """The engine's plain text as mrkdwn sections, split at line breaks to stay within the limit.

    A code block (a YAML manifest) cut between two sections is closed at the end of the first and
    opened again at the start of the next, so each section renders it as code.
    """
    text = escape(text)
    limit = SECTION_TEXT_MAX - len(CODE_FENCE) * 2 - 2  # room to close and reopen a cut code block
    chunks: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:  # a single overlong line: hard-split it
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            chunks.append(current)
            current = ""
        current += line
    if current.strip():
        chunks.append(current)
    return [section(chunk) for chunk in _fences_balanced([c for c in chunks if c.strip()])] or [section(" ")]


def _fences_balanced(chunks: list[str]) -> list[str]:
    """Each chunk with its code blocks closed: one left open is closed here and reopened in the next."""
    balanced = []
    open_block = False
    for chunk in chunks:
        body = (CODE_FENCE + "\n" + chunk if open_block else chunk).rstrip("\n")
        open_block = sum(line.startswith(CODE_FENCE) for line in body.splitlines()) % 2 == 1
        balanced.append(body + "\n" + CODE_FENCE if open_block else body)
    return balanced


def _bullets(lines: Iterable[Said | str], title: str, lang: str = "en") -> TextSection:
    """A titled bullet list in one section, dropping the lines that would not fit (and saying so)."""
    items = [escape(word(line, lang)) for line in lines]
    text = f"*{escape(title)}*"
    for index, item in enumerate(items):
        line = f"\n• {item}"
        more = "\n_" + label("more", lang, n=len(items) - index) + "_"
        if len(text) + len(line) + len(more) > SECTION_TEXT_MAX:
            text += more
            break
        text += line
    return section(text)


def _context(elements: list[str]) -> Context:
    return {
        "type": "context",
        "elements": [_mrkdwn(truncate(e, FIELD_TEXT_MAX)) for e in elements[:CONTEXT_ELEMENTS_MAX]],
    }


def _header(text: str) -> Header:
    return {"type": "header", "text": {"type": "plain_text", "text": truncate(text, HEADER_MAX), "emoji": True}}


def _button(action_suffix: str, text: str, value: str) -> Button:
    return {
        "type": "button",
        "action_id": f"{FOLLOWUP_ACTION_PREFIX}{action_suffix}",
        "text": {"type": "plain_text", "text": truncate(text, BUTTON_TEXT_MAX), "emoji": True},
        "value": truncate(value, BUTTON_VALUE_MAX),
    }


# --- follow-up buttons ---------------------------------------------------------------------------
def _what_if_question(reply: Reply) -> str:
    users = reply.slots.get("concurrent_users")
    if isinstance(users, int | float) and users > 0:
        return label("q_what_if", reply.lang, n=int(users) * 2)
    return label("q_what_if_unknown", reply.lang)


def _compare_question(reply: Reply) -> str | None:
    """Compare the recommendation with the next options by name (the engine compares named hardware)."""
    recommendation = reply.recommendation
    alternatives = recommendation.alternatives[:2] if recommendation else []
    if not alternatives:
        return None
    names = [f"{o.count}× {o.hardware_name or o.hardware_id}" for o in alternatives]
    return label("q_compare", reply.lang, names=label("and", reply.lang).join(names))


def followup_buttons(reply: Reply) -> Actions:
    """The common follow-ups as buttons, then the engine's own suggestions that add something.

    Each button's value is the question as a user would type it, in the conversation's language;
    a click becomes that turn.
    """
    lang = reply.lang
    elements = [_button("what_if_double_users", label("b_what_if", lang), _what_if_question(reply))]
    compare = _compare_question(reply)
    if compare:
        elements.append(_button("compare", label("b_compare", lang), compare))
    elements.append(_button("assumptions", label("b_assumptions", lang), label("q_assumptions", lang)))
    elements.append(_button("why_not_npu", label("b_npu", lang), label("q_npu", lang)))
    elements.append(_button("report", label("b_report", lang), label("q_report", lang)))
    fixed = ("what if", "compare", "show the assumptions", "why not an npu", "如果", "比较", "比較", "为什么", "為什麼")
    extra = [s for s in reply.suggestions if not s.casefold().startswith(fixed)]
    elements += [_button(f"suggestion_{i}", s, s) for i, s in enumerate(extra[:2])]
    return {"type": "actions", "elements": elements}


def feedback_buttons(lang: str = "en") -> ContextActions:
    """Slack's thumbs up / down under a recommendation card; a click is recorded with the thread."""
    return {"type": "context_actions", "elements": [{
        "type": "feedback_buttons", "action_id": FEEDBACK_ACTION_ID,
        "positive_button": {"text": {"type": "plain_text", "text": "👍"}, "value": "positive",
                            "accessibility_label": truncate(label("fb_positive", lang), BUTTON_TEXT_MAX)},
        "negative_button": {"text": {"type": "plain_text", "text": "👎"}, "value": "negative",
                            "accessibility_label": truncate(label("fb_negative", lang), BUTTON_TEXT_MAX)},
    }]}


def _suggestion_buttons(suggestions: list[str]) -> Actions:
    return {
        "type": "actions",
        "elements": [_button(f"suggestion_{i}", s, s) for i, s in enumerate(suggestions[:5])],
    }


# --- the recommendation card -------------------------------------------------------------------
def option_fields(option: Option, lang: str = "en") -> list[Mrkdwn]:
    """The deciding numbers of one option as section fields (at most 10)."""
    est, tco = option.estimate, option.tco

    def field(key: str, value: str) -> str:
        return f"*{label(key, lang)}*\n{value}"

    ttft = f"{est.ttft_ms:,.0f} ms" + (f" (p95 {est.ttft_p95_ms:,.0f} ms)" if est.ttft_p95_ms is not None else "")
    fields = [
        field("tok_s", f"{est.decode_tokens_per_s_per_user:,.1f}"),
        field("ttft", ttft),
        field("max_users", f"{est.max_concurrent_users:,}"),
        field("capex", money(option.capex_usd) + (label("estimate", lang) if tco.price_is_estimate else "")),
        field("tco", money(tco.three_year_total_usd)),
        field("per_m", money(tco.cost_per_million_tokens_usd)),
        field("power", f"{option.power_w:,.0f} W" if option.power_w is not None else "n/a"),
        field("annual_power", money(tco.annual_power_usd)),
    ]
    if est.memory_required_gb is not None and est.memory_available_gb is not None:
        need, have = f"{est.memory_required_gb:,.1f}", f"{est.memory_available_gb:,.0f}"
        fields.append(field("memory", label("memory_value", lang, need=need, have=have)))
    fields.append(field("meets_slo", label("yes" if option.meets_slo else "no", lang)))
    return [_mrkdwn(truncate(f, FIELD_TEXT_MAX)) for f in fields[:SECTION_FIELDS_MAX]]


def _comparison_line(option: Option, primary: bool, lang: str) -> str:
    est, tco = option.estimate, option.tco
    mark = ":star: " if primary else ""
    slo = label({"meets": "slo_met", "past_limits": "slo_past_limits", "unverified": "slo_unverified", "misses": "slo_missed"}[option.verdict], lang)
    if option.batch_hours is not None:  # a batch job: when it finishes, not a per-user chat speed
        return f"{mark}*{option_label(option)}* — " + escape(msg("answer.batch.option", lang, hours=option.batch_hours,
                                                                 capex=money(option.capex_usd),
                                                                 tco=money(tco.three_year_total_usd),
                                                                 power=money(tco.annual_power_usd))) + f" · {slo}"
    return (
        f"{mark}*{option_label(option)}* — {est.decode_tokens_per_s_per_user:,.1f} tok/s/user · "
        f"TTFT {est.ttft_ms:,.0f} ms · capex {money(option.capex_usd)} · "
        f"3-yr TCO {money(tco.three_year_total_usd)} · {money(tco.cost_per_million_tokens_usd)}/M tok · {slo}"
    )


def _cell(text: str) -> RawText:
    return {"type": "raw_text", "text": truncate(text, TABLE_CELL_MAX) or "–"}


def _comparison_table(options: list[Option], primary: Option, lang: str) -> Table:
    """The options compared, one row each in the card's columns (tok/s per user, TTFT, capex, TCO, $/M
    tokens, verdict): easier to read across than one long line per option. The primary is starred."""
    header = [label(key, lang) for key in ("compared", "tok_s", "ttft", "capex", "tco", "per_m", "meets_slo")]
    slo_keys = {"meets": "slo_met", "past_limits": "slo_past_limits", "unverified": "slo_unverified",
                "misses": "slo_missed"}
    rows = [[_cell(text) for text in header]]
    for option in options:
        est, tco = option.estimate, option.tco
        rows.append([_cell(("★ " if option is primary else "") + option_label(option)),
                     _cell(f"{est.decode_tokens_per_s_per_user:,.1f}"), _cell(f"{est.ttft_ms:,.0f} ms"),
                     _cell(money(option.capex_usd) + (label("estimate", lang) if tco.price_is_estimate else "")),
                     _cell(money(tco.three_year_total_usd)), _cell(money(tco.cost_per_million_tokens_usd)),
                     _cell(label(slo_keys[option.verdict], lang))])
    numbers: ColumnSetting = {"align": "right"}
    return {"type": "table", "rows": rows,
            "column_settings": [{"is_wrapped": True}, numbers, numbers, numbers, numbers, numbers, {"is_wrapped": True}]}


def _risk_line(risk: Risk, lang: str) -> str:
    emoji = _SEVERITY_EMOJI.get(risk.severity, "")
    return f"{emoji} *{risk.severity}* `{risk.id}` — {risk.why} _{label('mitigation', lang)}_ {risk.mitigation}"


def _provenance(option: Option, recommendation: Recommendation, lang: str) -> list[str]:
    est = option.estimate
    basis = label("measured" if est.method == "measured" else "modelled", lang)
    if est.source_rows:
        basis += label("rows", lang, rows=", ".join(str(r) for r in est.source_rows[:8]))
    elif recommendation.calibration_rows:
        basis += label("fitted", lang, n=len(recommendation.calibration_rows))
    elements = [escape(basis)]
    if est.confidence_low is not None and est.confidence_high is not None:
        low, high = f"{est.confidence_low:,.1f}", f"{est.confidence_high:,.1f}"
        elements.append(label("confidence", lang, low=low, high=high))
    if option.tco.price_is_estimate:
        elements.append(label("prices", lang))
    return elements


# TCO assumptions have defaults and are listed under "Assumptions"; the echo shows what was said.
_ECHO_SKIP = frozenset({"hours_per_day", "utilization", "electricity_usd_per_kwh", "amortization_years"})


def understood_line(reply: Reply) -> str | None:
    """ "Understood: 7B model, Q4_K_M, 200 concurrent users, …" so a misreading is visible."""
    facts = {k: v for k, v in reply.slots.items() if k not in _ECHO_SKIP and v is not None}
    phrases = fact_phrases(facts, reply.lang, reply.device_names, reply.fx_rates) if facts else []
    return escape(label("understood", reply.lang) + join_list(phrases, reply.lang)) if phrases else None


def recommendation_blocks(reply: Reply) -> list[Block]:
    """The recommendation message: header, deciding numbers, comparison, risks, assumptions, buttons."""
    recommendation = reply.recommendation
    if recommendation is None:
        return interview_blocks(reply)
    lang = reply.lang
    primary = recommendation.primary
    blocks: list[Block] = []
    if primary is None:
        blocks.append(_header(label("no_option", lang)))
        blocks.extend(text_sections(reply.text)[:10])
        if recommendation.relax:
            blocks.append(_bullets(recommendation.relax, label("relax", lang), lang))
        blocks.append(followup_buttons(reply))
        blocks.append(feedback_buttons(lang))
        return cap_blocks(blocks, lang)

    blocks.append(_header(label("header", lang, option=option_label(primary))))
    understood = understood_line(reply)
    if understood:
        blocks.append(_context([understood]))
    for line in answer_lines(recommendation, lang):  # the question that was asked, answered first
        blocks.append(section(escape(line)))
    for line in accelerator_reply_lines(recommendation, lang):  # seed 2: the accelerators, evaluated first
        blocks.append(section(escape(line)))
    if recommendation.rationale:
        blocks.append(section(escape(word(recommendation.rationale, lang))))
    blocks.append({"type": "section", "fields": option_fields(primary, lang)})
    if reply.changes:
        blocks.append(_bullets(reply.changes, label("changes", lang), lang))
    options = [primary, *recommendation.alternatives][:OPTIONS_SHOWN_MAX]
    if len(options) > 1:
        blocks.append({"type": "divider"})
        if any(o.batch_hours is not None for o in options):  # a batch job's options compare in hours: lines
            lines = [_comparison_line(o, o is primary, lang) for o in options]
            blocks.append(_bullets(lines, label("compared", lang), lang))
        else:
            blocks.append(_comparison_table(options, primary, lang))
    if recommendation.cloud is not None and recommendation.cloud.lines:  # buy vs rent vs API
        blocks.append(_bullets(recommendation.cloud.lines, label("cloud", lang), lang))
    if recommendation.risks:
        ordered = sorted(recommendation.risks, key=lambda r: _SEVERITY_ORDER.get(r.severity, 3))
        blocks.append(_bullets([_risk_line(r, lang) for r in ordered], label("risks", lang), lang))
    if recommendation.assumptions:
        blocks.append(_bullets(recommendation.assumptions, label("assumptions", lang), lang))
    if recommendation.validation_plan:
        blocks.append(_bullets(recommendation.validation_plan, label("plan", lang), lang))
    blocks.append(_context(_provenance(primary, recommendation, lang)))
    blocks.append(followup_buttons(reply))
    blocks.append(feedback_buttons(lang))
    return cap_blocks(blocks, lang)


def interview_blocks(reply: Reply) -> list[Block]:
    """An interview turn (a question, an echo of what was understood): plain mrkdwn sections."""
    blocks: list[Block] = [*text_sections(reply.text)]
    if reply.suggestions:
        blocks.append(_suggestion_buttons(reply.suggestions))
    return cap_blocks(blocks, reply.lang)


def reply_blocks(reply: Reply, *, show_recommendation: bool) -> list[Block]:
    """The blocks of one reply message.

    With `show_recommendation` (a new or changed recommendation) the message is the card; without
    it (a follow-up that explains, compares or lists assumptions) the engine's text comes with the
    follow-up buttons.
    """
    if reply.recommendation is None:
        return interview_blocks(reply)
    if show_recommendation:
        # The card carries the reply's content (echo, numbers, changes); the full text is the fallback.
        return recommendation_blocks(reply)
    return cap_blocks([*text_sections(reply.text), followup_buttons(reply)], reply.lang)


def cap_blocks(blocks: list[Block], lang: str = "en") -> list[Block]:
    """Keep at most 50 blocks; the buttons at the end (follow-ups, feedback) survive the cut."""
    if len(blocks) <= BLOCKS_MAX:
        return blocks
    start = len(blocks)
    while start > 0 and blocks[start - 1]["type"] in _INTERACTIVE:
        start -= 1
    tail = blocks[start:]
    head = blocks[: BLOCKS_MAX - len(tail) - 1]
    return [*head, _context([label("shortened", lang)]), *tail]


__all__ = [
    "BLOCKS_MAX",
    "FEEDBACK_ACTION_ID",
    "FEEDBACK_VALUES",
    "FOLLOWUP_ACTION_PREFIX",
    "Block",
    "FeedbackValue",
    "cap_blocks",
    "escape",
    "feedback_buttons",
    "followup_buttons",
    "interview_blocks",
    "option_fields",
    "option_label",
    "recommendation_blocks",
    "reply_blocks",
    "section",
    "text_sections",
    "truncate",
    "understood_line",
]
