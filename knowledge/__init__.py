"""The DuckDB hardware/benchmark store: the only package that imports duckdb."""
