-- Left semi, left anti and cross joins.
CREATE TEMPORARY VIEW customers AS SELECT * FROM json.`${data}/customers.json`;
CREATE TEMPORARY VIEW orders AS SELECT * FROM json.`${data}/orders.json`;
CREATE TEMPORARY VIEW sizes AS SELECT * FROM json.`${data}/sizes.json`;

CREATE MATERIALIZED VIEW customers_who_ordered AS
SELECT c.customer_id, c.name
FROM customers c LEFT SEMI JOIN orders o ON c.customer_id = o.customer_id;

CREATE MATERIALIZED VIEW customers_never_ordered AS
SELECT customer_id, name
FROM customers LEFT ANTI JOIN orders USING (customer_id);

CREATE MATERIALIZED VIEW customer_sizes AS
SELECT c.name, s.size
FROM customers c CROSS JOIN sizes s
WHERE c.customer_id <= 2;
