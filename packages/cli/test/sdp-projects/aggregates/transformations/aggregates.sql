-- GROUP BY columns, an alias and an ordinal, HAVING, and every aggregate.
CREATE TEMPORARY VIEW sales AS SELECT * FROM json.`${data}/sales.json`;

CREATE MATERIALIZED VIEW region_product_totals AS
SELECT region, product, count(*) AS lines, count(qty) AS lines_with_qty, sum(qty) AS units, min(qty) AS smallest, max(qty) AS largest
FROM sales
GROUP BY region, product;

CREATE MATERIALIZED VIEW region_stats AS
SELECT upper(region) AS area, count(*) AS line_count, count(DISTINCT product) AS products, count(DISTINCT store) AS stores, avg(qty) AS mean_qty, stddev(qty) AS sd_qty
FROM sales
GROUP BY area
HAVING line_count > 1;

CREATE MATERIALIZED VIEW product_revenue AS
SELECT product, sum(qty * price) AS revenue
FROM sales
WHERE qty IS NOT NULL
GROUP BY 1
HAVING sum(qty * price) >= 10;
