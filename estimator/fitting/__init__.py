"""Fitting: the offline calibration of the physics on measured rows (shared fit, decode fit, MoE fits),
and the row-by-row predictions the accuracy reports use.

Used by `scripts/fit_calibration.py` and `evals/` only: a reply reads the fitted factors from the store,
it never fits.
"""
