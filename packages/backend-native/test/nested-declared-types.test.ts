import { describe, expect, it } from 'vitest';
import { readDuckDBType } from '../src/compile/duckdb-type-tree.js';
import { duckdbType, isCompatibleType } from '../src/compile/duckdb-types.js';

describe('declared nested columns against DuckDB result types', () => {
  it('read DESCRIBE\'s spelling (names bare or quoted) the same as duckdbType\'s', () => {
    const declared = duckdbType({ type: 'struct', fields: [{ name: 'city', type: 'utf8' }, { name: 'odd "name"', type: { type: 'list', element: 'int32' } }] });
    expect(declared).toBe('STRUCT("city" VARCHAR, "odd ""name""" INTEGER[])');
    expect(readDuckDBType('STRUCT(city VARCHAR, "odd ""name""" INTEGER[])')).toEqual(readDuckDBType(declared));
    expect(readDuckDBType('MAP(VARCHAR, DECIMAL(10, 2))[]')).toEqual({ kind: 'list', element: { kind: 'map', key: { kind: 'plain', name: 'VARCHAR' }, value: { kind: 'plain', name: 'DECIMAL(10,2)' } } });
  });

  it('accept the same type and widenings inside, refuse other shapes, names and narrowings', () => {
    expect(isCompatibleType('STRUCT(city VARCHAR, zip VARCHAR)', 'STRUCT("city" VARCHAR, "zip" VARCHAR)')).toBe(true);
    expect(isCompatibleType('STRUCT(n INTEGER)[]', 'STRUCT("n" BIGINT)[]')).toBe(true);
    expect(isCompatibleType('MAP(VARCHAR, INTEGER)', 'MAP(VARCHAR, DOUBLE)')).toBe(true);
    expect(isCompatibleType('STRUCT(n BIGINT)', 'STRUCT("n" INTEGER)')).toBe(false);
    expect(isCompatibleType('STRUCT(a VARCHAR)', 'STRUCT("b" VARCHAR)')).toBe(false);
    expect(isCompatibleType('MAP(INTEGER, INTEGER)', 'MAP(BIGINT, INTEGER)')).toBe(false);
    expect(isCompatibleType('VARCHAR[]', 'VARCHAR')).toBe(false);
  });
});
