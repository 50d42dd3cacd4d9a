import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type Field, count, from, parsePipeline, pipeline, readFiles, serializePipeline } from '@thund/ir';
import { compileFlowQuery } from '../src/compile/flow-plan.js';
import { finish, useBackends, useTempDirs, writeText } from './support/helpers.js';

// Every compilation of a flow's query goes through compileFlowQuery: counting its calls per flow counts compilations.
vi.mock('../src/compile/flow-plan.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/compile/flow-plan.js')>();
  return { ...original, compileFlowQuery: vi.fn(original.compileFlowQuery) };
});
const compilations = vi.mocked(compileFlowQuery);

const SCHEMA: readonly Field[] = [{ name: 'k', type: 'utf8' }, { name: 'v', type: 'int64' }];

describe('a native run compiles each flow once', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('batch, streaming and append-once flows: one compilation each per run, and the rows are right', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/0.csv'), 'k,v\na,1\nb,2\n');
    await writeText(join(dir, 'old/0.csv'), 'k,v\nz,9\n');
    // As `thund run` gets it: a parsed document (validated once, frozen).
    const p = parsePipeline(serializePipeline(pipeline('once', { storage: 'state' })
      .temporaryView('src', { query: readFiles('csv', 'in', { schema: SCHEMA }) })
      .materializedView('per_key', { query: from('src').groupBy('k').agg(count().as('n')) })
      .streamingTable('events', { query: readFiles('csv', 'in', { schema: SCHEMA }) })
      .flow('backfill', { kind: 'append_once', target: 'events', query: readFiles('csv', 'old', { schema: SCHEMA }) })
      .build()));
    compilations.mockClear();
    const b = backend({ baseDir: dir });
    const { result } = await finish(b.run(p));
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
    const perFlow = new Map<string, number>();
    for (const [flow] of compilations.mock.calls) perFlow.set(flow.name, (perFlow.get(flow.name) ?? 0) + 1);
    expect(Object.fromEntries(perFlow)).toEqual(Object.fromEntries(p.flows.map((f) => [f.name, 1])));
    expect((await b.readRows('events')).rows.map((r) => r['k']).sort()).toEqual(['a', 'b', 'z']);
    expect((await b.readRows('per_key')).rows.map((r) => [r['k'], r['n']]).sort()).toEqual([['a', 1n], ['b', 1n]]);
  });
});
