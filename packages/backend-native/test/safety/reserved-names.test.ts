import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Field, pipeline, readFiles, validatePipeline } from '@thund/ir';
import { finish, useBackends, useTempDirs, writeText } from '../support/helpers.js';

const SCHEMA: readonly Field[] = [{ name: 'id', type: 'int64' }];

describe('reserved names', () => {
  const tempDir = useTempDirs();
  const backend = useBackends();

  it('a database named __thund (the checkpoint schema) is refused before anything runs', async () => {
    const dir = await tempDir();
    await writeText(join(dir, 'in/1.csv'), 'id\n1\n');
    // Before: the dataset files_seen collided with the checkpoint table __thund.files_seen.
    const p = pipeline('p', { storage: 'state', database: '__thund' }).streamingTable('files_seen', { query: readFiles('csv', 'in', { schema: SCHEMA }) }).build();
    const { result } = await finish(backend({ baseDir: dir }).run(p));
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('THUND_VALIDATION');
    expect(result.error?.message).toContain('database "__thund" cannot be used');
    expect(result.error?.message).toContain('reserved');
  });

  it('datasets and databases starting with __thund, in any letter case, are validation errors; files_seen elsewhere is fine', () => {
    const p = pipeline('p', { database: '__THUND_outputs' })
      .streamingTable('__thund', { query: readFiles('csv', 'in', { schema: SCHEMA }) })
      .streamingTable('__Thund_staged_t', { query: readFiles('csv', 'in', { schema: SCHEMA }) })
      .build();
    const issues = validatePipeline(p).filter((i) => i.code === 'reserved_name');
    expect(issues.map((i) => i.path)).toEqual(['$.database', '$.datasets[0].name', '$.datasets[1].name']);
    expect(issues[1]?.message).toContain('dataset "__thund" cannot be named so');
    expect(issues[1]?.message).toContain('rename the dataset');
    const fine = pipeline('p').streamingTable('files_seen', { query: readFiles('csv', 'in', { schema: SCHEMA }) }).table('epochs', { query: readFiles('csv', 'in') }).build();
    expect(validatePipeline(fine)).toEqual([]);
  });
});
