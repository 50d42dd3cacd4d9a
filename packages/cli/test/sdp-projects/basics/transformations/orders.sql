-- Projections, filters, casts and numeric functions over a JSON file.
CREATE TEMPORARY VIEW raw_orders
COMMENT 'Orders as exported.'
AS SELECT * FROM json.`${data}/orders.json`;

CREATE MATERIALIZED VIEW order_values
COMMENT 'Each valid order with derived values.'
TBLPROPERTIES ('quality' = 'silver')
AS SELECT
  order_id,
  customer,
  CAST(amount AS DECIMAL(10, 2)) AS amount,
  qty * 2 AS double_qty,
  amount / qty AS unit_price,
  abs(amount) AS magnitude,
  round(amount, 1) AS rounded,
  floor(amount) AS floored,
  ceil(amount) AS ceiled,
  sqrt(qty) AS root,
  power(qty, 2) AS squared,
  ln(qty) AS log_qty,
  exp(0) AS one
FROM raw_orders
WHERE amount > 0 AND order_id <> 3;
