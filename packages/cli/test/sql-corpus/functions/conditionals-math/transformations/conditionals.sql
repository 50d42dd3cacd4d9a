-- NULL handling, conditionals, comparisons, rounding, casts and random numbers.
CREATE TEMPORARY VIEW readings AS
SELECT reading_id, sensor, value, raw, flag, backup FROM json.`${data}/readings.json`;

CREATE MATERIALIZED VIEW filled AS
SELECT reading_id, coalesce(value, backup, 0.0) AS value, ifnull(sensor, 'unknown') AS sensor FROM readings;

CREATE MATERIALIZED VIEW levels AS
SELECT reading_id,
  if(value >= 0, 'up', 'down') AS direction,
  CASE WHEN value IS NULL THEN 'missing' WHEN value > 10 THEN 'high' ELSE 'normal' END AS level
FROM readings;

CREATE MATERIALIZED VIEW sensor_names AS
SELECT reading_id, CASE sensor WHEN 'a' THEN 'alpha' WHEN 'b' THEN 'beta' ELSE 'other' END AS sensor_name FROM readings;

CREATE MATERIALIZED VIEW rounded AS
SELECT reading_id, round(value, 1) AS one_place, round(value) AS whole, floor(value) AS floored FROM readings;

CREATE MATERIALIZED VIEW converted AS
SELECT reading_id,
  try_cast(raw AS INT) AS raw_int,
  TRY_CAST(raw AS BIGINT) AS raw_bigint,
  int(value) AS value_int,
  boolean(flag) AS flag,
  CAST(value AS DECIMAL(6, 2)) AS value_decimal,
  reading_id::STRING AS reading_text
FROM readings;

CREATE MATERIALIZED VIEW dice AS
SELECT reading_id, rand() >= 0 AND rand() < 1 AS in_unit_interval, random() < 1 AS below_one FROM readings;

CREATE MATERIALIZED VIEW selected AS
SELECT reading_id FROM readings
WHERE sensor IN ('a', 'b') AND reading_id BETWEEN 1 AND 3 AND sensor != 'c' AND raw <> '';

CREATE MATERIALIZED VIEW sensor_a AS
SELECT reading_id, value FROM readings WHERE sensor == 'a';

CREATE MATERIALIZED VIEW buckets AS
SELECT reading_id, reading_id % 3 AS remainder, reading_id DIV 2 AS half FROM readings;

CREATE MATERIALIZED VIEW null_checks AS
SELECT reading_id, value IS NULL AS no_value, sensor IS NOT NULL AS has_sensor FROM readings;
