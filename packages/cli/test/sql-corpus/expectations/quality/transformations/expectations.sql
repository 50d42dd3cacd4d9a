-- Expectations: warn (keep and count), drop the row, fail the update (here no row fails).
CREATE STREAMING TABLE loans_raw (
  CONSTRAINT has_id EXPECT (loan_id IS NOT NULL)
)
COMMENT "every loan as it lands"
TBLPROPERTIES ("quality" = "bronze")
AS SELECT loan_id, amount, rate, state, status FROM STREAM read_files('${data}/loans', format => 'json');

CREATE STREAMING TABLE loans_valid (
  CONSTRAINT positive_amount EXPECT (amount > 0) ON VIOLATION DROP ROW,
  CONSTRAINT has_id EXPECT (loan_id IS NOT NULL) ON VIOLATION DROP ROW
)
TBLPROPERTIES ("quality" = "silver", "pipelines.autoOptimize.zOrderCols" = "loan_id")
AS SELECT * FROM STREAM(loans_raw);

CREATE MATERIALIZED VIEW loans_rated (
  CONSTRAINT has_rate EXPECT (rate IS NOT NULL) ON VIOLATION DROP ROW
) AS SELECT loan_id, amount, rate FROM loans_valid;

CREATE MATERIALIZED VIEW loan_statuses (
  CONSTRAINT known_status EXPECT (status IN ('current', 'late', 'paid')) ON VIOLATION FAIL UPDATE
) AS SELECT loan_id, status FROM loans_valid;

CREATE MATERIALIZED VIEW loan_amounts (
  loan_id BIGINT NOT NULL,
  amount BIGINT COMMENT 'in dollars',
  CONSTRAINT below_limit EXPECT (amount < 10000)
) AS SELECT loan_id, amount FROM loans_valid;

CREATE MATERIALIZED VIEW loan_states (
  CONSTRAINT us_state EXPECT (state <> 'XX'),
  CONSTRAINT two_letters EXPECT (length(state) = 2) ON VIOLATION DROP ROW
) AS SELECT loan_id, state FROM loans_valid;

CREATE TEMPORARY VIEW late_loans (
  CONSTRAINT is_late EXPECT (status = 'late') ON VIOLATION DROP ROW
) AS SELECT loan_id, status, amount FROM loans_valid;

CREATE MATERIALIZED VIEW late_amounts AS
SELECT sum(amount) AS late_amount FROM late_loans;

CREATE STREAMING TABLE loan_feed_checked (
  CONSTRAINT rate_in_range EXPECT (rate IS NULL OR rate BETWEEN 0 AND 1) ON VIOLATION FAIL UPDATE,
  CONSTRAINT not_texas EXPECT (state != 'TX')
) AS SELECT loan_id, rate, state FROM STREAM(loans_raw);
