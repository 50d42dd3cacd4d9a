-- Right and full outer joins, with ON and with USING.
CREATE TEMPORARY VIEW customers AS SELECT * FROM json.`${data}/customers.json`;
CREATE TEMPORARY VIEW orders AS SELECT * FROM json.`${data}/orders.json`;

CREATE MATERIALIZED VIEW orders_right AS
SELECT c.name, o.order_id, o.amount
FROM customers c RIGHT JOIN orders o ON c.customer_id = o.customer_id;

CREATE MATERIALIZED VIEW everyone_full AS
SELECT c.customer_id AS c_id, o.customer_id AS o_id, c.name, o.order_id
FROM customers AS c FULL OUTER JOIN orders AS o ON c.customer_id = o.customer_id;

CREATE MATERIALIZED VIEW everyone_full_using AS
SELECT customer_id, name, order_id
FROM customers FULL JOIN orders USING (customer_id);
