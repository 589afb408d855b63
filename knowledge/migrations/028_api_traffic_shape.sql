-- 028: the traffic an API provider publishes for its own service (DeepSeek's 24-hour statistics: 608B input and
-- 168B output tokens). A monthly spend on that API with no lengths stated buys prompts and answers in that ratio,
-- not in the product's chat default (512 : 256): the split decides how many of the bought tokens are answers,
-- which set the decode load. Empty where no provider figure is on record.
ALTER TABLE api_prices ADD COLUMN input_per_output DOUBLE;
ALTER TABLE api_prices ADD COLUMN traffic_source_url VARCHAR;
