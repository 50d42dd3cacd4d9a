CREATE MATERIALIZED VIEW historical_summary AS
SELECT addr_state, sum(funded_amnt) AS funded, sum(paid_amnt) AS paid FROM historical_loans GROUP BY addr_state;

CREATE MATERIALIZED VIEW total_loan_balances AS
SELECT addr_state AS location, sum(funded_amnt - paid_amnt) AS balance FROM historical_loans GROUP BY addr_state
UNION ALL
SELECT 'ALL' AS location, sum(funded_amnt - paid_amnt) AS balance FROM historical_loans;

CREATE MATERIALIZED VIEW monthly_payments AS
SELECT month(txn_date) AS month, sum(amount) AS paid FROM raw_txs WHERE kind = 'payment' GROUP BY month(txn_date);

CREATE MATERIALIZED VIEW loan_ages AS
SELECT loan_id, datediff(DATE '2024-03-01', issue_d) AS age_days, add_months(issue_d, 12) AS first_anniversary
FROM historical_loans;

CREATE VIEW state_balances AS
SELECT location, balance FROM total_loan_balances WHERE location <> 'ALL';
