CREATE MATERIALIZED VIEW clean_shipments AS
SELECT shipment_id, lower(trim(carrier)) AS carrier, weight_kg, country
FROM raw_shipments
WHERE weight_kg IS NOT NULL;
