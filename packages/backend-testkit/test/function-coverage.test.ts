import { describe, expect, it } from 'vitest';
import { FUNCTION_CATALOG, functionForSparkName, walkPlan } from '@thund/ir';
import { ALL_CASES, type ConformanceCase, catalogSignatures, signaturesOf } from '../src/index.js';

/** The cataloged functions a case's pipeline calls, found by walking every flow's plan. */
function functionsCalled(c: ConformanceCase): Set<string> {
  const called = new Set<string>();
  const built = c.pipeline({ workDir: '/case', path: (relative) => `/case/${relative}` });
  for (const flow of built.flows) {
    walkPlan(flow.query, {
      expression(node) {
        if (node.kind === 'call' || node.kind === 'window_call') called.add(functionForSparkName(node.name) ?? node.name);
      },
    });
  }
  return called;
}

// "Adding a function touches the catalog and its test case" (CONTRIBUTING): every cataloged function is called by a
// conformance case with exact rows, and each is compared with Spark by the function differential, or, where its
// inputs are lists, structs or maps the generator does not make, by conformance cases run on Spark as well.
describe('every cataloged function is tested', () => {
  const called = new Set(ALL_CASES.flatMap((c) => [...functionsCalled(c)]));

  it('is called by a conformance case', () => {
    expect(FUNCTION_CATALOG.map((f) => f.name).filter((name) => !called.has(name))).toEqual([]);
  });

  it('has signatures for the differential at every arity it takes (up to two beyond the fewest), unless only conformance cases cover it', () => {
    const differential = FUNCTION_CATALOG.filter((f) => signaturesOf(f).length > 0);
    for (const f of differential) for (const s of signaturesOf(f)) expect(s.args.length, s.label).toBeGreaterThanOrEqual(f.minArgs);
    expect(catalogSignatures().length).toBeGreaterThanOrEqual(differential.length);
  });
});
