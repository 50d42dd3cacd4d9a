-- A medallion pipeline as OSS Spark's spark-pipelines runs it: files read by path, materialized views.
CREATE MATERIALIZED VIEW bronze_city AS
SELECT * FROM csv.`${data}/city` WITH ('header' = 'true', 'inferSchema' = 'true');

CREATE MATERIALIZED VIEW bronze_trips AS
SELECT * FROM csv.`${data}/trips` WITH ('header' = 'true', 'inferSchema' = 'true');
