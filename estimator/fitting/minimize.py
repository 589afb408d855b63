"""One-dimensional minimization for the calibration fits (`calibration_fit`, `moe_fit`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

DEFAULT_TOLERANCE = 0.002


def golden_section_minimum(
    function: Callable[[float], float], low: float, high: float, tolerance: float = DEFAULT_TOLERANCE
) -> float:
    """Minimum of a function that is unimodal on [low, high], to within `tolerance`.

    The error over η_b can be flat with shallow local minima (rows that turn memory- or prefill-bound
    stop constraining it), so a coarse grid picks the valley first and this refines inside it.
    """
    ratio = (math.sqrt(5) - 1) / 2
    left, right = high - ratio * (high - low), low + ratio * (high - low)
    f_left, f_right = function(left), function(right)
    while high - low > tolerance:
        if f_left <= f_right:
            high, right, f_right = right, left, f_left
            left = high - ratio * (high - low)
            f_left = function(left)
        else:
            low, left, f_left = left, right, f_right
            right = low + ratio * (high - low)
            f_right = function(right)
    return (low + high) / 2


def refined_grid_minimum(
    function: Callable[[float], float], grid: Sequence[float], step: float, tolerance: float = DEFAULT_TOLERANCE
) -> float:
    """The best point of a coarse `grid` (a share in (0, 1], spaced `step`), refined by golden section
    within one step of it: the valley first, then its bottom."""
    coarse = min(grid, key=function)
    return golden_section_minimum(function, max(0.01, coarse - step), min(1.0, coarse + step), tolerance)


__all__ = ["DEFAULT_TOLERANCE", "golden_section_minimum", "refined_grid_minimum"]
