-- Databricks notebook source
-- MAGIC %md
-- MAGIC A bookstore in the legacy LIVE dialect: orders streamed in with Auto Loader,
-- MAGIC customers read whole, joined, and summed by country, day and book.

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE orders_bronze
COMMENT "The raw books orders, ingested from orders-raw"
AS SELECT order_id, customer_id, order_timestamp, quantity, total, books
FROM cloud_files("${source}/orders", "json", map("cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH LIVE TABLE customers
COMMENT "The customers lookup table"
AS SELECT customer_id, email, country FROM csv.`${source}/customers` WITH ('header' = 'true')

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE orders_cleaned (
  CONSTRAINT valid_order_number EXPECT (order_id IS NOT NULL) ON VIOLATION DROP ROW
)
COMMENT "The cleaned books orders with their customer's country"
AS SELECT o.order_id, o.quantity, o.customer_id, c.country,
  timestamp(from_unixtime(o.order_timestamp)) AS order_at, o.books
FROM STREAM(LIVE.orders_bronze) o
LEFT JOIN LIVE.customers c ON o.customer_id = c.customer_id

-- COMMAND ----------

CREATE OR REFRESH LIVE TABLE daily_orders_by_country
COMMENT "Daily number of books per country"
AS SELECT country, date_trunc("DD", order_at) AS order_date, sum(quantity) AS books_count
FROM LIVE.orders_cleaned
GROUP BY country, date_trunc("DD", order_at)

-- COMMAND ----------

CREATE OR REFRESH LIVE TABLE book_sales
AS SELECT b.book_id, sum(b.quantity) AS copies, sum(b.subtotal) AS revenue
FROM (SELECT explode(books) AS b FROM LIVE.orders_cleaned)
GROUP BY b.book_id

-- COMMAND ----------

CREATE LIVE TABLE french_orders AS
SELECT order_id FROM LIVE.orders_cleaned WHERE country = "France"

-- COMMAND ----------

CREATE TEMPORARY LIVE VIEW spanish_customers AS
SELECT customer_id FROM LIVE.customers WHERE country = 'Spain'

-- COMMAND ----------

CREATE LIVE TABLE spanish_orders AS
SELECT o.order_id FROM LIVE.orders_cleaned o JOIN LIVE.spanish_customers s ON o.customer_id = s.customer_id
