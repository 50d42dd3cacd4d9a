import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExecBackend, RunEvent } from '../src/index.js';
import { col, from, pipeline, readFiles } from '../src/index.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const block = /<!-- backend-example:start -->\n```ts\n([\s\S]*?)```\n<!-- backend-example:end -->/.exec(readme)?.[1] ?? '';

describe('the README third-party backend', () => {
  it('is under 40 lines', () => {
    expect(block.split('\n').filter((line) => line.trim() !== '').length).toBeLessThan(40);
  });

  it('compiles against the public API and runs a pipeline', async () => {
    // Written inside the package so `@thund/ir` resolves by self-reference, as it would for a user.
    const dir = join(packageDir, 'test', '.generated');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'readme-backend.ts');
    writeFileSync(file, block);
    const { JsonFilterBackend } = (await import(file)) as { JsonFilterBackend: new () => ExecBackend & { tables: Map<string, unknown[]> } };

    const data = mkdtempSync(join(tmpdir(), 'thund-readme-'));
    writeFileSync(join(data, 'orders.jsonl'), ['{"id":1,"amount":5}', '{"id":2,"amount":50}', '{"id":3,"amount":12}'].join('\n'));
    const p = pipeline('readme')
      .table('orders', { query: readFiles('json', join(data, 'orders.jsonl')) })
      .materializedView('big', { query: from('orders').filter(col('amount').gt(10)) })
      .build();
    const backend = new JsonFilterBackend();
    const handle = backend.run(p);
    const events: RunEvent[] = [];
    for await (const event of handle) events.push(event);
    expect((await handle.result).status).toBe('completed');
    expect(backend.tables.get('big')).toEqual([{ id: 2, amount: 50 }, { id: 3, amount: 12 }]);
    expect(events.filter((e) => e.element.kind === 'flow' && e.phase === 'completed').map((e) => e.details?.rowsWritten)).toEqual([3, 2]);
    // startRun ends the run with its pipeline's terminal event, so the CLI and the viewer see the run end.
    expect(events.at(-1)).toMatchObject({ element: { kind: 'pipeline', name: p.name }, phase: 'completed' });

    // What it cannot do is rejected up front, with every reason.
    const tooMuch = pipeline('x').table('t', { query: readFiles('csv', 'a.csv').limit(1) }).build();
    expect(backend.check(tooMuch).violations.map((v) => v.value).sort()).toEqual(['csv', 'limit']);
    expect((await backend.run(tooMuch).result).error?.code).toBe('THUND_UNSUPPORTED');
  });
});
