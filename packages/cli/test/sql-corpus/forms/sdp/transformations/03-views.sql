-- A persisted view, a replaced materialized view, configuration in a string, quoted names.
CREATE VIEW open_orders AS
SELECT order_id, amount FROM orders WHERE status = "open";

CREATE OR REPLACE MATERIALIZED VIEW big_orders AS
SELECT order_id, amount FROM orders WHERE amount >= CAST('${min_amount}' AS DOUBLE);

CREATE MATERIALIZED VIEW `customer_totals` AS
SELECT c.name AS `customer-name`, sum(o.amount) AS `total amount`
FROM customers c JOIN orders o ON o.customer_id = c.customer_id
GROUP BY c.name;
