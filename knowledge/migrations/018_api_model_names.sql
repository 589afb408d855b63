-- 018: hosted models a team already pays for, by the name it calls them ("gpt-4o-mini", "claude sonnet").
-- A monthly API spend becomes a token volume only at that model's own list price (volume = spend / price),
-- so such rows are priced by name and carry no parameter count (the vendor does not publish one): they
-- never stand in for an open model of a given size in the buy / rent / API comparison.
ALTER TABLE api_prices ADD COLUMN api_model VARCHAR;
