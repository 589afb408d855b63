"""Physics: what one device, or a group of them, does with a model — memory fit, the decode step and
prefill rooflines, batching per engine, parallel plans, latency, throughput and its likely range.

Runs at reply time. Imports the shared vocabulary (`estimator.catalog`, `schemas`, `workload`, …) and
the calibration factors already fitted into the catalog; never the fitting code, the costing or the advice.
"""
