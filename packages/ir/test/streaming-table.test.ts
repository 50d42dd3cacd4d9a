import { describe, expect, it } from 'vitest';
import { col, from, isStreamingTable, pipeline, readFiles, streamingInputs } from '../src/index.js';

describe('isStreamingTable', () => {
  const p = pipeline('s')
    .table('raw')
    .flow('ingest', { kind: 'streaming', target: 'raw', query: readFiles('json', 'in') })
    .flow('backfill', { kind: 'append_once', target: 'raw', query: readFiles('json', 'old.json') })
    .table('snapshot')
    .flow('snap', { target: 'snapshot', query: from('raw') })
    .table('current')
    .flow('apply', { kind: 'cdc', target: 'current', query: from('raw'), cdc: { keys: ['id'], sequenceBy: 'seq', scdType: 1 } })
    .table('mixed')
    .flow('m1', { kind: 'streaming', target: 'mixed', query: readFiles('json', 'more') })
    .flow('m2', { target: 'mixed', query: from('raw').filter(col('id').gt(1)) })
    .materializedView('mv', { query: from('raw') })
    .table('unwritten')
    .build();

  it('is a table written only by streaming and append-once flows', () => {
    expect(isStreamingTable(p, 'raw')).toBe(true);
  });

  it('is not a table a batch flow recomputes, a CDC target, a mixed table, a view, an unwritten or unknown dataset', () => {
    expect(['snapshot', 'current', 'mixed', 'mv', 'unwritten', 'ghost'].map((d) => isStreamingTable(p, d))).toEqual([false, false, false, false, false, false]);
  });
});

describe('streamingInputs', () => {
  const p = pipeline('s')
    .streamingTable('raw', { query: readFiles('json', 'in') })
    .materializedView('dim', { query: readFiles('json', 'dim.json') })
    .streamingTable('joined', { query: readFiles('json', 'more').join(from('dim'), { using: ['k'] }) })
    .streamingTable('chained', { query: from('raw').join(from('dim'), { using: ['k'] }) })
    .build();
  const inputs = (flow: string) => {
    const found = streamingInputs(p, p.flows.find((f) => f.name === flow)!.query);
    return { files: found.files.map((n) => n.path), tables: found.tables.map((n) => n.dataset) };
  };

  it('files are the stream; datasets that are not streaming tables are not streaming inputs', () => {
    expect(inputs('joined')).toEqual({ files: ['more'], tables: [] });
  });

  it('a plan without files has the streaming tables it reads', () => {
    expect(inputs('chained')).toEqual({ files: [], tables: ['raw'] });
  });
});
