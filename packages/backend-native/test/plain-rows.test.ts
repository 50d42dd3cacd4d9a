import { describe, expect, it } from 'vitest';
import { pipeline, sql } from '@thund/ir';
import { createNativeBackend, scaleDecimal, tableToRows } from '../src/index.js';

describe('tableToRows', () => {
  it('turns Arrow values into plain ones: exact decimals, UTC dates, bigint, null', async () => {
    const backend = createNativeBackend();
    try {
      const p = pipeline('plain').materializedView('t', {
        query: sql('duckdb', "SELECT 12.50::DECIMAL(10,2) AS d, -0.05::DECIMAL(5,2) AS small, DATE '2026-03-15' AS dt, TIMESTAMP '2026-03-15 13:45:10.123' AS ts, 5::BIGINT AS b, NULL::INT AS n, 'x' AS s"),
      }).build();
      expect((await backend.run(p).result).status).toBe('completed');
      expect(tableToRows(await backend.readDataset('t'))).toEqual([{
        d: '12.50', small: '-0.05', dt: new Date('2026-03-15T00:00:00Z'), ts: new Date('2026-03-15T13:45:10.123Z'), b: 5n, n: null, s: 'x',
      }]);
    } finally {
      await backend.close();
    }
  });

  it('scales decimal digits', () => {
    expect(scaleDecimal('1250', 2)).toBe('12.50');
    expect(scaleDecimal('-5', 2)).toBe('-0.05');
    expect(scaleDecimal('7', 0)).toBe('7');
  });
});
