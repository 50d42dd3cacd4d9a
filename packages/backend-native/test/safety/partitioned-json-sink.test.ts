import { describe, expect, it } from 'vitest';
import { from, pipeline, readFiles } from '@thund/ir';
import { createNativeBackend } from '../../src/index.js';

describe('a sink DuckDB cannot write is refused by check, not failed at run time', () => {
  const withSink = (format: 'json' | 'parquet') =>
    pipeline('p')
      .materializedView('src', { query: readFiles('json', 'in.jsonl') })
      .sink('export', { format, location: 'out/export', partitionColumns: ['k'] })
      .flow('write_export', { target: 'export', kind: 'batch', query: from('src') })
      .build();

  it('a partitioned JSON sink: one violation naming the sink, the columns and the fix', async () => {
    const backend = createNativeBackend({ baseDir: '/tmp/thund-never-used' });
    const report = backend.check(withSink('json'));
    expect(report.ok).toBe(false);
    expect(report.violations.map((v) => [v.element.name, v.value, v.path])).toEqual([['export', 'partitioned_json_sink', '$.datasets[1].partitionColumns']]);
    expect(report.violations[0]?.message).toMatch(/cannot write sink "export" as JSON partitioned by k: .*use format "parquet" or "csv"/);
    expect((await backend.run(withSink('json')).result).error?.code).toBe('THUND_UNSUPPORTED');
    expect(backend.check(withSink('parquet')).ok).toBe(true);
    await backend.close();
  });
});
