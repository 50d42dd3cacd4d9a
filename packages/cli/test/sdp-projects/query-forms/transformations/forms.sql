-- Query forms from the census: * EXCEPT, GROUP BY ALL, scalar subqueries,
-- IN / NOT IN / EXISTS / NOT EXISTS subqueries (NULLs included).
CREATE MATERIALIZED VIEW orders (order_id BIGINT, customer STRING, region STRING, amount BIGINT, note STRING)
AS SELECT * FROM json.`${data}/orders.json`;

CREATE MATERIALIZED VIEW customers (name STRING, tier STRING, city STRING)
AS SELECT * FROM json.`${data}/customers.json`;

CREATE TEMPORARY VIEW blocked AS SELECT CAST(name AS STRING) AS name FROM json.`${data}/blocked.json`;

CREATE MATERIALIZED VIEW orders_without_notes AS
SELECT * EXCEPT (note, region) FROM orders;

CREATE MATERIALIZED VIEW orders_with_tier AS
SELECT o.* EXCEPT (note), c.tier
FROM orders o JOIN customers c ON o.customer = c.name;

CREATE MATERIALIZED VIEW revenue_by_region AS
SELECT region, upper(region) AS shout, sum(amount) AS total, count(*) AS orders
FROM orders GROUP BY ALL;

CREATE MATERIALIZED VIEW biggest_orders AS
SELECT order_id, amount FROM orders
WHERE amount = (SELECT max(amount) FROM orders) OR amount < (SELECT min(amount) + 10 FROM orders);

CREATE MATERIALIZED VIEW region_shares AS
SELECT region, sum(amount) * 100 / (SELECT sum(amount) FROM orders) AS share
FROM orders GROUP BY region;

CREATE MATERIALIZED VIEW customers_with_orders AS
SELECT name, city FROM customers WHERE name IN (SELECT customer FROM orders WHERE amount > 50);

CREATE MATERIALIZED VIEW customers_without_orders AS
SELECT name FROM customers WHERE name NOT IN (SELECT customer FROM orders WHERE customer IS NOT NULL);

-- blocked holds a NULL, so NOT IN is never true: no order counts.
CREATE MATERIALIZED VIEW orders_not_blocked AS
SELECT count(*) AS n FROM orders WHERE customer NOT IN (SELECT name FROM blocked);

CREATE MATERIALIZED VIEW orders_of_unblocked AS
SELECT order_id FROM orders WHERE customer NOT IN (SELECT name FROM blocked WHERE name IS NOT NULL);

CREATE MATERIALIZED VIEW gold_buyers AS
SELECT c.name FROM customers c
WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer = c.name AND o.amount >= 100)
  AND NOT EXISTS (SELECT 1 FROM blocked b WHERE b.name = c.name);

-- ROLLUP, CUBE and GROUPING SETS (the grand total first, so the first rows' keys are NULL).
CREATE MATERIALIZED VIEW revenue_rollup AS
SELECT region, customer, sum(amount) AS total, count(*) AS orders
FROM orders GROUP BY ROLLUP (region, customer);

CREATE MATERIALIZED VIEW revenue_cube AS
SELECT region, note IS NULL AS unnoted, sum(amount) AS total
FROM orders GROUP BY CUBE (region, note IS NULL);

CREATE MATERIALIZED VIEW revenue_sets AS
SELECT region, max(amount) AS biggest
FROM orders GROUP BY GROUPING SETS ((), (region));

-- EXCEPT / MINUS / INTERSECT, distinct and ALL (copies counted), NULLs equal.
CREATE MATERIALIZED VIEW customers_not_blocked AS
SELECT customer FROM orders EXCEPT SELECT name FROM blocked;

CREATE MATERIALIZED VIEW regions_not_north AS
SELECT region, customer FROM orders MINUS SELECT 'north' AS region, name AS customer FROM customers;

CREATE MATERIALIZED VIEW regions_left_after_gold AS
SELECT region FROM orders EXCEPT ALL SELECT 'south' AS region FROM customers WHERE tier = 'gold';

CREATE MATERIALIZED VIEW north_copies AS
SELECT region FROM orders INTERSECT ALL SELECT 'north' AS region FROM customers;

CREATE MATERIALIZED VIEW known_customers AS
SELECT customer FROM orders INTERSECT SELECT name FROM customers;

-- QUALIFY: by a window function of its own, and by a select alias.
CREATE MATERIALIZED VIEW top_order_per_region AS
SELECT region, order_id, amount FROM orders
QUALIFY row_number() OVER (PARTITION BY region ORDER BY amount DESC) = 1;

CREATE MATERIALIZED VIEW top_three AS
SELECT *, dense_rank() OVER (ORDER BY amount DESC) AS place FROM orders
QUALIFY place <= 3;
