import { describeBackend } from '@thund/backend-testkit';
import { createNativeBackend } from '../src/index.js';

// The shared conformance suite, through the contract and its facets; cases
// outside the native capabilities are reported skipped and asserted to be rejected up front.
await describeBackend(async (workDir) => createNativeBackend({ baseDir: workDir }), { name: 'native', reportsSchemas: true });
