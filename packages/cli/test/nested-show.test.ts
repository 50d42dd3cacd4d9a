import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatasetRows } from '@thund/ir';
import { rowsAsCsv, rowsAsJsonLines } from '../src/format-rows.js';
import { renderTable } from '../src/render-table.js';
import { thund } from './support/run-thund.js';

const EVENT = {
  type: 'struct',
  fields: [
    { name: 'n', type: 'int64' },
    { name: 'day', type: 'date32' },
    { name: 'price', type: { type: 'decimal', precision: 10, scale: 2 } },
    { name: 'tags', type: { type: 'list', element: 'utf8' } },
  ],
} as const;

const ROWS: DatasetRows = {
  columns: ['e', 'm', 'ids'],
  fields: [
    { name: 'e', type: EVENT, nullable: true, engineType: 'Struct<…>' },
    { name: 'm', type: { type: 'map', key: 'int32', value: 'utf8' }, nullable: true, engineType: 'Map<…>' },
    { name: 'ids', type: { type: 'list', element: 'int64' }, nullable: true, engineType: 'List<Int64>' },
  ],
  rows: [
    { e: { n: 9007199254740993n, day: new Date('2026-03-15T00:00:00Z'), price: '12.50', tags: ['a, "b"', null] }, m: [[1, 'x'], [2, null]], ids: [1n, 2n] },
    { e: null, m: [], ids: null },
  ],
  totalRows: 2,
};

const E_JSON = '{"n":"9007199254740993","day":"2026-03-15","price":"12.50","tags":["a, \\"b\\"",null]}';

describe('thund show renders lists, structs and maps as JSON in every format', () => {
  it('JSON Lines: arrays and objects (a map keyed by its keys\' text), integers exact, dates as days', () => {
    expect(rowsAsJsonLines(ROWS)).toBe(`{"e":${E_JSON},"m":{"1":"x","2":null},"ids":[1,2]}\n{"e":null,"m":{},"ids":null}\n`);
  });

  it('CSV: the JSON text, quoted as RFC 4180 quotes a field', () => {
    expect(rowsAsCsv(ROWS)).toBe(`e,m,ids\n"${E_JSON.replaceAll('"', '""')}","{""1"":""x"",""2"":null}","[1,2]"\n,{},\n`);
  });

  it('a table: the JSON text in the cell, NULL for a NULL value', () => {
    const lines = renderTable('events', ROWS).split('\n');
    expect(lines[3]).toBe(`${E_JSON} │ {"1":"x","2":null} │ [1,2]`);
    expect(lines[4]).toMatch(/^NULL +│ \{\} +│ NULL$/);
  });

  it('end to end on native: a nested JSON source run, then shown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thund-nested-show-'));
    writeFileSync(join(dir, 'events.jsonl'), `${JSON.stringify({ id: 1, user: { name: 'ada' }, tags: ['a', 'b'], scores: { math: 90 } })}\n`);
    writeFileSync(join(dir, 'pipeline.json'), JSON.stringify({
      version: 1, name: 'nested_show',
      datasets: [{ name: 'events', type: 'materialized_view' }],
      flows: [{
        name: 'events', target: 'events', kind: 'batch',
        query: {
          kind: 'read_files', format: 'json', path: 'events.jsonl', schema: [
            { name: 'id', type: 'int64' },
            { name: 'user', type: { type: 'struct', fields: [{ name: 'name', type: 'utf8' }] } },
            { name: 'tags', type: { type: 'list', element: 'utf8' } },
            { name: 'scores', type: { type: 'map', key: 'utf8', value: 'int64' } },
          ],
        },
      }],
    }));
    expect((await thund(dir, 'run', 'pipeline.json')).code).toBe(0);
    const shown = await thund(dir, 'show', 'pipeline.json', 'events', '--format', 'json');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toBe('{"id":1,"user":{"name":"ada"},"tags":["a","b"],"scores":{"math":90}}\n');
  });
});
