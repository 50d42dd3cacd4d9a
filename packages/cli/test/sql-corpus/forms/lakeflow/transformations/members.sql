-- Databricks notebook source
-- MAGIC %md
-- MAGIC # Members and their visits
-- MAGIC The Lakeflow (DLT) dialect as a notebook export: cells without semicolons,
-- MAGIC LIVE tables and views, LIVE. names, cloud_files, key constraints.

-- COMMAND ----------

SET corpus.owner = team_a

-- COMMAND ----------

SET corpus.layer;

CREATE OR REFRESH STREAMING LIVE TABLE members_raw
COMMENT "members as they land"
AS SELECT member_id, name, tier, joined
FROM cloud_files("${data}/members", "json", map("cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH TEMPORARY STREAMING TABLE members_clean (
  CONSTRAINT has_id EXPECT (member_id IS NOT NULL) ON VIOLATION DROP ROW
)
AS SELECT member_id, name, tier, CAST(joined AS DATE) AS joined FROM STREAM(LIVE.members_raw)

-- COMMAND ----------

CREATE STREAMING LIVE TABLE visits_raw
AS SELECT member_id, CAST(visited AS DATE) AS visited, minutes
FROM cloud_files("${data}/visits", "csv", map("header", "true", "cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH LIVE TABLE tier_counts
AS SELECT tier, count(*) AS members FROM LIVE.members_clean GROUP BY tier

-- COMMAND ----------

CREATE LIVE TABLE long_visits AS SELECT member_id, minutes FROM LIVE.visits_raw WHERE minutes > 30

-- COMMAND ----------

CREATE TEMPORARY LIVE VIEW gold_members AS SELECT member_id, name FROM LIVE.members_clean WHERE tier = 'gold'

-- COMMAND ----------

CREATE OR REPLACE LIVE VIEW visit_minutes AS
SELECT member_id, sum(minutes) AS minutes FROM LIVE.visits_raw GROUP BY member_id

-- COMMAND ----------

CREATE LIVE TABLE gold_minutes AS
SELECT g.name, v.minutes FROM LIVE.gold_members g JOIN LIVE.visit_minutes v ON g.member_id = v.member_id

-- COMMAND ----------

-- MAGIC %sql
-- MAGIC CREATE OR REFRESH STREAMING LIVE TABLE member_visits
-- MAGIC AS SELECT v.member_id, v.visited, m.tier
-- MAGIC FROM STREAM(LIVE.visits_raw) v LEFT JOIN LIVE.members_clean m ON v.member_id = m.member_id

-- COMMAND ----------

CREATE OR REFRESH LIVE TABLE members_dim (
  member_id BIGINT NOT NULL,
  name STRING,
  CONSTRAINT members_pk PRIMARY KEY (member_id)
) CLUSTER BY (member_id)
AS SELECT member_id, name FROM LIVE.members_clean

-- COMMAND ----------

CREATE OR REFRESH LIVE TABLE visits_fact (
  member_id BIGINT,
  visited DATE,
  minutes INT,
  CONSTRAINT visits_members_fk FOREIGN KEY (member_id) REFERENCES LIVE.members_dim
)
AS SELECT member_id, visited, minutes FROM LIVE.visits_raw

-- COMMAND ----------

CREATE STREAMING LIVE TABLE all_visits_log

-- COMMAND ----------

CREATE FLOW visits_into_log AS INSERT INTO LIVE.all_visits_log BY NAME
SELECT member_id, minutes FROM STREAM(LIVE.visits_raw)
