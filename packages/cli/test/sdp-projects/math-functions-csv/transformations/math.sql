-- Numeric functions over a CSV file read with its header. Types are cast explicitly: Spark without
-- 'inferSchema' reads strings, and Þund on native refuses 'inferSchema' (see /work/notes/sdp-failures/csv-infer-schema).
CREATE TEMPORARY VIEW measurements AS
SELECT CAST(id AS INT) AS id, label, CAST(x AS DOUBLE) AS x, CAST(n AS INT) AS n
FROM csv.`${data}/measurements.csv` WITH ('header' = 'true');

CREATE MATERIALIZED VIEW measurement_math AS
SELECT
  id,
  label,
  abs(x) AS magnitude,
  round(x, 1) AS rounded,
  floor(x) AS floored,
  ceil(x) AS ceiled,
  sqrt(n) AS root,
  power(n, 2) AS squared,
  ln(n) AS log_n,
  exp(1) AS e,
  greatest(x, n) AS bigger,
  least(x, n, 3) AS smallest
FROM measurements;

CREATE MATERIALIZED VIEW positive_measurements AS
SELECT id, label, x * n AS product
FROM measurements
WHERE x > 0 AND n BETWEEN 2 AND 20;
