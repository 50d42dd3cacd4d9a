import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePipeline, safeParsePipeline, serializePipeline } from '../src/index.js';

const SCHEMA_URL = 'https://example.com/thund/pipeline.schema.json';
const DOCUMENT = {
  $schema: SCHEMA_URL,
  version: 1,
  name: 'with_schema',
  datasets: [{ name: 'out', type: 'materialized_view' }],
  flows: [{ name: 'out', target: 'out', kind: 'batch', query: { kind: 'read_files', format: 'csv', path: 'in.csv' } }],
};

describe('"$schema" at the top of a pipeline document (what editors read for completion)', () => {
  it('is accepted, kept, and written back first', () => {
    const parsed = parsePipeline(JSON.stringify(DOCUMENT));
    expect(parsed.$schema).toBe(SCHEMA_URL);
    const text = serializePipeline(parsed);
    expect(text.split('\n')[1]).toBe(`  "$schema": "${SCHEMA_URL}",`);
    expect(parsePipeline(text)).toEqual(parsed);
  });

  it('must be a string', () => {
    const result = safeParsePipeline({ ...DOCUMENT, $schema: 5 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues.map((i) => [i.code, i.path])).toEqual([['invalid_document', '$.$schema']]);
  });

  it('the published JSON Schema allows it', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schema', 'pipeline.schema.json'), 'utf8'));
    const pipeline = schema.$defs.Pipeline;
    expect(pipeline.properties.$schema).toMatchObject({ type: 'string' });
    expect(pipeline.additionalProperties).toBe(false);
  });
});
