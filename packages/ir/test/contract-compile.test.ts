import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The compiler, not a reviewer, keeps the IR and the backends in step: the
 * IR and both backends' sources are copied to a temporary directory (the
 * backends see the copied IR through a `paths` mapping), changed the way a
 * contributor would (CONTRIBUTING.md), and compiled with the workspace's
 * `tsc`, asserting on which files fail and the names in the errors.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const tsc = join(root, 'node_modules/.bin/tsc');
const run = promisify(execFile);

type Package = 'ir' | 'backend-native' | 'backend-spark';

let dir = '';

function path(pkg: Package, file: string): string {
  return join(dir, pkg, file);
}

/** Replaces `anchor` (which must occur exactly once) in a copied file. */
function edit(pkg: Package, file: string, anchor: string, replacement: string): void {
  const text = readFileSync(path(pkg, file), 'utf8');
  expect(text.split(anchor).length - 1, `${anchor} occurs once in ${pkg}/${file}`).toBe(1);
  writeFileSync(path(pkg, file), text.replace(anchor, replacement));
}

/** `tsc --noEmit` on a copied package: its error lines, `[]` when it compiles. */
async function compile(pkg: Package): Promise<string[]> {
  try {
    await run(tsc, ['--noEmit', '-p', 'tsconfig.json'], { cwd: join(dir, pkg), maxBuffer: 16 * 1024 * 1024 });
    return [];
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const lines = `${stdout ?? ''}${stderr ?? ''}`.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length, `tsc failed without reporting an error: ${String(error)}`).toBeGreaterThan(0);
    return lines;
  }
}

/** The files the errors name (`src/x.ts(1,2): error …`), relative to the package. */
function failingFiles(lines: readonly string[]): string[] {
  return [...new Set(lines.map((l) => /^(.+?)\(\d+,\d+\): error/.exec(l)?.[1]).filter((f) => f !== undefined))]
    .map((f) => f.replace(/\\/g, '/'))
    .sort();
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'thund-contract-'));
  // Packages resolve their dependencies through links to the workspace's; @thund/ir is the copy.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const pkg of ['ir', 'backend-native', 'backend-spark'] as const) {
    cpSync(join(root, 'packages', pkg, 'src'), path(pkg, 'src'), { recursive: true });
    symlinkSync(join(root, 'packages', pkg, 'node_modules'), path(pkg, 'node_modules'), 'dir');
    writeFileSync(path(pkg, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(path(pkg, 'tsconfig.json'), JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: true,
        typeRoots: [join(root, 'node_modules/@types')],
        paths: { '@thund/ir': [path('ir', 'src/index.ts')] },
      },
      include: pkg === 'ir' ? ['src', 'test/node-types.test.ts'] : ['src'],
    }));
  }
  cpSync(join(root, 'packages/ir/test/node-types.test.ts'), path('ir', 'test/node-types.test.ts'));
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the compiler checks that the IR and both backends agree', { timeout: 120_000 }, () => {
  it('the unchanged copies compile', async () => {
    const results = await Promise.all([compile('ir'), compile('backend-native'), compile('backend-spark')]);
    expect(results).toEqual([[], [], []]);
  });

  it('a scalar function in the catalog that is not shared fails both backends, naming it', async () => {
    edit('ir', 'src/catalog/functions/math.ts', '\n] as const;', "\n  fn('fixture_fn', 'scalar', ['numeric'], 'float64', 'A contract-test fixture.'),\n] as const;");
    expect(await compile('ir')).toEqual([]);
    const [native, spark] = await Promise.all([compile('backend-native'), compile('backend-spark')]);
    expect(failingFiles(native)).toEqual(['src/compile/function-lowering.ts']);
    expect(native.join('\n')).toMatch(/Property 'fixture_fn' is missing/);
    expect(failingFiles(spark)).toEqual(['src/lower/function-lowering.ts']);
    expect(spark.join('\n')).toMatch(/Property 'fixture_fn' is missing/);
  });

  it('marked shared in the catalog, it compiles in both backends with no backend entry', async () => {
    edit('ir', 'src/catalog/functions/math.ts', "fn('fixture_fn',", "shared('fixture_fn',");
    const results = await Promise.all([compile('ir'), compile('backend-native'), compile('backend-spark')]);
    expect(results).toEqual([[], [], []]);
  });

  it('a plan node kind fails the IR until described, then its schema type test and both relation visitors until handled', async () => {
    edit(
      'ir', 'src/plan/rel/relation.ts', '\n  | RangeNode;',
      "\n  | RangeNode\n  | FixtureNode;\n\nexport interface FixtureNode {\n  readonly kind: 'fixture';\n  readonly input: RelationNode;\n}",
    );
    const undescribed = await compile('ir');
    expect(failingFiles(undescribed)).toEqual(['src/plan/rel/relation.ts', 'test/node-types.test.ts']);
    expect(undescribed.join('\n')).toMatch(/Property 'fixture' is missing/);

    edit('ir', 'src/plan/rel/relation.ts', '\n  sql: {', "\n  fixture: { inputs: [{ field: 'input' }], expressions: [] },\n  sql: {");
    const described = await compile('ir');
    // The source compiles; the type test comparing the zod schema with the node types names the missing form.
    expect(failingFiles(described)).toEqual(['test/node-types.test.ts']);
    expect(described.join('\n')).toMatch(/fixture/);

    edit('ir', 'src/document/schema.ts', "\n    z.strictObject({ kind: z.literal('sql'),", "\n    z.strictObject({ kind: z.literal('fixture'), input: RelationSchema }),\n    z.strictObject({ kind: z.literal('sql'),");
    expect(await compile('ir')).toEqual([]);

    const [native, spark] = await Promise.all([compile('backend-native'), compile('backend-spark')]);
    expect(failingFiles(native)).toEqual(['src/compile/relation-compiler.ts']);
    expect(native.join('\n')).toMatch(/Property 'fixture' is missing in type 'RelationCompiler'/);
    expect(failingFiles(spark)).toEqual(['src/lower/relation-lowering.ts']);
    expect(spark.join('\n')).toMatch(/Property 'fixture' is missing in type 'RelationLowering'/);
  });
});
