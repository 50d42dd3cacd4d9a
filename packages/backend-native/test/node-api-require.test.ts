import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');
const sources = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(src, f));

describe('start-up: @duckdb/node-api is required, not imported', () => {
  it('no source file imports a value from it (ESM import of its 181 CommonJS modules costs ~70 ms a process); src/duckdb/node-api.ts requires it', () => {
    const valueImports = sources.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/import\s+(type\s+)?[^;]*?from\s+'@duckdb\/node-api'/g)].some((m) => m[1] === undefined);
    });
    expect(valueImports).toEqual([]);
    expect(readFileSync(join(src, 'duckdb', 'node-api.ts'), 'utf8')).toContain("createRequire(import.meta.url)('@duckdb/node-api')");
  });
});
