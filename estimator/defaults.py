"""Cost and sizing assumptions the TCO calculator and the recommender use, each with where it comes from.

Seed 1 is "在企業硬體上運行微調模型：CPU vs GPU vs NPU 指南"; seed 2 is the GPU/NPU/"third answer"
inference-accelerator article. Values the seeds do not give are labelled as this project's estimates,
so a reply can say which numbers are assumptions. Nothing here reads the environment or the clock.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from estimator.said import Said, said


class TcoAssumptions(BaseModel):
    """Knobs of the TCO model. Defaults follow the seeds where they say something, else are marked estimates."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Seed 1: "一個 $1,600 的消費者 GPU 在 $4,400 的伺服器中——總系統成本約 $6,000".
    host_server_usd: float = 4_400.0
    # Seed 1, department: "多 GPU 伺服器中的 2–4 個 RTX 4090 … 總成本：伺服器 $15,000–$30,000"; the low end
    # minus 4 × $1,600 leaves ≈ $8,600 for a host that takes several cards (bigger PSU, chassis, CPUs).
    multi_device_server_usd: float = 8_600.0
    # Seed 1: 1–4 GPUs fit existing office infrastructure; a department box holds "2–4 RTX 4090".
    cards_per_server: int = 4
    # SXM/OAM modules come on 8-way baseboards (HGX, OAM UBB).
    modules_per_server: int = 8
    # CPUs: a dual-socket server.
    cpu_sockets_per_server: int = 2
    # Estimate: host CPUs, memory, fans and PSU losses of a GPU server under inference load.
    host_power_w: float = 250.0
    # Seed 1: up to 4 GPUs the office absorbs power and cooling; beyond that a rack with cooling.
    office_device_limit: int = 4
    # And by watts (seed 1's 4 GPUs are 4 × 450 W RTX 4090 + a host ≈ 2.05 kW): one office socket circuit, 230 V ×
    # 10 A = 2,300 W (GB 2099 / IEC 60884 10 A sockets), close to a US 20 A × 120 V circuit's 2,400 W ("most office
    # and laboratory locations have 20 amp circuit breakers", Texas State Univ. EHS, fss.txstate.edu/ehsrm/
    # safetymanual/electrical/cktbrkr.html, rev. Nov 2014). A system drawing more needs its own circuit and cooling.
    office_power_w: float = 2_300.0
    # A typical data-center rack's power feed: the Uptime Institute 2020 survey's average of ~8.4 kW per rack
    # (journal.uptimeinstitute.com/rack-density-is-rising/, via serverroomenvironments.co.uk, 2 Jan 2021); Schneider
    # Electric White Paper 156 puts the optimal average at 5–8 kW. A draw above it needs a high-density rack.
    rack_power_w: float = 8_400.0
    office_pue: float = 1.0
    # Estimate: a typical enterprise machine room (cooling and distribution losses, seed 2's "散热").
    rack_pue: float = 1.5
    # Estimate: rack space with power distribution, per server per year, only beyond office scale.
    rack_space_usd_per_server_year: float = 1_800.0
    # Estimate: support contracts, spares and admin time, as a share of hardware capex per year.
    operations_share_of_capex_per_year: float = 0.05


DEFAULT_TCO_ASSUMPTIONS = TcoAssumptions()

# Seed 2: porting a model to an NPU or a dedicated accelerator (operators, re-quantization, tuning)
# costs "几万到几十万" yuan of engineering and recurs when models change; ≈ ¥100k per port.
MIGRATION_USD_PER_PORT = 15_000.0
# Estimate: a "frequently changing" model is retrained or swapped about once a quarter.
MODEL_CHANGES_PER_YEAR_WHEN_FREQUENT = 4

# Seed 2's overload test: the option must survive 1.5× the nominal peak.
OVERLOAD_FACTOR = 1.5
# Seed 1: ≥30 tok/s is comfortable, 15–30 acceptable, <15 frustrating.
COMFORTABLE_TOKENS_PER_S = 30.0
# Seed 1's step from its budget option to its production option: a $6k RTX 4090 box to a $13k L40S box. What a buyer
# pays for production grade, and the most the comfortable speed under a buying rule or a stated preference may cost.
BUDGET_TO_PRODUCTION_STEP = 13_000 / 6_000
ACCEPTABLE_TOKENS_PER_S = 15.0
# The estimator's typical decode error on GPUs (knowledge/data/calibration.json relative_error: vllm/gpu 0.197,
# trt-llm/gpu 0.191): a speed nobody set is met by a GPU's estimate within it (`sizing.Sizer.target_for`).
ESTIMATE_TYPICAL_ERROR = 0.2
# Seed 1's "organization" tier starts at 500 users and calls for N+1 redundancy.
ORGANIZATION_USERS = 500

# Prices the catalog lacks but a seed states. Seed 1: "單個 L40S 在機架式伺服器中。總計 $13,000";
# minus seed 1's $4,400 host server leaves the card.
SEED_DERIVED_PRICES: dict[str, tuple[float, Said]] = {
    # seed 1: one L40S in a rack server ≈ $13,000 total, minus the $4,400 host server (an estimate)
    "nvidia-l40s": (13_000.0 - 4_400.0, said("price.seed1_l40s", total=13_000, host=4_400)),
}


def device_price(hardware_id: str, price_usd: float | None, price_basis: Said | str | None) -> tuple[float, Said | str] | None:
    """The price to cost a device with and its basis, or None when no source gives one."""
    if price_usd is not None:
        return price_usd, price_basis or said("price.basis_not_recorded")
    return SEED_DERIVED_PRICES.get(hardware_id)


__all__ = [
    "ACCEPTABLE_TOKENS_PER_S",
    "BUDGET_TO_PRODUCTION_STEP",
    "COMFORTABLE_TOKENS_PER_S",
    "ESTIMATE_TYPICAL_ERROR",
    "DEFAULT_TCO_ASSUMPTIONS",
    "MIGRATION_USD_PER_PORT",
    "MODEL_CHANGES_PER_YEAR_WHEN_FREQUENT",
    "ORGANIZATION_USERS",
    "OVERLOAD_FACTOR",
    "SEED_DERIVED_PRICES",
    "TcoAssumptions",
    "device_price",
]
