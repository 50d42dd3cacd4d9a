-- Aggregates and grouping over six sales, one without a quantity.
CREATE TEMPORARY VIEW sales AS
SELECT sale_id, store, product, qty, price, CAST(sold_on AS DATE) AS sold_on FROM json.`${data}/sales.json`;

CREATE MATERIALIZED VIEW store_totals AS
SELECT store, sum(qty) AS units, count(*) AS sales, count(qty) AS counted, max(price) AS top_price, min(price) AS low_price
FROM sales GROUP BY store;

CREATE MATERIALIZED VIEW product_averages AS
SELECT product, avg(price) AS avg_price, mean(qty) AS mean_qty, stddev_pop(price) AS price_spread
FROM sales GROUP BY product;

CREATE MATERIALIZED VIEW distinct_counts AS
SELECT count(DISTINCT product) AS products, count(DISTINCT store) AS stores FROM sales;

CREATE MATERIALIZED VIEW median_quantity AS
SELECT percentile_approx(qty, 0.5) AS median_qty, percentile_approx(qty, 0.5, 100) AS rough_median_qty FROM sales;

CREATE MATERIALIZED VIEW coffee_stores AS
SELECT store, first(product, true) AS product FROM sales WHERE product = 'coffee' GROUP BY store;

CREATE MATERIALIZED VIEW store_extremes AS
SELECT store, max_by(product, qty) AS best_product, min_by(sale_id, price) AS cheapest_sale FROM sales GROUP BY store;

CREATE MATERIALIZED VIEW big_stores AS
SELECT store, sum(qty * price) AS revenue FROM sales GROUP BY store HAVING sum(qty * price) > 10;

CREATE MATERIALIZED VIEW store_products AS
SELECT store, product, count(*) AS n FROM sales GROUP BY ALL;

CREATE MATERIALIZED VIEW unit_rollup AS
SELECT store, product, sum(qty) AS units FROM sales GROUP BY ROLLUP(store, product);

CREATE MATERIALIZED VIEW product_counts AS
SELECT product AS item, count(*) AS n FROM sales GROUP BY 1;

CREATE MATERIALIZED VIEW daily_revenue AS
SELECT sold_on, round(sum(qty * price), 2) AS revenue FROM sales GROUP BY sold_on ORDER BY sold_on;
