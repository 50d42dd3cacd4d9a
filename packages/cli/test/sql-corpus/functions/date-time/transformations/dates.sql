-- Date and time functions (session time zone UTC), Java datetime patterns included.
CREATE TEMPORARY VIEW events AS
SELECT event_id, CAST(happened AS TIMESTAMP) AS happened, epoch, local, CAST(due AS DATE) AS due
FROM json.`${data}/events.json`;

CREATE MATERIALIZED VIEW event_days AS
SELECT event_id, date(happened) AS day, to_date(local, 'MM-dd-yyyy HH:mm:ss') AS local_day FROM events;

CREATE MATERIALIZED VIEW local_times AS
SELECT event_id, to_timestamp(local, 'MM-dd-yyyy HH:mm:ss') AS local_at FROM events;

CREATE MATERIALIZED VIEW from_epochs AS
SELECT event_id, from_unixtime(epoch) AS at_text, timestamp(from_unixtime(epoch, 'yyyy-MM-dd HH:mm:ss')) AS at FROM events;

CREATE MATERIALIZED VIEW to_epochs AS
SELECT event_id, unix_timestamp(happened) AS seconds FROM events;

CREATE MATERIALIZED VIEW due_dates AS
SELECT event_id, datediff(due, date(happened)) AS days_left, date_add(due, 1) AS day_after, add_months(due, 1) AS month_after
FROM events;

CREATE MATERIALIZED VIEW truncated AS
SELECT event_id, date_trunc('hour', happened) AS hour_start, date_trunc('week', happened) AS week_start, date_trunc('day', happened) AS day_start
FROM events;

CREATE MATERIALIZED VIEW local_hours AS
SELECT event_id, date_trunc('HOUR', to_timestamp(local, 'MM-dd-yyyy HH:mm:ss')) AS local_hour FROM events;

CREATE MATERIALIZED VIEW formatted AS
SELECT event_id, date_format(happened, 'yyyyMMdd') AS ymd, date_format(happened, 'EEEE') AS weekday,
  date_format(happened, 'MMMM') AS month_name, date_format(happened, 'yyyyMM') AS ym
FROM events;

CREATE MATERIALIZED VIEW date_parts AS
SELECT event_id, year(happened) AS y, month(happened) AS m, day(happened) AS d, quarter(happened) AS q,
  dayofweek(happened) AS dow, dayofyear(happened) AS doy, weekofyear(happened) AS woy
FROM events;

CREATE MATERIALIZED VIEW hours_apart AS
SELECT event_id, timestampdiff(HOUR, happened, to_timestamp(local, 'MM-dd-yyyy HH:mm:ss')) AS hours FROM events;

CREATE MATERIALIZED VIEW run_clock AS
SELECT event_id, current_timestamp() > happened AS in_past, now() IS NOT NULL AS has_now,
  current_timestamp >= now() - INTERVAL 1 HOUR AS clock_agrees, current_date() > DATE '2020-01-01' AS after_2020
FROM events;

CREATE MATERIALIZED VIEW shifted AS
SELECT event_id, happened + INTERVAL 1 DAY AS next_day, happened - INTERVAL '2' HOUR AS two_hours_before FROM events;
