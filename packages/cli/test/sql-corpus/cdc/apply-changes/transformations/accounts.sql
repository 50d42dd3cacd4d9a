-- Databricks notebook source
-- MAGIC %md
-- MAGIC APPLY CHANGES INTO, the Lakeflow spelling of AUTO CDC, over an account feed.

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE account_events
AS SELECT account, owner, balance, action, ts
FROM cloud_files("${data}/accounts", "json", map("cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE accounts
COMMENT "open accounts, latest balance";

APPLY CHANGES INTO LIVE.accounts
FROM STREAM(LIVE.account_events)
KEYS (account)
APPLY AS DELETE WHEN action = "close"
SEQUENCE BY ts
COLUMNS * EXCEPT (action, ts)
STORED AS SCD TYPE 1

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE account_history;

APPLY CHANGES INTO LIVE.account_history
FROM STREAM(LIVE.account_events)
KEYS (account)
APPLY AS DELETE WHEN action = "close"
SEQUENCE BY ts
COLUMNS * EXCEPT (action)
STORED AS SCD TYPE 2

-- COMMAND ----------

CREATE STREAMING TABLE account_balances (account BIGINT, balance BIGINT);

APPLY CHANGES INTO account_balances
FROM STREAM(account_events)
KEYS (account)
SEQUENCE BY ts
COLUMNS (account, balance)
STORED AS SCD TYPE 1

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE owner_accounts;

APPLY CHANGES INTO LIVE.owner_accounts
FROM STREAM(LIVE.account_events)
KEYS (account, owner)
SEQUENCE BY ts
COLUMNS * EXCEPT (action, ts)
STORED AS SCD TYPE 1

-- COMMAND ----------

CREATE LIVE TABLE current_accounts AS
SELECT account, owner, balance FROM LIVE.account_history WHERE __END_AT IS NULL
