-- Databricks notebook source
-- MAGIC %md
-- MAGIC # Retail customers and orders
-- MAGIC The Lakeflow (DLT) dialect, as a notebook export: cells without ";", LIVE forms,
-- MAGIC cloud_files, APPLY CHANGES INTO, SET and USE, key constraints, a %sql cell.

-- COMMAND ----------

SET spark.source;
USE SCHEMA retail;

-- COMMAND ----------

-- DBTITLE 1,Bronze: the customer change feed
CREATE OR REFRESH STREAMING LIVE TABLE customers_raw (
  id BIGINT, name STRING, email STRING, operation STRING, operation_date BIGINT,
  CONSTRAINT pk PRIMARY KEY (id) NOT ENFORCED
)
TBLPROPERTIES ("quality" = "bronze")
COMMENT "Customer changes as they land"
AS SELECT * FROM cloud_files("${data}/customers", "json", map("cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH TEMPORARY STREAMING LIVE TABLE customers_clean (
  CONSTRAINT valid_id EXPECT (id IS NOT NULL) ON VIOLATION DROP ROW,
  CONSTRAINT valid_operation EXPECT (operation IN ("APPEND", "UPDATE", "DELETE"))
)
AS SELECT * FROM STREAM(LIVE.customers_raw)

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE customers
COMMENT "Current customers";

APPLY CHANGES INTO LIVE.customers
FROM STREAM(LIVE.customers_clean)
KEYS (id)
APPLY AS DELETE WHEN operation = "DELETE"
SEQUENCE BY operation_date
COLUMNS * EXCEPT (operation, operation_date)
STORED AS SCD TYPE 1

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE orders_raw CLUSTER BY (customer_id)
AS SELECT * FROM cloud_files("${data}/orders", "csv", map("header", "true", "cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

-- MAGIC %sql
-- MAGIC CREATE LIVE TABLE customer_orders AS
-- MAGIC SELECT c.name, o.status, sum(o.amount) AS total, count(*) AS orders
-- MAGIC FROM LIVE.orders_raw o JOIN retail.customers c ON o.customer_id = c.id
-- MAGIC GROUP BY ALL

-- COMMAND ----------

CREATE OR REPLACE MATERIALIZED VIEW big_spenders AS
SELECT * EXCEPT (email) FROM LIVE.customers
WHERE id IN (SELECT customer_id FROM LIVE.orders_raw WHERE amount > (SELECT avg(amount) FROM LIVE.orders_raw))

-- COMMAND ----------

CREATE VIEW order_statuses AS SELECT DISTINCT status FROM LIVE.orders_raw
