// The conformance suite every Þund backend runs: the cases your capabilities exclude are reported
// skipped and checked to be refused by check and run; every other case must give its exact rows.
import { describeBackend } from '@thund/backend-testkit';
import backend from '../index.js';

await describeBackend(async (workDir) => backend.create({ baseDir: workDir }), { name: 'json-filter' });
