import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError, parsePipeline, serializePipeline } from '../src/index.js';
import { FIXTURE_PIPELINES } from './support/fixture-pipelines.js';
import { fuzzSeeds } from './support/fuzz-seeds.js';

const kinds = ['read', 'read_files', 'filter', 'project', 'aggregate', 'join', 'union', 'sort', 'limit', 'deduplicate', 'window', 'sql',
  'column', 'literal', 'cast', 'binary', 'unary', 'case', 'in', 'call', 'window_call', 'alias', 'star'];
const keys = ['version', 'name', 'datasets', 'flows', 'type', 'kind', 'target', 'query', 'input', 'expr', 'args', 'schema', 'cdc',
  'keys', 'sequenceBy', 'scdType', 'watermark', 'window', 'outputMode', 'trigger', 'expectations', 'predicate', 'action', 'left', 'right',
  'op', 'value', 'columns', 'groupBy', 'aggregates', 'dataset', 'format', 'path', 'inputs', 'count', 'sql', 'dialect', 'reads', '__proto__', 'constructor'];

/** Random JSON biased towards the pipeline vocabulary, so it gets deep into the schema. */
const vocabularyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...kinds, 'table', 'materialized_view', 'sink', 'batch', 'streaming', 'cdc', 'append_once', 'eq', 'gt', 'and', 'sum', 'count', 'warn', 'drop', 'fail', '10s', 'csv'),
    fc.integer({ min: -3, max: 3 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** A valid pipeline with random parts of it replaced. */
const mutatedValid = fc
  .tuple(fc.constantFrom(...Object.values(FIXTURE_PIPELINES)), fc.array(fc.tuple(fc.nat(), vocabularyJson), { maxLength: 3 }))
  .map(([build, mutations]) => {
    const doc = JSON.parse(serializePipeline(build())) as unknown;
    for (const [seed, replacement] of mutations) replaceAt(doc, seed, replacement);
    return doc;
  });

function replaceAt(root: unknown, seed: number, replacement: unknown): void {
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach((child, i) => { slots.push([node, i]); collect(child); });
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) { slots.push([node as Record<string, unknown>, key]); collect(child); }
    }
  };
  collect(root);
  if (slots.length === 0) return;
  const [parent, key] = slots[seed % slots.length] as [Record<string | number, unknown>, string | number];
  parent[key] = replacement;
}

function parsesOrRejectsCleanly(input: unknown): void {
  try {
    const pipeline = parsePipeline(input);
    // Anything accepted must survive a round trip.
    expect(parsePipeline(serializePipeline(pipeline))).toEqual(pipeline);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    expect(error.issues.length).toBeGreaterThan(0);
    for (const issue of error.issues) expect(issue.path.startsWith('$')).toBe(true);
  }
}

describe('the parser never throws anything but ValidationError', () => {
  const seeds = fuzzSeeds();

  it('on random JSON values', () => {
    for (const seed of seeds) fc.assert(fc.property(vocabularyJson, parsesOrRejectsCleanly), { seed, numRuns: 2000 });
  });

  it('on valid pipelines with random parts replaced', () => {
    for (const seed of seeds) fc.assert(fc.property(mutatedValid, parsesOrRejectsCleanly), { seed, numRuns: 2000 });
  });

  it('on random text', () => {
    for (const seed of seeds) fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), parsesOrRejectsCleanly), { seed, numRuns: 1000 });
  });
});
