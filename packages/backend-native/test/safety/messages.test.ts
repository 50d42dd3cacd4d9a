import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Field, type Pipeline, type RunEvent, type WindowSpec, col, count, pipeline, readFiles } from '@thund/ir';
import { finish, runToEnd, terminalEvent, useBackends, useTempDirs, writeText } from '../support/helpers.js';

const PEOPLE: readonly Field[] = [{ name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }];

/** The error message of flow `name`'s terminal event. */
function flowError(events: readonly RunEvent[], name: string): string {
  return terminalEvent(events, name)?.details?.error?.message ?? '';
}

describe('messages', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('a changed checkpoint names both RunOptions.fullRefresh and the CLI flag --full-refresh', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n5\n');
    const ids = (minimum: number): Pipeline => pipeline('p', { storage: 'state' }).streamingTable('ids', { query: readFiles('csv', 'in', { schema: [{ name: 'id', type: 'int64' }] }).filter(col('id').gt(minimum)) }).build();
    const b = backend({ baseDir: dir });
    expect((await finish(b.run(ids(0)))).result.status).toBe('completed');
    const message = (await finish(b.run(ids(2)))).result.flows[0]?.error?.message ?? '';
    expect(message).toContain('fullRefresh');
    expect(message).toContain('thund run --full-refresh');
  });

  it('a CSV row with too many columns names the file, the line and the reason, on one line', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'people.csv'), 'id,name\n1,ann\n2,bob,extra\n3,cy\n');
    const { events } = await runToEnd(backend({ baseDir: dir }), pipeline('p').materializedView('people', { query: readFiles('csv', 'people.csv', { schema: PEOPLE }) }).build());
    const message = flowError(events, 'people');
    expect(terminalEvent(events, 'people')?.details?.error?.code).toBe('THUND_SOURCE');
    expect(message).toContain(`"${join(dir, 'people.csv')}"`);
    expect(message).toContain('Line: 3');
    expect(message).toContain('it has 3 columns');
    expect(message).toContain('has 2');
    expect(message).not.toContain('automatically detect');
    expect(message).toContain('fix the file');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('a CSV value of the wrong type names the file, the line, the column and the type', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'people.csv'), 'id,name\n1,ann\nthree,cy\n');
    const { events } = await runToEnd(backend({ baseDir: dir }), pipeline('p').materializedView('people', { query: readFiles('csv', 'people.csv', { schema: PEOPLE }) }).build());
    const message = flowError(events, 'people');
    expect(message).toContain(`"${join(dir, 'people.csv')}"`);
    expect(message).toContain('Line: 3');
    expect(message).toContain('column "id": "three" is not a BIGINT');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('a CSV file without a declared schema that does not parse names the file and how to fix it', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'people.csv'), 'id,name,v\n1,a,2\n2,b,3,4\n3,c,5\n');
    const { events } = await runToEnd(backend({ baseDir: dir }), pipeline('p').materializedView('people', { query: readFiles('csv', 'people.csv') }).build());
    const message = flowError(events, 'people');
    expect(message).toContain(`cannot read CSV file "${join(dir, 'people.csv')}"`);
    expect(message).toContain('declare its columns');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('a missing input file or directory names the path and how to fix it, batch and streaming', async () => {
    const dir = await tempDir();
    const batch = await runToEnd(backend({ baseDir: dir }), pipeline('p').materializedView('people', { query: readFiles('csv', 'no/such.csv', { schema: PEOPLE }) }).build());
    const message = flowError(batch.events, 'people');
    expect(message).toContain(`"${join(dir, 'no/such.csv')}" does not exist`);
    expect(message).toContain('fix the read_files path');

    const streaming = pipeline('s', { storage: 'state' }).streamingTable('people', { query: readFiles('csv', 'no/dir/*.csv', { schema: PEOPLE }) }).build();
    const { result, events } = await runToEnd(backend({ baseDir: dir }), streaming);
    expect(result.flows[0]?.error?.code).toBe('THUND_SOURCE');
    const missing = flowError(events, 'people');
    expect(missing).toContain(`"${join(dir, 'no/dir')}" does not exist`);
    expect(missing).toContain('create it before the run');
    expect(missing.split('\n')).toHaveLength(1);
  });

  it('a row without event time is late in hopping windows as in tumbling ones', async () => {
    const late = async (window: WindowSpec): Promise<unknown> => {
      const dir = await tempDir();
      await writeText(join(dir, 'in/1.json'), '{"ts":"2024-01-01T00:00:10","k":"a"}\n{"ts":null,"k":"a"}\n{"ts":"2024-01-01T00:00:20","k":"b"}\n');
      const p = pipeline('w', { storage: 'state' })
        .streamingTable('counts', {
          query: readFiles('json', 'in', { schema: [{ name: 'ts', type: 'timestamp' }, { name: 'k', type: 'utf8' }] }).groupBy('k').agg(count().as('n')),
          watermark: { column: 'ts', delay: '5s' },
          window,
        })
        .build();
      const { result, events } = await finish(backend({ baseDir: dir }).run(p));
      expect(result.status).toBe('completed');
      return terminalEvent(events, 'counts')?.details?.lateRows;
    };
    expect(await late({ kind: 'tumbling', size: '1m' })).toBe(1);
    expect(await late({ kind: 'hopping', size: '1m', slide: '30s' })).toBe(1);
  });
});
