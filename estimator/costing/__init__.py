"""Costing: total cost of ownership, buy vs rent vs API, exchange rates and host servers.

Takes a sized option's count and throughput as given; never estimates speed itself.
"""
