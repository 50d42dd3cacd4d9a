-- Databricks notebook source
-- MAGIC %md
-- MAGIC # Customer 360: users, orders and app events into churn features
-- MAGIC Bronze with Auto Loader (its _rescued_data column checked), silver typed, gold joined.

-- COMMAND ----------

CREATE STREAMING LIVE TABLE churn_users_bronze (
  CONSTRAINT correct_schema EXPECT (_rescued_data IS NULL)
)
COMMENT "raw user data"
AS SELECT * FROM cloud_files("${data}/users", "csv", map("header", "true", "cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE STREAMING LIVE TABLE churn_orders_bronze (
  CONSTRAINT orders_correct_schema EXPECT (_rescued_data IS NULL)
)
COMMENT "raw orders"
AS SELECT * FROM cloud_files("${data}/orders", "json", map("cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE STREAMING LIVE TABLE churn_app_events (
  CONSTRAINT event_correct_schema EXPECT (_rescued_data IS NULL)
)
COMMENT "application events"
AS SELECT * FROM cloud_files("${data}/events", "csv", map("header", "true", "cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE STREAMING LIVE TABLE churn_users (
  CONSTRAINT user_valid_id EXPECT (user_id IS NOT NULL) ON VIOLATION DROP ROW
)
TBLPROPERTIES (pipelines.autoOptimize.zOrderCols = "user_id")
COMMENT "users, cleaned"
AS SELECT
  id AS user_id,
  sha1(email) AS email_hash,
  to_timestamp(creation_date, "MM-dd-yyyy HH:mm:ss") AS creation_date,
  to_timestamp(last_activity_date, "MM-dd-yyyy HH:mm:ss") AS last_activity_date,
  initcap(firstname) AS firstname,
  initcap(lastname) AS lastname
FROM STREAM(LIVE.churn_users_bronze)

-- COMMAND ----------

CREATE STREAMING LIVE TABLE churn_orders (
  CONSTRAINT order_valid_id EXPECT (order_id IS NOT NULL) ON VIOLATION DROP ROW,
  CONSTRAINT order_valid_user_id EXPECT (user_id IS NOT NULL) ON VIOLATION DROP ROW
)
COMMENT "orders, cleaned"
AS SELECT
  id AS order_id,
  user_id,
  CAST(amount AS INT) AS amount,
  CAST(item_count AS INT) AS item_count,
  to_timestamp(transaction_date, "MM-dd-yyyy HH:mm:ss") AS creation_date
FROM STREAM(LIVE.churn_orders_bronze)

-- COMMAND ----------

CREATE LIVE TABLE churn_features
COMMENT "one row per user, for the churn model"
AS
WITH churn_orders_stats AS (
  SELECT user_id, count(*) AS order_count, sum(amount) AS total_amount, sum(item_count) AS total_item,
    max(creation_date) AS last_transaction
  FROM LIVE.churn_orders GROUP BY user_id
),
churn_app_events_stats AS (
  SELECT first(platform) AS platform, user_id, count(*) AS event_count, count(DISTINCT session_id) AS session_count,
    max(to_timestamp(date, "MM-dd-yyyy HH:mm:ss")) AS last_event
  FROM LIVE.churn_app_events GROUP BY user_id
)
SELECT *, datediff(now(), creation_date) > 0 AS is_old_account
FROM churn_orders_stats
JOIN churn_app_events_stats USING (user_id)
JOIN LIVE.churn_users USING (user_id)

-- COMMAND ----------

CREATE LIVE TABLE idle_days AS
SELECT user_id, datediff(DATE '2024-03-10', date(last_activity_date)) AS idle_days FROM LIVE.churn_users

-- COMMAND ----------

CREATE LIVE TABLE platform_users AS
SELECT platform, count(DISTINCT user_id) AS users FROM LIVE.churn_app_events GROUP BY platform
