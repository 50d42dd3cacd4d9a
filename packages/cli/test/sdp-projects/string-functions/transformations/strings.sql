-- String functions, || and LIKE / NOT LIKE.
CREATE TEMPORARY VIEW people AS SELECT * FROM json.`${data}/people.json`;

CREATE MATERIALIZED VIEW name_parts AS
SELECT
  id,
  trim(first) AS first_name,
  ltrim(first) AS left_trimmed,
  rtrim(first) AS right_trimmed,
  upper(trim(first)) AS shout,
  lower(last) AS quiet,
  length(first) AS raw_length,
  substring(email, 1, 3) AS email_head,
  substring(email, 5) AS email_tail,
  concat(trim(first), ' ', last) AS full_name,
  trim(first) || '.' || coalesce(last, '?') AS dotted,
  replace(email, '@', ' at ') AS spoken_email,
  startswith(email, 'b') AS starts_b
FROM people;

CREATE MATERIALIZED VIEW example_addresses AS
SELECT id, email
FROM people
WHERE email LIKE '%@example.%' OR (email NOT LIKE '%.org' AND last LIKE 'O_N%');
