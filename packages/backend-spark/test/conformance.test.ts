import { describeBackend } from '@thund/backend-testkit';
import { createSparkBackend } from '../src/index.js';

const remote = process.env['THUND_SPARK_REMOTE'];
let cases = 0;

// The shared conformance suite on a real Spark Connect server (skipped without THUND_SPARK_REMOTE).
// Each case gets its own database so datasets named alike (`out`) never clash.
if (remote !== undefined) {
  await describeBackend(async (workDir) => {
    cases += 1;
    return createSparkBackend({ remote, baseDir: workDir, database: `thund_c${process.pid}_${cases}` });
  }, { name: 'spark', timeoutMs: 120_000, reportsSchemas: true });
} else {
  const { describe, it } = await import('vitest');
  describe.skip('conformance: spark (set THUND_SPARK_REMOTE)', () => it('needs a server', () => {}));
}
