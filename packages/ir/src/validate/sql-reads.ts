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
