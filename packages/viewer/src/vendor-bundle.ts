import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The d3 modules d3-zoom needs, each resolved from the package that depends
 * on it (pnpm links a package's dependencies beside it, not beside the viewer).
 */
const TRANSITIVE: readonly { readonly name: string; readonly from: string }[] = [
  { name: 'd3-dispatch', from: 'd3-zoom' },
  { name: 'd3-interpolate', from: 'd3-zoom' },
  { name: 'd3-color', from: 'd3-interpolate' },
  { name: 'd3-transition', from: 'd3-zoom' },
  { name: 'd3-ease', from: 'd3-transition' },
  { name: 'd3-timer', from: 'd3-transition' },
  { name: 'd3-drag', from: 'd3-zoom' },
];

/** Load order: each module after the ones its UMD wrapper reads from `globalThis.d3`. */
const LOAD_ORDER = ['d3-dispatch', 'd3-selection', 'd3-color', 'd3-interpolate', 'd3-ease', 'd3-timer', 'd3-transition', 'd3-drag', 'd3-zoom'];

/** Where each module's ES entry resolves (its `default` export condition); its UMD build lies beside it. */
function resolveEntries(): ReadonlyMap<string, string> {
  const entries = new Map<string, string>([
    ['d3-selection', fileURLToPath(import.meta.resolve('d3-selection'))],
    ['d3-zoom', fileURLToPath(import.meta.resolve('d3-zoom'))],
  ]);
  for (const { name, from } of TRANSITIVE) entries.set(name, createRequire(entries.get(from) as string).resolve(name));
  return entries;
}

let bundle: Promise<string> | undefined;

/**
 * The page's pan-and-zoom library, served by the viewer itself as one
 * classic script (the page's CSP allows scripts from the viewer only, and a
 * bare-specifier ES import would need an inline import map): the UMD
 * builds, concatenated once, define `globalThis.d3`.
 */
export function d3Bundle(): Promise<string> {
  bundle ??= (async () => {
    const entries = resolveEntries();
    const parts = await Promise.all(LOAD_ORDER.map((name) => readFile(join(dirname(entries.get(name) as string), `${name}.min.js`), 'utf8')));
    return parts.join('\n;\n');
  })();
  return bundle;
}
