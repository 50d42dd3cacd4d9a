-- String functions, regular expressions and hashes over three people.
CREATE TEMPORARY VIEW people AS
SELECT id, full_name, email, tags, code, note FROM json.`${data}/people.json`;

CREATE MATERIALIZED VIEW cases AS
SELECT id, upper(full_name) AS shouted, lower(email) AS email FROM people;

CREATE MATERIALIZED VIEW name_parts AS
SELECT id, split(full_name, ' ') AS parts, split(full_name, ' ')[1] AS last_name FROM people;

CREATE MATERIALIZED VIEW contacts AS
SELECT id, concat(full_name, ' <', email, '>') AS contact FROM people;

CREATE MATERIALIZED VIEW codes AS
SELECT id, replace(code, '-', '_') AS code, substr(code, 1, 2) AS prefix, substring(code, 4) AS digits FROM people;

CREATE MATERIALIZED VIEW trimmed AS
SELECT id, trim(note) AS note, length(trim(note)) AS note_length FROM people;

CREATE MATERIALIZED VIEW padded AS
SELECT id, lpad(CAST(id AS STRING), 4, '0') AS badge FROM people;

CREATE MATERIALIZED VIEW titled AS
SELECT id, initcap(full_name) AS title, len(full_name) AS name_length, length(tags) AS tags_length FROM people;

CREATE MATERIALIZED VIEW second_tags AS
SELECT id, split_part(tags, ',', 2) AS second_tag FROM people;

CREATE MATERIALIZED VIEW at_signs AS
SELECT id, instr(email, '@') AS at_sign FROM people;

CREATE MATERIALIZED VIEW encoded AS
SELECT id, base64(code) AS code_base64 FROM people;

CREATE MATERIALIZED VIEW masked_codes AS
SELECT id, regexp_replace(code, '[0-9]+', '#') AS masked FROM people;

CREATE MATERIALIZED VIEW email_domains AS
SELECT id, regexp_extract(email, '@(.*)$', 1) AS domain FROM people;

CREATE MATERIALIZED VIEW hashed AS
SELECT id, sha1(full_name) AS name_sha1, sha2(full_name, 256) AS name_sha256 FROM people;

CREATE MATERIALIZED VIEW encrypted AS
SELECT id, base64(aes_encrypt(full_name, '0123456789abcdef', 'ECB')) AS secret_name FROM people;

CREATE MATERIALIZED VIEW exclaimed AS
SELECT id, full_name || "!" AS loud FROM people;

CREATE MATERIALIZED VIEW example_com AS
SELECT id FROM people WHERE email ILIKE '%example.com' OR full_name LIKE 'g%';
