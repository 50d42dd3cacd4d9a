import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FUNCTION_CATALOG } from '../src/index.js';
import { functionReference, signatureText } from '../src/catalog/function-reference.js';

const DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'functions.md');

describe('docs/functions.md', () => {
  it('is the reference the catalog generates (regenerate: pnpm --filter @thund/ir generate)', () => {
    expect(readFileSync(DOC, 'utf8')).toBe(`${functionReference()}\n`);
  });

  it('lists every function with its signature and type rule, and every note', () => {
    const doc = functionReference();
    for (const f of FUNCTION_CATALOG) {
      expect(doc, f.name).toContain(`### ${f.name}\n`);
      expect(doc, f.name).toContain(`\`${signatureText(f)}\``);
      expect(doc, f.name).toContain(`Returns ${f.returns.text}.`);
      for (const note of f.notes) expect(doc, f.name).toContain(note);
    }
  });
});
