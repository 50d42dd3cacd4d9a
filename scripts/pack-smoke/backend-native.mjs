// Runs in a fresh project where only @thund/backend-native (and @thund/ir) were installed from tarballs.
import { writeFileSync } from 'node:fs';
import { pipeline, readFiles, col } from '@thund/ir';
import { createNativeBackend, tableToRows } from '@thund/backend-native';

writeFileSync('numbers.csv', 'n\n1\n2\n3\n4\n');
const backend = createNativeBackend({ baseDir: process.cwd() });
const p = pipeline('smoke').materializedView('big', { query: readFiles('csv', 'numbers.csv').filter(col('n').gt(2)) }).build();
const result = await backend.run(p).result;
const rows = tableToRows(await backend.readDataset('big'));
await backend.close();
if (result.status !== 'completed' || JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)) !== '[{"n":3},{"n":4}]') {
  console.error('smoke run failed', result, rows);
  process.exit(1);
}
console.log('one-flow pipeline ran:', rows.length, 'rows');
