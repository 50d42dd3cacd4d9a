import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Pipeline, parsePipeline, serializePipeline } from '@thund/ir';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'pipeline.json')))
  .map((entry) => entry.name);

describe('examples: the JSON document and the TypeScript builder code produce identical IR', () => {
  it('has at least three examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  for (const name of examples) {
    it(name, async () => {
      const fromJson = parsePipeline(readFileSync(join(root, name, 'pipeline.json'), 'utf8'));
      const module = (await import(join(root, name, 'pipeline.ts'))) as { default: Pipeline };
      const fromBuilder = parsePipeline(module.default);
      expect(fromBuilder).toEqual(fromJson);
      // Byte-identical canonical form, so key order and absent optionals agree too.
      expect(serializePipeline(fromBuilder)).toBe(serializePipeline(fromJson));
    });
  }
});
