"""Peak concurrency from a head count, when the user gave only how many people will use the assistant.

"About 1,200 staff" is not 1,200 people typing at once. Without a stated concurrency, the peak is
taken as a share of the named users, from a published sizing rule of thumb for enterprise software:

    "Generally we've seen the concurrent number of users hover around 15 to 25% of the named users.
    The percentage is closer to 15% in a global company whose users span time zones, and closer to 25%
    in a company where everyone is in one time zone."
    — IBM Rational performance engineering, "Field notes: Measuring capacity, users and rates",
    http://ratlperfland.com/field-notes-measuring-capacity-users-and-rates/

Infor's EPM sizing guide reports "ratios of around 10%" of named users being concurrent
(https://docs.infor.com/depm/2024.x/en-us/depmolh/hardware_software_recommendations/tvk1510174471779.html);
the upper end of the IBM range is used so that the sized hardware errs on the side of capacity, and
the reply states the rule as an assumption (and the interview asks for the real figure). Users who
"span time zones" (a follow-the-sun or global rollout) peak lower: 15 %.

A session is not a stream. A person in a chat session reads each answer before asking the next question,
and the model generates only while the answer streams (Little's law: the streams a session holds = the time
it spends generating ÷ the whole cycle, generating + reading). Reading speed is measured: adults read English
non-fiction silently at 238 words per minute (Brysbaert 2019, a meta-analysis of 190 studies,
https://doi.org/10.1016/j.jml.2019.104047), and a token is about ¾ of an English word (OpenAI, "What are tokens",
https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them), so a reader takes in about
5.3 tokens/s. Against the 30 tok/s a stream is sized for (seed 1's "comfortable"), a session generates
5.3 / (5.3 + 30) ≈ 15 % of its time, whatever the answer's length (both times grow with it). Typing the next
question and pauses only lengthen the cycle, so leaving them out errs on the side of capacity, as does using
English (Chinese readers take in fewer tokens a second). How many sessions generate at one moment varies: the
count is sized at its 99th percentile as a Poisson count (independent people), never above the sessions.

A reasoning model's thinking is generated and never read. Per person, Little's law over the whole cycle between two
questions: streams = people x stream time / (stream time + reading time + time between questions), where the thinking
adds to the stream time and not to the reading. The sourced peak share above fixes the time between questions: people
in a session at the peak are `p` of the head count when a question is its visible answer streamed and read, so each
person spends (1/p - 1) x that between questions, and asks no more often for a model that also thinks (the question
is the same; only the wait grows). So a question that also thinks holds its stream longer and keeps its asker in a
session longer, and more people are waiting at once: for 12 people, p = 25 %, 30 tok/s, a 10,000-token completion
whose visible answer is ~700 tokens, a question streams 333 s against 132 s of reading and 467 s between questions,
so 36 % of the people generate on average (0.25 x 15 % = 3.75 % without thinking), and the 99th percentile of a
binomial count over the 12 is 8 at once (3 without thinking). With no thinking the rule is the one above exactly.
The visible answer of a reasoning model when unstated: Nous Research's token-efficiency runs
(LRMTokenEconomy, Aug 2025) give median visible outputs of 669 (Qwen3-30B-A3B thinking), 676 and 835 (Qwen3-235B-A22B
thinking, 2504 and 2507), 678 (GLM-4.5) and 769 (DeepSeek-R1-0528) tokens beside medians of 2,391-3,400 thinking
tokens; ~700 taken (`REASONING_ANSWER_TOKENS`).

Pure: no I/O. The share applies to named users of an interactive assistant; a batch job has no users.
"""

from __future__ import annotations

import math
from typing import NamedTuple

ONE_TIME_ZONE_PEAK_SHARE = 0.25
ACROSS_TIME_ZONES_PEAK_SHARE = 0.15
SOURCE_URL = "http://ratlperfland.com/field-notes-measuring-capacity-users-and-rates/"
READING_WORDS_PER_MINUTE = 238.0  # Brysbaert 2019, English non-fiction, silent
READING_SOURCE_URL = "https://doi.org/10.1016/j.jml.2019.104047"
WORDS_PER_TOKEN = 0.75  # OpenAI's rule of thumb for English text
READING_TOKENS_PER_S = READING_WORDS_PER_MINUTE / 60 / WORDS_PER_TOKEN
# The visible answer of a reasoning model's completion when unstated (module docstring): read; the rest is thinking.
REASONING_ANSWER_TOKENS = 700
REASONING_ANSWER_SOURCE_URL = "https://github.com/cpldcpu/LRMTokenEconomy/blob/main/evaluation_stats.csv"
STREAMS_QUANTILE = 0.99  # size for the moment only 1 % of the peak hour exceeds
_EXACT_POISSON_MAX_MEAN = 500.0  # e^-mean underflows near 745; above this the normal approximation is exact enough
_Z_99 = 2.326


def peak_share(*, across_time_zones: bool = False, daily_active_share: float | None = None) -> float:
    """The share of a head count in a session at the peak (see the module docstring for the source). The sourced
    15-25 % is of an application's named users, people who use it as part of their day; a share the user states of
    those active on a given day ("日活 30%", "about half use it daily") says how many of the head count those are,
    so the peak is that share of them: head count x daily share x the sourced share.

    >>> peak_share(), peak_share(across_time_zones=True), round(peak_share(daily_active_share=0.3), 3)
    (0.25, 0.15, 0.075)
    """
    sourced = ACROSS_TIME_ZONES_PEAK_SHARE if across_time_zones else ONE_TIME_ZONE_PEAK_SHARE
    if daily_active_share is not None and 0 < daily_active_share <= 1:
        return daily_active_share * sourced
    return sourced


def peak_concurrent_users(total_users: int, *, across_time_zones: bool = False,
                          daily_active_share: float | None = None) -> int:
    """Peak concurrent users of `total_users` named users, rounded up, at least one.

    >>> peak_concurrent_users(1200), peak_concurrent_users(1200, across_time_zones=True)
    (300, 180)
    >>> peak_concurrent_users(3), peak_concurrent_users(1)
    (1, 1)
    """
    if total_users <= 1:
        return 1
    share = peak_share(across_time_zones=across_time_zones, daily_active_share=daily_active_share)
    return max(1, math.ceil(total_users * share - 1e-9))


def read_share(output_tokens: int | None, *, reasoning: bool) -> float:
    """The share of a completion that is read: all of it, or a reasoning model's visible answer
    (`REASONING_ANSWER_TOKENS`, never more than the completion) of its thinking and answer.

    >>> read_share(256, reasoning=False), read_share(10_000, reasoning=True), read_share(500, reasoning=True)
    (1.0, 0.07, 1.0)
    """
    if not reasoning or not output_tokens:
        return 1.0
    return min(1.0, REASONING_ANSWER_TOKENS / output_tokens)


def reading_pace_tokens_per_s(share_read: float = 1.0) -> float:
    """Generated tokens a person gets through a second while reading: the reading speed over the share of them read
    (thinking is not read), so that generated tokens ÷ this is the reading time of the visible answer.

    >>> round(reading_pace_tokens_per_s(), 2), round(reading_pace_tokens_per_s(0.5), 2)
    (5.29, 10.58)
    """
    return READING_TOKENS_PER_S / max(share_read, 1e-9)


def generating_share(decode_tokens_per_s: float, share_read: float = 1.0) -> float:
    """The share of a chat session's time its answer is being generated: reading vs decode speed (docstring), a
    reasoning model's thinking counted in the stream and not in the reading (`read_share`).

    >>> round(generating_share(30.0), 3), round(generating_share(30.0, 0.07), 3)
    (0.15, 0.716)
    """
    pace = reading_pace_tokens_per_s(share_read)
    return pace / (pace + max(decode_tokens_per_s, 1e-9))


class PersonCycle(NamedTuple):
    """Shares of a person's time over the cycle between two questions (Little's law, module docstring): `generating`
    while the completion streams, `in_session` while it streams or its answer is read (the rest is between questions)."""

    generating: float
    in_session: float


def person_cycle(session_share: float, decode_tokens_per_s: float, share_read: float = 1.0) -> PersonCycle:
    """A person's cycle when `session_share` of the people are in a session at the peak for a completion wholly read,
    and `share_read` of each completion is read: the time between questions is (1 / share - 1) x (the visible answer
    streamed and read), the thinking only lengthens the stream. Times per visible token.

    >>> c = person_cycle(0.25, 30.0); round(c.generating, 4), c.in_session
    (0.0375, 0.25)
    >>> c = person_cycle(0.25, 30.0, 0.07); round(c.generating, 3), round(c.in_session, 3)
    (0.357, 0.499)
    """
    if share_read >= 1.0 or session_share <= 0:
        return PersonCycle(session_share * generating_share(decode_tokens_per_s), session_share)
    tps = max(decode_tokens_per_s, 1e-9)
    visible = 1.0 / tps + 1.0 / READING_TOKENS_PER_S  # the visible answer streamed and read
    stream = 1.0 / (tps * share_read)  # thinking and answer streamed
    cycle = stream + 1.0 / READING_TOKENS_PER_S + (1.0 / session_share - 1.0) * visible
    return PersonCycle(stream / cycle, min(1.0, (stream + 1.0 / READING_TOKENS_PER_S) / cycle))


def poisson_quantile(mean: float, quantile: float = STREAMS_QUANTILE) -> int:
    """The smallest k with P(X <= k) >= quantile for X ~ Poisson(mean).

    >>> poisson_quantile(1.5), poisson_quantile(45.0), poisson_quantile(0.0)
    (5, 61, 0)
    """
    if mean <= 0:
        return 0
    if mean > _EXACT_POISSON_MAX_MEAN:
        return math.ceil(mean + _Z_99 * math.sqrt(mean))
    k, term = 0, math.exp(-mean)
    total = term
    while total < quantile:
        k += 1
        term *= mean / k
        total += term
    return k


def binomial_quantile(trials: int, probability: float, quantile: float = STREAMS_QUANTILE) -> int:
    """The smallest k with P(X <= k) >= quantile for X ~ Binomial(trials, probability): how many of `trials` people,
    each independently generating `probability` of the time, generate at once.

    >>> binomial_quantile(12, 0.357), binomial_quantile(12, 0.0), binomial_quantile(12, 1.0)
    (8, 0, 12)
    """
    if probability <= 0 or trials <= 0:
        return 0
    if probability >= 1:
        return trials
    mean = trials * probability
    if mean > _EXACT_POISSON_MAX_MEAN:
        return min(trials, math.ceil(mean + _Z_99 * math.sqrt(mean * (1 - probability))))
    k, term = 0, (1 - probability) ** trials
    total = term
    while total < quantile and k < trials:
        term *= (trials - k) / (k + 1) * probability / (1 - probability)
        k += 1
        total += term
    return k


def peak_generating_streams(total_users: int, *, across_time_zones: bool = False,
                            decode_tokens_per_s: float = 30.0, daily_active_share: float | None = None,
                            share_read: float = 1.0) -> int:
    """Streams generating at once at the peak for `total_users` named users of a chat assistant: the peak
    sessions (`peak_concurrent_users`), each generating `generating_share` of its time, at the 99th percentile; with a
    reasoning model's unread thinking (`share_read` < 1), the cycle of `person_cycle`.

    >>> peak_generating_streams(5000), peak_generating_streams(1200), peak_generating_streams(5)
    (220, 61, 2)
    >>> peak_generating_streams(12, share_read=0.07)
    8
    """
    share = peak_share(across_time_zones=across_time_zones, daily_active_share=daily_active_share)
    if share_read >= 1.0:
        sessions = peak_concurrent_users(total_users, across_time_zones=across_time_zones,
                                         daily_active_share=daily_active_share)
        mean = total_users * share * generating_share(decode_tokens_per_s)
        return max(1, min(sessions, poisson_quantile(mean)))
    # With thinking the sessions are no fixed count (a question keeps its asker waiting longer): each person is
    # generating or not on their own, so the count is binomial over the head count.
    return max(1, binomial_quantile(total_users, person_cycle(share, decode_tokens_per_s, share_read).generating))


__all__ = ["ACROSS_TIME_ZONES_PEAK_SHARE", "ONE_TIME_ZONE_PEAK_SHARE", "READING_SOURCE_URL", "READING_TOKENS_PER_S",
           "REASONING_ANSWER_SOURCE_URL", "REASONING_ANSWER_TOKENS", "SOURCE_URL", "WORDS_PER_TOKEN", "PersonCycle",
           "binomial_quantile", "generating_share", "peak_concurrent_users", "peak_generating_streams", "peak_share", "person_cycle",
           "poisson_quantile", "read_share", "reading_pace_tokens_per_s"]
