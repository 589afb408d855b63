"""Scenario files (`evals/scenarios/*.yaml`): their pydantic models and the loader.

The file format is a contract (DESIGN.md, "Scenario files"). Two optional keys extend it:
`xfail: "reason"` marks a known product failure (strict: an unexpected pass fails the suite), and
the recommendation expectations `max_power_w` / `min_memory_required_gb` check power and memory
claims that the seeds make (tight power budgets, Q8_0 needing more memory).

The loader checks every file and reports every problem at once, each as `path: key: reason`, so a
typo in one scenario doesn't hide the next. Pure: it reads files, nothing else.
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import ErrorDetails

from estimator.catalog import HardwareKind
from estimator.errors import InvalidRequest
from estimator.plurals import agree_plurals
from estimator.schemas import Risk
from estimator.workload import Workload

if TYPE_CHECKING:
    RiskId = str  # the type checker's view; at run time the Literal is read from `Risk`, so new ids need no edit here
else:
    RiskId = typing.cast(Any, Risk.model_fields["id"].annotation)
RISK_IDS: tuple[str, ...] = get_args(RiskId)
JUST_RECOMMEND: dict[str, str] = {"en": "just recommend", "zh": "直接推荐"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RecommendationExpect(_Strict):
    """Expectations on the primary option of the recommendation."""

    kind_in: list[HardwareKind] = []
    kind_not_in: list[HardwareKind] = []
    hardware_in: list[str] = []
    hardware_not_in: list[str] = []
    max_capex_usd: float | None = Field(default=None, ge=0)
    min_capex_usd: float | None = Field(default=None, ge=0)
    meets_slo: bool | None = None
    # Extensions beyond DESIGN.md's list (optional, documented in docs/evals.md).
    max_power_w: float | None = Field(default=None, gt=0)
    min_memory_required_gb: float | None = Field(default=None, gt=0)
    # Devices in the primary option (a count worked out from first principles before running).
    min_count: int | None = Field(default=None, ge=1)
    max_count: int | None = Field(default=None, ge=1)


class Expect(_Strict):
    """What one reply must show. `slots` numbers match within 5 %."""

    slots: dict[str, Any] = {}
    recommendation: RecommendationExpect | None = None
    risks_include: list[RiskId] = []
    risks_exclude: list[RiskId] = []
    reply_contains: list[str] = []
    # Texts the reply must show in this order ("the yes/no on the device asked about, then the recommendation").
    reply_order: list[str] = []
    # Texts the reply must not show ("Rent:" in an air-gapped reply).
    reply_excludes: list[str] = []

    @field_validator("slots")
    @classmethod
    def _slots_are_workload_facts(cls, slots: dict[str, Any]) -> dict[str, Any]:
        # Workload forbids unknown names and checks each value's type and range, so a scenario can't
        # expect a slot the bot could never fill.
        Workload.model_validate(slots)
        return slots


class Followup(_Strict):
    """A follow-up message sent after the recommendation, checked on the reply to it."""

    turn: str = Field(min_length=1)
    expect: Expect = Expect()


class Scenario(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    lang: Literal["en", "zh"]
    turns: list[typing.Annotated[str, Field(min_length=1)]] = Field(min_length=1)
    expect: Expect
    followups: list[Followup] = []
    xfail: str | None = Field(default=None, min_length=1)

    @property
    def just_recommend(self) -> str:
        return JUST_RECOMMEND[self.lang]


class ScenarioError(InvalidRequest):
    """One or more scenario files are malformed; `problems` holds one `path: key: reason` line each."""

    def __init__(self, problems: list[str]) -> None:
        head = agree_plurals(f"{len(problems)} problem(s) in the scenario files:")
        super().__init__("\n".join([head, *problems]), field="scenarios")
        self.problems = list(problems)


def _key_path(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc) or "(top level)"


def _describe(error: ErrorDetails) -> str:
    loc = tuple(error["loc"])
    if error["type"] == "extra_forbidden":
        return f"{_key_path(loc)}: unknown key"
    if error["type"] == "missing":
        return f"{_key_path(loc)}: missing required key"
    # Errors raised inside the slots validator come back wrapped; unwrap the Workload ones.
    ctx_error = error.get("ctx", {}).get("error")
    if isinstance(ctx_error, ValidationError):
        return "; ".join(_describe({**inner, "loc": (*loc, *inner["loc"])}) for inner in ctx_error.errors())
    return f"{_key_path(loc)}: {error['msg']}"


def parse_scenario(text: str, path: str) -> Scenario:
    """Parse one scenario document. Raises `ScenarioError` naming `path` and each offending key."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError([f"{path}: {where}invalid YAML: {problem}"]) from None
    if not isinstance(data, dict):
        raise ScenarioError([f"{path}: (top level): expected a mapping of keys, got {type(data).__name__}"])
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError([f"{path}: {_describe(err)}" for err in exc.errors()]) from None


def load_scenarios(directory: Path, only: list[str] | None = None) -> list[Scenario]:
    """Load every `*.yaml` under `directory` (sorted by file name); all files are checked.

    `only` keeps the scenarios with those ids (an unknown id is an error). Duplicate ids are errors.
    """
    if not directory.is_dir():
        raise ScenarioError([f"{directory}: not a directory of scenario files"])
    files = sorted(directory.glob("*.yaml"))
    if not files:
        raise ScenarioError([f"{directory}: no *.yaml scenario files"])
    problems: list[str] = []
    scenarios: list[Scenario] = []
    seen: dict[str, Path] = {}
    for path in files:
        try:
            scenario = parse_scenario(path.read_text(encoding="utf-8"), str(path))
        except ScenarioError as exc:
            problems.extend(exc.problems)
            continue
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{path}: (file): cannot read: {exc}")
            continue
        if scenario.id in seen:
            problems.append(f"{path}: id: duplicate id '{scenario.id}' (also in {seen[scenario.id]})")
            continue
        seen[scenario.id] = path
        scenarios.append(scenario)
    if only:
        unknown = [wanted for wanted in only if wanted not in seen]
        problems.extend(f"{directory}: --only: no scenario with id '{wanted}'" for wanted in unknown)
        scenarios = [s for s in scenarios if s.id in only]
    if problems:
        raise ScenarioError(problems)
    return scenarios


def default_scenario_dir() -> Path:
    """The scenarios shipped with the package (`evals/scenarios/`)."""
    return Path(__file__).parent / "scenarios"


__all__ = [
    "JUST_RECOMMEND",
    "RISK_IDS",
    "Expect",
    "Followup",
    "RecommendationExpect",
    "Scenario",
    "ScenarioError",
    "default_scenario_dir",
    "load_scenarios",
    "parse_scenario",
]
