-- Wind turbine sensors: hourly statistics, status per turbine, a watermarked hourly window.
CREATE STREAMING TABLE sensor_bronze AS
SELECT turbine_id, to_timestamp(ts) AS ts, rpm, temperature, vibration
FROM STREAM read_files('${data}/sensors', format => 'csv', header => true);

CREATE MATERIALIZED VIEW turbines AS
SELECT turbine_id, model, location FROM json.`${data}/turbines.json`;

CREATE MATERIALIZED VIEW sensor_hourly AS
SELECT turbine_id, date_trunc('hour', ts) AS hour, avg(rpm) AS avg_rpm,
  stddev_pop(temperature) AS temperature_spread, percentile_approx(vibration, 0.5) AS median_vibration
FROM sensor_bronze
GROUP BY turbine_id, date_trunc('hour', ts);

CREATE MATERIALIZED VIEW turbine_status AS
SELECT t.turbine_id, t.model, max(s.vibration) AS max_vibration,
  CASE WHEN max(s.vibration) > 1 THEN 'inspect' ELSE 'ok' END AS status
FROM turbines t LEFT JOIN sensor_bronze s ON t.turbine_id = s.turbine_id
GROUP BY t.turbine_id, t.model;

CREATE MATERIALIZED VIEW readings_per_location AS
SELECT location, count(*) AS readings FROM sensor_bronze JOIN turbines USING (turbine_id) GROUP BY location;

CREATE STREAMING TABLE hourly_temperature AS
SELECT window.start AS window_start, window.end AS window_end, turbine_id, avg(temperature) AS avg_temperature
FROM STREAM(sensor_bronze) WATERMARK ts DELAY OF INTERVAL 1 MINUTE
GROUP BY window(ts, '1 hour'), turbine_id;

CREATE MATERIALIZED VIEW rpm_bands AS
SELECT turbine_id, rpm, CASE WHEN rpm >= 1200 THEN 'high' WHEN rpm >= 950 THEN 'mid' ELSE 'low' END AS band
FROM sensor_bronze;

CREATE MATERIALIZED VIEW hottest_readings AS
SELECT turbine_id, ts, rank() OVER (PARTITION BY turbine_id ORDER BY temperature DESC) AS hottest FROM sensor_bronze;
