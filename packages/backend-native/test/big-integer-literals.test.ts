import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Pipeline, ValidationError, col, parsePipeline, pipeline, readFiles } from '@thund/ir';
import { createNativeBackend, tableToRows } from '../src/index.js';

// 2^53 and 2^53 + 1 are one double apart from nothing: compared as doubles, both equal 9007199254740992.
const IDS = ['9007199254740992', '9007199254740993', '9223372036854775807'];

describe('integer literals beyond 2^53 select exactly their rows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thund-native-bigint-'));
  writeFileSync(join(dir, 'ids.csv'), `id\n${IDS.join('\n')}\n`);
  const backend = createNativeBackend({ baseDir: dir });
  afterAll(async () => {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The JSON document of a flow keeping the rows whose id equals `literal` (JSON text). */
  const documentText = (literal: string): string => JSON.stringify({
    version: 1, name: 'big', datasets: [{ name: 'out', type: 'materialized_view' }],
    flows: [{
      name: 'out', target: 'out', kind: 'batch',
      query: {
        kind: 'filter',
        input: { kind: 'read_files', format: 'csv', path: 'ids.csv', schema: [{ name: 'id', type: 'int64' }], options: { header: 'true' } },
        condition: { kind: 'binary', op: 'eq', left: { kind: 'column', name: 'id' }, right: '@' },
      },
    }],
  }).replace('"@"', literal);

  const idsKept = async (p: Pipeline): Promise<string[]> => {
    const result = await backend.run(p).result;
    expect(result.status, JSON.stringify(result.error ?? result.flows)).toBe('completed');
    return tableToRows(await backend.readDataset('out')).map((row) => String(row['id']));
  };

  it('a document holding 9007199254740993 as a string typed int64 keeps that one row', async () => {
    expect(await idsKept(parsePipeline(documentText('{"kind":"literal","value":"9007199254740993","type":"int64"}')))).toEqual(['9007199254740993']);
  });

  it('so does the builder given a bigint, up to the largest int64', async () => {
    const keep = (id: bigint): Pipeline => pipeline('big')
      .materializedView('out', { query: readFiles('csv', 'ids.csv', { schema: [{ name: 'id', type: 'int64' }], options: { header: 'true' } }).filter(col('id').eq(id)) })
      .build();
    expect(await idsKept(keep(9007199254740993n))).toEqual(['9007199254740993']);
    expect(await idsKept(keep(9007199254740992n))).toEqual(['9007199254740992']);
    expect(await idsKept(keep(9223372036854775807n))).toEqual(['9223372036854775807']);
  });

  it('the same integer written as a JSON number is refused before anything runs (it used to match both rows, as a double)', () => {
    expect(() => parsePipeline(documentText('{"kind":"literal","value":9007199254740993}'))).toThrow(ValidationError);
    expect(() => parsePipeline(documentText('{"kind":"literal","value":9007199254740993}'))).toThrow(/inexact_number/);
  });
});
