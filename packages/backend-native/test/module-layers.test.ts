import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The folders of src/ are layers: each imports only from layers below it
 * (compile, duckdb, read, safety, run, stream, then the files at the top
 * that put them together). A two-way dependency (run/ importing stream/
 * while stream/ imports run/) makes neither understandable alone.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The folder of src/ a file is in (`.` for the top). */
const layerOf = (file: string): string => relative(SRC, dirname(file)).split(sep)[0] || '.';

/** Every relative import of every source file, as [importing layer, imported layer, file]. */
function layerImports(): [from: string, to: string, file: string][] {
  const files = readdirSync(SRC, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
    return specifiers.map((s): [string, string, string] => [layerOf(file), layerOf(resolve(dirname(file), s)), relative(SRC, file)]);
  });
}

describe('native source layers', () => {
  const imports = layerImports().filter(([from, to]) => from !== to);

  it('run/ imports nothing from stream/ (stream/ builds on run/, not the other way)', () => {
    expect(imports.filter(([from, to]) => from === 'run' && to === 'stream').map(([, , file]) => file)).toEqual([]);
    // The test sees imports at all: stream/ does import run/.
    expect(imports.some(([from, to]) => from === 'stream' && to === 'run')).toBe(true);
  });

  it('no two folders import each other, directly or through others', () => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    const reaches = (start: string, goal: string, seen = new Set<string>()): boolean => {
      for (const next of edges.get(start) ?? []) {
        if (next === goal) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        if (reaches(next, goal, seen)) return true;
      }
      return false;
    };
    const cycles = [...edges.keys()].filter((layer) => reaches(layer, layer));
    expect(cycles, 'folders on an import cycle').toEqual([]);
  });
});
