-- read_files with the options pipelines set, on CSV, JSON and Parquet, batch and streaming.
CREATE MATERIALIZED VIEW trips AS
SELECT trip_id, pickup, fare, rider
FROM read_files('${data}/trips', format => 'csv', header => true, inferSchema => true);

CREATE MATERIALIZED VIEW trips_typed AS
SELECT trip_id, fare, rider
FROM read_files('${data}/trips', format => 'csv', header => 'true', inferColumnTypes => true);

CREATE MATERIALIZED VIEW trips_declared AS
SELECT trip_id, pickup, fare
FROM read_files('${data}/trips', format => 'csv', header => true,
  schema => 'trip_id INT, pickup TIMESTAMP, fare DOUBLE, rider STRING');

CREATE MATERIALIZED VIEW trip_fares AS
SELECT trip_id, fare
FROM read_files('${data}/trips', format => 'csv', header => true, schemaHints => 'fare DECIMAL(6,2)');

CREATE MATERIALIZED VIEW drivers AS
SELECT driver_id, name, rating FROM read_files('${data}/drivers.json', format => 'json', multiLine => true);

CREATE MATERIALIZED VIEW zones AS
SELECT zone_id, zone FROM read_files('${data}/zones.parquet', format => 'parquet');

CREATE STREAMING TABLE trip_stream AS
SELECT trip_id, rider
FROM STREAM read_files('${data}/trips', format => 'csv', header => true, maxFilesPerTrigger => 1, useIncrementalListing => 'false');

CREATE STREAMING TABLE clean_readings (
  CONSTRAINT nothing_rescued EXPECT (_rescued_data IS NULL) ON VIOLATION DROP ROW
) AS SELECT sensor, temp, _rescued_data
FROM STREAM read_files('${data}/readings', format => 'json', schemaHints => 'temp DOUBLE', schemaEvolutionMode => 'rescue');

CREATE MATERIALIZED VIEW rescued_readings AS
SELECT sensor, _rescued_data IS NOT NULL AS rescued
FROM read_files('${data}/readings', format => 'json', schemaHints => 'temp DOUBLE', schemaEvolutionMode => 'rescue');

CREATE MATERIALIZED VIEW mixed_readings AS
SELECT sensor, temp FROM read_files('${data}/readings', format => 'json', inferColumnTypes => true);

CREATE MATERIALIZED VIEW trip_files AS
SELECT trip_id, input_file_name() LIKE '%/t1.csv' AS from_first_file
FROM read_files('${data}/trips', format => 'csv', header => true);

CREATE MATERIALIZED VIEW trip_paths AS
SELECT trip_id, _metadata.file_path LIKE '%/t2.csv' AS from_second_file, _metadata.file_name AS name
FROM read_files('${data}/trips', format => 'csv', header => true);
