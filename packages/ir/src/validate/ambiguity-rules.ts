import type { ValidationIssue } from '../errors/validation-error.js';
import { underlyingJoin } from '../infer/plan-schema.js';
import { type Expression, childExpressionsAt } from '../plan/expr/expression.js';
import { walkPlan } from '../plan/plan-walk.js';
import type { JoinNode } from '../plan/rel/join.js';
import { type RelationNode, relationExpressionsAt } from '../plan/rel/relation.js';
import { type Rule, flowRef, issue } from './context.js';

type ColumnsOf = (node: RelationNode) => readonly string[] | undefined;

/**
 * Names that mean two columns: an unqualified column that both sides of a
 * join have (and the join does not merge with USING), named in the join's
 * condition or above the join; and a flow whose output has two columns of
 * one name (a `select *` over a join of tables sharing a column), which no
 * engine can store. Engines refuse both when they run.
 */
export const unambiguousColumns: Rule = ({ pipeline, columnsOf }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const base = ['flows', i, 'query'] as const;
    walkPlan(flow.query, {
      relation(node, path) {
        const join = node.kind === 'join' ? node : 'input' in node ? underlyingJoin(node.input) : undefined;
        const shared = join === undefined ? undefined : sharedColumns(join, columnsOf);
        if (shared === undefined || shared.size === 0 || join === undefined) return;
        for (const child of relationExpressionsAt(node)) {
          eachUnqualifiedColumn(child.node, [...base, ...path, ...child.path], (name, at) => {
            if (!shared.has(name.toLowerCase())) return;
            const sides = [join.leftAlias, join.rightAlias];
            const hint = sides.every((a) => a !== undefined)
              ? `qualify it with a side's alias (col('${name}', '${sides[0]}') or col('${name}', '${sides[1]}'))`
              : `give the join's sides aliases (leftAlias/rightAlias) and qualify it, or join with using: ['${name}']`;
            issues.push(issue('ambiguous_column', at, `flow "${flow.name}": column "${name}" is ambiguous: both sides of the join have it; ${hint}`, flowRef(flow)));
          });
        }
      },
    });
    const output = flow.kind === 'cdc' ? undefined : columnsOf(flow.query);
    const seen = new Set<string>();
    for (const name of output ?? []) {
      const key = name.toLowerCase();
      if (seen.has(key)) {
        issues.push(issue('duplicate_output_column', [...base], `flow "${flow.name}" outputs two columns named "${name}" (${output?.join(', ')}): select the columns you want and rename one (.as(...))`, flowRef(flow)));
      }
      seen.add(key);
    }
  });
  return issues;
};

/** Columns (lower case) both sides of a join have and that it does not merge (USING); `undefined` when a side's columns are not known. */
function sharedColumns(join: JoinNode, columnsOf: ColumnsOf): Set<string> | undefined {
  if (join.type === 'semi' || join.type === 'anti') return new Set();
  const left = columnsOf(join.left);
  const right = columnsOf(join.right);
  if (left === undefined || right === undefined) return undefined;
  const using = new Set((join.using ?? []).map((c) => c.toLowerCase()));
  const rightNames = new Set(right.map((c) => c.toLowerCase()));
  return new Set(left.map((c) => c.toLowerCase()).filter((c) => rightNames.has(c) && !using.has(c)));
}

function eachUnqualifiedColumn(root: Expression, path: readonly PropertyKey[], visit: (name: string, at: readonly PropertyKey[]) => void): void {
  const walk = (node: Expression, at: readonly PropertyKey[]): void => {
    if (node.kind === 'column' && node.relation === undefined) visit(node.name, [...at, 'name']);
    for (const child of childExpressionsAt(node)) walk(child.node, [...at, ...child.path]);
  };
  walk(root, path);
}
