-- Read first (files sort a_, b_, c_), yet it uses datasets defined in later files.
CREATE MATERIALIZED VIEW carrier_report AS
SELECT carrier, country_name, count(*) AS shipments, sum(weight_kg) AS total_kg
FROM clean_shipments s JOIN countries c ON s.country = c.code
GROUP BY carrier, country_name;
