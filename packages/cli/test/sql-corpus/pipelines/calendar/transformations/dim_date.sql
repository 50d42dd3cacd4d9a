-- A date dimension made from range(), across a new year.
CREATE TEMPORARY VIEW calendar_days AS
SELECT date_add(DATE '2023-12-30', CAST(id AS INT)) AS day FROM range(0, 5);

CREATE MATERIALIZED VIEW dim_date
COMMENT 'one row per day'
AS SELECT
  CAST(date_format(day, 'yyyyMMdd') AS INT) AS date_key,
  day,
  year(day) AS year,
  quarter(day) AS quarter,
  month(day) AS month,
  date_format(day, 'MMMM') AS month_name,
  dayofweek(day) AS day_of_week,
  date_format(day, 'EEEE') AS day_name,
  weekofyear(day) AS week_of_year,
  CASE WHEN dayofweek(day) IN (1, 7) THEN true ELSE false END AS is_weekend
FROM calendar_days;

CREATE MATERIALIZED VIEW day_numbers AS
SELECT row_number() OVER (ORDER BY day) AS day_number, day FROM calendar_days;

CREATE MATERIALIZED VIEW month_starts AS
SELECT DISTINCT date_trunc('month', day) AS month_start FROM calendar_days;

CREATE MATERIALIZED VIEW fiscal_days AS
SELECT day, add_months(day, 6) AS fiscal_day, year(add_months(day, 6)) AS fiscal_year FROM calendar_days;

CREATE MATERIALIZED VIEW days_per_weekday AS
SELECT date_format(day, 'EEEE') AS day_name, count(*) AS days FROM calendar_days GROUP BY 1;

CREATE MATERIALIZED VIEW calendar_span AS
SELECT datediff(max(day), min(day)) AS span_days FROM calendar_days;

CREATE MATERIALIZED VIEW days_of_year AS
SELECT day, dayofyear(day) AS day_of_year FROM calendar_days;
