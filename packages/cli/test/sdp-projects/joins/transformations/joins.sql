-- Inner and left joins, ON and USING, table aliases and a three-way join.
CREATE TEMPORARY VIEW customers AS SELECT * FROM json.`${data}/customers.json`;
CREATE TEMPORARY VIEW orders AS SELECT * FROM json.`${data}/orders.json`;
CREATE TEMPORARY VIEW regions AS SELECT * FROM json.`${data}/regions.json`;

-- Three-way: inner join with ON and aliases, then a left join with USING.
CREATE MATERIALIZED VIEW order_details AS
SELECT o.order_id, c.name, region_id, r.region_name, o.amount
FROM orders AS o
INNER JOIN customers c ON o.customer_id = c.customer_id
LEFT JOIN regions r USING (region_id);

-- Inner join with USING on the shared key.
CREATE MATERIALIZED VIEW customer_order_amounts AS
SELECT customer_id, name, amount
FROM customers JOIN orders USING (customer_id);

-- Left join keeps customers without orders.
CREATE MATERIALIZED VIEW customers_with_orders AS
SELECT c.customer_id, c.name, o.order_id
FROM customers c LEFT OUTER JOIN orders o ON c.customer_id = o.customer_id AND o.amount > 20;
