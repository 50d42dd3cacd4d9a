import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PipelineSchema } from '../src/index.js';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema', 'pipeline.schema.json');

describe('the shipped JSON Schema', () => {
  it('is generated from the zod schema (run `pnpm --filter @thund/ir generate` after changing it)', () => {
    const shipped = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const fresh = z.toJSONSchema(PipelineSchema, { target: 'draft-2020-12', io: 'input' });
    const { $id, ...rest } = shipped;
    expect($id).toBe('urn:thund:schema:pipeline:1');
    expect(rest).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('describes every relation and expression kind', () => {
    const text = readFileSync(file, 'utf8');
    for (const kind of ['read_files', 'window_call', 'deduplicate', 'processing_time', 'session']) expect(text).toContain(`"${kind}"`);
  });
});
