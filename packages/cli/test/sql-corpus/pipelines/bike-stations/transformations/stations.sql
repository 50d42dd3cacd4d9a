-- Bike stations: nested JSON feeds exploded, a change feed of station status kept current.
SET corpus.feed = gbfs;

CREATE OR REFRESH STREAMING TABLE station_info_raw
AS SELECT last_updated, data FROM STREAM read_files('${data}/station_info', format => 'json', inferColumnTypes => 'true');

CREATE OR REFRESH MATERIALIZED VIEW stations
AS SELECT station.station_id, station.name, station.capacity
FROM (SELECT explode(data.stations) AS station FROM station_info_raw);

CREATE OR REFRESH STREAMING TABLE station_status_raw
AS SELECT last_updated, data FROM STREAM read_files('${data}/station_status', format => 'json', inferColumnTypes => 'true');

CREATE OR REFRESH TEMPORARY STREAMING TABLE station_status_exploded
AS SELECT timestamp(from_unixtime(last_updated)) AS updated_at, explode(data.stations) AS s
FROM STREAM(station_status_raw);

CREATE OR REFRESH STREAMING TABLE station_status
AS SELECT updated_at, s.station_id AS station_id, s.num_bikes_available AS bikes, s.num_docks_available AS docks
FROM STREAM(station_status_exploded);

CREATE OR REFRESH STREAMING TABLE current_status;

APPLY CHANGES INTO current_status
FROM STREAM(station_status)
KEYS (station_id)
SEQUENCE BY updated_at
STORED AS SCD TYPE 1;

CREATE OR REFRESH MATERIALIZED VIEW hourly_availability
AS SELECT station_id, date_trunc('hour', updated_at) AS hour, avg(bikes) AS avg_bikes
FROM station_status GROUP BY station_id, date_trunc('hour', updated_at);

CREATE OR REFRESH MATERIALIZED VIEW empty_stations
AS SELECT st.name, s.updated_at FROM station_status s JOIN stations st ON s.station_id = st.station_id WHERE s.bikes = 0;

CREATE OR REFRESH MATERIALIZED VIEW station_numbers
AS SELECT DISTINCT station_id, regexp_extract(station_id, '^([a-z]+)([0-9]+)$', 2) AS station_number FROM station_status;

CREATE OR REFRESH MATERIALIZED VIEW utilization
AS SELECT station_id, round(bikes / (bikes + docks), 2) AS used_share, updated_at FROM current_status;

CREATE OR REFRESH MATERIALIZED VIEW update_offsets
AS SELECT station_id, unix_timestamp(updated_at) - min(unix_timestamp(updated_at)) OVER () AS seconds_since_first
FROM station_status;
