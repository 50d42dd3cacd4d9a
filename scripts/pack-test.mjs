#!/usr/bin/env node
// The pack test: proves a team installs only the backend it needs.
// Packs every publishable package, installs each tarball alone (plus the
// tarballs of the @thund packages it depends on) into a fresh project with
// no workspace links, imports it, runs its smoke script if it has one, and
// checks the installed dependency closure against the rules below.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const packagesDir = join(root, 'packages');

/** Closure rules per package: `exact` lists every package allowed; `forbidden` name prefixes must not appear. */
const RULES = {
  '@thund/ir': { exact: ['@thund/ir', 'zod'] },
  '@thund/events': { forbidden: ['@duckdb/', '@grpc/', '@bufbuild/'] },
  '@thund/arrow-rows': { forbidden: ['@thund/ir', '@duckdb/', '@grpc/', '@bufbuild/'] },
  '@thund/backend-kit': { forbidden: ['@duckdb/', '@grpc/', '@bufbuild/', 'apache-arrow'] },
  '@thund/backend-native': { forbidden: ['@grpc/', '@bufbuild/'] },
  '@thund/backend-spark': { forbidden: ['@duckdb/'] },
  '@thund/backend-testkit': { forbidden: ['@duckdb/', '@grpc/', '@bufbuild/'] },
  '@thund/sql': { forbidden: ['@duckdb/', '@grpc/', '@bufbuild/', 'apache-arrow'] },
  // The backends are optional peers: a team adds the one it runs on.
  '@thund/cli': { forbidden: ['@thund/backend-native', '@thund/backend-spark', '@duckdb/', '@grpc/', '@bufbuild/'] },
};

const manifests = readdirSync(packagesDir)
  .map((dir) => join(packagesDir, dir, 'package.json'))
  .filter(existsSync)
  .map((file) => ({ dir: join(file, '..'), manifest: JSON.parse(readFileSync(file, 'utf8')) }))
  .filter(({ manifest }) => manifest.private !== true);
const byName = new Map(manifests.map((m) => [m.manifest.name, m]));
const only = process.argv.slice(2);

const work = mkdtempSync(join(tmpdir(), 'thund-pack-'));
const tarballs = new Map();
let failures = 0;
try {
  for (const { dir, manifest } of manifests) {
    const out = execFileSync('pnpm', ['pack', '--pack-destination', work], { cwd: dir, encoding: 'utf8' });
    const tarball = out.trim().split('\n').pop().trim();
    tarballs.set(manifest.name, tarball.startsWith('/') ? tarball : join(work, basename(tarball)));
  }
  for (const { manifest } of manifests) {
    if (only.length > 0 && !only.includes(manifest.name)) continue;
    failures += checkPackage(manifest) ? 0 : 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const checked = only.length > 0 ? only.length : manifests.length;
console.log(`pack test: ${checked - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);

function thundClosure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const deps = byName.get(name)?.manifest.dependencies ?? {};
  for (const dep of Object.keys(deps)) if (dep.startsWith('@thund/')) thundClosure(dep, seen);
  return seen;
}

function checkPackage(manifest) {
  const name = manifest.name;
  const project = join(work, `install-${name.replace('/', '__')}`);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'pack-test', private: true, type: 'module' }));
  const local = [...thundClosure(name)].map((n) => tarballs.get(n));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...local], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  const problems = [];
  try {
    execFileSync('node', ['--input-type=module', '-e', `await import(${JSON.stringify(name)});`], { cwd: project, stdio: 'pipe' });
  } catch (error) {
    problems.push(`import failed: ${error.stderr?.toString() ?? error}`);
  }
  const installed = listInstalled(join(project, 'node_modules'));
  const rule = RULES[name] ?? { forbidden: [] };
  if (rule.exact) {
    const extra = installed.filter((p) => !rule.exact.includes(p));
    const missing = rule.exact.filter((p) => !installed.includes(p));
    if (extra.length > 0) problems.push(`unexpected packages in the closure: ${extra.join(', ')}`);
    if (missing.length > 0) problems.push(`missing packages: ${missing.join(', ')}`);
  }
  for (const prefix of rule.forbidden ?? []) {
    const bad = installed.filter((p) => p.startsWith(prefix));
    if (bad.length > 0) problems.push(`forbidden ${prefix}* in the closure: ${bad.join(', ')}`);
  }
  const smoke = join(root, 'scripts', 'pack-smoke', `${name.replace('@thund/', '')}.mjs`);
  let smokeNote = '';
  if (problems.length === 0 && existsSync(smoke)) {
    copyFileSync(smoke, join(project, 'smoke.mjs'));
    try {
      smokeNote = `; smoke: ${execFileSync('node', ['smoke.mjs'], { cwd: project, stdio: 'pipe', encoding: 'utf8' }).trim()}`;
    } catch (error) {
      problems.push(`smoke script failed: ${error.stdout ?? ''}${error.stderr ?? error}`);
    }
  }
  if (problems.length === 0) console.log(`✓ ${name}: imports alone; closure of ${installed.length} packages: ${installed.join(', ')}${smokeNote}`);
  else console.log(`✗ ${name}:\n  ${problems.join('\n  ')}`);
  return problems.length === 0;
}

function listInstalled(nodeModules, found = new Set()) {
  if (!existsSync(nodeModules)) return [...found];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || !entry.isDirectory() && !entry.isSymbolicLink()) continue;
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(join(nodeModules, entry.name))) {
        found.add(`${entry.name}/${scoped}`);
        listInstalled(join(nodeModules, entry.name, scoped, 'node_modules'), found);
      }
    } else {
      found.add(entry.name);
      listInstalled(join(nodeModules, entry.name, 'node_modules'), found);
    }
  }
  return [...found].sort();
}
