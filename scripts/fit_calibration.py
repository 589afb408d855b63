"""Fit the estimator's calibration factors on the shipped benchmark rows and write calibration.json.

    .venv/bin/python scripts/fit_calibration.py            # write knowledge/data/calibration.json
    .venv/bin/python scripts/fit_calibration.py --check    # exit 1 if the file is stale

The factors are fitted on every usable row (`estimator.fitting.calibration_fit.fit_calibration`); the
confidence half-widths (`relative_error`) come from a leave-one-device-out pass, so they describe
errors on devices the fit did not see. `data_version` is a hash of the data files the fit read (calibration.json
itself excluded), so a stale calibration is detectable.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

# Run against this checkout's packages, not whichever copy the environment installed (worktrees share a venv).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estimator.catalog import CalibrationParams, Catalog
from estimator.fitting.calibration_fit import (
    fit_calibration,
    leave_one_device_out,
    relative_errors,
)
from estimator.physics.ranges import calibrated_widening, range_ratios
from knowledge import open_store
from knowledge.loader import CALIBRATION_FILE, TABLES, default_data_dir

SIGNIFICANT_DIGITS = 4


def source_data_version(data_dir: Path) -> str:
    """Hash of the data files the fit reads (not calibration.json, which the fit writes)."""
    digest = hashlib.sha256()
    for spec in TABLES:
        if spec.optional and not spec.feeds_fit:  # rental and API prices never enter the fit
            continue
        if not (data_dir / spec.file).is_file():
            continue
        path = data_dir / spec.file
        digest.update(spec.file.encode() + b"\0" + path.read_bytes() + b"\0")
    return "data-" + digest.hexdigest()[:16]


def _rounded(params: CalibrationParams) -> dict[str, object]:
    def tidy(value: object) -> object:
        if isinstance(value, float):
            return float(f"{value:.{SIGNIFICANT_DIGITS}g}")
        if isinstance(value, dict):
            return {key: tidy(value[key]) for key in sorted(value)}
        return value

    return {key: tidy(value) for key, value in params.model_dump().items()}


def fit(catalog: Catalog, data_version: str) -> CalibrationParams:
    """Factors fitted on all usable rows, with confidence half-widths from leave-one-device-out errors
    (every row predicted by a fit that saw no row of its device)."""
    params = fit_calibration(catalog, data_version=data_version)
    held_out = leave_one_device_out(catalog)
    low, high = range_ratios(held_out)
    return params.model_copy(
        update={"relative_error": relative_errors(held_out), "range_ratio_low": low, "range_ratio_high": high,
                "range_widening": calibrated_widening(held_out)}
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=default_data_dir())
    parser.add_argument("--check", action="store_true", help="only check that calibration.json is current")
    args = parser.parse_args(argv)
    target = args.data_dir / CALIBRATION_FILE
    version = source_data_version(args.data_dir)
    if args.check:
        current = json.loads(target.read_text()).get("data_version") if target.is_file() else None
        if current != version:
            print(f"{target}: fitted on {current}, data is {version}: rerun scripts/fit_calibration.py")
            return 1
        print(f"{target}: current ({version})")
        return 0
    with tempfile.TemporaryDirectory() as home:  # a throwaway store: the user's home stays untouched
        store = open_store(Path(home), args.data_dir)
        try:
            catalog = store.catalog()
        finally:
            store.close()
    params = fit(catalog, version)
    target.write_text(json.dumps(_rounded(params), indent=2) + "\n", encoding="utf-8")
    fitted = sorted(key for key, rows in params.rows_used.items() if rows)
    print(f"wrote {target} ({version}); fitted keys: {', '.join(fitted)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
