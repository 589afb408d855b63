"""The workload an infra lead describes: the facts the interview collects (DESIGN.md contract names).

Every fact is optional while the interview runs (None = not stated yet). TCO assumptions carry seed 1's
defaults (12 h/day, 70 % utilization, $0.12/kWh, 3 years).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from estimator.advice.request_shape import RequestClass
from estimator.catalog import HardwareKind
from estimator.physics.text_tokens import TextUnit

Quantization = Literal[
    "FP16", "BF16", "FP8", "INT8", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q4_0", "INT4", "Q3_K_M", "Q2_K",
    "MXFP4", "NVFP4", "W4A16", "W8A8",
]
QUANTIZATIONS: tuple[str, ...] = (
    "FP16", "BF16", "FP8", "INT8", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q4_0", "INT4", "Q3_K_M", "Q2_K",
    "MXFP4", "NVFP4", "W4A16", "W8A8",
)
DeploymentScale = Literal["personal", "team", "department", "organization", "edge"]
ArrivalPattern = Literal["steady", "bursty", "batch"]
ModelStability = Literal["stable", "frequent_changes"]
DeviceForm = Literal["laptop"]  # a form the buyer can require of the device bought
# "workstation_host": a desktop or workstation they own that a bought card goes into (no host to buy, no device owned).
# "server_host": a server they own with free slots that bought cards go into (one host server fewer to buy).
ExistingHardware = Literal["cpu_servers", "npu_laptops", "gpu_workstations", "workstation_host", "server_host", "none"]
PowerBudgetScope = Literal["total", "per_rack", "per_server"]
CpuArch = Literal["x86", "arm"]
# Where the box will stand: under or on a desk ("under my desk", "书桌底下"), in an office with no server room ("we don't
# have a server closet", "没有机房", "辦公室裡不能太吵"), or in a server room / data center ("放公司机房", "colo").
Placement = Literal["desk", "office", "datacenter"]
# Seed 1's interactive bands ("舒適：30 個以上 token/秒 … 可接受：15–30"), when a speed is said in words.
SpeedBand = Literal["comfortable", "acceptable"]
# Why the per-user speed sized for is what it is, when the user gave no figure (`advice.speed_tier`).
SpeedBasis = Literal["said_comfortable", "said_acceptable", "owned_slow", "batch", "personal", "comfortable", "ttft_class",
                     "acceptable_under_rule", "acceptable_within_limits",
                     "acceptable_on_asked", "acceptable_preferred"]
# Serving engines a lead may name; the estimate uses the catalog's stack for it (`advice.engine_named`).
ServingEngine = Literal["vllm", "sglang", "tgi", "trt-llm", "llama.cpp", "ollama", "mlx"]
# Currencies with a dated, sourced rate (estimator/costing/fx.py, knowledge/data/fx_rates.csv).
Currency = Literal["CNY", "EUR", "JPY", "TWD", "GBP", "HKD", "SGD", "KRW", "INR", "CAD", "CHF", "AUD"]

# Seed 1's TCO assumptions: "硬體以 70% 使用率每天運行 12 小時，電力成本 $0.12/kWh", amortized over 3 years.
DEFAULT_HOURS_PER_DAY = 12.0
DEFAULT_UTILIZATION = 0.70
# Seed 1's "企業甜蜜點：Q4_K_M": the weight format sized when the user has not named one.
DEFAULT_QUANTIZATION: Quantization = "Q4_K_M"
DEFAULT_ELECTRICITY_USD_PER_KWH = 0.12
DEFAULT_AMORTIZATION_YEARS = 3
DEFAULT_DAYS_PER_WEEK = 7.0
# A TCO assumption that has a seed default, and the fact that says the user stated it (`Workload._defaults_said`).
_SAID_FLAGS = {"hours_per_day": "hours_stated", "utilization": "utilization_stated"}


class OwnedDevice(BaseModel):
    """Hardware the user already has, with how many ("six L40S", "三台双路至强服务器")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hardware_id: str | None = Field(default=None, max_length=200)  # catalog id when recognized
    kind: HardwareKind | None = None
    count: int = Field(default=1, ge=1, le=100_000)
    memory_gb: float | None = Field(default=None, gt=0, le=100_000)  # stated size ("M4 Max 64 GB")
    label: str | None = Field(default=None, max_length=200)  # the user's words, for the reply
    # A product line named without its chip or memory ("my MacBook Pro"), whose configurations differ more than 2×:
    # `hardware_id` is the one sold today, an assumption the reply states and asks about.
    line: str | None = Field(default=None, max_length=60)


class NamedDevice(BaseModel):
    """A device the user asks about ("would one L40S do?", "is a single 8×H200 node enough?")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hardware_id: str = Field(max_length=200)
    count: int | None = Field(default=None, ge=1, le=100_000)  # None: "how many X?"
    # The configuration's memory when the user states it ("a Mac Studio M3 Ultra 512GB"): sized with it,
    # unpriced when it differs from the catalog row's (that price is another configuration's).
    memory_gb: float | None = Field(default=None, gt=0, le=100_000)
    # A product line named without its chip or memory ("would a MacBook Pro do?"), whose configurations differ more
    # than 2× in memory or bandwidth: `hardware_id` is the one sold today, an assumption the reply states and asks about.
    line: str | None = Field(default=None, max_length=60)


ServedRole = Literal["chat", "embedding", "reranker"]


class ServedModel(BaseModel):
    """One of several models served at once, with the load said of it ("the 70B gets maybe 5 concurrent, the 8B router
    ~200 req/min", "8B 那边同时 30 个，32B 同时 10 个"). An embedder or reranker streams no answers: its weights are held
    and its queries prefilled, no users."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model_params_b: float = Field(gt=0, le=20_000)
    model_id: str | None = Field(default=None, max_length=200)  # catalog id when named
    active_params_b: float | None = Field(default=None, gt=0, le=2000)  # a named mixture of experts
    role: ServedRole = "chat"
    concurrent_users: int | None = Field(default=None, ge=1, le=1_000_000)  # its own peak streams, when said
    requests_per_s: float | None = Field(default=None, gt=0, le=1_000_000)  # its own arrival rate, when said
    prompt_tokens: int | None = Field(default=None, ge=1, le=2_000_000)  # its own typical prompt, when said apart
    output_tokens: int | None = Field(default=None, ge=1, le=2_000_000)  # its own typical answer, when said apart
    tokens_per_day: float | None = Field(default=None, gt=0, le=1e15)  # its own daily volume, when said
    # The batch job said (`Workload.batch_items` within `batch_window_hours`) is this model's: "nightly we re-embed 2M
    # chunks with bge-m3" runs on the embedder, not on the chat model beside it (`advice.batch_jobs.job_workload`); with
    # `Workload.day_and_night`, a chat model swapped in for the night's job ("at night Qwen3-8B summarizes 50k docs"),
    # each window then sized on its own model (`advice.day_night.day_workload`).
    batch: bool | None = None


class Workload(BaseModel):
    """Workload facts. Field names are a public contract (scenario files, `--json` output)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    model_params_b: float | None = Field(default=None, gt=0, le=2000)
    quantization: Quantization | None = None
    deployment_scale: DeploymentScale | None = None
    concurrent_users: int | None = Field(default=None, ge=1, le=1_000_000)
    total_users: int | None = Field(default=None, ge=1, le=10_000_000)
    # Beyond the contract: a head count said as a range ("二三十个人", "20-30 people", "两三千人"), as [low, high]; the
    # count itself holds the upper end, which is sized for (the echo says the reading).
    concurrent_users_range: list[int] | None = Field(default=None, min_length=2, max_length=2)
    total_users_range: list[int] | None = Field(default=None, min_length=2, max_length=2)
    prompt_tokens: int | None = Field(default=None, ge=1, le=2_000_000)
    output_tokens: int | None = Field(default=None, ge=1, le=200_000)
    # Beyond the contract: a length said in characters, words, pages or lines of code ("答 300 字", "answers ~600
    # words", "10-page contracts", "2,000-line files"), as said with its unit; the tokens slot holds it converted at
    # estimator/physics/text_tokens.py's sourced ratio for the unit (said in the echo).
    prompt_length_said: float | None = Field(default=None, gt=0, le=10_000_000)
    prompt_length_unit: TextUnit | None = None
    output_length_said: float | None = Field(default=None, gt=0, le=1_000_000)
    output_length_unit: TextUnit | None = None
    # A speed target said in characters a second ("每秒出 15 个字"), as said with its unit (han / latin).
    speed_said: float | None = Field(default=None, gt=0, le=100_000)
    speed_unit: TextUnit | None = None
    context_length: int | None = Field(default=None, ge=128, le=2_000_000)
    ttft_target_ms: int | None = Field(default=None, ge=1, le=600_000)
    # The whole answer's latency said instead ("p95 end to end 10 s"): split into the first-token bound and the per-user
    # speed the sizing checks (`advice.end_to_end`). Outside the contract's names; docs/conversation.md.
    e2e_target_ms: int | None = Field(default=None, ge=1, le=3_600_000)
    tokens_per_s_target: float | None = Field(default=None, gt=0, le=10_000)
    # Beyond the contract: the speed said in words, as seed 1's band ("not too slow", "能用就行": acceptable;
    # "snappy", "像 ChatGPT 一样流畅": comfortable); a figure, when said, wins.
    speed_band: SpeedBand | None = None
    # Beyond the contract: no hurry for the answers, said outright ("no rush", "不赶时间", "慢一点没关系"). It sets the
    # acceptable band like any "usable is enough" (`speed_band`), and more for hardware they own: speed is not what they
    # would buy, so an owned box that holds the model is enough once it streams faster than people read
    # (`advice.sizing.Sizer.target_for`).
    unhurried: bool | None = None
    # Set by the defaults, not read: why `tokens_per_s_target` is what it is when no figure was said (the echo says it).
    speed_basis: SpeedBasis | None = None
    arrival_pattern: ArrivalPattern | None = None
    power_budget_w: int | None = Field(default=None, ge=1, le=100_000_000)
    budget_usd: float | None = Field(default=None, ge=0, le=1e10)
    model_stability: ModelStability | None = None
    models_served: int | None = Field(default=None, ge=1, le=1000)
    # Beyond the contract: the parameters of the other models served at once beside `model_params_b` when they differ in
    # size ("one L40S for both our 8B and 14B": 8.03 beside 14.7). Set, the box holds and reads model_params_b + this;
    # unset, `models_served` copies of model_params_b (`advice.sizing.served_params_b`).
    co_served_params_b: float | None = Field(default=None, ge=0, le=20_000)
    # Beyond the contract: every model served at once with its own load (`ServedModel`), when the message says them model by
    # model or names an embedder / reranker beside them; `model_params_b` is the largest that chats, `co_served_params_b`
    # the rest, `concurrent_users` / `requests_per_s` their sums. The sizing holds each model's weights once and each
    # chat model's KV for its own streams (`advice.served_models`).
    served_models: list[ServedModel] | None = None
    dynamic_shapes: bool | None = None
    accuracy_critical: bool | None = None
    mixed_training: bool | None = None
    # Beyond the contract: rack or floor space is the binding limit (seed 2, 2.2 条件三 "功耗和空间有硬约束").
    space_limited: bool | None = None
    existing_hardware: list[ExistingHardware] | None = None
    # Beyond the contract: catalog ids of the owned devices when the user names them ("my M4 MacBook"),
    # so an already-owned option is costed on that chip instead of the weakest one of its class.
    existing_hardware_ids: list[str] | None = None
    # Beyond the contract: x16 slots free for cards in the host they own ("our R750 has two free x16 slots", "还有一个空槽"):
    # the cards bought that the host takes; more than that need another box (`costing.tco`).
    free_slots: int | None = Field(default=None, ge=0, le=64)
    # Beyond the contract (2026-12): a catalog model the user named, and its active parameters (MoE).
    model_id: str | None = Field(default=None, max_length=200)
    # The Hugging Face checkpoint of the variant named when one catalog row holds several ("DeepSeek R1" on the
    # DeepSeek-V3 row: deepseek-ai/DeepSeek-R1), from the row's `checkpoints`; the pilot command serves it.
    model_checkpoint: str | None = Field(default=None, max_length=200)
    active_params_b: float | None = Field(default=None, gt=0, le=2000)
    # Owned hardware with counts and specs, and the devices the user asks about by name.
    owned_devices: list[OwnedDevice] | None = None
    named_devices: list[NamedDevice] | None = None
    # Beyond the contract (session 23): the named devices are the only ones the buyer can buy (export rules or local
    # channels: "只买得到 4090D", "H20 is all we can source", "those are the only two our vendor can ship", "就这俩能买到");
    # owned hardware still counts.
    named_only: bool | None = None
    # Beyond the contract (session 28): the lead doubts a named purchase is needed ("is 8x H100 overkill?", "有必要吗",
    # "真的需要吗"): a smaller purchase that meets the targets answers it and leads (`recommend`).
    named_doubted: bool | None = None
    # Beyond the contract (session 23): the buyer is in mainland China ("我们大陆公司", "Shenzhen team", "export controls"):
    # parts US export rules bar there are not sold to them, and the China-market parts are (`advice.export_rules`).
    buyer_in_china: bool | None = None
    # Beyond the contract (session 29): the buyer is in Taiwan ("我們在新竹", "Taipei office"): Chinese makers' parts and
    # the China-market parts are not sold there (`advice.markets`); a mainland site said too outranks it.
    buyer_in_taiwan: bool | None = None
    # A batch job: how many items, finished within how many hours.
    batch_items: int | None = Field(default=None, ge=1, le=10_000_000_000)
    batch_window_hours: float | None = Field(default=None, gt=0, le=24 * 366)
    # Beyond the contract (session 29): the job only reads its items, an embedder's vectors or a reranker's scores:
    # prefill on its own model, no token generated (`advice.batch_jobs.job_workload`).
    batch_prefill_only: bool | None = None
    # Beyond the contract: the user asked for a safe / conservative answer: targets are
    # checked against the low end of each estimate's likely range instead of its central figure.
    conservative: bool | None = None
    # Beyond the contract: the lead asks for availability (failover, HA, an uptime SLA). Seed 1's N+1 spare is
    # bought only then; otherwise it is offered with its price (`estimator.advice.sizing.Sizer._purchase`).
    availability_required: bool | None = None
    # Beyond the contract (session 7): the model is the user's own fine-tune ("our fine-tuned 7B"). A hosted
    # API serves public base models (a LoRA on one at best), so it is no stand-in in the buy / rent verdict.
    fine_tuned: bool | None = None
    # Beyond the contract: the users span time zones (a head count then peaks lower).
    users_across_time_zones: bool | None = None
    # Beyond the contract: a budget stated in another currency, as said; budget_usd holds
    # it converted at estimator/costing/fx.py's dated rate (stated as an assumption).
    budget_amount: float | None = Field(default=None, ge=0, le=1e13)
    budget_currency: Currency | None = None
    # Load given as a rate, a volume or a spend (DESIGN.md contract): the estimator turns each into peak
    # concurrent streams by Little's law (estimator/advice/load.py) when no concurrency is stated.
    base_concurrent_users: int | None = Field(default=None, ge=1, le=1_000_000)  # usual load beside a stated peak
    requests_per_s: float | None = Field(default=None, gt=0, le=100_000)  # peak arrival rate
    # Beyond the contract: people in sessions and a machine's load said as two loads ("40 people chat with it, plus a
    # pipeline that classifies 5 tickets/s"): the rate's streams (Little's law) are added to the people's, not in place
    # of them (`advice.assume`).
    loads_summed: bool | None = None
    # Beyond the contract: people by day and a batch job at night on the same box ("60 agents chat with it during the
    # day; at night ~30k tickets … between 1am and 5am"): two workloads in turn, never summed. The people are sized at
    # seed 1's interactive bands, the job against its window, and the purchase is the larger count of the two on one
    # device (`advice.day_night`).
    day_and_night: bool | None = None
    # Beyond the contract: a daily count as said ("2,000 customers a day"); the running hours (and a stated
    # peak factor) turn it into a peak rate, so a later "we run 24/7" still applies.
    requests_per_day: float | None = Field(default=None, gt=0, le=1e10)
    # Beyond the contract: a daily count said per person ("每人一天问十来个问题") and the share of the head count
    # active on a given day ("日活三成"): requests_per_day = total_users × daily_active_share × this, said in the open.
    requests_per_user_per_day: float | None = Field(default=None, gt=0, le=100_000)
    # Beyond the contract: a rate said of each person ("each of our 40 agents asks about once a minute", "每位业务每小时问十
    #次"), in requests an hour each: requests_per_s = total_users × this / 3600, said in the open (people × frequency).
    requests_per_user_per_hour: float | None = Field(default=None, gt=0, le=1_000_000)
    daily_active_share: float | None = Field(default=None, gt=0, le=1)
    # Beyond the contract: a rate or quota said of each of some countable units ("40 tenants, each capped at 60 RPM, ~25% of
    # the sum of caps", "35 家客户，每家每月 100 万 token，用到七成"): the units, the share of their summed caps used, and each
    # one's rate (requests an hour) or quota (tokens a day), kept to show the conversion; requests_per_s / tokens_per_day
    # carry the product (units × each × share).
    rate_units: int | None = Field(default=None, ge=1, le=100_000_000)
    rate_unit_share: float | None = Field(default=None, gt=0, le=1)
    requests_per_unit_per_hour: float | None = Field(default=None, gt=0, le=1e9)
    tokens_per_unit_per_day: float | None = Field(default=None, gt=0, le=1e13)
    # Beyond the contract: the people on one shift (the largest one) when staff work in shifts ("300 agents across two
    # shifts" = 150, "三班倒" of 240 = 80, "早班 60 人、晚班 40 人" = 60): they are at work together, each in a session
    # (`assume._users`); `total_users` stays everyone on the roster.
    staff_per_shift: int | None = Field(default=None, ge=1, le=1_000_000)
    peak_factor: float | None = Field(default=None, ge=1, le=100)  # "peak is 3x the average"
    # Beyond the contract: the busiest hour's share of the day's volume ("a third of the day's traffic lands between 9 and
    # 10", "尖峰那一小时大概占全天五分之一"): that hour's rate is the day's volume × this per hour. An hour holds at least
    # an even day's 1/24.
    peak_hour_share: float | None = Field(default=None, ge=1 / 24, le=1)
    # A fleet of identical boxes, one per site ("rolling out to ~300 kiosks", "每家门店一台，40家店"): everything else
    # in the workload is one site's; the option is sized for one site and bought `sites` times.
    sites: int | None = Field(default=None, ge=1, le=100_000)
    budget_per_site: bool | None = None  # the budget was said per site ("$400 per kiosk"), not for the whole fleet
    tokens_per_day: float | None = Field(default=None, gt=0, le=1e13)  # prompt + output tokens a day
    # Beyond the contract: load said as a token rate ("~3M tokens an hour at peak", "每分钟20万token", "12k tok/s
    # across the cluster"): prompt + output tokens a second over all users, a peak like `requests_per_s`
    # (never the per-user speed `tokens_per_s_target`); one request's tokens turn it into requests a second.
    tokens_per_s_total: float | None = Field(default=None, gt=0, le=1e9)
    api_spend_usd_per_month: float | None = Field(default=None, gt=0, le=1e9)  # never a capex budget
    api_model: str | None = Field(default=None, max_length=100)  # the hosted model that spend buys
    api_spend_amount: float | None = Field(default=None, gt=0, le=1e13)  # as said, when not in dollars
    api_spend_currency: Currency | None = None
    # The hosted API's prices as the lead states them ("$3 in / $15 out per M", "输入 1 美元、输出 5 美元每百万 token"),
    # in dollars per million tokens: theirs (a discount, a fine-tuned model's rate, a provider the price table lacks),
    # so they override the table's for the volume the spend buys.
    api_usd_per_m_input: float | None = Field(default=None, gt=0, le=10_000)
    api_usd_per_m_output: float | None = Field(default=None, gt=0, le=10_000)
    # The bill's share that pays for output tokens ("70% of that bill is output", "帳單裡輸出大概佔一半"): a share of
    # money, which splits the spend into input and output tokens at their prices.
    api_output_share: float | None = Field(default=None, gt=0, lt=1)
    # Power: how `power_budget_w` applies (a per-rack limit is not the total), and the racks there are.
    power_budget_scope: PowerBudgetScope | None = None
    racks: int | None = Field(default=None, ge=1, le=10_000)
    lora_adapters: int | None = Field(default=None, ge=1, le=100_000)  # adapters served on one base model
    air_gapped: bool | None = None  # no cloud rental or hosted API may be used
    # Coding agents or assistants: each request re-sends its session's context, which grows toward the window.
    # With only the window stated, the typical prompt is assumed at half of it (`advice.assume`).
    agentic_sessions: bool | None = None
    # Beyond the contract: the context said as a cap ("上下文 8k 以内", "conversations capped at 8k"): the longest a
    # conversation may grow to, which a chat's conversations then run into (`advice.assume._half_window_prompt`).
    context_capped: bool | None = None
    # Beyond the contract: the concurrent streams are programs' calls, not people ("pool of 64 workers", "程式呼叫的"): each
    # sends its next prompt when its answer ends, none reads between them (`advice.sizing.people_at_once`).
    machine_callers: bool | None = None
    # Beyond the contract: the class of work the requests are ("coding agent", "RAG", "classify tickets", "summarize the
    # reports"): a length the lead does not state is the class's sourced one (`advice.request_shape`, said in the echo).
    request_class: RequestClass | None = None
    # Beyond the contract: minutes of talk in each meeting or call whose transcript is the prompt ("mostly 30-60 min",
    # "每场 1 小时左右"): a prompt nobody stated is that many minutes of speech (`advice.request_shape.transcript_tokens`).
    transcript_minutes: float | None = Field(default=None, gt=0, le=24 * 60)
    # Beyond the contract: a reasoning model ("R1 distill", "thinking mode", "推理模型"): its thinking is output, so an
    # answer length nobody stated is the class's sourced thinking-and-answer length (`advice.request_shape`).
    reasoning_model: bool | None = None
    # Vendors the buyer rules out ("no NVIDIA", "不能用英伟达"), in the catalog's spelling: never bought (owned
    # hardware of theirs still counts: it is already there).
    excluded_vendors: list[str] | None = Field(default=None, max_length=20)
    # The only vendors that may be bought, when a procurement rule names a set rather than an exclusion
    # ("信创": China's domestic-IT rule, domestic accelerator makers only); owned hardware still counts.
    allowed_vendors: list[str] | None = Field(default=None, max_length=40)
    # Vendors the buyer would rather buy, not a rule ("国产优先", "信创优先但不强求", "prefer Huawei"): their option leads
    # when it meets the targets at a price within reach of the ranking's leader (`advice.preference`).
    preferred_vendors: list[str] | None = Field(default=None, max_length=40)
    # Beyond the contract: the instruction set the buyer requires ("一定要 x86", "our tooling doesn't do ARM"): devices
    # built on the other one (Apple silicon, Jetson, DGX Spark, Snapdragon) are never bought; owned ones still count.
    cpu_arch: CpuArch | None = None
    # Beyond the contract: the box has no fan ("fanless", "無風扇", "被動散熱"): only devices a passive enclosure can cool
    # are bought (`advice.candidates`).
    fanless: bool | None = None
    # Where the box stands (`Placement`): at a desk or in an office, passively cooled server cards (they need a server
    # chassis's forced airflow) and rack-only systems are not bought (`advice.candidates`); owned ones still count.
    placement: Placement | None = None
    # Beyond the contract: pictures each request carries ("~40 photos a minute", "看瑕疵照片寫一句描述"): a vision model
    # reads each as a fixed count of image tokens before the text (`advice.request_shape.image_prompt_tokens`).
    images_per_request: int | None = Field(default=None, ge=1, le=100)
    # Beyond the contract (session 29): the pictures' size said, [width, height] in pixels ("~1500x2000 px", "1200x1600"):
    # a model that tiles by resolution spends tokens by the area (`advice.request_shape.image_tokens`).
    image_pixels: list[int] | None = Field(default=None, min_length=2, max_length=2)
    # Beyond the contract: the first token's latency said not to matter ("first token irrelevant", "首字延迟无所谓"): no
    # first-token target is assumed; the job is sized for its throughput or window.
    ttft_irrelevant: bool | None = None
    # The device's form when the buyer names it ("IT will buy one laptop", "买一台笔记本"): only devices sold in
    # that form are bought (owned hardware still counts).
    device_form: DeviceForm | None = None
    # Beyond the contract: the user says the hardware they own falls short at the stated load ("our 2x L40S are
    # getting slow with 120 users", "4张4090 高峰时卡得不行"). An observation: that hardware is judged by the
    # comfortable targets, not by seed 1's acceptable band, and an estimate that still says it meets them says so.
    owned_falls_short: bool | None = None
    # A bit width was said ("8 bit at most", "8 位量化"), not a format: each option may be sized at its own
    # format of that width (FP8 where a batched engine runs it natively, else the GGUF of `quantization`).
    weight_bits_only: bool | None = None
    # The serving engine the lead runs or will run ("we run vLLM", "用 SGLang"): the estimate and the pilot command use it
    # where it runs on the device (`advice.engine_named`).
    serving_engine: ServingEngine | None = None
    # Prompts that share their beginning (a system prompt, the same repo): the engine's prefix cache computes that part
    # once, so prefill works only on the rest (issue 26 B: credited only when stated). Said as a length
    # (`shared_prefix_tokens`) or as a share of the prompt (`shared_prefix_share`); `prefix_caching`: the cache said on.
    prefix_caching: bool | None = None
    # Beyond the contract: each request is a turn of a session that re-sends the session so far (a multi-turn chat, "the
    # history is ~12k by the end", "同一个对话来回二三十轮", a context said of sessions): that history is the session's
    # own prefix, which an engine's default prefix cache keeps between its turns (`advice.sizing.own_history_tokens`).
    session_history: bool | None = None
    shared_prefix_tokens: int | None = Field(default=None, ge=1, le=2_000_000)
    shared_prefix_share: float | None = Field(default=None, gt=0, le=1)
    # Beyond the contract: the KV cache stored in FP8 (vLLM `--kv-cache-dtype fp8`), half the 16-bit bytes per token. Set
    # when owned hardware holds the model only so (`advice.owned_lighter`); None: the engine's own default.
    kv_cache_dtype: Literal["FP8"] | None = None
    hours_per_day: float = Field(default=DEFAULT_HOURS_PER_DAY, gt=0, le=24)
    # Beyond the contract: the running hours were stated (a working window "9 to 6", "24/7", a CLI flag), not seed 1's
    # default 12 h: a stated window peaks within itself (`advice.load.busy_hour`) and a batch job's window does not
    # replace it (`advice.batch_jobs.prepare`). Filled when a workload is read with its hours (`_hours_said`); a
    # default filled in later (a batch window's hours) leaves it unset.
    hours_stated: bool | None = None
    days_per_week: float = Field(default=DEFAULT_DAYS_PER_WEEK, gt=0, le=7)
    utilization: float = Field(default=DEFAULT_UTILIZATION, gt=0, le=1)
    # Beyond the contract: the utilization was stated ("busy about 40 % of the time", a CLI flag), not seed 1's default
    # 70 %: a base load stated beside the peak does not replace it (`advice.assume._base_utilization`). Filled as
    # `hours_stated` is (`_defaults_said`); a utilization filled in later (base ÷ peak) leaves it unset.
    utilization_stated: bool | None = None
    electricity_usd_per_kwh: float = Field(default=DEFAULT_ELECTRICITY_USD_PER_KWH, ge=0, le=10)
    amortization_years: int = Field(default=DEFAULT_AMORTIZATION_YEARS, ge=1, le=15)

    @model_validator(mode="before")
    @classmethod
    def _defaults_said(cls, data: Any) -> Any:
        """A workload read with its running hours or utilization (the parser's facts, a CLI flag, a JSON workload)
        states them; one that code fills in later (`model_copy(update=...)`) does not.

        >>> Workload(hours_per_day=8).hours_stated, Workload().hours_stated
        (True, None)
        >>> Workload().model_copy(update={"hours_per_day": 6.0}).hours_stated is None  # filled in, not stated
        True
        >>> Workload(utilization=0.4).utilization_stated, Workload().model_copy(update={"utilization": 0.4}).utilization_stated
        (True, None)
        """
        if not isinstance(data, dict):
            return data
        said = {flag: True for field, flag in _SAID_FLAGS.items() if data.get(field) is not None and flag not in data}
        return {**data, **said} if said else data

    @property
    def weight_format(self) -> Quantization:
        """The format sized: the one stated, else seed 1's default."""
        return self.quantization or DEFAULT_QUANTIZATION


WORKLOAD_FIELDS: tuple[str, ...] = tuple(Workload.model_fields)

__all__ = [
    "DEFAULT_AMORTIZATION_YEARS",
    "DEFAULT_DAYS_PER_WEEK",
    "DEFAULT_ELECTRICITY_USD_PER_KWH",
    "DEFAULT_HOURS_PER_DAY",
    "DEFAULT_QUANTIZATION",
    "DEFAULT_UTILIZATION",
    "QUANTIZATIONS",
    "ServingEngine",
    "WORKLOAD_FIELDS",
    "ArrivalPattern",
    "Currency",
    "DeploymentScale",
    "ExistingHardware",
    "SpeedBand",
    "SpeedBasis",
    "ModelStability",
    "PowerBudgetScope",
    "NamedDevice",
    "OwnedDevice",
    "Placement",
    "Quantization",
    "ServedModel",
    "ServedRole",
    "Workload",
]
