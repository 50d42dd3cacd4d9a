import { describe, expect, it } from 'vitest';
import { type Pipeline, col, from, indexPipeline, isStreamingTable, pipeline, pipelinePaths, readFiles } from '../src/index.js';

const p = pipeline('s')
  .table('raw')
  .flow('ingest', { kind: 'streaming', target: 'raw', query: readFiles('json', 'in') })
  .flow('backfill', { kind: 'append_once', target: 'raw', query: readFiles('json', 'old.json') })
  .table('mixed')
  .flow('m1', { kind: 'streaming', target: 'mixed', query: readFiles('json', 'more') })
  .flow('m2', { target: 'mixed', query: from('raw').filter(col('id').gt(1)) })
  .materializedView('mv', { query: from('raw') })
  .table('unwritten')
  .build();

describe('indexPipeline', () => {
  it('knows each dataset by name, its writers in pipeline order, and the streaming tables', () => {
    const index = indexPipeline(p);
    expect([...index.datasets.keys()]).toEqual(['raw', 'mixed', 'mv', 'unwritten']);
    expect(index.writersOf('raw').map((f) => f.name)).toEqual(['ingest', 'backfill']);
    expect(index.writersOf('mixed').map((f) => f.name)).toEqual(['m1', 'm2']);
    expect(index.writersOf('unwritten')).toEqual([]);
    expect(index.writersOf('ghost')).toEqual([]);
    expect([...index.streamingTables]).toEqual(['raw']);
  });

  it('is built once for a frozen pipeline, and again for a mutable one (it may have changed)', () => {
    expect(indexPipeline(p)).toBe(indexPipeline(p));
    const mutable: Pipeline = { ...p, flows: [...p.flows] };
    const first = indexPipeline(mutable);
    expect(indexPipeline(mutable)).not.toBe(first);
    (mutable.flows as Pipeline['flows'][number][]).push({ name: 'm3', target: 'raw', kind: 'batch', query: from('mv').node });
    expect(indexPipeline(mutable).writersOf('raw').map((f) => f.name)).toEqual(['ingest', 'backfill', 'm3']);
    expect(isStreamingTable(mutable, 'raw')).toBe(false);
  });
});

describe('pipelinePaths', () => {
  const rules = { baseDir: '/base', resolve: (base: string, path: string) => (path.startsWith('/') ? path : `${base}/${path}`), defaultStorage: (q: Pipeline) => `/default/${q.name}` };

  it('resolves each path by the backend rule and places the storage root', () => {
    const paths = pipelinePaths(p, rules);
    expect([paths.resolve('in'), paths.resolve('/abs/x')]).toEqual(['/base/in', '/abs/x']);
    expect(paths.storageRoot).toBe('/default/s');
    expect(pipelinePaths({ ...p, storage: 'state' }, rules).storageRoot).toBe('/base/state');
  });

  it('resolves a path once', () => {
    let calls = 0;
    const paths = pipelinePaths(p, { ...rules, resolve: (base, path) => `${base}/${path}#${++calls}` });
    expect([paths.resolve('a'), paths.resolve('a'), paths.resolve('b')]).toEqual(['/base/a#1', '/base/a#1', '/base/b#2']);
  });
});
