-- Date and time functions, with timestamps cast from JSON strings.
CREATE TEMPORARY VIEW events AS
SELECT event_id, kind, CAST(happened_at AS TIMESTAMP) AS happened_at, CAST(due AS DATE) AS due
FROM json.`${data}/events.json`;

CREATE MATERIALIZED VIEW event_parts AS
SELECT
  event_id,
  happened_at,
  year(happened_at) AS yr,
  month(happened_at) AS mon,
  day(happened_at) AS dom,
  hour(happened_at) AS hr,
  date_trunc('month', happened_at) AS month_start,
  date_trunc('hour', happened_at) AS hour_start,
  to_date(happened_at) AS happened_on,
  year(due) AS due_year,
  day(due) AS due_day
FROM events;

CREATE MATERIALIZED VIEW events_2026 AS
SELECT event_id, kind, due
FROM events
WHERE happened_at >= TIMESTAMP '2026-01-01 00:00:00'
  AND due < DATE '2026-03-15';
