-- Every join the census found, over customers, orders and regions.
CREATE MATERIALIZED VIEW customers AS
SELECT customer_id, name, region_id FROM json.`${data}/customers.json`;

CREATE MATERIALIZED VIEW orders AS
SELECT order_id, customer_id, amount FROM json.`${data}/order_files`;

CREATE MATERIALIZED VIEW regions AS
SELECT CAST(region_id AS BIGINT) AS region_id, region FROM csv.`${data}/regions.csv` WITH ('header' = 'true');

CREATE MATERIALIZED VIEW customer_orders AS
SELECT c.name, o.order_id, o.amount FROM customers c INNER JOIN orders o ON c.customer_id = o.customer_id;

CREATE MATERIALIZED VIEW customer_regions AS
SELECT c.name, r.region FROM customers c JOIN regions r ON c.region_id = r.region_id;

CREATE MATERIALIZED VIEW customers_and_orders AS
SELECT c.name, o.order_id FROM customers c LEFT JOIN orders o ON c.customer_id = o.customer_id;

CREATE MATERIALIZED VIEW customers_and_regions AS
SELECT c.name, r.region FROM customers c LEFT OUTER JOIN regions r ON c.region_id = r.region_id;

CREATE MATERIALIZED VIEW orders_and_customers AS
SELECT o.order_id, c.name FROM customers c RIGHT JOIN orders o ON c.customer_id = o.customer_id;

CREATE MATERIALIZED VIEW region_matches AS
SELECT c.region_id AS customer_region, r.region_id, r.region
FROM customers c FULL OUTER JOIN regions r ON c.region_id = r.region_id;

CREATE MATERIALIZED VIEW region_pairs AS
SELECT r.region, c.name FROM regions r CROSS JOIN customers c WHERE c.customer_id <= 2;

CREATE MATERIALIZED VIEW orders_using AS
SELECT customer_id, name, order_id FROM customers JOIN orders USING (customer_id);

CREATE MATERIALIZED VIEW region_totals AS
SELECT c.name, r.region, sum(o.amount) AS total
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id
LEFT JOIN regions r ON c.region_id = r.region_id
GROUP BY c.name, r.region;

CREATE STREAMING TABLE order_stream AS
SELECT order_id, customer_id, amount FROM STREAM read_files('${data}/order_files', format => 'json');

CREATE STREAMING TABLE enriched_orders AS
SELECT s.order_id, c.name FROM STREAM(order_stream) s LEFT JOIN customers c ON s.customer_id = c.customer_id;
