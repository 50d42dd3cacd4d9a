import { describe, expect, it } from 'vitest';
import { ValidationError, parsePipeline, pipeline, readFiles, serializePipeline } from '@thund/ir';

const paced = (maxFilesPerTrigger: number) => ({
  version: 1,
  name: 'paced',
  datasets: [{ name: 'events', type: 'table' }],
  flows: [{ name: 'ingest', target: 'events', kind: 'streaming', query: { kind: 'read_files', format: 'json', path: 'in', maxFilesPerTrigger } }],
});

describe('read_files.maxFilesPerTrigger', () => {
  it('is part of the document: the builder and the JSON form give the same canonical text', () => {
    const built = pipeline('paced').table('events').flow('ingest', { target: 'events', kind: 'streaming', query: readFiles('json', 'in', { maxFilesPerTrigger: 2 }) }).build();
    const parsed = parsePipeline(paced(2));
    expect(parsed.flows[0]?.query).toEqual({ kind: 'read_files', format: 'json', path: 'in', maxFilesPerTrigger: 2 });
    expect(serializePipeline(parsePipeline(built))).toContain('"maxFilesPerTrigger": 2');
  });

  it.each([0, -1, 1.5])('%s is refused with the path of the field', (n) => {
    expect(() => parsePipeline(paced(n))).toThrow(ValidationError);
    try {
      parsePipeline(paced(n));
    } catch (error) {
      expect((error as ValidationError).message).toMatch(/flows\[0\]\.query\.maxFilesPerTrigger|\$\.flows\[0\]\.query\.maxFilesPerTrigger/);
    }
  });
});
