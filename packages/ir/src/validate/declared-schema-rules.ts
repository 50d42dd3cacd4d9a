import type { ValidationIssue } from '../errors/validation-error.js';
import { flowOutputSchema } from '../infer/plan-schema.js';
import { type Rule, flowRef, issue } from './context.js';

/**
 * The declared-schema rule, one for every backend: a flow writes exactly
 * its target's declared columns, by name — none missing, none more (the
 * types and NOT NULL are checked when it runs: a produced type must widen
 * to the declared one, and is cast to it). Checked here wherever the flow's
 * output columns follow from the pipeline, so a mismatch is refused before
 * anything runs on any backend. CDC flows are left out: their target's
 * columns are the change spec's business.
 */
export const declaredSchemaColumns: Rule = ({ pipeline, datasets, schemaOf }) => {
  const issues: ValidationIssue[] = [];
  pipeline.flows.forEach((flow, i) => {
    const schema = datasets.get(flow.target)?.schema;
    if (schema === undefined || flow.kind === 'cdc') return;
    const produced = flowOutputSchema(flow, schemaOf)?.map((f) => f.name);
    if (produced === undefined) return;
    const declared = schema.map((f) => f.name);
    const extra = produced.filter((c) => !declared.includes(c));
    const missing = declared.filter((c) => !produced.includes(c));
    const list = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');
    if (extra.length > 0) {
      issues.push(issue('schema_columns', ['flows', i, 'query'], `flow "${flow.name}" produces ${list(extra)}, not in the declared schema of "${flow.target}" (${list(declared)}): add ${extra.length === 1 ? 'it' : 'them'} to the schema or leave ${extra.length === 1 ? 'it' : 'them'} out of the query`, flowRef(flow)));
    }
    if (missing.length > 0) {
      issues.push(issue('schema_columns', ['flows', i, 'query'], `flow "${flow.name}" does not produce ${list(missing)} of the declared schema of "${flow.target}" (it produces ${list(produced)}): produce ${missing.length === 1 ? 'it' : 'them'} (a NULL cast to the type if need be) or remove ${missing.length === 1 ? 'it' : 'them'} from the schema`, flowRef(flow)));
    }
  });
  return issues;
};
