#!/usr/bin/env node
// Sums every package's vitest JSON report and the pack test into one closing line.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const reports = [
  ...readdirSync(join(root, 'packages')).map((dir) => join(root, 'packages', dir, 'test-output', 'vitest.json')),
  join(root, 'examples', 'test-output', 'vitest.json'),
].filter(existsSync);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const name = file.split('/').slice(-3, -2)[0];
  console.log(`  ${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
}
const packLog = process.argv[2];
if (packLog !== undefined && existsSync(packLog)) {
  const match = /pack test: (\d+) passed, (\d+) failed/.exec(readFileSync(packLog, 'utf8'));
  if (match) {
    passed += Number(match[1]);
    failed += Number(match[2]);
  } else failed += 1;
}
if (reports.length === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
