-- Daily and per-customer summaries of the raw orders.
CREATE OR REFRESH MATERIALIZED VIEW orders_daily AS
SELECT to_date(order_ts) AS order_date, count(*) AS orders, sum(total) AS revenue
FROM orders_raw GROUP BY to_date(order_ts);

CREATE OR REFRESH MATERIALIZED VIEW first_orders AS
SELECT customer, min(order_ts) AS first_order FROM orders_raw GROUP BY customer;

CREATE OR REFRESH MATERIALIZED VIEW order_weekdays AS
SELECT order_id, date_format(order_ts, 'EEEE') AS weekday FROM orders_raw;

CREATE OR REFRESH MATERIALIZED VIEW repeat_customers AS
SELECT customer FROM orders_raw GROUP BY customer HAVING count(*) > 1;
