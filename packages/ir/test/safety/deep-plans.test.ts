import { describe, expect, it } from 'vitest';
import {
  type Expression, type Pipeline, type RelationNode, MAX_PLAN_DEPTH, ValidationError, checkAgainst, col, defineCapabilities, from, lit, parsePipeline,
  pipeline, readFiles, safeParsePipeline, serializePipeline, validatePipeline,
} from '../../src/index.js';

const DEEP = 100_000;

/** `$.flows[0].query` followed by `segment` as many times as it takes to reach the first node past the limit. */
const firstTooDeep = (root: string, segment: string): string => root + segment.repeat(MAX_PLAN_DEPTH);

/** A pipeline document whose one flow filters `depth` times, written as text (JSON.stringify itself would overflow). */
function deepFilterDocument(depth: number): string {
  const open = '{"kind":"filter","input":';
  const close = ',"condition":{"kind":"literal","value":true}}';
  const plan = `${open.repeat(depth)}{"kind":"read","dataset":"src"}${close.repeat(depth)}`;
  return `{"version":1,"name":"deep","datasets":[{"name":"src","type":"temporary_view"},{"name":"out","type":"materialized_view"}],`
    + `"flows":[{"name":"src","target":"src","kind":"batch","query":{"kind":"read_files","format":"csv","path":"in.csv"}},`
    + `{"name":"out","target":"out","kind":"batch","query":${plan}}]}`;
}

/** A document whose filter condition is a `depth`-deep chain of `not`. */
function deepExpressionDocument(depth: number): string {
  const condition = `${'{"kind":"unary","op":"not","expr":'.repeat(depth)}{"kind":"literal","value":true}${'}'.repeat(depth)}`;
  return `{"version":1,"name":"deep","datasets":[{"name":"out","type":"materialized_view"}],`
    + `"flows":[{"name":"out","target":"out","kind":"batch","query":{"kind":"filter","input":{"kind":"read_files","format":"csv","path":"in.csv"},"condition":${condition}}}]}`;
}

/** The same as an in-memory pipeline, built with the builder. */
function deepBuiltPipeline(depth: number): Pipeline {
  let query = from('src');
  for (let i = 0; i < depth; i += 1) query = query.filter(lit(true));
  return pipeline('deep')
    .temporaryView('src', { query: readFiles('csv', 'in.csv') })
    .materializedView('out', { query })
    .build();
}

function expectOneTooDeepIssue(error: ValidationError, path: string): void {
  expect(error.issues).toHaveLength(1);
  const [issue] = error.issues;
  expect(issue?.code).toBe('plan_too_deep');
  expect(issue?.path).toBe(path);
  expect(issue?.message).toContain(`more than ${MAX_PLAN_DEPTH} deep`);
  expect(issue?.message).toContain('split the query into temporary views');
  expect(issue?.element).toEqual({ kind: 'flow', name: 'out' });
}

describe(`plans nested deeper than MAX_PLAN_DEPTH (${MAX_PLAN_DEPTH})`, () => {
  it(`a ${DEEP}-deep plan in a JSON document is a validation error naming the first too-deep node, not a stack overflow`, () => {
    const result = safeParsePipeline(deepFilterDocument(DEEP));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expectOneTooDeepIssue(result.error, firstTooDeep('$.flows[1].query', '.input'));
    expect(() => parsePipeline(deepFilterDocument(DEEP))).toThrow(ValidationError);
  });

  it(`a ${DEEP}-deep expression in a JSON document is reported at its path`, () => {
    const result = safeParsePipeline(deepExpressionDocument(DEEP));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The filter is the first plan node, its condition the second.
    expectOneTooDeepIssue(result.error, `$.flows[0].query.condition${'.expr'.repeat(MAX_PLAN_DEPTH - 1)}`);
  });

  it(`a ${DEEP}-deep in-memory pipeline fails validatePipeline, parsePipeline, serializePipeline and checkAgainst with the same issue`, () => {
    const deep = deepBuiltPipeline(DEEP);
    const path = firstTooDeep('$.flows[1].query', '.input');
    const issues = validatePipeline(deep);
    expect(issues.map((i) => [i.code, i.path])).toEqual([['plan_too_deep', path]]);
    for (const attempt of [() => parsePipeline(deep), () => serializePipeline(deep), () => checkAgainst(deep, defineCapabilities({ name: 'any' }))]) {
      let thrown: unknown;
      try {
        attempt();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ValidationError);
      expectOneTooDeepIssue(thrown as ValidationError, path);
    }
  });

  it('reports a too-deep expectation predicate and a too-deep flow each once', () => {
    let predicate = col('a').isNotNull();
    for (let i = 0; i < DEEP; i += 1) predicate = predicate.not();
    const p = pipeline('deep')
      .materializedView('out', { query: readFiles('csv', 'in.csv'), expectations: [{ name: 'e', predicate: predicate.node, action: 'warn' }] })
      .build();
    expect(validatePipeline(p).map((i) => i.path)).toEqual([`$.flows[0].expectations[0].predicate${'.expr'.repeat(MAX_PLAN_DEPTH)}`]);
  });

  it('stops at a plan that refers back to itself instead of looping', () => {
    const loop: { kind: 'filter'; input: unknown; condition: Expression } = { kind: 'filter', input: undefined, condition: lit(true).node };
    loop.input = loop;
    const query = loop as unknown as RelationNode;
    const p: Pipeline = { version: 1, name: 'loop', datasets: [{ name: 'out', type: 'table' }], flows: [{ name: 'out', target: 'out', kind: 'batch', query }] };
    expect(validatePipeline(p).map((i) => [i.code, i.path])).toEqual([['plan_too_deep', firstTooDeep('$.flows[0].query', '.input')]]);
  });

  it('counts a plan shared many times once per path, without exploring every path (a DAG of 2^300 paths)', () => {
    let query = from('src');
    for (let i = 0; i < 300; i += 1) query = query.union(query);
    const p = pipeline('dag').temporaryView('src', { query: readFiles('csv', 'in.csv') }).materializedView('out', { query }).build();
    expect(validatePipeline(p).map((i) => [i.code, i.path])).toEqual([['plan_too_deep', firstTooDeep('$.flows[1].query', '.inputs[0]')]]);
  });

  it(`accepts a plan exactly ${MAX_PLAN_DEPTH} deep, and it round-trips`, () => {
    // MAX_PLAN_DEPTH - 1 filters over a read: the read (and the last filter's literal) is node number MAX_PLAN_DEPTH.
    const atLimit = deepBuiltPipeline(MAX_PLAN_DEPTH - 1);
    expect(validatePipeline(atLimit)).toEqual([]);
    expect(parsePipeline(serializePipeline(atLimit))).toEqual(atLimit);
    expect(safeParsePipeline(deepFilterDocument(MAX_PLAN_DEPTH - 1)).ok).toBe(true);
    expect(validatePipeline(deepBuiltPipeline(MAX_PLAN_DEPTH)).map((i) => i.code)).toEqual(['plan_too_deep']);
    const over = safeParsePipeline(deepFilterDocument(MAX_PLAN_DEPTH));
    expect(over.ok).toBe(false);
  });
});
