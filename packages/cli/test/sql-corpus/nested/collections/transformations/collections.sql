-- Structs, arrays and maps: declared and inferred, accessed, built and exploded.
CREATE TEMPORARY VIEW orders AS
SELECT * FROM read_files('${data}/orders.json', format => 'json',
  schema => 'order_id BIGINT, customer STRUCT<name: STRING, address: STRUCT<city: STRING, zip: STRING>>, lines ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>, tags ARRAY<STRING>, attrs MAP<STRING, STRING>');

CREATE MATERIALIZED VIEW customers_flat AS
SELECT order_id, customer.name AS name, customer.address.city AS city FROM orders;

CREATE MATERIALIZED VIEW order_lines AS
SELECT order_id, explode(lines) AS line FROM orders;

CREATE MATERIALIZED VIEW line_amounts AS
SELECT order_id, line.sku, line.qty * line.price AS amount
FROM (SELECT order_id, explode(lines) AS line FROM orders);

CREATE MATERIALIZED VIEW first_tags AS
SELECT order_id, tags[0] AS first_tag FROM orders WHERE tags IS NOT NULL;

CREATE MATERIALIZED VIEW channels AS
SELECT order_id, attrs['channel'] AS channel FROM orders;

CREATE MATERIALIZED VIEW built_values AS
SELECT order_id,
  array(order_id, order_id * 10) AS ids,
  map('id', CAST(order_id AS STRING)) AS labels,
  named_struct('id', order_id, 'name', customer.name) AS who,
  struct(order_id, customer.name AS name) AS who_again
FROM orders;

CREATE MATERIALIZED VIEW steps AS
SELECT order_id, sequence(1, CAST(order_id AS INT)) AS steps FROM orders;

CREATE MATERIALIZED VIEW three_numbers AS
SELECT explode(sequence(1, 3)) AS n FROM orders WHERE order_id = 1;

CREATE MATERIALIZED VIEW order_summaries (
  order_id BIGINT,
  skus ARRAY<STRING>,
  ship_to STRUCT<city: STRING, zip: STRING>
) AS SELECT order_id, lines.sku AS skus, customer.address AS ship_to FROM orders;

CREATE MATERIALIZED VIEW inferred_zips AS
SELECT order_id, customer.name AS name, customer.address.zip AS zip FROM json.`${data}/orders.json`;

CREATE MATERIALIZED VIEW attributes AS
SELECT order_id, explode(attrs) AS (key, value) FROM orders;

CREATE MATERIALIZED VIEW units_per_order AS
SELECT order_id, count(*) AS lines, sum(line.qty) AS units
FROM (SELECT order_id, explode(lines) AS line FROM orders)
GROUP BY order_id;
