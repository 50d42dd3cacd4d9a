import { describe, expect, it } from 'vitest';
import { diffRows, valuesEqual } from '../src/index.js';

describe('the comparison rules on lists, structs and maps', () => {
  it('compare element by element with the scalar rules: bigint or number, floats within 1e-9, Dates by instant', () => {
    expect(valuesEqual({ n: 1n, xs: [0.1 + 0.2], at: new Date('2026-03-15T00:00:00Z') }, { n: 1, xs: [0.3], at: new Date('2026-03-15T00:00:00Z') })).toBe(true);
    expect(valuesEqual([['k', 9007199254740993n]], [['k', '9007199254740993']])).toBe(true);
    expect(valuesEqual([1, 2], [2, 1])).toBe(false);
    expect(valuesEqual([1], [1, null])).toBe(false);
    expect(valuesEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
  });

  it('compare struct fields by name, whatever their order (engines infer fields in different orders)', () => {
    expect(valuesEqual({ a: 1, b: { c: 'x', d: null } }, { b: { d: null, c: 'x' }, a: 1 })).toBe(true);
    expect(diffRows([{ s: { a: 1n, b: 2 } }, { s: null }], [{ s: null }, { s: { b: 2, a: 1 } }])).toEqual([]);
  });
});
