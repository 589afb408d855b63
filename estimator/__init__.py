"""The pure core: memory fit, throughput, TCO, risks and recommendation ranking.

Pydantic models in, pydantic models out. No DuckDB, no environment, no clock, no language model.
"""
