import { describe, expect, it } from 'vitest';
import { type Pipeline, type Violation, from, outputLocationViolations, pipeline, readFiles } from '../../src/index.js';

const BASE = '/work/project';
const context = { backend: 'test', baseDir: BASE, storage: '.thund/shop', home: '/home/ann' };

/** A pipeline reading `in/orders/*.csv` and writing one sink at `location` (and `out/other` beside it). */
function withSink(location: string, other = 'out/other'): Pipeline {
  return pipeline('shop')
    .materializedView('orders', { query: readFiles('csv', 'in/orders/*.csv') })
    .sink('export', { format: 'csv', location, partitionColumns: ['day'] })
    .flow('export_orders', { target: 'export', query: from('orders') })
    .sink('other', { format: 'csv', location: other })
    .flow('export_other', { target: 'other', query: from('orders') })
    .build();
}

function exportViolation(location: string): Violation | undefined {
  return outputLocationViolations(withSink(location), context).find((v) => v.element.name === 'export');
}

describe('outputLocationViolations', () => {
  it('accepts a location inside the base directory that holds nothing else', () => {
    expect(outputLocationViolations(withSink('out/export'), context)).toEqual([]);
    expect(outputLocationViolations(withSink('/data/exports/shop'), context)).toEqual([]);
    expect(outputLocationViolations(withSink('s3://bucket/exports'), context)).toEqual([]);
  });

  it.each([
    ['.', 'is the pipeline\'s base directory /work/project'],
    ['./', 'is the pipeline\'s base directory /work/project'],
    ['..', 'contains the pipeline\'s base directory /work/project'],
    ['../victim', 'is outside the base directory /work/project'],
    ['out/../../victim', 'is outside the base directory /work/project'],
    ['/', 'is a filesystem root'],
    ['/home', 'contains the home directory /home/ann'],
    ['/home/ann', 'is the home directory /home/ann'],
    ['.thund', 'contains the storage root /work/project/.thund/shop'],
    ['.thund/shop', 'is the storage root /work/project/.thund/shop'],
    ['in', 'contains the input "in/orders/*.csv" of flow "orders" (/work/project/in/orders)'],
    ['in/orders', 'is the input "in/orders/*.csv" of flow "orders" (/work/project/in/orders)'],
    ['out', 'contains the location of sink "other" (/work/project/out/other)'],
    ['out/other', 'is the location of sink "other" (/work/project/out/other)'],
  ])('refuses sink location %j: it %s', (location, reason) => {
    const violation = exportViolation(location);
    expect(violation).toBeDefined();
    expect(violation?.feature).toBe('output_location');
    expect(violation?.path).toBe('$.datasets[1].location');
    expect(violation?.message).toContain(reason);
    expect(violation?.message).toContain('choose a location inside /work/project that is not the base directory itself, the storage root, an input, or another sink\'s location');
  });

  it('names the dataset and the resolved path', () => {
    const violation = exportViolation('../victim');
    expect(violation).toMatchObject({ backend: 'test', element: { kind: 'dataset', name: 'export' }, value: '/work/victim' });
    expect(violation?.message).toMatch(/^sink "export" would write to \/work\/victim \("\.\.\/victim"\)/);
  });

  it('lists every conflict of one sink in one violation', () => {
    const violations = outputLocationViolations(withSink('/'), context).filter((v) => v.element.name === 'export');
    expect(violations).toHaveLength(1);
    for (const reason of ['filesystem root', 'base directory', 'storage root', 'home directory', 'input', 'sink "other"']) {
      expect(violations[0]?.message).toContain(reason);
    }
  });

  it('reports both sinks when they share a location, and only the outer one when nested', () => {
    expect(outputLocationViolations(withSink('out/same', 'out/same'), context).map((v) => v.element.name)).toEqual(['export', 'other']);
    expect(outputLocationViolations(withSink('out', 'out/inner'), context).map((v) => v.element.name)).toEqual(['export']);
  });

  it('resolves an absolute storage root and Windows paths', () => {
    const abs = outputLocationViolations(withSink('/var/state/x'), { ...context, storage: '/var/state/x/shop' });
    expect(abs[0]?.message).toContain('contains the storage root /var/state/x/shop');
    const win = outputLocationViolations(withSink('..\\Victim'), { backend: 'test', baseDir: 'C:\\work\\project', storage: '.thund' });
    expect(win[0]?.value).toBe('C:/work/Victim');
    const winBase = outputLocationViolations(withSink('c:\\WORK'), { backend: 'test', baseDir: 'C:\\work\\project', storage: '.thund' });
    expect(winBase[0]?.message).toContain('contains the pipeline\'s base directory C:/work/project');
  });
});

describe('outputLocationViolations: a sink its own input would read back', () => {
  /** One flow reading `input`, one sink at `location` written by a batch flow (partitioned: a directory of files). */
  function reading(input: string, location: string, partitioned = false): Violation[] {
    const p = pipeline('shop')
      .materializedView('orders', { query: readFiles('csv', input) })
      .sink('export', { format: 'csv', location, ...(partitioned ? { partitionColumns: ['day'] } : {}) })
      .flow('export_orders', { target: 'export', query: from('orders') })
      .build();
    return outputLocationViolations(p, context);
  }

  it.each([
    ['in/*.csv', 'in/out.csv', false],
    ['in/', 'in/out.csv', false],
    ['in', 'in/sub/out.csv', false],
    ['*.csv', 'out.csv', false],
    ['data/**/*.json', 'data/2026/out.json', false],
    ['data/**/*.json', 'data/out', true],
    ['logs/{a,b}/*.csv', 'logs/a/x.csv', false],
    ['logs/[ab]/*.csv', 'logs/b/x.csv', false],
    ['in/*/*.csv', 'in/exports', true],
  ])('refuses input %j with sink %j (partitioned: %s): each run would read what the last one wrote', (input, location, partitioned) => {
    const violations = reading(input, location, partitioned);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.message).toContain(`is read by the input "${input}" of flow "orders"`);
    expect(violations[0]?.message).toContain('so each run would read what the last one wrote as new input');
  });

  it.each([
    ['in/*.csv', 'in/out.parquet', false],
    ['in/*.csv', 'in/sub/out.csv', false],
    ['*.csv', 'out/x.csv', false],
    ['data/orders.csv', 'data/out.csv', false],
    ['logs/{a,b}/*.csv', 'logs/c/x.csv', false],
    ['in/*.csv', 'out', true],
  ])('accepts input %j with sink %j (partitioned: %s): no file it writes matches', (input, location, partitioned) => {
    expect(reading(input, location, partitioned)).toEqual([]);
  });
});
