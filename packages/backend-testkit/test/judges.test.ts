import { describe, expect, it } from 'vitest';
import { type Pipeline, type RunEvent, from, pipeline, readFiles } from '@thund/ir';
import { contractViolations, diffRows, valuesEqual } from '../src/index.js';

describe('diffRows (the comparison rules)', () => {
  it('ignores order unless asked, but not multiplicity', () => {
    expect(diffRows([{ a: 1 }, { a: 2 }], [{ a: 2 }, { a: 1 }])).toEqual([]);
    expect(diffRows([{ a: 1 }, { a: 2 }], [{ a: 2 }, { a: 1 }], true)).not.toEqual([]);
    expect(diffRows([{ a: 1 }, { a: 1 }], [{ a: 1 }])).toContain('expected 1 rows, got 2');
  });
  it('reports missing and unexpected rows and columns', () => {
    expect(diffRows([{ a: 1 }], [{ a: 2 }])).toEqual(['missing row {"a":2}', 'unexpected row {"a":1}']);
    expect(diffRows([{ a: 1, b: 2 }], [{ a: 1 }])).not.toEqual([]);
  });
  it('treats floats within 1e-9 relative as equal, bigint as number, Date as ISO, NULL as NULL', () => {
    expect(valuesEqual(0.1 + 0.2, 0.3)).toBe(true);
    expect(valuesEqual(1.0, 1.001)).toBe(false);
    expect(valuesEqual(5n, 5)).toBe(true);
    expect(valuesEqual(new Date('2026-01-01T00:00:00Z'), new Date(Date.UTC(2026, 0, 1)))).toBe(true);
    expect(valuesEqual(null, undefined)).toBe(true);
    expect(valuesEqual(null, 0)).toBe(false);
    expect(valuesEqual('12.50', 12.5)).toBe(true);
  });
});

describe('contractViolations', () => {
  const p: Pipeline = pipeline('p').temporaryView('a', { query: readFiles('json', 'x') }).materializedView('b', { query: from('a') }).build();
  const ev = (name: string, phase: RunEvent['phase']): RunEvent => ({ timestamp: '2026-12-02T10:00:00.000Z', runId: 'r', element: { kind: 'flow', name }, level: 'info', message: `${name} ${phase}`, ...(phase ? { phase } : {}) });
  const ok = { runId: 'r', status: 'completed' as const, durationMs: 1, flows: [{ name: 'a', phase: 'completed' as const }, { name: 'b', phase: 'completed' as const }] };

  it('accepts a well-formed run', () => {
    expect(contractViolations(p, 'r', [ev('a', 'queued'), ev('b', 'queued'), ev('a', 'running'), ev('a', 'completed'), ev('b', 'running'), ev('b', 'completed')], ok)).toEqual([]);
  });
  it('catches phases going backwards, events after the end, missing terminal events and result mismatches', () => {
    const problems = contractViolations(p, 'r', [ev('a', 'running'), ev('a', 'queued'), ev('a', 'completed'), ev('a', undefined), ev('b', 'running')], ok);
    expect(problems).toEqual(expect.arrayContaining([
      'flow a went from running back to queued',
      'flow a emitted "a undefined" after its terminal phase completed',
      'flow b has no terminal event (last: running)',
    ]));
    expect(contractViolations(p, 'r', [ev('a', 'completed'), ev('b', 'failed')], ok)).toContain('flow b ended failed in events but completed in the result');
    expect(contractViolations(p, 'other', [ev('a', 'completed'), ev('b', 'completed')], ok)[0]).toMatch(/run id r, expected other/);
  });
});
