-- A plain SQL file with notebook cell separators, and USE with a bare name.
USE corpus;

-- COMMAND ----------

CREATE MATERIALIZED VIEW nordic_cities AS
SELECT city FROM cities WHERE country IN ('SE', 'NO');

-- COMMAND ----------

CREATE MATERIALIZED VIEW city_count AS SELECT count(*) AS n FROM corpus.cities;
