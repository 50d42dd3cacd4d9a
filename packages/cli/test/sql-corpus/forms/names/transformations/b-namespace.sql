-- USE NAMESPACE, then schema-qualified names.
USE NAMESPACE corpus;

CREATE MATERIALIZED VIEW corpus.city_countries AS
SELECT DISTINCT country FROM corpus.cities;
