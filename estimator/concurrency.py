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

Pure: no I/O. The share applies to named users of an interactive assistant; a batch job has no users.
"""

from __future__ import annotations

import math

ONE_TIME_ZONE_PEAK_SHARE = 0.25
ACROSS_TIME_ZONES_PEAK_SHARE = 0.15
SOURCE_URL = "http://ratlperfland.com/field-notes-measuring-capacity-users-and-rates/"


def peak_share(*, across_time_zones: bool = False) -> float:
    """The share of named users active at the peak (see the module docstring for the source)."""
    return ACROSS_TIME_ZONES_PEAK_SHARE if across_time_zones else ONE_TIME_ZONE_PEAK_SHARE


def peak_concurrent_users(total_users: int, *, across_time_zones: bool = False) -> int:
    """Peak concurrent users of `total_users` named users, rounded up, at least one.

    >>> peak_concurrent_users(1200), peak_concurrent_users(1200, across_time_zones=True)
    (300, 180)
    >>> peak_concurrent_users(3), peak_concurrent_users(1)
    (1, 1)
    """
    if total_users <= 1:
        return 1
    return max(1, math.ceil(total_users * peak_share(across_time_zones=across_time_zones) - 1e-9))


__all__ = ["ACROSS_TIME_ZONES_PEAK_SHARE", "ONE_TIME_ZONE_PEAK_SHARE", "SOURCE_URL", "peak_concurrent_users",
           "peak_share"]
