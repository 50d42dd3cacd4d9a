-- USE CATALOG, then USE SCHEMA inside it.
USE CATALOG spark_catalog;
USE SCHEMA corpus;

CREATE MATERIALIZED VIEW big_cities AS
SELECT city, population FROM spark_catalog.corpus.cities WHERE population > 1000000;
