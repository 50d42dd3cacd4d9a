import type { ValidationIssue } from '../errors/validation-error.js';
import { walkPlan } from '../plan/plan-walk.js';
import { type Rule, flowRef, issue } from './context.js';

/** SQL text without string literals and comments (each replaced by a space), so names inside them are not taken for tables. */
function withoutLiteralsAndComments(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
}

/** The last part of each name that follows FROM or JOIN (`db.orders` → `orders`, quotes removed). */
function tablesNamedIn(sql: string): string[] {
  const names: string[] = [];
  for (const match of withoutLiteralsAndComments(sql).matchAll(/\b(?:from|join)\s+((?:[`"][^`"]+[`"]|[A-Za-z_][\w$]*)(?:\s*\.\s*(?:[`"][^`"]+[`"]|[A-Za-z_][\w$]*))*)/gi)) {
    const last = (match[1] as string).split('.').at(-1)?.trim().replace(/^[`"]|[`"]$/g, '');
    if (last !== undefined && last !== '') names.push(last);
  }
  return names;
}

/**
 * A raw SQL flow's dependencies are its `reads`: a dataset of the pipeline
 * its SQL reads (after FROM or JOIN) but `reads` does not list would run in
 * the wrong order and fail with "table does not exist". Refused, naming the
 * datasets to add. Names that are not datasets of the pipeline (tables
 * outside it, CTE names) are left alone.
 */
export const sqlReadsListed: Rule = ({ pipeline, datasets }) => {
  const issues: ValidationIssue[] = [];
  const byLowerName = new Map([...datasets.keys()].map((name) => [name.toLowerCase(), name]));
  pipeline.flows.forEach((flow, i) => {
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind !== 'sql') return;
        const listed = new Set((flow.reads ?? []).map((r) => r.toLowerCase()));
        const missing = [...new Set(tablesNamedIn(node.sql).map((t) => byLowerName.get(t.toLowerCase())).filter((d) => d !== undefined && !listed.has(d.toLowerCase()) && d !== flow.target))];
        if (missing.length === 0) return;
        const names = missing.map((d) => `"${d}"`).join(', ');
        issues.push(issue(
          'sql_reads_unlisted', ['flows', i, 'query', ...path, 'sql'],
          `flow "${flow.name}": its SQL reads ${names} of this pipeline, which its "reads" does not list, so it could run before ${missing.length === 1 ? 'that dataset is' : 'those datasets are'} written; add ${names} to the flow's "reads" (builder: the reads option of the flow or dataset)`,
          flowRef(flow),
        ));
      },
    });
  });
  return issues;
};

/**
 * SQL text with every quoted part blanked — strings ('…' with '' or \'
 * escapes, E'…', $$…$$ and $tag$…$tag$), quoted identifiers ("…", `…`)
 * and comments — so a semicolon or keyword inside one is not taken for
 * SQL. Where a text is unusual enough to fool this, the backends' own
 * parsers (native: DuckDB's) still refuse several statements.
 */
function withoutQuotedText(sql: string): string {
  return sql.replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$|[Ee]?'(?:[^'\\]|\\.|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
}

/** Words a query may start with, in DuckDB's and Spark's SQL (`FROM t` is DuckDB's FROM-first SELECT). */
const QUERY_STARTS = new Set(['select', 'with', 'from', 'values', 'table', '(']);

/**
 * A raw SQL flow is one query: its rows are the flow's output. Several
 * statements (`…; DROP TABLE t`) or a statement that is not a query
 * (`INSERT`, `CREATE`, `DELETE`, `COPY`, …) would do something other than
 * produce rows — on a table Þund did not create, say — so `check` refuses
 * them. One trailing semicolon is allowed.
 */
export const sqlIsOneQuery: Rule = ({ pipeline }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind !== 'sql') return;
        const text = withoutQuotedText(node.sql).trim().replace(/;\s*$/, '');
        const at = ['flows', i, 'query', ...path, 'sql'];
        const first = /^\(|^[A-Za-z]+/.exec(text)?.[0]?.toLowerCase();
        if (text.includes(';')) {
          issues.push(issue('sql_not_a_query', at, `flow "${flow.name}": its SQL holds several statements; a raw SQL flow is one query (SELECT or WITH …) whose rows the flow writes: keep the query and remove the other statements`, flowRef(flow)));
        } else if (first === undefined || !QUERY_STARTS.has(first)) {
          issues.push(issue('sql_not_a_query', at, `flow "${flow.name}": its SQL is ${first === undefined ? 'empty' : `a ${first.toUpperCase()} statement`}, not a query; a raw SQL flow is one query (SELECT or WITH …) whose rows the flow writes, and Þund writes them to the flow's target itself`, flowRef(flow)));
        }
      },
    });
  });
  return issues;
};
