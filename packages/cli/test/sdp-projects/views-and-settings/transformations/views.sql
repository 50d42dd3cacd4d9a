-- A persisted view (CREATE VIEW, which Þund stores as a materialized view of the same query),
-- a setting no plan reads (SET), and double-quoted text, which Spark reads as a string.
SET conf.owner = analytics;

CREATE MATERIALIZED VIEW orders AS SELECT order_id, customer, amount FROM json.`${data}/orders.json`;

CREATE VIEW big_orders COMMENT "orders over 50" AS
SELECT order_id, customer, amount FROM orders WHERE amount > 50;

CREATE MATERIALIZED VIEW big_orders_per_customer AS
SELECT customer, count(*) AS n, "big" AS label FROM big_orders GROUP BY customer;
