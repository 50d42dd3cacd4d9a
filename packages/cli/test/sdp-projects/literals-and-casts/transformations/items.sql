-- CAST and ::, and typed literals: DATE, TIMESTAMP, decimals, 10L, 1.5D.
CREATE TEMPORARY VIEW items AS SELECT * FROM json.`${data}/items.json`;

CREATE MATERIALIZED VIEW typed_items AS
SELECT
  item_id,
  CAST(code AS INT) AS code_int,
  code::BIGINT + 10L AS code_plus_ten,
  CAST(price AS DECIMAL(10, 2)) AS price,
  price::DECIMAL(10, 2) * 1.50 AS price_with_markup,
  CAST(price AS DOUBLE) * 1.5D AS price_double,
  CAST(stamp AS TIMESTAMP) AS stamp,
  stamp::TIMESTAMP > TIMESTAMP '2026-05-02 00:00:00' AS after_cutoff,
  CAST(stamp AS DATE) AS stamp_day,
  DATE '2026-05-02' AS reference_day,
  CAST(item_id AS STRING) || '-' || code AS label,
  2.50 AS fee
FROM items;

CREATE MATERIALIZED VIEW recent_items AS
SELECT item_id, CAST(stamp AS TIMESTAMP) AS stamp
FROM items
WHERE CAST(stamp AS DATE) >= DATE '2026-05-02' AND CAST(price AS DECIMAL(10, 2)) > 1.00;
