-- Databricks notebook source
-- MAGIC %md
-- MAGIC ## Retail sales: bronze to gold
-- MAGIC Customers (CSV) and sales orders (JSON, with an array of ordered products).

-- COMMAND ----------

CREATE OR REFRESH STREAMING TABLE customers_bronze
COMMENT "The customers, as the CSV files land"
AS SELECT customer_id, customer_name, state, loyalty_segment
FROM STREAM read_files("${data}/customers", format => "csv", header => true);

-- COMMAND ----------

CREATE OR REFRESH STREAMING TABLE sales_orders_bronze
COMMENT "The sales orders, as the JSON files land"
AS SELECT customer_id, order_number, order_datetime, ordered_products
FROM STREAM read_files("${data}/sales_orders", format => "json", inferColumnTypes => true);

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW customers_silver (
  CONSTRAINT valid_customer EXPECT (customer_id IS NOT NULL) ON VIOLATION DROP ROW
)
AS SELECT customer_id, initcap(customer_name) AS name, upper(state) AS state, CAST(loyalty_segment AS INT) AS segment
FROM customers_bronze;

-- COMMAND ----------

CREATE OR REFRESH STREAMING TABLE sales_orders_cleaned (
  CONSTRAINT valid_order_number EXPECT (order_number IS NOT NULL) ON VIOLATION DROP ROW
)
PARTITIONED BY (order_date)
COMMENT "Orders with their customer's name; order_date partitions them"
AS SELECT f.customer_id, f.order_number, c.name AS customer_name,
  timestamp(from_unixtime(CAST(f.order_datetime AS BIGINT))) AS order_at,
  f.ordered_products,
  date(from_unixtime(CAST(f.order_datetime AS BIGINT))) AS order_date
FROM STREAM(sales_orders_bronze) f
LEFT JOIN customers_silver c ON c.customer_id = f.customer_id;

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW order_lines
AS SELECT order_number, customer_id, explode(ordered_products) AS product FROM sales_orders_cleaned;

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW product_revenue
AS SELECT product.name AS product, sum(product.price * product.qty) AS revenue, sum(product.qty) AS units
FROM order_lines GROUP BY product.name;

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW ca_customer_orders
AS SELECT c.name, count(DISTINCT o.order_number) AS orders
FROM customers_silver c JOIN sales_orders_cleaned o ON c.customer_id = o.customer_id
WHERE c.state = "CA"
GROUP BY c.name;

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW daily_orders
AS SELECT order_date, count(*) AS orders FROM sales_orders_cleaned GROUP BY order_date;

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW customer_tiers
AS SELECT name, CASE segment WHEN 1 THEN 'bronze' WHEN 2 THEN 'silver' ELSE 'gold' END AS tier FROM customers_silver;

-- COMMAND ----------

CREATE OR REFRESH MATERIALIZED VIEW orders_without_customer
AS SELECT order_number FROM sales_orders_cleaned WHERE customer_name IS NULL;
