"""Advice: the decisions on top of physics and costing — which candidates may serve a workload, how many
of each, the ranked recommendation and the answers to the question asked (owned, named, batch, options),
risks, assumptions and the validation plan. Returns typed findings (`estimator.said`), never sentences.
"""
