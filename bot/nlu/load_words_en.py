"""English words of load, spend, power scope and constraints, as data (compiled in `bot.nlu.load`).

Each entry is a tuple of regex alternatives over `normalize()`d text (lower case, ASCII digits). Keep
words here; the grammar that combines them with numbers is `bot.nlu.load`.
"""

from __future__ import annotations

import re

_UNHURRIED = (r"\bno (?:rush|hurry)\b", r"\b(?:not|nobody'?s|no one'?s|nobody is|no one is|we'?re not|i'?m not) in (?:a|any) (?:rush|hurry)\b",
              r"\b(?:fine|ok|okay) if (?:it|the \w+|answers?|generation) (?:takes|take) a (?:while|bit)\b",
              r"\bslow (?:is|would be) (?:fine|ok|okay)\b")

WORDS: dict[str, tuple[str, ...]] = {
    # the busiest hour of a day, said as an hour ("the busiest hour", "our peak hour", "between 9 and 10", "9-10am"): a
    # share said of it is the day's share in that hour (`bot.nlu.peak_share`)
    "busy_hour": (r"\b(?:busiest|peak|busy|rush|heaviest|worst)(?: single)? hour\b", r"\bpeak of the day\b",
                  r"\b(?:in|within|during) (?:a|one|that|the same|a single) (?:single )?hour\b",
                  r"\bbetween (?P<h1>\d{1,2})(?::00)?\s*(?:am|pm)? and (?P<h2>\d{1,2})(?::00)?\s*(?:am|pm)?",
                  r"(?<![\d.:$])(?P<h3>\d{1,2})(?::00)?\s*(?:am|pm)?\s*(?:-|–|to)\s*(?P<h4>\d{1,2})(?::00)?\s*(?:am|pm)\b"),
    # what the share is of: the day's volume ("of the day's traffic", "of daily volume", "of all requests that day")
    "of_the_day": (r"\bof (?:the |a |our |all (?:the )?|each |every )?(?:day'?s?|daily)\b", r"\bof (?:the )?(?:day|daily)'?s? ",
                   r"\bof (?:that|it|those|them|the total|the volume|all (?:of )?(?:it|that))\b"),
    # the verb that says a share is taken of the day ("that hour accounts for 20%")
    "share_verb": (r"\baccounts? for", r"\bmakes? up", r"\bcarr(?:y|ies)"),
    # what arrives: a request, or the person / conversation behind one
    # one describing word may stand before the noun ("80k support tickets a day", "300 chat requests per minute")
    "request_nouns": (r"(?:[a-z]+[ -])?(?:requests?|reqs?|queries|query|calls?|completions?|inferences?)",
                      r"(?:[a-z]+[ -])?(?:customers?|conversations?|convos?|chats?|questions?|prompts?|hits|messages?|msgs?|tickets?|sessions?|visits?)",
                      r"(?:q|qs|qns)\b",  # "~5 q each": questions, shorthand
                      # what comes back, one a request ("~7k answers a day", "2,000 responses an hour")
                      r"(?:[a-z]+[ -])?(?:answers?|responses?|replies|generations?)\b",
                      # "they ask maybe 3-4 things an hour each": what is asked, counted
                      r"times\b", r"things\b"),
    # items of work said per unit of time ("200 defect reports an hour", "12,000 claims per day as they land"): an hour's,
    # a minute's or a second's are arrivals; a day's are a batch job's in a message about batch work unless they are
    # said to be handled as they arrive (`arrives_one_by_one`), and always with a nightly run or a window
    "item_nouns": (r"(?:[a-z]+[ -])?(?:invoices?|claims?|reports?|documents?|docs|contracts?|orders?|forms?|receipts?|"
                   r"records?|e-?mails?|files?|pdfs?|images?|applications?|transcripts?|submissions?|requisitions?|"
                   # recordings summarised, one a request ("~50 meetings a day", "200 recorded calls a night")
                   r"meetings?|recordings?|interviews?|episodes?|"
                   # pictures a vision model reads, one a request ("~40 photos a minute", "90 frames per minute")
                   r"photos?|pictures?|pics|frames?|screenshots?|scans?|snapshots?)\b",),
    # the items that are pictures: each request carries one image (`images_per_request`), the model's image tokens
    "image_nouns": (r"\b(?:images?|photos?|pictures?|pics|frames?|screenshots?|snapshots?)\b",),
    # pictures counted in each request ("each request = 3 scanned pages as images", "5 photos per listing", "8 images
    # per claim"): the request's unit, and the pictures' nouns (pages only said as scans or images)
    "image_request_units": (r"\b(?:requests?|calls?|quer(?:y|ies)|cases?|claims?|items?|listings?|products?|documents?|docs?|"
                            r"submissions?|tickets?|orders?|invoices?|forms?|inspections?|reports?|posts?|prompts?)\b",),
    "counted_images": (r"(?:scanned\s+|page\s+)?(?:images?|photos?|pictures?|pics|screenshots?|snapshots?|scans?)\b",
                       r"(?:scanned\s+)?pages?\s+(?:as\s+)?(?:images?|scans?|pngs?|jpe?gs?)\b", r"scanned\s+pages?\b"),
    # a second load said beside the people's ("40 people chat with it, plus a pipeline that classifies 5 tickets/s", "on top
    # of that a batch tagger doing 2 req/s", "and a separate extraction job sends ~300 a minute"): summed, not one load
    "load_added": (r"\bplus\b", r"\bon top of (?:that|this|it|those|them)\b", r"\bin addition\b", r"\badditionally\b",
                   r"\bas well as\b", r"\balso\b", r"\bseparate(?:ly)?\b", r"\banother\b", r"\bbesides\b", r"\bside[- ]job\b"),
    "arrives_one_by_one": (r"\bas (?:soon as )?(?:it|they|each(?: one)?|one) (?:arrives?|lands?|comes? in|shows? up)\b",
                           r"\bas they (?:arrive|land|come in|show up)\b", r"\breal[- ]?time\b", r"\bone by one\b",
                           r"\bon arrival\b", r"\bwhen (?:it|they|each(?: one)?) (?:arrives?|lands?|comes? in)\b",
                           r"\b(?:come|comes|coming|arrive|arrives|arriving|trickle|trickles|stream|streams) in\b"),
    # a rate said of each person ("each fires off ~10 queries an hour", "15 prompts per person per day"): times
    # the people who send it (`bot.nlu.parser`), and those people are a head count, not streams
    "per_person": (r"\beach(?! (?:day|hour|min(?:ute)?|sec(?:ond)?|week|month|night|morning|evening|shift)\b)"
                   r"(?: one| 1| of (?:them|us|you))?\b", r"\bevery (?:one|1) of (?:them|us)\b", r"\beveryone\b",
                   r"\bper (?:person|user|head|seat|employee|agent|rep|dev(?:eloper)?|analyst|engineer)\b", r"\bapiece\b",
                   # "every rep pings the bot", "every analyst": every one of a group named by its members
                   r"\bevery (?:single )?(?!(?:day|hour|min(?:ute)?|sec(?:ond)?|week|month|night|morning|evening|shift|time|other|"
                   r"couple|few|half|\d)\b)[a-z]+(?: of (?:them|us|you))?\b"),
    # Countable units a rate or quota is said of, each one sending it ("40 tenants, each capped at 60 RPM", "~300 franchise
    # restaurants … each sends ~30 requests an hour", "8,000 devices, each one every 5 minutes"): the load is the units times
    # the rate times the share used (`unit_share`); the units are no head count of people (`bot.nlu.parser`).
    "unit_nouns": (r"tenants?", r"customers?", r"clients?", r"accounts?", r"orgs?", r"organi[sz]ations?", r"compan(?:y|ies)",
                   r"firms?", r"stores?", r"shops?", r"branch(?:es)?", r"restaurants?", r"clinics?", r"hospitals?",
                   r"pharmac(?:y|ies)", r"sites?", r"locations?", r"outlets?", r"franchises?", r"devices?", r"kiosks?",
                   r"terminals?", r"robots?", r"bots?", r"cameras?", r"sensors?", r"vehicles?", r"trucks?", r"apps?",
                   r"integrations?", r"partners?", r"merchants?", r"schools?", r"hotels?", r"gyms?", r"workspaces?", r"teams?"),
    # The share of the units' summed caps or quotas actually used ("~25% of the sum of caps", "~15% of all the caps
    # combined", "20% of the combined quota", "they use ~80% of it", "about half of them busy at peak").
    "unit_share": (r"(?P<pct>\d+(?:\.\d+)?)\s*%\s*of\s+(?:the\s+|all\s+(?:the\s+|their\s+)?|their\s+|our\s+)?(?:(?:sum|total|combined|aggregate)\s+"
                   r"(?:of\s+)?(?:the\s+|all\s+(?:the\s+)?|their\s+)?)?(?:caps?|quotas?|limits?|allowances?|allotments?|"
                   r"entitlements?|plans?|contracted (?:volume|rate|limits?))\b",
                   r"\b(?:use|uses|using|used|hit|hits|consume|consumes|burn|burns)\s+(?:about\s+|around\s+|maybe\s+|roughly\s+|~\s*)?"
                   r"(?P<pct2>\d+(?:\.\d+)?)\s*%\s*of\s+(?:it|that|them|their (?:caps?|quotas?|limits?|plans?|allowances?))\b",
                   # ("half" is 50% by now)
                   r"(?P<pct3>\d+(?:\.\d+)?)\s*%\s*of them (?:are |is )?(?:busy|active|running|in use|online|calling|sending)\b"),
    # what a rate is sent to, said between the rate and "each" ("4 prompts/hour at it each")
    "rate_object": (r"(?:at|to|on|into|against|of) (?:it|us|them|the (?:bot|model|assistant|api|llm|box|server))",),
    # How often one person asks, said as a frequency: "once a minute", "twice an hour", "once every 3 minutes", "a request
    # every 2 min", "every 30 seconds" after a verb of asking. The count each time (`frequency_counts`), then the interval.
    "frequency_counts": (r"once", r"twice", r"thrice"),
    "every": (r"every",),
    # Plural nouns counted that are never the people who send a rate (units, devices, work items): "900 field techs" and
    # "80 of them" are its senders, "4 gpus" and "30 seconds" are not.
    "not_senders": (r"tokens?", r"toks?", r"gpus?", r"cards?", r"servers?", r"nodes?", r"boxes", r"racks?", r"hours?", r"hrs?",
                    r"mins?", r"minutes?", r"secs?", r"seconds?", r"days?", r"weeks?", r"months?", r"years?", r"ms", r"requests?",
                    r"quer(?:y|ies)", r"calls?", r"messages?", r"msgs?", r"times?", r"models?", r"params?", r"docs?",
                    r"documents?", r"pages?", r"words?", r"lines?", r"watts?", r"gb", r"tb", r"bits?", r"turns?", r"visits?",
                    r"sessions?", r"chats?", r"prompts?", r"answers?", r"replies", r"tickets?", r"items?", r"files?",
                    r"adapters?", r"loras?", r"languages?", r"steps?", r"shifts?", r"sites?", r"stores?", r"offices?"),
    # people counted as present, not as requests in flight ("~110 logged in at once", "on shift", "online at peak"): beside
    # each one's rate they are its senders (`bot.nlu.parser`)
    # at work together, whatever the head count beside it ("~200 logged in at once"): staff present, each sending now and
    # then, not streams; narrower than "present" ("online" alone is a concurrency unless a larger head count stands beside)
    "at_work": (r"\blogged[- ]in\b", r"\bsigned[- ]in\b", r"\bclocked[- ]in\b", r"\bon shift\b", r"\bon duty\b",
                r"\bon the floor\b"),
    "present": (r"\blogged (?:in|on)\b", r"\bsigned in\b", r"\bonline\b", r"\bon shift\b", r"\bon the floor\b",
                r"\bat their desks?\b", r"\bin the (?:app|tool)\b"),
    # verbs of sending a request: an interval after one of these in its clause is how often the sender asks
    "request_verbs": (r"quer(?:y|ies)", r"asks?", r"pings?", r"hits?", r"sends?", r"fires?(?: off)?", r"submits?", r"checks?",
                      r"uses?", r"calls?", r"prompts?", r"looks? (?:it |things )?up", r"talks? to", r"chats? with", r"polls?",
                      # work each person sets off ("they'd each run maybe 10 a day", "each generates ~12 a day")
                      r"runs?", r"generates?", r"drafts?", r"summari[sz]es?",
                      # a button or an action started in the tool ("kicks off the summarize action", "clicks 'draft'")
                      r"kicks? off", r"triggers?", r"clicks?", r"presses?", r"taps?", r"uploads?"),
    # the rate is the whole system's, not one sender's ("we get a request every 2 seconds", "the api sees one every 3 s")
    "total_sender_cue": (r"\bwe (?:get|see|receive|handle)\b", r"\b(?:comes?|arrives?) in\b", r"\bin total\b", r"\boverall\b",
                         r"\baltogether\b", r"\bthe (?:api|system|service|endpoint|bot|app) (?:gets|sees|receives|handles)\b"),
    # people active in a month ("40k MAU", "200k monthly actives", "monthly active users ~50k"): a head count, each of whom
    # sends the monthly count said of a user ("5 visits a month", "3 sessions per user per month")
    "monthly_active_after": (r"(?:maus?|monthly[- ]active(?: users?| people| members)?|monthly actives|active users (?:a|per|each) month)\b",),
    "monthly_active_before": (r"\b(?:maus?|monthly[- ]active(?: users?)?|monthly actives)\b",),
    # a visit's or session's messages ("~6 msgs a visit", "~8 messages per session"): each occasion counted is that many requests
    "occasion_messages": (r"(?:msgs?|messages?|questions?|queries|prompts?|turns?|requests?|exchanges?)\s*(?:a|an|per|each|every|/)\s*"
                          r"(?:visit|session|sitting|conversation|chat|time|login)\b",),
    "occasion_nouns": (r"visits?", r"sessions?", r"logins?", r"sittings?", r"days?"),
    # the days a month a user comes ("the avg user shows up ~5 days a month", "logs in 8 days per month"): visits a month
    "visit_verbs": (r"shows? up", r"comes? (?:back|in|by)", r"visits?", r"logs? (?:in|on)", r"uses? (?:it|the \w+)",
                    r"opens? (?:it|the app)", r"(?:is|are) active", r"stops? by", r"drops? in"),
    "per": (r"/", r"per", r"an?", r"each", r"every"),
    # A conversation arrives as several requests, one a turn: its turns, said after its rate, multiply the
    # rate ("1,500 chats a day, each chat is ~4 back-and-forth turns", "800 conversations/day, ~10 messages each").
    "conversation_nouns": (r"conversations?", r"chats?", r"sessions?", r"dialog(?:ue)?s?", r"threads?"),
    "turn_nouns": (r"(?:back[- ]and[- ]forth\s+)?(?:turns?|exchanges?|rounds?)\b", r"back[- ]and[- ]forths?\b",
                   r"messages?\b", r"round[- ]?trips?\b"),
    "each_conversation": (r"(?:each|every|per|an?|the average) (?:conversation|chat|session|dialog(?:ue)?|thread)"
                          r"(?: is| has| runs| averages| lasts| takes| goes)?(?: about| around| roughly)?",),
    "per_conversation": (r"each\b", r"apiece\b", r"per (?:conversation|chat|session|dialog(?:ue)?|thread)\b",
                         r"an? (?:conversation|chat|session)\b"),
    "on_average": (r"avg\.?", r"average", r"on average", r"typically", r"usually"),
    # requests in flight together, said after the count ("one request at a time", "6 queries at a time"):
    # a concurrency, never a rate missing its unit
    "in_flight_after": (r"at a time", r"at any (?:(?:one|1) )?time(?! of)", r"at any given (?:time|moment)"),
    # things in flight said by what they are, not as requests ("about 4 reviews running at any one time", "maybe 12
    # conversations in flight", "30 agent runs going at once", "25 of them at a time"): each one a stream, so the count is the
    # peak concurrency (Little's law's L; "one" is a digit by now); the time words are stronger than "at once" alone, which may be said of models
    "in_flight_things": (r"reviews?", r"conversations?", r"convos?", r"chats?", r"sessions?", r"runs?", r"jobs?", r"tasks?",
                         r"streams?", r"threads?", r"workflows?", r"pipelines?", r"agents?", r"generations?"),
    # people of a group said to be on at a time ("maybe 25 of them at a time"); "~300 of them simultaneously" beside a usual
    # load is the base-and-peak reader's
    "in_flight_of_them": (r"of (?:them|us)\s+(?:[a-z]+\s+){0,2}?(?:at a time|at any (?:(?:one|1) |given )?(?:time|moment)(?! of)|in flight)",),
    "in_flight_time": (r"at a time", r"at any (?:(?:one|1) |given )?(?:time|moment)(?! of)", r"in flight", r"at once", r"at the same time",
                       r"simultaneously", r"concurrently", r"in parallel", r"open together"),
    # the count said after the requests' verb ("requests come in one at a time", "queries arrive 2 at a time")
    "in_flight_verbs": (r"comes?(?: in)?", r"arrives?", r"lands?", r"hits?", r"shows? up", r"rolls? in", r"trickles? in",
                        r"(?:are|get) (?:sent|served|handled|processed)"),
    "second": (r"s\b", r"secs?\b", r"seconds?\b"),
    "minute": (r"min\b", r"mins\b", r"minutes?\b"),
    "hour": (r"h\b", r"hrs?\b", r"hours?\b"),
    "day": (r"day\b", r"days\b"),
    "month": (r"mo\b", r"mos\b", r"months?\b"),
    # a unit said before its number ("each hour roughly 3600 requests")
    "each_second": (r"(?:each|every|per|a) sec(?:ond)?\b",),
    "each_minute": (r"(?:each|every|per|a) min(?:ute)?\b",),
    "each_hour": (r"(?:each|every|per|an) hour\b", r"hourly"),
    "daily": (r"daily", r"(?:each|every|per|a) day", r"a day"),
    "monthly": (r"monthly", r"(?:each|every|per|a) month", r"/\s*mo(?:nth)?\b"),
    # a year's spend ("$180k on the api last year", "annual bill ~$96k", "yearly spend ... 60k usd"): a twelfth a month
    # money for the purchase in the clause of a year's amount ("$40k a year for hardware", "capex budget this year is
    # $60k"): a budget, not a spend
    "purchase_cue": (r"budget", r"capex", r"for (?:the )?(?:hardware|a box|boxes|servers?|gpus?|cards?)", r"to buy", r"purchase"),
    "yearly": (r"yearly", r"annual(?:ly)?", r"(?:each|every|per|a|last|this) year", r"/\s*y(?:ea)?r\b", r"\bp\.?a\.?(?![a-z])"),
    # a day said after a count and a few words of what happens ("18k support chats daily", "2,000 customers hit the bot
    # every day", "~25k queries on a typical day", "~5k tickets per business day")
    "day_after": (r"daily\b", r"(?:a|an|each|every|per|/)\s*(?:business |work(?:ing)? )?day\b",
                  r"on (?:a|an|any) (?:typical|average|normal|given|busy|regular) (?:work ?|business )?day\b"),
    # a day's volume named by its noun, the figure after it ("daily request volume is ~20k", "daily chats: about 5k")
    "request_volume_nouns": (r"(?:requests?|calls?|quer(?:y|ies)|conversations?|chats?|messages?|tickets?)(?: volume| count)?",),
    "per_second_rate": (r"qps", r"rps", r"req/s", r"requests/s"),
    "per_minute_rate": (r"rpm", r"qpm", r"req/min", r"requests/min"),
    "tokens": (r"tokens?", r"toks?"),
    # a token rate over all users, not one user's speed ("12k tok/s across the cluster", "throughput ~5k tokens/s")
    "total_rate_cue": (r"throughput", r"\btotal\b", r"combined", r"aggregate", r"overall", r"in total", r"all (?:users|together)",
                       r"across (?:the )?(?:cluster|fleet|all|everything|the board)", r"(?:cluster|fleet)[- ]wide"),
    # text said by its size ("~5GB of logs a day", "200 MB of support emails per day"): what it is
    "text_nouns": (r"logs?", r"text", r"documents?", r"docs", r"e-?mails?", r"transcripts?", r"tickets?", r"records?",
                   r"messages?", r"content", r"articles?", r"reports?", r"contracts?", r"files?", r"data"),
    # an amount with no currency after a spend word ("the anthropic bill is 6k/mo"): dollars, in English text
    "spend_word": (r"bill(?:ed)?", r"spend(?:ing)?", r"pay(?:ing)?", r"costs?", r"invoice[sd]?", r"burn(?:ing)?"),
    # the hours a daily count is spread over ("spread over 24h", "mostly within 8 hours")
    "spread_hours": (r"(?:spread |evenly |distributed |mostly )?(?:over|across|within|in) (?:the |a |about |~)?(?P<h>\d{1,2})\s*(?:h|hrs?|hours?)\b(?!\s*window)",
                     # a bare window as a clause of its own beside the daily count ("~30k a day, 8h, ...", "(8h)"):
                     # the hours it runs (normalized text: "，" reads ",")
                     r"(?:^|[,;(]\s*)(?P<hb>\d{1,2})\s*(?:h|hrs?|hours?|个?小时)\s*(?=$|[,;.)])"),
    "peak_factor": (r"peak (?:is |of |at |runs |hits )?(?:about |around |~)?(?P<f>\d+(?:\.\d+)?)\s*(?:x|times) (?:the )?(?:average|avg|mean|normal|base)",
                    r"peak(?:-to-average)? factor (?:of |is |=|:)?\s*(?P<f2>\d+(?:\.\d+)?)",
                    # "peaks 3x during month-end close", "spikes to 4x at 9 am": a multiple of the usual load (never
                    # of devices: "peaks need 3x h100" is no factor)
                    r"(?:peaks?|spikes?|bursts?)(?: out| up)?(?: at| to)? (?:(?:about|around|maybe|probably|roughly|like|up to|of)\s+|~)*"
                    r"(?P<f3>\d+(?:\.\d+)?)\s*(?:x|times)\b"
                    r"(?!\s*(?:gpus?|cards?|nodes?|servers?|boxes|h100|h200|a100|l40s|rtx|mi300x))",
                    # "peaky (3x avg at 8pm)", "spiky: 4x the mean at lunch": the multiple said of the average after the word
                    r"(?:peaky|spiky|bursty)\W{0,3}(?:(?:about|around|maybe|roughly|like)\s+|~)?(?P<f4>\d+(?:\.\d+)?)\s*(?:x|times)\s+"
                    r"(?:the\s+)?(?:average|avg|mean|normal|base)\b",
                    # the busy time named, then its multiple of the load said before ("lunchtime its about 3x that", "the
                    # 10-11am spike is roughly 3x that", "the 9-10am hour runs about double the average"): a word for
                    # the multiple is read by `load.MULTIPLE_WORDS`
                    r"(?:lunch(?:time)?|spikes?|peaks?|rush|busiest|month[- ]end|close|launch|hour|\d\s*(?:am|pm))\b"
                    r"[^.;!?\d]{0,30}?(?:(?:about|around|roughly|maybe|like|up to|probably)\s+|~)*"
                    r"(?:(?P<f5>\d+(?:\.\d+)?)\s*(?:x|times)|(?P<f6>double|twice|triple|treble))\s+"
                    r"(?:that|the (?:average|avg|mean|usual|normal)|(?:average|avg|normal|usual))\b"),
    # staff who work in shifts: everyone across the shifts ("300 agents across 2 shifts"), or one shift's size
    # ("3 shifts of ~120 pickers"); numbers are digits by now
    "shifts_total": (r"(?P<n>\d[\d,]*)\s*(?:[a-z-]+\s+){0,2}?(?:across|over|in|on|split (?:across|over|into)|working|covering)\s+"
                     r"(?P<k>[1-4])\s*shifts?\b",),
    "shift_size": (r"(?P<k>[1-4])\s*shifts?\s+of\s+(?:about\s+|around\s+|roughly\s+|~\s*)?(?P<m>\d[\d,]*)",),
    # the usual load beside a stated peak
    "base_cue": (r"most of the (?:day|week|month|quarter|year|time)", r"on (?:a|an) (?:normal|ordinary|typical|regular|average) day",
                 r"normal days?", r"usually", r"normally", r"typically", r"on average", r"baseline", r"base load",
                 r"day[- ]to[- ]day", r"regular(?:ly)?", r"the rest of the (?:day|time)", r"steady state", r"off[- ]peak",
                 # the load that holds through the day beside a rush ("15 people use it all day, but at 9am ~150")
                 r"all day(?: long)?", r"throughout the day", r"during the day"),
    "peak_cue": (r"peak(?:s|ing)?", r"spikes?", r"spiking", r"bursts?", r"\b\d{1,2}\s*(?:am|pm)\b", r"rush", r"month[- ]end",
                 r"stand-?ups?", r"crush",
                 r"(?:quarter|year)[- ]end", r"end of (?:the )?(?:month|quarter|year)", r"release days?", r"launch days?",
                 r"at most", r"max(?:imum)?", r"busiest", r"goes? up to", r"jumps? to"),
    # Said of the larger count beside a usual load, "at once" marks the peak ("most of the week 10 people, but on
    # release days the whole team of 80 piles on at once"); beside a base cue it is the base's own ("usually 20 at once").
    "at_once_cue": (r"at once", r"at the same time", r"simultaneously", r"concurrently", r"piles? on"),
    # Words that end one clause of a load and start the next ("20 people most of the month but month-end ..."): a
    # base and a peak are read clause by clause.
    "clause_break": (r"\bbut\b", r"\bwhereas\b", r"\bwhile\b"),
    # money that is spent each month on a hosted API (never a capex budget)
    # units counted per month that are not money: "12k tokens a month" after a spend word is no spend
    "not_money_unit": (r"tokens?", r"requests?", r"calls?", r"queries", r"query", r"messages?", r"chats?", r"users?",
                       r"seats?", r"hours?", r"hrs?", r"minutes?", r"documents?", r"docs?", r"pages?", r"images?",
                       r"tickets?", r"emails?", r"items?", r"rows?", r"runs?", r"jobs?", r"gb", r"tb", r"mb",
                       r"gpus?", r"cards?", r"servers?", r"instances?", r"nodes?", r"times?", r"more", r"less",
                       r"extra", r"total", r"each", r"per", r"every", r"monthly"),
    # a hosted API's price per million tokens, said after its figure ("$3 in / $15 out per M", "$0.30/1M in", "per 1M tokens")
    "per_million": (r"/\s*(?:1\s*)?m(?:tok(?:en)?s?)?(?![a-z])", r"/\s*(?:1\s*)?million(?:\s*tok(?:en)?s?)?(?![a-z])",
                    r"per\s*(?:1\s*)?(?:m|mtok|million)(?:\s*(?:input|output)?\s*tok(?:en)?s?)?(?![a-z])"),
    # what a share of money is said of ("70% of that bill is output tokens", "the spend is ~60% output")
    "bill_nouns": (r"bills?", r"spend(?:ing)?", r"invoices?", r"costs?", r"charges?"),
    "spend_context": (r"\bapi\b", r"openai", r"anthropic", r"\bbill", r"\bspend", r"\bpay(?:ing)?\b", r"\bcosts?\b", r"usage",
                      r"hosted", r"invoice", r"burn"),
    # the share of a head count that uses the service on a given day ("40% use it on any given day", "DAU ~25%"):
    # it sets how many people send a per-person daily count, never how many are in flight at once
    "daily_active_cue": (r"daily[- ]active", r"\bdaus?\b", r"active (?:on )?(?:any|a|an average|a typical) (?:given )?(?:work ?)?day",
                         r"(?:use|uses|using|log into|logs into|open|opens|touch|touches) it (?:on )?(?:any|a|an average|a typical) "
                         r"(?:given )?(?:work ?)?day", r"(?:use|uses|using) it (?:daily|every day|each day)",
                         r"(?:be|are|is) on it (?:daily|every day|each day)"),
    # one person per device ("each unit serves one customer at a time", "one driver per unit", "only the patient talks to
    # it"): every box serves a single user, whatever the fleet's size (numerals are digits by now)
    "one_user_per_device": (
        r"(?:each|every|1|a|per|the) (?:unit|device|box|kiosk|terminal|machine|station|console|tablet)s? (?:only )?"
        r"(?:serves|handles|is for|talks to|is used by|is dedicated to) (?:1|a single|just 1) (?:{person})\b",
        r"(?:1|a single|just 1) (?:{person})s? (?:per|for each|to each|on each|at each|to a) "
        r"(?:unit|device|box|kiosk|terminal|machine|station|console|tablet)\b",
        r"only (?:the|1|a single) (?:{person}) (?:talks to|uses|is on|speaks to) it\b"),
    "device_user_nouns": (r"customer", r"user", r"person", r"visitor", r"guest", r"patient", r"driver", r"operator",
                          r"worker", r"student", r"shopper", r"client", r"passenger"),
    # a day's word before, and the use after, a count of people ("every day about 300 people use it"): those active that day
    "daily_word": (r"\bdaily\b", r"every day", r"each day", r"on a typical day", r"on any given day"),
    "daily_use_verb": (r"use it", r"log (?:in|on)", r"(?:are|will be) on it"),
    # a fleet of identical boxes, one per site: the places (or kiosks) counted, and the cue that each gets its own
    "site_nouns": (r"kiosks?", r"terminals?", r"stores?", r"shops?", r"branch(?:es)?", r"sites?", r"factor(?:y|ies)", r"plants?",
                   r"hospitals?", r"clinics?", r"offices?", r"locations?", r"restaurants?", r"outlets?", r"warehouses?",
                   r"(?:gas |petrol |fuel )?stations?", r"schools?", r"hotels?", r"pharmac(?:y|ies)", r"dealerships?",
                   r"vehicles?", r"trucks?", r"robots?", r"vessels?", r"ships?"),
    # Each site gets its own box: a box word, then the site it goes to ("a small box in each of our 400 stores", "an
    # edge box for every branch", "one server per hospital"), or a rollout to sites that are devices themselves
    # ("rolling out to ~300 kiosks"). People spread over sites ("2,000 staff across 3 offices") are no fleet.
    "per_site": (r"\b(?:box(?:es)?|units?|devices?|servers?|machines?|nodes?|appliances?|jetsons?|mini[- ]?pcs?|nucs?|"
                 r"workstations?|gpus?|cards?|modules?)\b[^.;!?]{0,30}?\b(?:per|each|every|in each of|at each of|for each of)\s+"
                 r"(?:(?:our|the|those|these)\s+)?(?:~|about |around )?(?:[\d,]+\s+)?(?:[a-z]+\s+)?(?:{site})\b",
                 r"\b(?:roll(?:ing|ed)?|deploy(?:ing|ed)?|ship(?:ping|ped)?|install(?:ing|ed)?)(?: it| this| them)? "
                 r"(?:out )?(?:to|across|in|on|into) (?:~|about |around )?[\d,]+\s*(?:[a-z]+ )?"
                 r"(?:kiosks?|terminals?|robots?|vehicles?|trucks?|vessels?|ships?|cameras?|devices?)\b",
                 r"\b(?:each|every|per)\s+(?:[a-z]+\s+)?(?:{site})\s+(?:gets?|has|needs?|runs?|carries|will get|will have)\s+"
                 r"(?:a|an|one|its own|their own)\b",
                 # the sites counted before, then a box added to each ("our 40 kiosks … we'd add a small module to each")
                 r"\b(?:box(?:es)?|units?|devices?|modules?|jetsons?|mini[- ]?pcs?)\b[^.;!?]{0,12}?\b(?:to|in|into|for|on) each\b(?!\s+of)"),
    # a budget said of each site's box, not the whole fleet's ("budget $400 per kiosk", "$300 a unit tops")
    "per_site_budget": (r"(?:budget|\$|usd|dollars?|bucks|spend)[^.;!?]{0,24}?\b(?:per|each|a|an|/)\s*(?:{site}|units?|box(?:es)?|"
                        r"devices?|sites?|locations?)\b", r"\bapiece\b", r"\bper[- ]unit (?:budget|cost|price)\b"),
    # the active share of a head count
    "share_cue": (r"concurrent(?:ly)?", r"active", r"at once", r"at the same time", r"simultaneous(?:ly)?", r"online",
                  r"on it", r"using it", r"in parallel", r"logged in"),
    # power: what a limit applies to
    "per_rack": (r"per rack", r"each rack", r"a rack", r"racks?\b[^.;]{0,24}\beach\b", r"/\s*rack", r"per cabinet", r"each cabinet", r"rack (?:limit|budget|cap)",
                 r"racks? (?:gets?|has|have|is capped|are capped|is limited|are limited)"),
    # (a fleet's module or unit: "each module has to stay under 15W", "each unit must stay under 10W")
    "per_server": (r"per (?:server|box|node|machine|chassis|module|unit|device)", r"each (?:server|box|node|machine|module|unit|device)",
                   r"for the (?:box|server|machine)",
                   r"single (?:server|box|node)", r"one (?:server|box)"),
    "racks": (r"racks?", r"cabinets?"),
    "lora": (r"lora adapters?", r"loras?", r"(?:lora |fine[- ]?tuned |customer |per[- ]customer )?adapters?"),
    # a vendor ruled out: the cue, then one or more vendor names ("no NVIDIA", "anything but nvidia or amd")
    "vendor_exclusion_cue": (r"no", r"not", r"without", r"avoid(?:ing)?", r"can'?t use", r"cannot use", r"won'?t use",
                             r"must not use", r"don'?t use", r"never use", r"ban(?:ned|s)?(?: on)?", r"excluding",
                             r"anything but", r"other than", r"non[- ]"),
    # the serving engine the lead names ("we run vLLM", "ollama on the box", "TGI in prod"): the names are the
    # projects' own, written alike in every language
    "engine.vllm": (r"(?<![a-z])vllm(?![a-z])",),
    "engine.sglang": (r"(?<![a-z])sglang(?![a-z])",),
    "engine.tgi": (r"(?<![a-z])tgi(?![a-z])", r"text[- ]generation[- ]inference"),
    "engine.trt-llm": (r"tensorrt[- ]?llm", r"(?<![a-z])trt[- ]?llm(?![a-z])", r"(?<![a-z])trtllm(?![a-z])"),
    "engine.llama.cpp": (r"llama\.?cpp", r"llama[- ]server(?![a-z])"),
    "engine.ollama": (r"(?<![a-z])ollama(?![a-z])",),
    "engine.mlx": (r"(?<![a-z])mlx(?:[- ]lm)?(?![a-z])",),
    "engine_denied": (r"(?:not|no|never|without|instead of|rather than|off|away from|moving off|replace|drop|avoid)\s+(?:using\s+)?$",
                      r"(?:don'?t|do not|won'?t|can'?t|cannot|not)\s+(?:want to\s+|plan to\s+|going to\s+|allowed to\s+)?"
                      r"(?:use|run|deploy)\s+$"),
    # prompts that share their beginning (a system prompt, the same repo or documents): the engine's prefix cache
    # computes that part once (issue 26 B: credited only when stated)
    "prefix_caching": (r"prefix[- ]?cach(?:e|ing)(?!\s*(?:off|disabled))", r"(?<![a-z])apc(?![a-z])", r"radix ?(?:attention|cache|tree)",
                       r"kv[- ]?cache (?:reuse|sharing)", r"prompt cach(?:e|ing)"),
    "no_prefix_caching": (r"no[- ]enable[- ]prefix[- ]caching", r"enable[-_]prefix[-_]caching\s*=\s*false",
                          r"(?:prefix|prompt|kv)[- ]?cach(?:e|ing)\s+(?:is\s+|are\s+)?(?:turned\s+|switched\s+|kept\s+)?(?:off|disabled)",
                          r"(?<![a-z])(?:no|without)\s+(?:kv[- ]|prefix[- ]|prompt[- ])?caching",
                          r"(?:don'?t|do not|doesn'?t|does not|didn'?t|haven'?t|have not|not)\s+(?:have|use|run|using|running|got)"
                          r"\s+(?:the\s+|any\s+)?(?:prefix|prompt)[- ]?cach",
                          r"(?:prefix|prompt)[- ]?cach(?:e|ing)\s+(?:isn'?t|is not|not)\s+(?:on|enabled|turned on|set up)",
                          r"(?:no|without|disable[ds]?|turn(?:ed)? off|not using)\s+(?:the\s+)?(?:prefix|prompt)[- ]?cach",
                          r"(?:prefix|prompt)[- ]?cach(?:e|ing)\s+(?:is\s+)?(?:off|disabled)"),
    "shared_cue": (r"shared", r"identical", r"the same", r"same (?:for|across)", r"common to", r"reused", r"cached",
                   r"doesn'?t change", r"never changes", r"fixed"),
    "prefix_nouns": (r"system[- ]?prompts?", r"(?<![a-z])system(?![a-z])", r"prefix(?:es)?", r"preamble", r"instructions",
                     r"template", r"(?<![a-z])first(?![a-z])", r"repo(?:sitory)?", r"codebase", r"docs", r"documents?",
                     r"few[- ]shot(?: examples)?", r"context"),
    "most": (r"(?<![a-z])most(?:ly)?(?![a-z])", r"the bulk", r"(?:the )?majority", r"largely"),
    # what "most of it is the same" must be about to be a shared prefix (not "most users ask the same questions")
    # each request is a turn of a session that re-sends the conversation so far ("chat with it over many turns",
    # "multi-turn", "the history is ~12k by the end")
    "session_history": (r"multi[- ]?turn", r"(?:many|several|multiple|a few|\d+(?:-\d+)?)\s+turns", r"(?:conversation|chat)\s+history",
                        r"(?<![a-z])history\s+(?:is|grows|gets|reaches|runs)", r"back[- ]and[- ]forth", r"(?:conversation|chat) so far"),
    # the sessions whose context is said ("~40 agent sessions are live, contexts ~60-80k"): their turns re-send it
    "session_nouns": (r"sessions?", r"conversations?", r"threads?"),
    "history_nouns": (r"contexts?", r"(?<![a-z])ctx", r"(?<![a-z])history"),
    "context_nouns": (r"context", r"prompts?", r"repo(?:sitory)?", r"codebase", r"system[- ]?prompt", r"prefix"),
    # one maker only: the cue before its name ("only Huawei", "must use Huawei cards"), or the name then "only"
    # ("Huawei hardware only", "Huawei-only")
    "vendor_only_cue": (r"only(?: (?:buy|use|get|source|procure|order|purchase)(?: from)?)?",
                        # a platform rule ("IT only accepts Intel platforms", "only approves intel boxes")
                        r"only (?:accepts?|takes?|allows?|approves?|supports?|signs off on)", r"must (?:use|buy|be)", r"(?:has|have|need) to (?:use|buy|be)", r"exclusively", r"restricted to",
                        r"limited to", r"nothing but"),
    # ("an nvidia shop", "a CUDA-only shop": a team that runs one maker's stack buys that maker)
    "vendor_only_after": (r"[\s-]*(?:hardware|gear|kit|cards?|chips?|gpus?|npus?|accelerators?|silicon|boxes|servers?|platforms?)?[\s-]*only",
                          r"[\s-]+shop\b"),
    "vendor.NVIDIA": (r"nvidia", r"nvda"),
    "brand.NVIDIA": (r"cuda",),  # CUDA runs on NVIDIA's devices only
    "vendor.AMD": (r"amd",),
    "vendor.Intel": (r"intel",),
    "vendor.Apple": (r"apple",),
    "vendor.Huawei": (r"huawei",),
    "brand.Huawei": (r"ascend",),
    "vendor.Cambricon": (r"cambricon",),
    "vendor.Hygon": (r"hygon",),
    "vendor.Moore Threads": (r"moore ?threads",),
    "vendor.Biren": (r"biren",),
    "vendor.Iluvatar CoreX": (r"iluvatar",),
    "vendor.MetaX": (r"metax",),
    "vendor.Enflame": (r"enflame",),
    "vendor.Kunlunxin": (r"kunlun(?:xin)?",),
    # the buyer is in mainland China (US export rules decide what can be sold there): "export controls", "our Beijing
    # entity", "Chinese subsidiary", "a lab in Wuhan"
    "buyer_in_china": (r"export[- ]control", r"\bmainland\b(?! (?:us|europe|usa))", r"\bin (?:mainland )?china\b", r"\bprc\b",
                       r"\bchina[- ](?:based|office|entity|team|subsidiary|branch|site|plant|factory)\b",
                       r"\bchinese (?:subsidiary|entity|office|team|company|branch|factory|plant|site|customer|client)\b",
                       r"\b(?:beijing|shanghai|shenzhen|hangzhou|suzhou|guangzhou|chengdu|wuhan|nanjing|dongguan|kunshan|tianjin|"
                       r"chongqing|hefei|xiamen|qingdao|wuxi|ningbo)\b"),
    # the buyer's servers sit in mainland China ("our DC in Shenzhen" is a city: `buyer_in_china`)
    "buyer_in_china_site": (r"\bdata ?cent(?:er|re)s? in (?:mainland )?china\b", r"\bonshore in china\b"),
    # the buyer is in Taiwan ("Taipei office", "our Hsinchu fab"): no Chinese maker's parts are sold there
    "buyer_in_taiwan": (r"\btaiwan(?:ese)?\b(?! ?(?:semiconductor|dollars?))", r"\b(?:taipei|hsinchu|taichung|tainan|kaohsiung|taoyuan)\b"),
    # China's domestic-IT rule named in English: said by a buyer in mainland China
    "mainland_rule": (r"xin[- ]?chuang", r"\bdomestic[- ]only\b"),
    # parts made for and sold in mainland China only, named as what the buyer can get ("we can source H20s")
    "china_market_parts": (r"(?<![a-z0-9])[hl]20(?![0-9])", r"(?<![0-9])[45]090\s*d(?![a-z])", r"pro\s*6000\s*d(?![a-z])"),
    # a preference for the domestic makers, not a rule ("domestic preferred", "prefer domestic chips", "stay on domestic
    # silicon where possible")
    "domestic_preferred": (r"\bprefer(?:s|red|ably|ence for)?\s+(?:\w+\s+)?(?:domestic|chinese|china[- ]made)\s+(?:chips?|silicon|hardware|accelerators?|gpus?|npus?|cards?|vendors?)",
                           r"\b(?:domestic|chinese|china[- ]made)\s+(?:(?:chips?|silicon|hardware|accelerators?|gpus?|npus?|cards?|vendors?)\s+)?"
                           r"(?:preferred|first|where possible|if possible|when possible)"),
    # one maker preferred ("prefer Huawei", "Huawei preferred", "ideally Ascend")
    "vendor_preferred_cue": (r"prefer(?:ably|ring)?(?:\s+the)?", r"ideally", r"leaning towards?"),
    "vendor_preferred_after": (r"[\s-]*(?:hardware|gear|kit|cards?|chips?|gpus?|npus?|accelerators?|silicon)?\s*(?:is\s+|are\s+)?preferred",
                               r"[\s-]*(?:hardware|gear|kit|cards?|chips?|gpus?|npus?|accelerators?|silicon)?\s+(?:first|if possible|where possible)"),
    # a procurement rule that allows domestic Chinese makers only ("xinchuang", "domestic chips only", "no imported
    # GPUs"): the buy is restricted to `load_words_zh.DOMESTIC_VENDORS`
    "domestic_only": (r"(?<!no )(?<!not )(?<!without )xin[- ]?chuang(?![\s-]*(?:preferred|first))", r"\bdomestic[- ]only\b",
                      r"(?:domestic|china[- ]made|chinese[- ]made|made[- ]in[- ]china)\s+(?:chinese\s+)?"
                      r"(?:chips?|accelerators?|gpus?|hardware|silicon|npus?|cards?|vendors?)\s+only",
                      r"(?:only|must be|has to be|have to be|needs? to be|must use|only use|can only use|only buy)\s+"
                      r"(?:domestic|chinese|china[- ]made)\s+(?:chinese\s+)?(?:chips?|accelerators?|gpus?|hardware|silicon|npus?|cards?|vendors?)",
                      r"no imported (?:gpus?|chips?|accelerators?|hardware|cards?)"),
    # Only the devices named can be bought ("those are the only two our vendor can ship", "we can only get H20s or L20s",
    # "nothing else is available"): the candidates to buy are the named ones (`named_only`).
    "named_only": (r"(?:those|these|they)(?: are|'re) (?:the )?only (?:two|three|\d|ones?|options?|choices?)\b",
                   r"\bonly (?:these|those|the) (?:two|three|\d) (?:are|can be|we can) (?:available|bought|purchased|buy|get|order)",
                   r"\b(?:we|i) can only (?:get|buy|source|order|procure|purchase)\b",
                   r"\b(?:can'?t|cannot|can not) (?:get|buy|source|order) anything else\b",
                   r"\bnothing else (?:is )?(?:available|obtainable|on offer|can be (?:bought|ordered))",
                   r"\bthe only (?:two|three|\d|ones?) (?:we|our (?:vendor|supplier|reseller)|they) can (?:get|buy|ship|source|order)",
                   r"\b(?:don'?t|do not|no need to) (?:recommend|suggest) (?:anything else|others|other (?:cards|gpus|devices|hardware))"),
    # The lead doubts a purchase named is needed ("is that overkill?", "do we really need 8x h100?", "sanity check", "what
    # do we actually need"): a yes/no from above, answered "no" by any smaller purchase that meets the targets
    # (`recommend`), where "would one L40S do?" is a yes/no from below.
    "named_doubted": (r"\boverkill\b", r"\b(?:really|actually|truly) need\b", r"\bsanity[- ]check\b",
                      r"\b(?:is|isn'?t) (?:that|this|it|all that) (?:necessary|needed|too much|too big)\b",
                      r"\bdo (?:we|i) (?:even )?need (?:a |an |the )?(?:whole|full|entire)\b", r"\boversiz(?:ed|ing)\b",
                      r"\b(?:too much|more than (?:we|i) need)\s*\?",
                      # "vendor quoted an 8x H20 HGX. reasonable?", "or can we go smaller", "is it the right call"
                      r"\breasonable\s*\?", r"\bor (?:can|could) (?:we|i) go (?:smaller|lighter|cheaper)\b",
                      r"\bor (?:something )?smaller\s*\?", r"\bright[- ]siz", r"\bthe right call\b"),
    # The instruction set the buyer requires ("has to be x86", "x86 only", "our tooling doesn't do ARM"): devices of the
    # other one are never bought. "ARM is fine" / "x86 or ARM" state no rule.
    "cpu_arch.x86": (r"(?:has to|must|needs? to|got to|gotta|should) be (?:an? )?x86(?:[-_ ]64)?\b", r"\bx86(?:[-_ ]64)?[- ](?:only|required)\b",
                     r"\bonly x86\b", r"\b(?:no|not) arm\b(?! is)", r"\b(?:doesn'?t|does not|don'?t|can'?t|cannot) (?:do|run|support|use) arm\b"),
    "cpu_arch.arm": (r"(?:has to|must|needs? to) be (?:an? )?(?:arm|aarch64)\b", r"\b(?:arm|aarch64)[- ](?:only|required)\b"),
    # No fan in the box (dust, noise, a sealed cabinet): passive cooling caps what it can dissipate
    "fanless": (r"\bfan[- ]?less\b", r"\bpassive(?:ly)?[- ]cool(?:ed|ing)\b", r"\bno fans?\b", r"\bwithout (?:a )?fans?\b"),
    # Where the box stands (`Workload.placement`): at a desk, in an office with no server room, or in a server room.
    # Read in that order, the first that matches: "no server room" is an office, not a server room.
    "placement.desk": (r"\bunder (?:my|our|his|her|their|someone'?s|a|the) desk\b", r"\bdesk[- ]?side\b",
                       r"\b(?:on|next to|beside) (?:my|our|the|a|someone'?s) desk\b", r"\bbedroom\b", r"\bhome office\b"),
    "placement.office": (r"\b(?:no|without an?|don'?t have an?|do not have an?|there'?s no|there is no|not an?) (?:dedicated |proper )?"
                         r"(?:server|machine|data|it|network) ?(?:room|closet|cabinet|rack)s?\b",
                         r"\boffice[- ]quiet\b", r"\bopen[- ](?:plan )?office\b", r"\b(?:has|have|needs?|got) to be (?:really |very )?quiet\b",
                         r"\bquiet (?:enough|please|box|machine|workstation|build)\b", r"\bquiet,? please\b",
                         r"\b(?:lives?|sits?|goes|go|stands?|stays?|be) in (?:the|our) (?:main )?office\b"
                         r"(?!\s+(?:server|machine|data|it|network)\s*(?:room|closet|cent(?:er|re)|rack))",
                         r"\b(?:not|can'?t be|cannot be) (?:too )?(?:loud|noisy)\b", r"\bsilent\b"),
    "placement.datacenter": (r"\b(?:in|into|to) (?:our|the|a) (?:office |company |own )?(?:server room|data ?cent(?:er|re)|colo|rack|machine room)\b",
                             r"\bcolocat(?:ed|ion)\b", r"\brack[- ]?mount(?:ed)?\b"),
    # The first token's latency said not to matter ("first token irrelevant", "don't care about time to first token"):
    # a batch or async job, sized for its throughput and window, never for a first-token target
    "ttft_irrelevant": (r"\b(?:first[- ]token|ttft|time to first token)(?: latency| time| speed)? (?:is |are )?(?:totally |completely |pretty much )?"
                        r"(?:irrelevant|doesn'?t matter|does not matter|not important|unimportant|not a concern|no concern)",
                        r"\b(?:don'?t|do not|doesn'?t|does not|won'?t) (?:really )?care (?:much )?about (?:the )?(?:time to first token|first[- ]token|ttft)"),
    "air_gapped": (r"air[- ]?gapped", r"air[- ]gap", r"no (?:internet|outbound|external) (?:access|connection|traffic)",
                   r"nothing can (?:call out|leave|go out)", r"can'?t (?:call out|reach the internet|use (?:the |any )?cloud)",
                   r"no cloud(?: allowed| at all| whatsoever|(?=\s*[,.;!?)]|\s*$))", r"(?:fully|completely|totally) offline", r"disconnected network",
                   r"on[- ]prem(?:ise|ises)? only", r"data (?:can'?t|cannot|must not|may not) leave", r"classified network",
                   r"isolated network",
                   # no connection at all, however it is said ("no internet whatsoever", "zero outbound connectivity",
                   # "offline at sea w/o connectivity"; "zero" is "0" once normalized): nothing can be rented or called
                   r"(?<![\w.,])(?:no|zero|0|without|w/o) (?:any )?internet(?![- ]facing)",
                   r"(?<![\w.,])(?:no|zero|0|without|w/o) (?:any )?(?:outbound |external |outside |network )?(?:connectivity|network access)",
                   r"offline[- ]only", r"(?:we'?re|we are|it'?s|is|stays?|runs?) offline\b",
                   # on-premises as a rule, not a preference ("strictly on-prem", "has to stay on-prem")
                   r"strictly on[- ]prem", r"(?:must|has to|have to|needs? to) (?:stay |run |be |live )?(?:fully |100% )?on[- ]prem",
                   r"nothing (?:can |may |must |is allowed to )?leaves? the (?:building|premises|site|network|country)",
                   r"no (?:saas|hosted|cloud) (?:llms?|apis?|models?|services?)"),
    # the device asked for is a laptop ("IT will buy one laptop", "which macbook should i get", "run it on my
    # laptop"); not a Jupyter notebook, and not a laptop said to be too weak or ruled out
    "laptop_form": (r"(?<!not )(?<!not a )(?<!not an )(?<!no )(?<!instead of )(?<!instead of a )(?<!than )(?<!than a )"
                    # a comparison asked ("what about a MacBook instead?", "why not a laptop?"): no form required
                    r"(?<!about )(?<!about a )(?<!about an )(?<!why not )(?<!why not a )(?<!with a )(?<!to a )"
                    r"(?<![a-z])(?:laptops?|macbook(?: pro| air)?s?|notebook (?:pc|computer)s?|thinkpads?|ultrabooks?)(?![a-z0-9])"
                    r"(?! (?:is|are|isn'?t|aren'?t) (?:too |way too )?(?:slow|weak|small|old))(?!\s+instead)",
                    # a notebook someone means to buy or run a model on ("looking for a notebook to run ..."); not a
                    # Jupyter, Colab or Kaggle notebook
                    r"(?:buy|get|order|spec|pick|choose|recommend|purchase|need|want|looking for|shopping for)\w* (?:\w+ ){0,3}"
                    r"(?<!jupyter )(?<!colab )(?<!kaggle )(?<!ipython )notebooks?\b(?! server)"),
    # careless quantization named at all is a caution against it ("they don't want any careless quantization")
    "careful_quantization": (r"no careless quanti[sz]", r"\bcareless(?:ly)?\s+quanti[sz]",
                             r"\bquanti[sz]\w*\s+carelessly\b", r"(?:don'?t|do not|can'?t|cannot) (?:quanti[sz]e|compress) (?:aggressively|carelessly|too much|much)",
                             r"no aggressive quanti[sz]", r"(?:can'?t|cannot|mustn'?t) (?:lose|drop|sacrifice) (?:any )?(?:accuracy|quality)",
                             r"careful (?:with|about) quanti[sz]",
                             # the quality said not to drop ("quality can't drop at all", "accuracy must not degrade")
                             r"\b(?:accuracy|quality) (?:can'?t|cannot|can not|mustn'?t|must not|shouldn'?t|may not) "
                             r"(?:drop|degrade|suffer|go down|slip)\b"),
    "mixed_training": (r"(?:train|fine[- ]?tun)\w*\b.{0,60}\bsame (?:machines?|hardware|gpus?|servers?|boxe?s?|cards?|nodes?|rigs?)",
                       r"doubles? as (?:a |an |our |the )?(?:training|fine[- ]?tuning)",
                       r"(?:train(?:ing)?|fine[- ]?tun(?:e|ing))\b (?:\w+ ){0,3}on (?:it|them|these|those|this box|that box)\b",
                       r"same (?:machines?|hardware|gpus?|servers?|box|boxes|nodes?) .{0,30}(?:train|fine[- ]?tun)"),
    # The per-user speed said in words, read as seed 1's band ("舒適：30 個以上 token/秒 … 可接受：15–30"). The
    # acceptable words are read first: they hold the fast words they deny ("doesn't need to be blazing").
    "speed_acceptable": (r"\bnot (?:too|that|so|super|terribly|painfully|overly|unbearably) slow\b",
                         r"\b(?:usable|good enough|acceptable|decent|reasonable|ok|okay)(?: speed| latency)? (?:is|would be|should be) "
                         r"(?:fine|ok|okay|enough|plenty|all we need)\b",
                         r"\bjust (?:needs to be )?usable\b", r"\bas long as it'?s usable\b",
                         r"\breading speed\b", r"\bas fast as (?:people|users|they|we|folks|someone) (?:can )?read\b",
                         r"\b(?:doesn'?t|does not|don'?t|do not|won'?t|wouldn'?t) (?:need|have) to be (?:[\w-]+ )?"
                         r"(?:[\w]+-)?(?:fast|blazing|snappy|instant|instantaneous|quick|lightning)",
                         r"\bno need for (?:it to be )?(?:\w+ )?(?:fast|blazing|snappy|speed)",
                         r"\b(?:speed|latency) (?:isn'?t|is not|is no|not) (?:that |super |very |a )?(?:critical|important|"
                         r"priority|big deal|concern)",
                         r"\bdon'?t (?:really )?care (?:much |too much )?about (?:speed|latency)\b",
                         # no hurry for the answers: speed is not what they buy for (the `unhurried` words)
                         *_UNHURRIED),
    # No hurry for the answers, said outright ("no rush", "nobody's in a hurry"): the acceptable band for a purchase, and
    # hardware they own is enough once it streams faster than people read (`Sizer.target_for`).
    "unhurried": _UNHURRIED,
    "speed_comfortable": (r"\bsnappy\b", r"\b(?:like|as fast as|as quick as) chatgpt\b", r"\bchatgpt[- ](?:like|fast|speed)\b",
                          r"\b(?:has|have|needs?|got|must|should) (?:to )?(?:be|feel) (?:really |very |super )?"
                          r"(?:fast|quick|snappy|instant|responsive)\b",
                          r"\bfeels? (?:fast|instant|quick|instantaneous)\b", r"\bstreams? smoothly\b",
                          r"\bsmooth(?:ly)? stream", r"\bno (?:stuttering|stutter|lag)\b"),
    # "how much a day" and the like: not a count of people
    "not_people": (r"tokens?", r"toks?", r"ms\b", r"gb\b", r"w\b", r"kw\b", r"%", r"\$"),
}

# Hosted models a team pays for, by the name the price table gives them (knowledge/data/api_prices.csv
# api_model), spelled as leads type them. A version the table does not price reads as no model at all (the
# product asks which one, naming the spend), never as a neighbouring version: "haiku 4.5" is not Haiku 3.5.
# Order matters: the first name to claim a span keeps it, so versioned names come before bare ones.
_NO_LONGER_NAME = r"(?![- ]?(?:mini|nano|pro|lite|flash|codex|luna|sol|terra|fast|turbo)(?![a-z]))(?![a-z0-9]|[.-]\d)"


def spelled(name: str) -> str:
    """"gpt-5.4-mini" as typed: gpt-5.4-mini, gpt 5.4 mini, gpt5.4-mini; a version's dot may be a dash (4-5);
    never the front of a longer name ("gpt-5" is not read inside "gpt-5.4" or "gpt-5 mini")."""
    parts = [re.escape(token).replace(r"\.", r"[.-]") for token in name.split("-")]
    return r"(?<![a-z0-9.])" + r"[- ]?".join(parts) + _NO_LONGER_NAME


def claude(tier: str, *versions: str) -> str:
    """A Claude tier at one of its versions, either order: "claude haiku 4.5", "haiku-4-5", "claude 3.5 haiku"."""
    version = "(?:" + "|".join(v.replace(".", "[.-]") for v in versions) + r")(?![.-]?\d)"
    return (rf"(?<![a-z])(?:claude[- ]?)?{tier}[- ]?{version}|(?<![a-z])claude[- ]?{version}[- ]?{tier}(?![a-z])")


def bare(tier: str) -> str:
    """A Claude tier said without a version ("claude sonnet", "opus"): the current model of that tier."""
    return rf"(?<![a-z])(?:claude[- ]?)?{tier}(?![a-z])(?![- ]?\d)"


def vendor_api(model: str, vendor: str) -> str:
    """An open model's name read as its vendor's hosted API: "kimi-k2 API", "月之暗面的 kimi-k2", "deepseek api".
    The group `name` is the model's own words: only they are taken, so an amount between vendor and model is
    still read ("we pay moonshot ~8k/month for kimi k2")."""
    return (rf"(?<![a-z])(?:{model})\s*(?:的\s*)?(?:官方\s*)?api(?![a-z])"
            rf"|(?<![a-z])(?:{vendor})[^,;.!?，；。]{{0,30}}?(?<![a-z])(?P<name>{model})(?![a-z0-9])")


_OPENAI = ("gpt-5.6-luna", "gpt-5.6-terra", "gpt-5.6-sol", "gpt-5.5", "gpt-5.4-mini", "gpt-5.4-nano", "gpt-5.4",
           "gpt-5.3-codex", "gpt-5-mini", "gpt-5-nano", "gpt-5")
_GOOGLE = ("gemini-2.5-flash-lite", "gemini-2.5-flash", "gemini-2.5-pro", "gemini-3-flash", "gemini-3.1-flash-lite",
           "gemini-3.1-pro", "gemini-3.5-flash", "gemini-3.6-flash", "gemini-3.7-flash")
_XAI = ("grok-4.5", "grok-4.6")
API_MODELS: dict[str, str] = {
    "gpt-4o-mini": r"gpt[- ]?4o[- ]?mini|(?<![a-z0-9])4o[- ]mini",
    "gpt-4o": r"gpt[- ]?4o(?![- ]?mini)(?![a-z0-9])",
    "gpt-4.1-mini": r"gpt[- ]?4\.1[- ]?mini",
    "gpt-4.1": r"gpt[- ]?4\.1(?![- ]?(?:mini|nano))(?![0-9])",
    **{name: spelled(name) for name in (*_OPENAI, *_GOOGLE, *_XAI)},
    "claude-3.5-haiku": claude("haiku", "3.5", "3"),
    "claude-haiku-4.5": claude("haiku", "4.5") + "|" + bare("haiku"),
    "claude-sonnet-5": claude("sonnet", "5"),
    "claude-sonnet-4": claude("sonnet", "3.5", "3.7", "4", "4.5", "4.6") + "|" + bare("sonnet"),
    "claude-opus": claude("opus", "4.5", "4.6", "4.7", "4.8", "5") + "|" + bare("opus"),
    # An open model's vendor API: the model's name alone is a model to host, not a bill; with "API" after it or
    # its vendor before it, it is what the spend buys.
    "deepseek-v3.2": r"deepseek[- ]?(?:chat|reasoner)(?![a-z])|" + vendor_api(r"deepseek(?:[- ]?v3[.-]2)?", r"deepseek|深度求索"),
    "kimi-k2": vendor_api(r"kimi(?:[- ]?k2(?:[- ]?(?:thinking|instruct))?)?", r"moonshot|月之暗面"),
    # Domestic platforms' own hosted models (阿里云百炼 / DashScope, 火山方舟): closed, so the name alone is the bill's
    # model, never one to host. "qwen3-max" is another, dearer model: not read as qwen-max.
    "qwen-plus": r"(?<![a-z0-9.-])(?:qwen|千问|千問)[- ]?plus(?![a-z0-9])",
    "qwen-max": r"(?<![a-z0-9.-])(?:qwen|千问|千問)[- ]?max(?![a-z0-9])",
    "qwen-turbo": r"(?<![a-z0-9.-])(?:qwen|千问|千問)[- ]?turbo(?![a-z0-9])",
    "doubao-seed-1.6": r"(?:doubao|豆包)[- ]?seed(?:[- ]?1[.-]6)?(?![a-z0-9.-])",
    "doubao-1.5-pro": r"(?:doubao|豆包)[- ]?(?:1[.-]5[- ]?)?pro(?:[- ]?(?:32|256)k)?(?![a-z0-9])",
    # Zhipu's open GLM: a model to host by its name alone; its API with "API" after it or the vendor or platform before.
    "glm-4.5-air": vendor_api(r"glm[- ]?4[.-]5[- ]?air", r"智谱|智譜|zhipu|z\.ai|bigmodel|百炼|百煉|bailian|dashscope"),
    "glm-4.5": vendor_api(r"glm[- ]?4[.-]5(?![- ]?air)", r"智谱|智譜|zhipu|z\.ai|bigmodel|百炼|百煉|bailian|dashscope"),
}

__all__ = ["API_MODELS", "WORDS"]
