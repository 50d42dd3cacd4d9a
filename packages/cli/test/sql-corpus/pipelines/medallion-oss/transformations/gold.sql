CREATE MATERIALIZED VIEW gold_city_stats AS
SELECT c.city_name, count(*) AS trips, round(avg(t.fare), 2) AS avg_fare, round(sum(t.distance_km), 1) AS km
FROM silver_trips t JOIN bronze_city c ON t.city_id = c.city_id
GROUP BY c.city_name;

CREATE MATERIALIZED VIEW gold_daily AS
SELECT trip_date, date_format(trip_date, 'yyyy-MM') AS trip_month, count(*) AS trips FROM silver_trips GROUP BY ALL;

CREATE MATERIALIZED VIEW gold_ratings AS
SELECT city_id, avg(passenger_rating) AS passenger_rating, avg(driver_rating) AS driver_rating
FROM bronze_trips GROUP BY city_id;

CREATE MATERIALIZED VIEW gold_state_trips AS
SELECT c.state, count(t.trip_id) AS trips
FROM bronze_city c LEFT JOIN silver_trips t ON c.city_id = t.city_id
GROUP BY c.state;
