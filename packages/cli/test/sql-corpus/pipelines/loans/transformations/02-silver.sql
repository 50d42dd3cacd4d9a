CREATE STREAMING TABLE new_txs
COMMENT "Transactions with their loan's accounting treatment"
AS SELECT t.id, t.loan_id, t.amount, r.accounting_treatment
FROM STREAM(raw_txs) t
INNER JOIN historical_loans l ON t.loan_id = l.loan_id
INNER JOIN ref_treatments r ON l.treatment_id = r.id;

CREATE STREAMING TABLE cleaned_new_txs (
  CONSTRAINT positive_amount EXPECT (amount > 0) ON VIOLATION DROP ROW,
  CONSTRAINT known_kind EXPECT (kind IN ('payment', 'fee')) ON VIOLATION FAIL UPDATE
)
AS SELECT id, loan_id, amount, kind FROM STREAM(raw_txs);

CREATE STREAMING TABLE quarantined_txs
AS SELECT id, loan_id, amount FROM STREAM(raw_txs) WHERE NOT (amount > 0);
