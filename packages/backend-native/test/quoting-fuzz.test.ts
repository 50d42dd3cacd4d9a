import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzSeeds } from '@thund/backend-testkit';
import { col, from, lit, pipeline, sql } from '@thund/ir';
import { createNativeBackend, quoteIdentifier, quoteString, tableToRows } from '../src/index.js';

// Names and values that try to break out of identifiers and literals.
const hostile = fc.oneof(
  fc.constantFrom('x"; DROP TABLE y; --', "'; DROP TABLE y; --", '"', "'", '""', "''", '\\', 'a"b', 'naïve ✓', 'select', 'x\ny', '$1', '%s',
    // Names a plain object treats specially: each must still come back as a column.
    '__proto__', 'constructor', 'toString'),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
).filter((s) => !s.includes('\u0000'));

describe('identifier and literal quoting under fuzzing', () => {
  const seeds = fuzzSeeds();
  const backend = createNativeBackend();
  afterAll(() => backend.close());

  it('a dataset named x"; DROP TABLE y; -- round-trips as a name and drops nothing', async () => {
    const name = 'x"; DROP TABLE y; --';
    const p = pipeline('inject')
      .materializedView('y', { query: sql('duckdb', 'SELECT 1 AS canary') })
      .materializedView(name, { query: from('y').select(col('canary').as(name)) })
      .build();
    expect((await backend.run(p).result).status).toBe('completed');
    expect(tableToRows(await backend.readDataset(name))).toEqual([{ [name]: 1 }]);
    expect(tableToRows(await backend.readDataset('y'))).toEqual([{ canary: 1 }]);
  });

  it('any dataset name, column name and string value round-trips through a real run', async () => {
    for (const seed of seeds) {
      await fc.assert(
        fc.asyncProperty(hostile, hostile, hostile, async (dataset, column, value) => {
          const p = pipeline('fuzz')
            .materializedView('canary', { query: sql('duckdb', 'SELECT 42 AS alive') })
            .materializedView(dataset.toLowerCase() === 'canary' ? `${dataset}_` : dataset, {
              query: from('canary').select(lit(value).as(column)).filter(col(column).eq(value)),
            })
            .build();
          const result = await backend.run(p).result;
          expect(result.status, JSON.stringify(result.error ?? result.flows)).toBe('completed');
          expect(tableToRows(await backend.readDataset(p.datasets[1]?.name ?? ''))).toEqual([{ [column]: value }]);
          expect(tableToRows(await backend.readDataset('canary'))).toEqual([{ alive: 42 }]);
        }),
        { seed, numRuns: 150 },
      );
    }
  }, 120_000 * seeds.length);

  it('quoting is an injective, closed form', () => {
    for (const seed of seeds) fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      expect(quoteIdentifier(a).startsWith('"') && quoteIdentifier(a).endsWith('"')).toBe(true);
      expect(quoteString(a).startsWith("'") && quoteString(a).endsWith("'")).toBe(true);
      if (a !== b) expect(quoteIdentifier(a)).not.toBe(quoteIdentifier(b));
      // Inside the quotes every quote character is doubled, so none can close the identifier early.
      expect(quoteIdentifier(a).slice(1, -1).replace(/""/g, '')).not.toContain('"');
      expect(quoteString(a).slice(1, -1).replace(/''/g, '')).not.toContain("'");
    }), { seed, numRuns: 2000 });
  });
});
