#!/usr/bin/env node
// Bundles a package's compiled dist/ into one module per entry point (its
// exports' and bin's JavaScript files), run after `tsc` by each package's
// build. Why: Node 20 loads ES modules file by file, and resolving, reading
// and linking ~100 small files per package cost more of `thund run`'s
// start-up than running a small pipeline (issue 19). Other packages stay
// imports (`packages: 'external'`), so every @thund package is still one
// copy shared by all. Lazy `import()`s become chunks beside the entries.
// The per-file .js files tsc wrote are removed; its .d.ts files stay, and
// the bundles' source maps lead back to src/ through tsc's own maps.
//
// `--inline a,b` bundles those dependencies into the package too: for a
// dependency of many small modules whose identity nothing outside relies on
// (zod in @thund/ir: 50 ms to load file by file, 20 ms as one module). It
// stays a dependency, for the types the .d.ts files import from it.
//
// Usage (from a package folder): node ../../scripts/bundle-dist.mjs [--inline a,b]
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const pkgDir = process.cwd();
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const dist = join(pkgDir, 'dist');

/** Every JavaScript file under dist/ that `exports` or `bin` names. */
function entryPoints() {
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) if (key !== 'types') collect(inner);
  };
  collect(pkg.exports);
  collect(pkg.bin);
  return [...new Set(targets.filter((t) => t.startsWith('./dist/') && t.endsWith('.js')).map((t) => resolve(pkgDir, t)))];
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const inlineAt = process.argv.indexOf('--inline');
const inline = new Set(inlineAt === -1 ? [] : (process.argv[inlineAt + 1] ?? '').split(',').filter(Boolean));
for (const name of inline) if (pkg.dependencies?.[name] === undefined) throw new Error(`bundle-dist: ${pkg.name} inlines ${name}, which is not one of its dependencies`);
/** Every package the bundle imports rather than contains. */
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies, ...pkg.devDependencies })
  .filter((name) => !inline.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const entries = entryPoints();
if (entries.length === 0) throw new Error(`bundle-dist: ${pkg.name} names no dist/*.js entry in exports or bin`);
const result = await build({
  entryPoints: entries,
  outdir: dist,
  outbase: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  ...(inline.size === 0 ? { packages: 'external' } : { external }),
  sourcemap: true,
  allowOverwrite: true,
  metafile: true,
  logLevel: 'warning',
  // Chunks sit beside the entries, at the depth of the files they came from:
  // code that finds files relative to its own module (`import.meta.url`) still does.
  chunkNames: 'chunk-[name]-[hash]',
});
const written = new Set(Object.keys(result.metafile.outputs).map((out) => resolve(out)));
for (const file of filesUnder(dist)) {
  const compiledJs = file.endsWith('.js') || file.endsWith('.js.map');
  if (compiledJs && !written.has(file)) rmSync(file);
}
for (const dir of readdirSync(dist).map((name) => join(dist, name))) {
  if (statSync(dir).isDirectory() && filesUnder(dir).length === 0) rmSync(dir, { recursive: true });
}
console.log(`bundle-dist: ${pkg.name}: ${entries.map((e) => relative(pkgDir, e)).join(', ')} → ${written.size} files`);
