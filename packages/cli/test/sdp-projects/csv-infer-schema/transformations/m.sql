-- Spark's CSV options in SQL: a header row and inferred column types (inferSchema), or every column a string.
CREATE MATERIALIZED VIEW m AS SELECT * FROM csv.`${data}/m.csv` WITH ('header' = 'true', 'inferSchema' = 'true');
CREATE MATERIALIZED VIEW m_text AS SELECT * FROM csv.`${data}/m.csv` WITH ('header' = 'true', 'inferSchema' = 'false');
