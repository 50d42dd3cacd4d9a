-- Loans: transactions streamed in, historical loans and a reference table read whole.
CREATE STREAMING TABLE raw_txs (
  CONSTRAINT has_amount EXPECT (amount IS NOT NULL)
)
COMMENT "New loan transactions, as they land"
AS SELECT id, loan_id, amount, kind, CAST(txn_date AS DATE) AS txn_date
FROM STREAM read_files('${data}/raw_txs', format => 'json');

CREATE MATERIALIZED VIEW ref_treatments AS
SELECT id, accounting_treatment FROM json.`${data}/ref_treatments.json`;

CREATE MATERIALIZED VIEW historical_loans AS
SELECT loan_id, funded_amnt, paid_amnt, addr_state, CAST(issue_d AS DATE) AS issue_d, treatment_id
FROM read_files('${data}/historical_loans.csv', format => 'csv', header => true, inferColumnTypes => true);
