-- Databricks notebook source
-- MAGIC %md
-- MAGIC Auto Loader sources (cloud_files) with the options pipelines set.

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE devices
AS SELECT device, level
FROM cloud_files("${data}/devices", "json", map("cloudFiles.inferColumnTypes", "true", "cloudFiles.schemaLocation", "${data}/_schemas/devices"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE trips_typed
AS SELECT trip_id, fare, rider
FROM cloud_files("${data}/trips", "csv", map("header", "true", "cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE trips_as_text
AS SELECT trip_id, fare FROM cloud_files("${data}/trips", "csv", map("header", "true"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE trip_fares
AS SELECT trip_id, fare
FROM cloud_files("${data}/trips", "csv", map("header", "true", "cloudFiles.schemaHints", "fare DECIMAL(6,2)"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE trips_declared
AS SELECT trip_id, fare
FROM cloud_files("${data}/trips", "csv", map("header", "true", "schema", "trip_id INT, fare DOUBLE, rider STRING"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE drivers
AS SELECT driver_id, name
FROM cloud_files("${data}/drivers", "json", map("multiLine", "true", "cloudFiles.inferColumnTypes", "true"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE devices_evolving
AS SELECT device, level
FROM cloud_files("${data}/devices", "json", map("cloudFiles.inferColumnTypes", "true", "cloudFiles.schemaEvolutionMode", "addNewColumns"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE suppliers
AS SELECT * FROM cloud_files("${data}/suppliers", "xml", map("rowTag", "supplier"))

-- COMMAND ----------

CREATE OR REFRESH STREAMING LIVE TABLE new_devices_only
AS SELECT device, level
FROM cloud_files("${data}/archive", "json", map("cloudFiles.inferColumnTypes", "true", "cloudFiles.includeExistingFiles", "false"))
