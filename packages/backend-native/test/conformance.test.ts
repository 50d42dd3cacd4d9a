import { describeBackend } from '@thund/backend-testkit';
import { createNativeBackend, tableToRows } from '../src/index.js';

// The shared conformance suite; cases outside the native capabilities are
// reported skipped and asserted to be rejected up front.
await describeBackend(async (workDir) => {
  const backend = createNativeBackend({ baseDir: workDir });
  return { backend, read: async (dataset) => tableToRows(await backend.readDataset(dataset)), dispose: () => backend.close() };
}, { name: 'native' });
