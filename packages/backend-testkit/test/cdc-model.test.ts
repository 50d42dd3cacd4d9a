import { describe, expect, it } from 'vitest';
import type { Expression } from '@thund/ir';
import { CDC_CASES, type Row, applyChangesModel, diffRows } from '../src/index.js';

/** Evaluates the predicates the CDC cases use (`column = literal`) on a change row. */
function predicate(expr: Expression | undefined): ((row: Row) => boolean) | undefined {
  if (expr === undefined) return undefined;
  if (expr.kind !== 'binary' || expr.op !== 'eq' || expr.left.kind !== 'column' || expr.right.kind !== 'literal') {
    throw new Error(`the model test evaluates only "column = literal", got ${JSON.stringify(expr)}`);
  }
  const { left, right } = expr;
  return (row) => row[left.name] === right.value;
}

const changesOf = (files: Readonly<Record<string, string | Uint8Array>> | undefined): Row[] =>
  Object.values(files ?? {}).flatMap((content) => String(content).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Row));

// The reference model must agree with every CDC conformance case whose rows are spelled out by hand: it is the
// oracle of the randomized differential, so it is checked against the documented examples first.
describe('the CDC reference model reproduces every CDC conformance case', () => {
  for (const testCase of CDC_CASES) {
    it(testCase.id, () => {
      const p = testCase.pipeline({ workDir: '/w', path: (r) => `/w/${r}` });
      const flow = p.flows[0];
      const spec = flow?.cdc;
      if (flow === undefined || spec === undefined || flow.query.kind !== 'read_files') throw new Error('a CDC case is one cdc flow over read_files');
      const inputColumns = (flow.query.schema ?? []).map((f) => f.name);
      const model = (changes: readonly Row[]) => applyChangesModel(changes, {
        ...spec, isDelete: predicate(spec.deleteWhen), isTruncate: predicate(spec.applyAsTruncates),
      }, inputColumns);
      const first = changesOf(testCase.files);
      expect(diffRows(model(first), testCase.expected['people'] ?? [])).toEqual([]);
      if (testCase.rerun !== undefined) {
        expect(diffRows(model([...first, ...changesOf(testCase.rerun.files)]), testCase.rerun.expected['people'] ?? [])).toEqual([]);
      }
    });
  }
});
