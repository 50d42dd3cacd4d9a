// Runs in a fresh project where only @thund/cli (and the @thund packages it depends on) were installed from tarballs:
// no backend. The backends are optional peers, so `thund check` must say which package to add (exit 2), while
// commands that need no backend work.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

writeFileSync('pipeline.json', JSON.stringify({
  version: 1, name: 'smoke',
  datasets: [{ name: 'one', type: 'materialized_view' }],
  flows: [{ name: 'one', target: 'one', kind: 'batch', query: { kind: 'sql', dialect: 'duckdb', sql: 'SELECT 1 AS id' } }],
}));
const thund = (...args) => spawnSync('node', ['node_modules/@thund/cli/dist/bin.js', ...args], { encoding: 'utf8' });
const version = execFileSync('node', ['node_modules/@thund/cli/dist/bin.js', '--version'], { encoding: 'utf8' }).trim();
const check = thund('check', 'pipeline.json');
// The install hint names the package manager in use (pnpm runs this smoke; npm or yarn elsewhere).
if (check.status !== 2 || !/backend "native" needs @thund\/backend-native: install it with `(pnpm add|npm install|yarn add) @thund\/backend-native`/.test(check.stderr)) {
  console.error('thund check without a backend installed:', check.status, check.stderr);
  process.exit(1);
}
const spark = thund('check', 'pipeline.json', '--backend', 'spark');
if (spark.status !== 2 || !spark.stderr.includes('needs @thund/backend-spark')) {
  console.error('thund check --backend spark without it installed:', spark.status, spark.stderr);
  process.exit(1);
}
// Commands that default to every installed backend say that none is installed, instead of failing on one.
const capabilities = thund('capabilities');
if (capabilities.status !== 2 || !capabilities.stderr.includes('no backend is installed beside @thund/cli')) {
  console.error('thund capabilities without a backend installed:', capabilities.status, capabilities.stderr);
  process.exit(1);
}
const diff = thund('diff', 'pipeline.json');
if (diff.status !== 2 || !diff.stderr.includes('thund diff compares two backends')) {
  console.error('thund diff without a backend installed:', diff.status, diff.stderr);
  process.exit(1);
}
console.log(`${version} runs without a backend; check, capabilities and diff name the backend package to add`);
