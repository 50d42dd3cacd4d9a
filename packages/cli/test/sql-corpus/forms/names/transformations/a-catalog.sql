-- SET CATALOG and USE DATABASE, then names with all three parts.
SET CATALOG spark_catalog;
USE DATABASE corpus;

CREATE MATERIALIZED VIEW cities AS
SELECT city_id, city, country, population FROM json.`${data}/cities.json`;

CREATE MATERIALIZED VIEW spark_catalog.corpus.city_names AS
SELECT city FROM spark_catalog.corpus.cities;
