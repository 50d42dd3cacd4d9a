import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_CASES_SEED, fuzzSeeds, generatedCases } from '@thund/backend-testkit';
import { createNativeBackend, tableToRows } from '../src/index.js';

// The generated plans are the differential suite's random half; here they must at least run on native.
describe('generated plans run on native', () => {
  // The fixed cases always; with THUND_FUZZ_RANDOM=1 also 40 from a random (printed) seed.
  for (const seed of fuzzSeeds(GENERATED_CASES_SEED)) for (const testCase of generatedCases(40, seed)) {
    it(seed === GENERATED_CASES_SEED ? testCase.id : `${testCase.id} (seed ${seed})`, async () => {
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
