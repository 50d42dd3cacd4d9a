-- CASE in both forms, coalesce, nullif, IN / NOT IN, BETWEEN, IS [NOT] NULL.
CREATE TEMPORARY VIEW tickets AS SELECT * FROM json.`${data}/tickets.json`;

CREATE MATERIALIZED VIEW ticket_labels AS
SELECT
  ticket_id,
  CASE status WHEN 'open' THEN 'O' WHEN 'closed' THEN 'C' ELSE '?' END AS status_code,
  CASE
    WHEN priority IS NULL THEN 'unknown'
    WHEN priority <= 1 THEN 'urgent'
    WHEN priority BETWEEN 2 AND 3 THEN 'normal'
    ELSE 'low'
  END AS urgency,
  coalesce(nullif(owner, ''), 'nobody') AS assignee,
  owner IS NOT NULL AS has_owner_field,
  status IN ('open', 'pending') AS active
FROM tickets;

CREATE MATERIALIZED VIEW real_tickets AS
SELECT ticket_id, status, score
FROM tickets
WHERE status NOT IN ('spam') AND score NOT BETWEEN 50 AND 60 AND (owner IS NULL OR priority IN (1, 2, 3));
