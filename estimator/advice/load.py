"""Load stated as a rate, a volume or a spend, turned into the peak concurrent streams the hardware must carry.

Infra leads give load in many forms: "9,000 requests/hour", "2,000 customers a day", "400M tokens/day",
"we spend $22k/month on gpt-4o-mini". The estimator sizes for concurrent streams, so each form becomes one
by Little's law (L = λ × W: the mean number in a system is the arrival rate times the time each arrival
spends in it; J. D. C. Little, Operations Research 9(3), 1961):

    streams = peak arrival rate (requests/s) × time each request holds a slot (s)

A request holds its slot from arrival to its last token: the first-token target, then its answer
streamed at the per-user speed (hold = TTFT + output tokens / tok/s). A rate is sized as said. A volume (a
daily count, a token volume divided by the tokens of one request, a monthly API spend divided by that API's own
list price into tokens) is spread over the hours it runs and raised to its busy hour (`busy_hour`), the same rule
for every form.

Pure: no I/O, no text. The result is a typed `LoadConversion`; the wording layer says it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict

from estimator.catalog import ApiPrice
from estimator.workload import DEFAULT_DAYS_PER_WEEK, Workload

SECONDS_PER_HOUR = 3600
DAYS_PER_MONTH = 365 / 12
# The per-request defaults `assume.fill_defaults` applies (kept equal there: it imports these).
DEFAULT_PROMPT_TOKENS = 512
DEFAULT_OUTPUT_TOKENS = 256
DEFAULT_TTFT_MS = 1_000
# A first token is the prefill of the whole prompt, so a target nobody set grows with the prompt: a second
# for a chat-sized prompt, half a millisecond per prompt token beyond that (a 16k-token document: 8 s). MLPerf's
# server bounds grow with their tasks' prompts the same way (p99 TTFT 2 s for Llama 2 70B's ~300-token OpenOrca
# prompts, 6 s for Llama 3.1 405B's long-context tasks: mlcommons/inference loadgen/mlperf.conf); 0.5 ms per
# token is this product's assumption, said in every reply that uses it.
ASSUMED_TTFT_MS_PER_PROMPT_TOKEN = 0.5
DEFAULT_TOKENS_PER_S = 30.0  # seed 1: >= 30 tok/s is comfortable interactive speed
# A first-token bound names a latency class, and that class holds the stream too: MLPerf pairs every LLM
# first-token bound with a time-per-output-token bound of at most a tenth of it (llama2-70b 2,000 / 200 ms,
# interactive 450 / 40 ms; llama3_1-8b 2,000 / 100 ms, interactive 500 / 30 ms; tighter for the rest:
# mlcommons/inference loadgen/mlperf.conf). A trading desk that needs its first token in 100 ms does not wait
# 23 ms for each next one. Applied to ultra-low bounds only (`ULTRA_LOW_TTFT_MS`: 200 ms -> 50 tok/s, 100 ms -> 100).
TPOT_PER_TTFT = 0.1
# A first token nobody set a bound for is one part of the wait for a whole answer, and is judged as that part: the
# default above (a second before a 256-token answer that streams for 8.5 s at 30 tok/s) is ~12 % of the answer's
# streaming time, and an assumed bound keeps that share as the answer grows. A reasoning model's 8,000 tokens at
# 20 tok/s stream for 400 s: a first token at 2.5 s against 2 s is immaterial to that wait (47 s is the same share),
# and a bound of 2 s would have ruled out a device that meets every stated target for one that meets none.
# A bound the user states is theirs, whatever the answer's length: it is never scaled.
ASSUMED_TTFT_SHARE_OF_ANSWER = DEFAULT_TTFT_MS / 1000 / (DEFAULT_OUTPUT_TOKENS / DEFAULT_TOKENS_PER_S)
TPOT_SOURCE_URL = "https://github.com/mlcommons/inference/blob/master/loadgen/mlperf.conf"


# Seed 2's "超低延迟" (ultra-low latency) row: a first-token bound at or under this. Seed 1 puts a team's
# server at "短查詢延遲低於 100ms" and cloud APIs at 100–300 ms a short query; MLPerf's tightest LLM class is
# 450 ms. Estimate: the seeds give no figure for the row itself.
ULTRA_LOW_TTFT_MS = 200


def is_ultra_low_ttft(ttft_ms: int | None) -> bool:
    """Whether a first-token bound is in the ultra-low class (`ULTRA_LOW_TTFT_MS`)."""
    return ttft_ms is not None and ttft_ms <= ULTRA_LOW_TTFT_MS


def tokens_per_s_for_ttft(ttft_ms: int) -> float:
    """The per-user speed a stated first-token bound's latency class holds (a token every TTFT / 10).

    >>> tokens_per_s_for_ttft(100), tokens_per_s_for_ttft(150), tokens_per_s_for_ttft(1_000)
    (100.0, 67.0, 10.0)
    """
    return float(math.ceil(1000 / (ttft_ms * TPOT_PER_TTFT) - 1e-9))


def assumed_ttft_ms(prompt_tokens: int | None, floor_ms: int = DEFAULT_TTFT_MS, *, output_tokens: int | None = None,
                    tokens_per_s: float | None = None) -> int:
    """The first-token target assumed when none was stated: `floor_ms`, or more for a long prompt, or more for a
    long answer (`ASSUMED_TTFT_SHARE_OF_ANSWER` of the time it streams at `tokens_per_s`).

    >>> assumed_ttft_ms(512), assumed_ttft_ms(16_000), assumed_ttft_ms(None, floor_ms=2_000)
    (1000, 8000, 2000)
    >>> assumed_ttft_ms(512, output_tokens=256, tokens_per_s=30), assumed_ttft_ms(512, output_tokens=8_000, tokens_per_s=20)
    (1000, 47000)
    """
    answer_ms = (output_tokens / tokens_per_s * 1000 * ASSUMED_TTFT_SHARE_OF_ANSWER
                 if output_tokens and tokens_per_s else 0.0)
    return max(floor_ms, round((prompt_tokens or DEFAULT_PROMPT_TOKENS) * ASSUMED_TTFT_MS_PER_PROMPT_TOKEN),
               int(float(f"{answer_ms:.2g}")))  # a bound nobody set, to two figures: 46,875 ms is 47 s

LoadSource = Literal["rate", "token_rate", "daily_requests", "tokens", "spend"]
# Why a volume's mean hour was raised to its busiest hour: a peak factor the lead stated; the busy hour of the hours said
# ("9 to 6", "24/7"); the busy hour of a whole day when no hours were said; the busiest hour's share of the day, said
# (`busy_hour`).
PeakBasis = Literal["stated", "hour_share", "window", "day"]

# One rule for every volume (a spend a month, tokens a day, requests a day, an hourly average over a working day): spread
# evenly over the hours it runs, then raised to its busiest hour, the hour hardware is sized for in traffic engineering
# (a busy hour, not a percentile of a day). A day's traffic is not spread evenly over its hours: a 10-hour support desk's
# busiest hour takes ~20 % of its day, twice its average hour (kpitree.co, "Peak support hours analysis",
# https://kpitree.co/glossary/customer-support-metrics/peak-support-hours-analysis), and a telephone exchange carries
# 1/8-1/10 of a day's calls in its busiest hour, 2.4-3x the mean of 24 hours (Cyclopedia of Telephony and Telegraphy
# vol. 2, American School of Correspondence, 1919), so twice the mean hour is the common factor for a working window
# and the lower end for a flow that runs around the clock, where machines fill the night. Hours not said: the volume
# is a day's, spread over 24 h at the same factor (the busiest hour holds 1/12 of it). A peak the lead states (a factor,
# the busiest hour's share of the day, a peak rate) always wins; a flow said to be even and an unattended batch job are
# not raised (a batch job is sized by its throughput over its window: `batch_jobs`).
BUSY_HOUR_OVER_MEAN_HOUR = 2.0
HOURS_OF_A_DAY = 24.0
BUSY_HOUR_SOURCE_URL = "https://kpitree.co/glossary/customer-support-metrics/peak-support-hours-analysis"
BUSY_HOUR_RATIO_SOURCE = "Cyclopedia of Telephony and Telegraphy vol. 2 (American School of Correspondence, 1919)"


class LoadConversion(BaseModel):
    """How a stated rate, volume or spend became concurrent streams (every step's figure, for the reply)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: LoadSource
    requests_per_s: float  # the peak arrival rate sized for
    hold_s: float  # seconds one request holds a slot: first token + answer at the per-user speed
    ttft_s: float
    tokens_per_s: float
    concurrent_streams: int
    prompt_tokens: int
    output_tokens: int
    running_hours_per_day: float
    peak_factor: float = 1.0
    peak_basis: PeakBasis | None = None  # why `peak_factor` is what it is (None: an average kept as it is)
    requests_per_day: float | None = None
    # A daily count said per person: the head count, the share active that day and what each sends.
    people: int | None = None
    daily_active_share: float | None = None
    requests_per_user_per_day: float | None = None
    requests_per_user_per_hour: float | None = None  # a rate said per person: people × this is the rate
    tokens_per_day: float | None = None
    tokens_per_s_total: float | None = None  # a token rate as stated, before it became requests a second
    # A daily count, volume or spend: the streams its busy hour holds on average (Little's law at the busy-hour rate),
    # before `concurrent_streams` rounded them up to whole streams (`busy_hour_streams`); None for a stated rate.
    mean_streams: float | None = None
    api_spend_usd_per_month: float | None = None
    api_model: str | None = None
    usd_per_m_input: float | None = None
    usd_per_m_output: float | None = None
    api_source_url: str | None = None


def hold_seconds(workload: Workload) -> float:
    """Seconds one request holds a slot: first-token target + answer tokens / per-user speed.

    >>> round(hold_seconds(Workload()), 2)
    9.53
    >>> hold_seconds(Workload(ttft_target_ms=2000, output_tokens=500, tokens_per_s_target=25))
    22.0
    """
    ttft = (workload.ttft_target_ms or assumed_ttft_ms(workload.prompt_tokens)) / 1000
    return ttft + (workload.output_tokens or DEFAULT_OUTPUT_TOKENS) / (workload.tokens_per_s_target or DEFAULT_TOKENS_PER_S)


def concurrent_streams(requests_per_s: float, hold_s: float) -> int:
    """Little's law, rounded up to whole streams, at least one.

    >>> concurrent_streams(2.5, 9.5333)
    24
    """
    return max(1, math.ceil(requests_per_s * hold_s - 1e-9))


def busy_hour_streams(requests_per_s: float, hold_s: float) -> tuple[float, int]:
    """(mean, sized) streams of a volume's busy-hour arrival rate: Little's law, rounded up to whole streams. The busy
    hour is the margin over the day (`busy_hour`), as a stated peak rate is sized as said; no percentile of random
    arrivals goes on top: a batched decode step reads the weights once for all its streams, so a moment with a few
    streams more than the busy hour's mean slows each a little, it does not fail them (seed 2 tests the bought hardware
    at 1.5x its peak before buying more).

    120,000 requests over 8 h, twice the mean hour at the busiest, 7.7 s holds: 64.2 streams, sized 65.
    >>> busy_hour_streams(2 * 120_000 / (8 * 3600), 7.7)
    (64.167, 65)
    """
    mean = requests_per_s * hold_s
    return round(mean, 3), concurrent_streams(requests_per_s, hold_s)


def busy_hour(workload: Workload) -> tuple[float, PeakBasis | None]:
    """The factor from a volume's mean hour over the hours it runs (`volume_hours`) to its busiest hour, and why (the
    module constants): a peak factor the lead stated; none for a batch job (it drains its queue at its own pace) or a
    flow said to be even ("steady", "均匀"); else twice the mean hour, of the hours said or of the whole day.

    >>> busy_hour(Workload(hours_per_day=8)), busy_hour(Workload()), busy_hour(Workload(hours_per_day=24))
    ((2.0, 'window'), (2.0, 'day'), (2.0, 'window'))
    >>> busy_hour(Workload(peak_factor=3)), busy_hour(Workload(arrival_pattern="steady"))
    ((3.0, 'stated'), (1.0, None))

    A fifth of the day in its busiest hour: that hour carries the day ÷ 5, whatever the hours, so over a whole day
    (no hours said) 4.8 times the mean hour, over a 10-hour day 2:
    >>> busy_hour(Workload(peak_hour_share=0.2)), busy_hour(Workload(peak_hour_share=0.2, hours_per_day=10))
    ((4.8, 'hour_share'), (2.0, 'hour_share'))
    """
    if workload.peak_factor:
        return float(workload.peak_factor), "stated"
    if workload.peak_hour_share:
        # the busiest hour's share of the day, said: that hour carries the day × share, the running hours' average
        # hour the day ÷ hours, so the factor is share × hours (a flow said to be even is raised by it too: its lead
        # said where it peaks)
        return round(workload.peak_hour_share * volume_hours(workload), 4), "hour_share"
    if workload.arrival_pattern in ("batch", "steady"):
        return 1.0, None
    return BUSY_HOUR_OVER_MEAN_HOUR, "window" if workload.hours_stated else "day"


def volume_hours(workload: Workload) -> float:
    """The hours a day's volume is spread over: the hours said, else the whole day (a day's volume is the day's; the
    TCO's 12 running hours are its assumption about the hardware, not about when the traffic came).

    >>> volume_hours(Workload(hours_per_day=9)), volume_hours(Workload())
    (9.0, 24.0)
    """
    return workload.hours_per_day if workload.hours_stated else HOURS_OF_A_DAY


def running_days_per_month(workload: Workload) -> float:
    return DAYS_PER_MONTH * workload.days_per_week / DEFAULT_DAYS_PER_WEEK


def tokens_per_day_from_spend(spend_usd_per_month: float, price: ApiPrice, prompt_tokens: int, output_tokens: int,
                              days_per_month: float = DAYS_PER_MONTH) -> float:
    """Tokens a day (prompt + answer) that a monthly spend buys at `price`, prompts and answers in their ratio.

    $0.90 buys 1M answer tokens and 2M prompt tokens of gpt-4o-mini ($0.15 / $0.60): 3M tokens.
    >>> p = ApiPrice(id="x", provider="p", model="m", api_model="m", usd_per_m_input=0.15, usd_per_m_output=0.60,
    ...              read_date="2026-12-05", source_url="https://example.com")
    >>> tokens_per_day_from_spend(0.90 * 30, p, 512, 256, days_per_month=30)
    3000000.0
    """
    ratio = prompt_tokens / output_tokens
    usd_per_output_token = (ratio * price.usd_per_m_input + price.usd_per_m_output) / 1e6
    output_per_month = spend_usd_per_month / usd_per_output_token
    return round(output_per_month * (1 + ratio) / days_per_month, 3)


def api_price_of(model: str | None, prices: Iterable[ApiPrice]) -> ApiPrice | None:
    """The list price of a hosted model by the name a team calls it (`api_model` of the price table)."""
    if not model:
        return None
    return next((p for p in prices if p.api_model == model), None)


STATED_PRICE_ID = "stated"  # the `ApiPrice.id` of prices the lead stated (`spend_price`)


def spend_price(workload: Workload, prices: Iterable[ApiPrice]) -> ApiPrice | None:
    """The prices a monthly spend buys tokens at: the ones the lead stated ("$3 in / $15 out per M": a discount, a
    fine-tuned model's rate, a provider the table lacks) over the table's list price for `api_model`; one side stated
    takes the other from the table. None when neither gives both sides.

    >>> p = ApiPrice(id="x", provider="p", model="m", api_model="m", usd_per_m_input=0.15, usd_per_m_output=0.60,
    ...              read_date="2026-12-05", source_url="https://example.com")
    >>> spend_price(Workload(api_model="m"), [p]).usd_per_m_output
    0.6
    >>> s = spend_price(Workload(api_model="m", api_usd_per_m_input=0.3, api_usd_per_m_output=1.2), [p])
    >>> (s.id, s.usd_per_m_input, s.usd_per_m_output)
    ('stated', 0.3, 1.2)
    >>> spend_price(Workload(api_usd_per_m_input=0.4), []) is None
    True
    """
    listed = api_price_of(workload.api_model, prices)
    stated_in, stated_out = workload.api_usd_per_m_input, workload.api_usd_per_m_output
    if stated_in is None and stated_out is None:
        return listed
    price_in = stated_in if stated_in is not None else listed.usd_per_m_input if listed is not None else None
    price_out = stated_out if stated_out is not None else listed.usd_per_m_output if listed is not None else None
    if price_in is None or price_out is None:
        return None
    return ApiPrice(id=STATED_PRICE_ID, provider=STATED_PRICE_ID, model=workload.api_model or STATED_PRICE_ID,
                    api_model=workload.api_model, usd_per_m_input=price_in, usd_per_m_output=price_out,
                    read_date=STATED_PRICE_ID, source_url=listed.source_url if listed is not None else STATED_PRICE_ID)


def input_per_output_of_share(output_share: float, price: ApiPrice) -> float | None:
    """Input tokens per output token when `output_share` of the bill pays for output at `price`: (1 - s) / p_in over
    s / p_out. 80 % of a gpt-4.1-mini bill on input ($0.40 / $1.60): 0.8 / 0.40 ÷ 0.2 / 1.60 = 16 input tokens an output.

    >>> p = ApiPrice(id="x", provider="p", model="m", usd_per_m_input=0.40, usd_per_m_output=1.60, read_date="d",
    ...              source_url="https://example.com")
    >>> input_per_output_of_share(0.2, p), input_per_output_of_share(0.5, p)
    (16.0, 4.0)
    """
    if not 0 < output_share < 1 or price.usd_per_m_input <= 0:
        return None
    return round((1 - output_share) / price.usd_per_m_input / (output_share / price.usd_per_m_output), 4)


def daily_senders(workload: Workload) -> float | None:
    """The people who send a per-person daily count: the head count times the share active that day (all of
    them when no share is said); None when the daily count was not said per person.

    >>> daily_senders(Workload(total_users=800, daily_active_share=0.3, requests_per_user_per_day=10))
    240.0
    """
    if workload.requests_per_user_per_day is None or workload.total_users is None:
        return None
    return round(workload.total_users * (workload.daily_active_share or 1.0), 3)


def prompts_per_stream_per_s(conversion: LoadConversion | None) -> float | None:
    """Prompts a second each stream sends when the streams were counted from an arrival rate: the rate ÷ the
    streams. Little's law counts λ × hold streams on average; sized at the busiest moments (the 99th percentile of
    a daily average) or rounded up, each stream sizes for fewer prompts than one per answer, and a device slower
    than the hold time assumed still gets them at λ, not faster (`parallel_plans._paced_answer_ms`). None without a
    conversion: the streams were said, and each sends its next prompt as its answer ends (or after reading it).

    0.153 requests/s of 32k-token prompts counted as 9 streams: 0.017 a second each, one every ~59 s.
    >>> round(prompts_per_stream_per_s(LoadConversion(source="rate", requests_per_s=0.153, hold_s=18.0, ttft_s=8.0,
    ...     tokens_per_s=30.0, concurrent_streams=9, prompt_tokens=32_000, output_tokens=300,
    ...     running_hours_per_day=9.0)), 4)
    0.017
    """
    if conversion is None or conversion.requests_per_s <= 0:
        return None
    return conversion.requests_per_s / conversion.concurrent_streams


def load_conversion(workload: Workload, api_prices: Iterable[ApiPrice] = ()) -> LoadConversion | None:
    """The stated rate, daily count, token volume or API spend as concurrent streams; None when none is stated
    (or a spend names no priced API model: the interview asks which).

    9,000 requests an hour is 2.5/s; each holds a slot ~9.5 s (1 s to first token, 256 tokens at 30 tok/s):
    >>> load_conversion(Workload(requests_per_s=2.5)).concurrent_streams
    24

    3M tokens an hour at peak is 833 tokens/s; at 768 tokens a request (512 in + 256 out), 1.085 requests/s:
    >>> load_conversion(Workload(tokens_per_s_total=3e6 / 3600)).concurrent_streams
    11

    800 people, 30 % of them active a day, 10 questions each: 2,400 a day, no hours said, so spread over the day and
    twice its mean hour at the busiest (`busy_hour`): 0.056/s × 9.5 s = 0.53 streams, sized 1:
    >>> c = load_conversion(Workload(total_users=800, daily_active_share=0.3, requests_per_user_per_day=10))
    >>> c.requests_per_day, c.requests_per_s, c.mean_streams, c.concurrent_streams
    (2400.0, 0.0556, 0.53, 1)

    400M tokens a day around the clock: 6.03 requests/s on average, twice that in the busy hour, × 9.5 s ≈ 115 streams:
    >>> c = load_conversion(Workload(tokens_per_day=400e6, hours_per_day=24))
    >>> round(c.requests_per_s, 2), c.peak_factor, c.concurrent_streams
    (12.06, 2.0, 115)
    """
    prompt = workload.prompt_tokens or DEFAULT_PROMPT_TOKENS
    output = workload.output_tokens or DEFAULT_OUTPUT_TOKENS
    hours = workload.hours_per_day
    seconds_per_day = hours * SECONDS_PER_HOUR
    hold = round(hold_seconds(workload), 3)
    base = LoadConversion(source="rate", requests_per_s=0.0, hold_s=hold, ttft_s=(workload.ttft_target_ms or assumed_ttft_ms(workload.prompt_tokens)) / 1000,
                          tokens_per_s=workload.tokens_per_s_target or DEFAULT_TOKENS_PER_S, concurrent_streams=1,
                          prompt_tokens=prompt, output_tokens=output, running_hours_per_day=hours)
    # A rate is sized as said (the lead's own busiest interval), times a peak factor said beside it ("~90 a minute on
    # average, peaks maybe 2x that").
    stated_peak = workload.peak_factor or 1.0
    if (each := workload.requests_per_user_per_hour) is not None and workload.total_users is not None:
        # people × how often each asks ("40 agents, each about once a minute": 2,400 an hour), so a follow-up that changes
        # the head count changes the rate
        rate = round(workload.total_users * each / SECONDS_PER_HOUR * stated_peak, 4)
        return base.model_copy(update={"requests_per_s": rate, "peak_factor": stated_peak, "people": workload.total_users,
                                       "requests_per_user_per_hour": each, "concurrent_streams": concurrent_streams(rate, hold)})
    if workload.requests_per_s is not None:
        rate = round(workload.requests_per_s * stated_peak, 4)
        return base.model_copy(update={"requests_per_s": rate, "peak_factor": stated_peak,
                                       "concurrent_streams": concurrent_streams(rate, hold)})
    if workload.tokens_per_s_total is not None:  # a token rate is requests a second of one request's tokens each
        rate = workload.tokens_per_s_total / (prompt + output) * stated_peak
        return base.model_copy(update={"source": "token_rate", "requests_per_s": round(rate, 4), "peak_factor": stated_peak,
                                       "tokens_per_s_total": workload.tokens_per_s_total,
                                       "concurrent_streams": concurrent_streams(rate, hold)})
    # A volume: spread over the hours it runs, raised to its busy hour (`busy_hour`), one rule for every form.
    hours = volume_hours(workload)
    seconds_per_day = hours * SECONDS_PER_HOUR
    base = base.model_copy(update={"running_hours_per_day": hours})
    peak, basis = busy_hour(workload)
    if (people := daily_senders(workload)) is not None:
        # "800 people, 30 % active a day, ~10 questions each": those active that day send the per-person count
        daily = round(people * (workload.requests_per_user_per_day or 0.0), 3)
        rate = daily / seconds_per_day * peak
        mean, streams = busy_hour_streams(rate, hold)
        return base.model_copy(update={"source": "daily_requests", "requests_per_s": round(rate, 4), "peak_factor": peak,
                                       "peak_basis": basis,
                                       "requests_per_day": daily, "people": workload.total_users,
                                       "daily_active_share": workload.daily_active_share,
                                       "requests_per_user_per_day": workload.requests_per_user_per_day,
                                       "mean_streams": mean, "concurrent_streams": streams})
    if workload.requests_per_day is not None:
        rate = workload.requests_per_day / seconds_per_day * peak
        mean, streams = busy_hour_streams(rate, hold)
        return base.model_copy(update={"source": "daily_requests", "requests_per_s": round(rate, 4), "peak_factor": peak,
                                       "peak_basis": basis,
                                       "requests_per_day": workload.requests_per_day,
                                       "mean_streams": mean, "concurrent_streams": streams})
    tokens = workload.tokens_per_day
    update: dict[str, object] = {"source": "tokens"}
    if tokens is None and workload.api_spend_usd_per_month is not None:
        price = spend_price(workload, api_prices)
        if price is None:
            return None
        tokens = tokens_per_day_from_spend(workload.api_spend_usd_per_month, price, prompt, output,
                                           running_days_per_month(workload))
        update = {"source": "spend", "api_spend_usd_per_month": workload.api_spend_usd_per_month,
                  "api_model": workload.api_model, "usd_per_m_input": price.usd_per_m_input,
                  "usd_per_m_output": price.usd_per_m_output,
                  "api_source_url": None if price.id == STATED_PRICE_ID else price.source_url}
    if tokens is None:
        return None
    rate = tokens / (prompt + output) / seconds_per_day * peak
    mean, streams = busy_hour_streams(rate, hold)
    return base.model_copy(update={**update, "requests_per_s": round(rate, 4), "peak_factor": peak, "peak_basis": basis,
                                   "tokens_per_day": tokens,
                                   "requests_per_day": round(tokens / (prompt + output), 1),
                                   "mean_streams": mean, "concurrent_streams": streams})


__all__ = [
    "DAYS_PER_MONTH",
    "prompts_per_stream_per_s",
    "ASSUMED_TTFT_MS_PER_PROMPT_TOKEN",
    "ASSUMED_TTFT_SHARE_OF_ANSWER",
    "BUSY_HOUR_OVER_MEAN_HOUR",
    "BUSY_HOUR_RATIO_SOURCE",
    "BUSY_HOUR_SOURCE_URL",
    "HOURS_OF_A_DAY",
    "LoadConversion",
    "PeakBasis",
    "STATED_PRICE_ID",
    "api_price_of",
    "input_per_output_of_share",
    "spend_price",
    "assumed_ttft_ms",
    "busy_hour",
    "busy_hour_streams",
    "concurrent_streams",
    "daily_senders",
    "hold_seconds",
    "load_conversion",
    "running_days_per_month",
    "TPOT_PER_TTFT",
    "TPOT_SOURCE_URL",
    "ULTRA_LOW_TTFT_MS",
    "is_ultra_low_ttft",
    "tokens_per_day_from_spend",
    "tokens_per_s_for_ttft",
    "volume_hours",
]
