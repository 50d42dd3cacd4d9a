CREATE MATERIALIZED VIEW silver_trips AS
SELECT trip_id, city_id, CAST(date AS DATE) AS trip_date, round(distance_km, 1) AS distance_km,
  coalesce(fare_amount, 0.0) AS fare
FROM bronze_trips
WHERE trip_id IS NOT NULL;
