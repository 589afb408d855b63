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

Pure: no I/O. The share applies to named users of an interactive assistant; a batch job has no users.
"""

from __future__ import annotations

import math

ONE_TIME_ZONE_PEAK_SHARE = 0.25
ACROSS_TIME_ZONES_PEAK_SHARE = 0.15
SOURCE_URL = "http://ratlperfland.com/field-notes-measuring-capacity-users-and-rates/"
READING_WORDS_PER_MINUTE = 238.0  # Brysbaert 2019, English non-fiction, silent
READING_SOURCE_URL = "https://doi.org/10.1016/j.jml.2019.104047"
WORDS_PER_TOKEN = 0.75  # OpenAI's rule of thumb for English text
READING_TOKENS_PER_S = READING_WORDS_PER_MINUTE / 60 / WORDS_PER_TOKEN
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


def generating_share(decode_tokens_per_s: float) -> float:
    """The share of a chat session's time its answer is being generated: reading vs decode speed (docstring).

    >>> round(generating_share(30.0), 3)
    0.15
    """
    return READING_TOKENS_PER_S / (READING_TOKENS_PER_S + max(decode_tokens_per_s, 1e-9))


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


def peak_generating_streams(total_users: int, *, across_time_zones: bool = False,
                            decode_tokens_per_s: float = 30.0, daily_active_share: float | None = None) -> int:
    """Streams generating at once at the peak for `total_users` named users of a chat assistant: the peak
    sessions (`peak_concurrent_users`), each generating `generating_share` of its time, at the 99th percentile.

    >>> peak_generating_streams(5000), peak_generating_streams(1200), peak_generating_streams(5)
    (220, 61, 2)
    """
    sessions = peak_concurrent_users(total_users, across_time_zones=across_time_zones, daily_active_share=daily_active_share)
    share = peak_share(across_time_zones=across_time_zones, daily_active_share=daily_active_share)
    mean = total_users * share * generating_share(decode_tokens_per_s)
    return max(1, min(sessions, poisson_quantile(mean)))


__all__ = ["ACROSS_TIME_ZONES_PEAK_SHARE", "ONE_TIME_ZONE_PEAK_SHARE", "READING_SOURCE_URL", "READING_TOKENS_PER_S",
           "SOURCE_URL", "WORDS_PER_TOKEN", "generating_share", "peak_concurrent_users", "peak_generating_streams", "peak_share",
           "poisson_quantile"]
