-- ORDER BY with directions and NULLS FIRST/LAST picks the rows LIMIT and OFFSET keep.
CREATE TEMPORARY VIEW runners AS SELECT * FROM json.`${data}/runners.json`;

-- The sort key need not be selected.
CREATE MATERIALIZED VIEW podium AS
SELECT bib, upper(name) AS runner
FROM runners
ORDER BY minutes ASC NULLS LAST, bib
LIMIT 3;

CREATE MATERIALIZED VIEW next_three AS
SELECT bib, name, minutes
FROM runners
ORDER BY minutes DESC NULLS FIRST, bib DESC
LIMIT 3 OFFSET 2;

CREATE MATERIALIZED VIEW clubless_first AS
SELECT bib, club
FROM runners
ORDER BY club ASC NULLS FIRST, bib DESC
LIMIT 2;
