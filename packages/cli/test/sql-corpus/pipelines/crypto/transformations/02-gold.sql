CREATE OR REFRESH MATERIALIZED VIEW coin_ages AS
SELECT id, datediff(DATE '2024-04-01', to_date(get_json_object(details, '$.genesis_date'))) AS age_days FROM coins_bronze;

CREATE OR REFRESH MATERIALIZED VIEW top_coin AS
SELECT id FROM markets_silver ORDER BY cap_billions DESC LIMIT 1;

CREATE OR REFRESH MATERIALIZED VIEW coin_codes AS
SELECT id, concat(upper(symbol), '-', lpad(CAST(cap_rank AS STRING), 3, '0')) AS code
FROM (SELECT id, symbol, row_number() OVER (ORDER BY market_cap DESC) AS cap_rank FROM markets_bronze);

CREATE OR REFRESH MATERIALIZED VIEW market_shares AS
SELECT id, round(market_cap * 100 / sum(market_cap) OVER (), 2) AS share_percent FROM markets_bronze;
