"""Scenario evals and the estimator-accuracy report."""
