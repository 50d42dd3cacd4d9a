import { describe, expect, it } from 'vitest';
import { compareRows, valuesEqual } from '../src/index.js';

describe('valuesEqual: the shared value rules', () => {
  it('integers whether bigint or number, NULL = NULL, NaN = NaN, dates by instant, decimals exactly', () => {
    expect(valuesEqual(3n, 3)).toBe(true);
    expect(valuesEqual(null, undefined)).toBe(true);
    expect(valuesEqual(null, 0)).toBe(false);
    expect(valuesEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(valuesEqual(new Date('2026-01-01T00:00:00Z'), new Date(Date.UTC(2026, 0, 1)))).toBe(true);
    expect(valuesEqual('12.50', '12.5')).toBe(false);
  });

  it('floats within a relative 1e-9, not beyond', () => {
    expect(valuesEqual(0.1 + 0.2, 0.3)).toBe(true);
    expect(valuesEqual(1e12, 1e12 + 1e2)).toBe(true);
    expect(valuesEqual(1, 1 + 1e-7)).toBe(false);
  });
});

describe('compareRows', () => {
  it('equal multisets in any order are equal; floats near a rounding edge still match', () => {
    const left = [{ k: 1n, x: 0.1234567895 }, { k: 2n, x: null }, { k: 2n, x: null }];
    const right = [{ k: 2, x: null }, { k: 1, x: 0.12345678949 }, { k: 2, x: null }];
    const result = compareRows(left, right);
    expect(result.equal).toBe(true);
    expect([result.leftRows, result.rightRows]).toEqual([3, 3]);
  });

  it('a duplicate on one side only is one row only there; differing rows are listed, at most `limit`', () => {
    const result = compareRows([{ k: 1 }, { k: 1 }, { k: 2 }, { k: 3 }], [{ k: 1 }, { k: 2 }, { k: 4 }, { k: 5 }], { limit: 1 });
    expect(result.equal).toBe(false);
    expect([result.onlyLeftCount, result.onlyRightCount]).toEqual([2, 2]);
    expect(result.onlyLeft).toHaveLength(1);
    expect(result.onlyRight).toHaveLength(1);
  });

  it('by key: rows whose key matches but values differ are "changed", with both sides', () => {
    const result = compareRows([{ id: 1, v: 'a' }, { id: 2, v: 'b' }, { id: 3, v: 'c' }], [{ id: 1, v: 'a' }, { id: 2, v: 'B' }, { id: 4, v: 'd' }], { keys: ['id'] });
    expect(result.equal).toBe(false);
    expect(result.changed).toEqual([{ key: { id: 2 }, left: { id: 2, v: 'b' }, right: { id: 2, v: 'B' } }]);
    expect([result.onlyLeft, result.onlyRight]).toEqual([[{ id: 3, v: 'c' }], [{ id: 4, v: 'd' }]]);
  });

  it('columns on one side only make the sets differ and are named', () => {
    const result = compareRows([{ a: 1, b: 2 }], [{ a: 1, c: 2 }]);
    expect(result.equal).toBe(false);
    expect([result.leftOnlyColumns, result.rightOnlyColumns]).toEqual([['b'], ['c']]);
  });

  // A complexity guard, not a timing: a quadratic comparison of 200,000 rows would not finish within the test's timeout.
  it('handles big tables: 200,000 rows each side', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ id: BigInt(i), x: i / 7, s: `s${i % 13}` }));
    const shuffled = [...rows].reverse().map((r) => ({ ...r, id: Number(r.id) }));
    expect(compareRows(rows, shuffled).equal).toBe(true);
  }, 60_000);
});
