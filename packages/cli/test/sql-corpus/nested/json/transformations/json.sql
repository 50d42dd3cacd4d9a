-- JSON text inside a string column: paths, typed parsing, and VARIANT (which Þund refuses).
CREATE TEMPORARY VIEW payloads AS
SELECT event_id, payload FROM json.`${data}/payloads.json`;

CREATE MATERIALIZED VIEW json_paths AS
SELECT event_id,
  get_json_object(payload, '$.user.name') AS name,
  get_json_object(payload, '$.total') AS total,
  get_json_object(payload, '$.items[1].sku') AS second_sku
FROM payloads;

CREATE MATERIALIZED VIEW json_objects AS
SELECT event_id, CAST(get_json_object(payload, '$.user.id') AS INT) AS user_id,
  get_json_object(payload, '$.items') AS items, get_json_object(payload, '$.user') AS user
FROM payloads;

CREATE MATERIALIZED VIEW parsed AS
SELECT event_id, from_json(payload, 'user STRUCT<id: INT, name: STRING>, total DOUBLE') AS doc FROM payloads;

CREATE MATERIALIZED VIEW parsed_fields AS
SELECT event_id, doc.user.name AS name, doc.total
FROM (SELECT event_id, from_json(payload, 'user STRUCT<id: INT, name: STRING>, total DOUBLE') AS doc FROM payloads);

CREATE MATERIALIZED VIEW parsed_items AS
SELECT event_id, item.sku
FROM (SELECT event_id, explode(from_json(payload, 'items ARRAY<STRUCT<sku: STRING>>').items) AS item FROM payloads);

CREATE MATERIALIZED VIEW variant_users AS
SELECT event_id, parse_json(payload):user.name::STRING AS name FROM payloads;
