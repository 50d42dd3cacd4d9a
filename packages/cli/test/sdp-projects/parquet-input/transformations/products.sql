-- A Parquet input (data/products.parquet, written by DuckDB:
--   COPY (SELECT * FROM (VALUES (1::BIGINT, 'kettle', 'kitchen', 24.99::DECIMAL(10,2), DATE '2026-01-05', true), ...)
--     AS t(product_id, name, room, price, launched, active)) TO 'products.parquet' (FORMAT parquet)).
CREATE MATERIALIZED VIEW active_products AS
SELECT product_id, name, room, price, launched
FROM parquet.`${data}/products.parquet`
WHERE active;

CREATE MATERIALIZED VIEW room_prices AS
SELECT coalesce(room, 'unassigned') AS room, count(*) AS products, sum(price) AS total_price, max(launched) AS latest_launch
FROM parquet.`${data}/products.parquet`
GROUP BY coalesce(room, 'unassigned');
