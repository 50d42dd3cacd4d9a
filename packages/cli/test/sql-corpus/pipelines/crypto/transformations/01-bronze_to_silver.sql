-- Coin markets and coin details from an API dump: text cleaned into types.
CREATE OR REFRESH MATERIALIZED VIEW markets_bronze AS
SELECT id, symbol, current_price, market_cap, last_updated, ath_change_percentage FROM json.`${data}/markets.json`;

CREATE OR REFRESH MATERIALIZED VIEW markets_silver AS
SELECT
  id,
  upper(symbol) AS symbol,
  round(current_price, 1) AS price,
  CAST(market_cap / 1000000000 AS BIGINT) AS cap_billions,
  to_timestamp(replace(substr(last_updated, 1, 19), 'T', ' ')) AS updated_at,
  ifnull(CAST(ath_change_percentage AS DOUBLE), 0.0) AS ath_change
FROM markets_bronze;

CREATE OR REFRESH STREAMING TABLE coins_bronze AS
SELECT id, categories, details FROM STREAM read_files('${data}/coins', format => 'json');

CREATE OR REFRESH MATERIALIZED VIEW coin_categories AS
SELECT id, explode(split(categories, ',')) AS category FROM coins_bronze;

CREATE OR REFRESH MATERIALIZED VIEW coin_details AS
SELECT id, get_json_object(details, '$.genesis_date') AS genesis, get_json_object(details, '$.hashing_algorithm') AS algorithm
FROM coins_bronze;
