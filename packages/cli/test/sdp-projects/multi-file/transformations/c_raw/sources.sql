CREATE TEMPORARY VIEW raw_shipments AS SELECT * FROM json.`${data}/shipments.json`;

CREATE TEMPORARY VIEW countries AS SELECT * FROM json.`${data}/countries.json`;
