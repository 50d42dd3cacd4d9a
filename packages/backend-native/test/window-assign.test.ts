import { describe, expect, it } from 'vitest';
import { floorToMultiple } from '../src/stream/window-assign.js';
import { queryRows, useFixtureDatabase } from './support/duckdb.js';

describe('floorToMultiple', () => {
  const db = useFixtureDatabase('SELECT 1');

  it('rounds down to a multiple of the step, before 1970 too (DuckDB\'s % keeps the sign)', async () => {
    const step = 60_000_000;
    const values = [0, 1, step - 1, step, step + 1, -1, -step + 1, -step, -step - 1, -3 * step - 7, 1_704_067_200_123_456, -62_135_596_800_000_000];
    const rows = await queryRows(db(), `SELECT v, ${floorToMultiple('v', step)} AS f FROM (VALUES ${values.map((v) => `(${v}::BIGINT)`).join(', ')}) t(v)`);
    for (const { v, f } of rows) expect([v, f]).toEqual([v, Math.floor(Number(v) / step) * step]);
    const [mismatches] = await queryRows(db(), `SELECT count(*) FILTER (WHERE ${floorToMultiple('x', 7)} <> 7 * floor(x / 7)::BIGINT) AS n FROM range(-1000, 1000) r(x)`);
    expect(mismatches).toEqual({ n: 0 });
  });
});
