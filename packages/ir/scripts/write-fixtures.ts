// Regenerates test/fixtures/*.json from test/support/fixture-pipelines.ts.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializePipeline } from '../src/index.js';
import { FIXTURE_PIPELINES } from '../test/support/fixture-pipelines.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures');
for (const [name, build] of Object.entries(FIXTURE_PIPELINES)) {
  writeFileSync(join(dir, `${name}.json`), `${serializePipeline(build())}\n`);
}
console.log(`wrote ${Object.keys(FIXTURE_PIPELINES).length} fixtures to ${dir}`);
