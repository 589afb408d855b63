"""The plan a streamed reply shows while the engine works: Slack's thinking steps, as stream chunks.

Slack's chat streaming takes `chunks` (https://docs.slack.dev/reference/methods/chat.appendStream):
`plan_update` ({"type", "title"}) names the plan, `task_update` ({"type", "id", "title", "status"} with
status pending / in_progress / complete / error) adds or updates one task, and a stream started with
`task_display_mode="plan"` shows the tasks together in one plan block. The reply opens with the plan
and "Reading the workload" in progress (the engine is working); when the engine answered, each step it
took is marked complete (sizing and costing only when it computed a recommendation), then the text.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.reply import Reply
from bot.slack.labels import label

TASK_DISPLAY_MODE = "plan"
TaskStatus = Literal["pending", "in_progress", "complete", "error"]


class PlanUpdate(TypedDict):
    type: Literal["plan_update"]
    title: str


class TaskUpdate(TypedDict):
    type: Literal["task_update"]
    id: str
    title: str
    status: TaskStatus


Chunk = PlanUpdate | TaskUpdate


def _task(step: str, lang: str, status: TaskStatus) -> TaskUpdate:
    return {"type": "task_update", "id": step, "title": label(f"step_{step}", lang), "status": status}


def working_steps(lang: str) -> list[Chunk]:
    """The stream's first chunks, sent before the engine runs: the plan and its first step in progress."""
    return [{"type": "plan_update", "title": label("plan_title", lang)}, _task("reading", lang, "in_progress")]


def done_steps(reply: Reply) -> list[Chunk]:
    """The steps the engine took for `reply`, each complete: reading always; sizing when it computed a
    recommendation, and costing when that recommendation has an option (each option carries its TCO)."""
    steps: list[Chunk] = [_task("reading", reply.lang, "complete")]
    rec = reply.recommendation
    if rec is not None:
        steps.append(_task("sizing", reply.lang, "complete"))
        if rec.primary is not None:
            steps.append(_task("costing", reply.lang, "complete"))
    return steps


__all__ = ["TASK_DISPLAY_MODE", "Chunk", "done_steps", "working_steps"]
