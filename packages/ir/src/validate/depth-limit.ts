import { type ValidationIssue, ValidationError } from '../errors/validation-error.js';
import { MAX_PLAN_DEPTH, firstTooDeepPath } from '../plan/plan-depth.js';
import { issue } from './context.js';

/**
 * One `plan_too_deep` issue for each flow that nests plan nodes and
 * expressions deeper than `MAX_PLAN_DEPTH`, at the first too-deep node.
 * Takes the document unchecked (before the schema is applied, which
 * recurses) or an in-memory Pipeline, and never recurses itself; run it
 * before anything that walks a plan.
 */
export function planDepthIssues(document: unknown): ValidationIssue[] {
  const flows = isRecord(document) ? document['flows'] : undefined;
  if (!Array.isArray(flows)) return [];
  const issues: ValidationIssue[] = [];
  flows.forEach((flow: unknown, i) => {
    if (!isRecord(flow)) return;
    // Per field: the flow object itself has a `kind` too, but is not a plan node.
    for (const key of Object.keys(flow)) {
      const path = firstTooDeepPath(flow[key], MAX_PLAN_DEPTH);
      if (path === undefined) continue;
      const name = typeof flow['name'] === 'string' ? flow['name'] : undefined;
      issues.push(issue(
        'plan_too_deep',
        ['flows', i, key, ...path],
        `${name === undefined ? 'this flow' : `flow "${name}"`} nests plan nodes and expressions more than ${MAX_PLAN_DEPTH} deep (the limit, MAX_PLAN_DEPTH): split the query into temporary views, each a dataset the next query reads with from(...), or flatten long chains of expressions (e.g. many .or(...) into one .in(...))`,
        name === undefined ? undefined : { kind: 'flow', name },
      ));
      break;
    }
  });
  return issues;
}

/**
 * Throws the ValidationError of `planDepthIssues`, if any. For code that
 * walks plans recursively and may be handed an unvalidated pipeline
 * (serializing, `checkAgainst`, a backend's `plan`): it fails cleanly
 * instead of overflowing the stack.
 */
export function assertPlanDepth(pipeline: unknown): void {
  const issues = planDepthIssues(pipeline);
  if (issues.length > 0) throw new ValidationError(issues);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
