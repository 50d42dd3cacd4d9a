-- Taxi trips from Parquet: cleaned by an expectation, then durations, fares per day and hour.
CREATE OR REFRESH STREAMING TABLE taxi_raw AS
SELECT trip_id, pickup, dropoff, distance, fare, pickup_zip, dropoff_zip, passenger_count
FROM STREAM read_files('${data}/trips', format => 'parquet');

CREATE OR REFRESH STREAMING TABLE taxi_clean (
  CONSTRAINT positive_distance EXPECT (distance > 0) ON VIOLATION DROP ROW
) AS SELECT trip_id, pickup, dropoff, distance, fare, pickup_zip, dropoff_zip, coalesce(passenger_count, 1) AS passengers
FROM STREAM(taxi_raw);

CREATE OR REFRESH MATERIALIZED VIEW trip_speeds AS
SELECT trip_id, timestampdiff(MINUTE, pickup, dropoff) AS minutes,
  round(distance / (timestampdiff(MINUTE, pickup, dropoff) / 60.0), 1) AS mph
FROM taxi_clean;

CREATE OR REFRESH MATERIALIZED VIEW daily_fares AS
SELECT date(pickup) AS day, count(*) AS trips, sum(fare) AS fares, round(avg(fare), 2) AS avg_fare
FROM taxi_clean GROUP BY date(pickup);

CREATE OR REFRESH MATERIALIZED VIEW hourly_trips AS
SELECT date_trunc('HOUR', pickup) AS hour, count(*) AS trips FROM taxi_clean GROUP BY 1;

CREATE OR REFRESH MATERIALIZED VIEW zip_pairs AS
SELECT pickup_zip, dropoff_zip, count(*) AS trips FROM taxi_clean
GROUP BY pickup_zip, dropoff_zip HAVING count(*) >= 1 ORDER BY trips DESC;

CREATE OR REFRESH MATERIALIZED VIEW fare_bands AS
SELECT trip_id, CASE WHEN fare < 10 THEN 'short' WHEN fare < 30 THEN 'medium' ELSE 'long' END AS band FROM taxi_clean;

CREATE OR REFRESH MATERIALIZED VIEW overnight_trips AS
SELECT trip_id FROM taxi_clean WHERE date(pickup) != date(dropoff);
