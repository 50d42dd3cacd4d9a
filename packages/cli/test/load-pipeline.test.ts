import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ThundError, ValidationError, parsePipeline } from '@thund/ir';
import { loadPipeline } from '../src/index.js';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples');

describe('loadPipeline', () => {
  it('loads a JSON document and a TS module to the same pipeline', async () => {
    const json = await loadPipeline('orders/pipeline.json', examples);
    const module = await loadPipeline('orders/pipeline.ts', examples);
    expect(module).toEqual(json);
    expect(json).toEqual(parsePipeline(json));
  });

  it('reports a missing file as THUND_SOURCE naming the path', async () => {
    await expect(loadPipeline('nope.json', examples)).rejects.toThrow(/cannot read pipeline file .*nope\.json: ENOENT/);
  });

  it('validates module pipelines like JSON ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-cli-'));
    writeFileSync(join(dir, 'bad.mjs'), "export default { version: 1, name: 'x', datasets: [], flows: [{ name: 'f', target: 'nowhere', kind: 'batch', query: { kind: 'read', dataset: 'y' } }] };");
    await expect(loadPipeline('bad.mjs', dir)).rejects.toBeInstanceOf(ValidationError);
    writeFileSync(join(dir, 'empty.mjs'), 'export const other = 1;');
    await expect(loadPipeline('empty.mjs', dir)).rejects.toThrow(/exports no pipeline/);
    writeFileSync(join(dir, 'broken.ts'), 'export default (;');
    const error = await loadPipeline('broken.ts', dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThundError);
    expect((error as ThundError).code).toBe('THUND_SOURCE');
  });
});
