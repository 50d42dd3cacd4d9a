import { TimeUnit, Type } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { ArrowTimeUnit, ArrowType } from '../src/arrow-type-ids.js';

// The package keeps its own copy of the type ids it reads, so that importing it does not load apache-arrow.
describe('Arrow type ids', () => {
  it('are apache-arrow\'s Type and TimeUnit values', () => {
    for (const [name, id] of Object.entries(ArrowType)) expect(id, name).toBe(Type[name as keyof typeof Type]);
    for (const [name, id] of Object.entries(ArrowTimeUnit)) expect(id, name).toBe(TimeUnit[name as keyof typeof TimeUnit]);
  });
});

describe('loading the package', () => {
  it('imports nothing from apache-arrow but types', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const src = new URL('../src/', import.meta.url);
    for (const file of readdirSync(src).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(new URL(file, src), 'utf8');
      expect(text, file).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'apache-arrow'/m);
      expect(text, file).not.toMatch(/^export\s+(?!type\b)[^;]*from\s+'apache-arrow'/m);
    }
  });
});
