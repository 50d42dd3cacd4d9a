// Repository tooling, run with @thund/ir's tests: every package's public entry
// must document each exported declaration (scripts/check-tsdoc.mjs; `pnpm docs`
// enforces the same with TypeDoc).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(root, 'scripts', 'check-tsdoc.mjs');

interface Missing {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly kind: string;
}

/** Runs the checker; returns what it reports and whether it exited non-zero. */
function checkTsdoc(entries: readonly string[] = []): { readonly missing: readonly Missing[]; readonly failed: boolean } {
  try {
    const out = execFileSync(process.execPath, [script, '--json', ...entries], { cwd: root, encoding: 'utf8' });
    return { missing: JSON.parse(out) as Missing[], failed: false };
  } catch (error) {
    const { stdout } = error as { stdout: string };
    return { missing: JSON.parse(stdout) as Missing[], failed: true };
  }
}

describe('TSDoc on every exported declaration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thund-tsdoc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every documented package\'s entry (scripts/documented-packages.mjs) documents all of its exports', async () => {
    const { DOCUMENTED_PACKAGES } = (await import(join(root, 'scripts', 'documented-packages.mjs'))) as { DOCUMENTED_PACKAGES: readonly string[] };
    const published = readdirSync(join(root, 'packages')).filter((name) => existsSync(join(root, 'packages', name, 'src', 'index.ts'))).sort();
    expect([...DOCUMENTED_PACKAGES].sort(), 'every package is held to full TSDoc').toEqual(published);
    const { missing, failed } = checkTsdoc(DOCUMENTED_PACKAGES.map((name) => join(root, 'packages', name, 'src', 'index.ts')));
    expect(missing.map((m) => `${m.file}:${m.line} ${m.name} (${m.kind})`)).toEqual([]);
    expect(failed).toBe(false);
  }, 60_000);

  it('reports an undocumented export, and an undocumented member, and fails', () => {
    const entry = join(dir, 'index.ts');
    writeFileSync(join(dir, 'shapes.ts'), [
      '/** A documented shape. */',
      'export interface Shape {',
      '  /** Documented member. */',
      '  readonly sides: number;',
      '  readonly name: string;',
      '}',
      'export function area(shape: Shape): number { return shape.sides; }',
      '',
    ].join('\n'));
    writeFileSync(entry, [
      "export { area, type Shape } from './shapes.js';",
      '/** Documented: not reported. */',
      'export const ANSWER = 42;',
      '',
    ].join('\n'));
    const { missing, failed } = checkTsdoc([entry]);
    expect(missing.map((m) => m.name).sort()).toEqual(['Shape.name', 'area']);
    expect(missing.find((m) => m.name === 'area')).toMatchObject({ line: 7, kind: 'Function' });
    expect(failed).toBe(true);
  }, 60_000);
});
