import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedCases } from '@thund/backend-testkit';
import { createNativeBackend, tableToRows } from '../src/index.js';

// The generated plans are the differential suite's random half; here they must at least run on native.
describe('generated plans run on native', () => {
  for (const testCase of generatedCases(40)) {
    it(testCase.id, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'thund-gen-'));
      const backend = createNativeBackend({ baseDir: dir });
      try {
        for (const [file, content] of Object.entries(testCase.files)) writeFileSync(join(dir, file), content);
        const p = testCase.pipeline({ workDir: dir, path: (f) => join(dir, f) });
        const result = await backend.run(p).result;
        expect(result.status, JSON.stringify(result.error ?? result.flows)).toBe('completed');
        expect(Array.isArray(tableToRows(await backend.readDataset(testCase.output)))).toBe(true);
      } finally {
        await backend.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
