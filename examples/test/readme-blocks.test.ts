/**
 * Every fenced code block of README.md and packages/*\/README.md is executed, here or by the test that
 * names it, or says explicitly that it is a fragment. The marking convention: HTML comments on the lines
 * directly above the opening fence (invisible on GitHub):
 *
 * - `<!-- fragment: <why> -->` — not executed; the reason is required (sample output, an options object…).
 * - `<!-- executed by <test file> -->` — another test runs it. Checked here so the marker cannot lie: the file
 *   exists, reads a README, and the block lies inside a `<!-- NAME:start -->` … `<!-- NAME:end -->` region
 *   whose `NAME:start` that test extracts it by.
 *
 * Every other block is run here, by its language:
 * - `ts`: written to test/.generated/ (so `@thund/*` resolve as for a user, via this package's dependencies)
 *   and run with tsx; exit 0 and what it prints (see PRINTS). Blocks importing `@thund/backend-spark` need
 *   THUND_SPARK_REMOTE and are skipped, saying so, without it.
 * - `sh`: line by line. `thund …` runs the real CLI from source (a `thund` shim on PATH) in a fixture
 *   directory (see SH_FIXTURES), exit 0; `thund view` is stopped with SIGINT once it serves the page (and,
 *   with --live, the run ended), exit 0. A line naming `spark` needs THUND_SPARK_REMOTE.
 *   `pnpm add` lines cannot run offline: each package they name must instead be a publishable workspace
 *   package (not private; name, version, exports) or a dependency / peer dependency of one named with it.
 *   Any other command fails the test.
 * - `json`: loaded by the real loader it illustrates, through the CLI: a `thund.config.json` (keys only)
 *   by `thund run` in a project holding it, a unit-test file (`"tests"`) by `thund test`.
 * Any other language (or none) must be marked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const generated = join(here, '.generated', 'readme-blocks');
const remote = process.env['THUND_SPARK_REMOTE'];
const NO_SPARK = 'skipped: needs a Spark Connect server (set THUND_SPARK_REMOTE; tools/spark/with-server.sh does)';

interface Block {
  readonly readme: string; // relative to the repository root
  readonly line: number; // of the opening fence, 1-based
  readonly lang: string;
  readonly text: string;
  readonly notes: readonly string[]; // the HTML comments directly above the fence
  readonly regions: readonly string[]; // names of the <!-- NAME:start --> regions around it
}

function readmeFiles(): string[] {
  const packages = readdirSync(join(repo, 'packages')).map((name) => join('packages', name, 'README.md'));
  return ['README.md', ...packages.filter((file) => existsSync(join(repo, file))).sort()];
}

function parseBlocks(readme: string): Block[] {
  const lines = readFileSync(join(repo, readme), 'utf8').split('\n');
  const blocks: Block[] = [];
  const open: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const region = /^<!-- ([\w-]+):(start|end) -->$/.exec(line);
    if (region) {
      if (region[2] === 'start') open.push(region[1] as string);
      else open.splice(open.lastIndexOf(region[1] as string), 1);
      continue;
    }
    const fence = /^```(\S*)/.exec(line);
    if (!fence) continue;
    const notes: string[] = [];
    for (let j = i - 1; j >= 0 && /^<!--.*-->$/.test(lines[j] as string); j--) notes.unshift(lines[j] as string);
    const end = lines.findIndex((l, k) => k > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${readme}:${i + 1}: unclosed code block`);
    blocks.push({ readme, line: i + 1, lang: fence[1] ?? '', text: `${lines.slice(i + 1, end).join('\n')}\n`, notes, regions: [...open] });
    i = end;
  }
  return blocks;
}

const blocks = readmeFiles().flatMap(parseBlocks);
const where = (block: Block) => `${block.readme}:${block.line} (${block.lang || 'no language'})`;
const fragmentReason = (block: Block) => block.notes.map((n) => /^<!-- fragment: (.+?) -->$/.exec(n)?.[1]).find(Boolean);
const executedBy = (block: Block) => block.notes.map((n) => /^<!-- executed by (\S+) -->$/.exec(n)?.[1]).find(Boolean);
const RUN_HERE = new Set(['ts', 'sh', 'json']);
const runHere = blocks.filter((b) => fragmentReason(b) === undefined && executedBy(b) === undefined && RUN_HERE.has(b.lang));

// ---------------------------------------------------------------------------------------------------------
// Running things

const require = createRequire(import.meta.url);
/**
 * What the README blocks import, resolved from this package as a user's project resolves them: these are the
 * package's dependencies for the blocks (listed literally, so the dependency checker sees them used).
 */
const BLOCK_IMPORTS: Readonly<Record<string, string>> = {
  '@thund/arrow-rows': require.resolve('@thund/arrow-rows/package.json'),
  '@thund/backend-kit': require.resolve('@thund/backend-kit/package.json'),
  '@thund/backend-native': require.resolve('@thund/backend-native/package.json'),
  '@thund/backend-spark': require.resolve('@thund/backend-spark/package.json'),
  '@thund/events': require.resolve('@thund/events/package.json'),
  '@thund/ir': require.resolve('@thund/ir/package.json'),
  '@thund/viewer': require.resolve('@thund/viewer/package.json'),
  'apache-arrow': require.resolve('apache-arrow'),
};
const cliDir = dirname(require.resolve('@thund/cli/package.json'));
const TSX = pathToFileURL(createRequire(join(cliDir, 'package.json')).resolve('tsx')).href;
const NODE_ARGS = ['--conditions=thund-source', '--import', TSX];
const shimDir = join(generated, 'bin');
mkdirSync(shimDir, { recursive: true });
// `thund` as a user's shell finds it, running the CLI from source (never a stale build).
writeFileSync(join(shimDir, 'thund'), `#!/bin/sh\nexec "${process.execPath}" ${NODE_ARGS.join(' ')} "${join(cliDir, 'src', 'bin.ts')}" "$@"\n`);
chmodSync(join(shimDir, 'thund'), 0o755);
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${shimDir}:${process.env['PATH'] ?? ''}`, NO_COLOR: '1' };
delete env['THUND_DEBUG'];
afterAll(() => rmSync(generated, { recursive: true, force: true }));

interface Exit {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** Runs a child to its end; `until` may stop it early (SIGINT to its process group) once its output satisfies it. */
function exec(command: string, args: readonly string[], cwd: string, options: { until?: (out: string) => Promise<boolean> | boolean; timeoutMs?: number } = {}): Promise<Exit> {
  const child: ChildProcess = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal);
  };
  child.stdout?.on('data', async (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (options.until !== undefined && !stopping && (await options.until(out))) {
      stopping = true;
      stop('SIGINT');
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not end within ${options.timeoutMs ?? 120_000} ms\nstdout: ${out}\nstderr: ${err}`));
    }, options.timeoutMs ?? 120_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

const report = (r: Exit) => `exit ${r.code}\nstdout:\n${r.out}\nstderr:\n${r.err}`;

/** A fresh directory under test/.generated (inside this package, so pipeline.ts modules resolve `@thund/ir`). */
let fixtures = 0;
function fixture(examples: readonly string[] = [], layout: 'root' | 'flat' = 'root'): string {
  const dir = join(generated, `fixture-${++fixtures}`);
  mkdirSync(dir, { recursive: true });
  for (const name of examples) {
    const target = layout === 'root' ? join(dir, 'examples', name) : dir;
    cpSync(join(repo, 'examples', name), target, { recursive: true, filter: (src) => !/[/\\](out|storage|\.thund)$/.test(src) });
  }
  return dir;
}

// ---------------------------------------------------------------------------------------------------------
// ts blocks: what each prints (picked by a line of the block); a block not listed must simply exit 0.

const PRINTS: readonly { readonly readme: string; readonly has: string; readonly prints: readonly RegExp[]; readonly setup?: (dir: string) => string }[] = [
  { readme: 'packages/arrow-rows/README.md', has: 'tableToRows(table)', prints: [/\[ \{ day: 2026-03-15T00:00:00\.000Z, country: 'SE' \} \]/] },
  { readme: 'packages/arrow-rows/README.md', has: 'compareRows(', prints: [/^true$/m] },
  { readme: 'packages/backend-kit/README.md', has: 'replaceOutput(', prints: [/^2$/m] },
  { readme: 'packages/backend-native/README.md', has: "'positive_amount'", prints: [/completed/, /\[ \{ customer: 'ann', total: 15, n: 2n \} \]/] },
  { readme: 'packages/backend-native/README.md', has: 'processing_time', prints: [/flow "per_minute" epoch 0: 2 rows read, 0 written, watermark 2024-05-01T12:00:40\.000Z/, /^cancelled$/m] },
  { readme: 'packages/events/README.md', has: 'readJsonlEvents(', prints: [/^completed flow "daily" completed$/m] },
  { readme: 'packages/ir/README.md', has: 'datasetSchemas(shop)', prints: [/name: 'customer', type: 'utf8'.*name: 'total', type: \{ type: 'decimal', precision: 20, scale: 2 \}/s] },
  {
    readme: 'packages/backend-spark/README.md', has: 'createSparkBackend(', prints: [/^completed$/m, /kind: 'a', total: 3n, n: 2n/],
    // The block reads data/sales.jsonl under its working directory (a path the local server sees too).
    setup: (dir) => {
      mkdirSync(join(dir, 'data'));
      writeFileSync(join(dir, 'data', 'sales.jsonl'), '{"kind":"a","amount":1}\n{"kind":"a","amount":2}\n{"kind":"b","amount":5}\n');
      return dir;
    },
  },
  // Reads examples/orders/pipeline.json from the working directory: a copy of the repository's examples.
  { readme: 'packages/viewer/README.md', has: 'startViewer(', prints: [/^open http:\/\/127\.0\.0\.1:\d+\/$/m], setup: () => fixture(['orders']) },
];

async function runTs(block: Block): Promise<void> {
  const expected = PRINTS.find((p) => p.readme === block.readme && block.text.includes(p.has));
  const cwd = expected?.setup?.(fixture()) ?? fixture();
  const file = join(generated, `${block.readme.replaceAll('/', '_')}-${block.line}.mts`);
  writeFileSync(file, block.text);
  const result = await exec(process.execPath, [...NODE_ARGS, file], cwd);
  expect(result.code, report(result)).toBe(0);
  for (const pattern of expected?.prints ?? []) expect(result.out, report(result)).toMatch(pattern);
}

// ---------------------------------------------------------------------------------------------------------
// sh blocks

interface Fixtures {
  /** The working directory of the block's `thund` lines, shared in order (a run writes what a later line reads). */
  readonly cwd: () => string;
  /** Lines that need a directory of their own, by a substring of the line. */
  readonly own?: readonly { readonly has: string; readonly cwd: () => string }[];
}

const SH_FIXTURES: Readonly<Record<string, Fixtures>> = {
  // Paths as in the repository: a copy of its examples, so runs write nothing into the worktree.
  'README.md': { cwd: () => fixture(['orders', 'customers', 'clickstream']) },
  // A synopsis on a generic `pipeline.json`: examples/orders (it has pipeline.ts, daily_revenue, tests), with
  // `my-project` a SQL project of the same pipeline. `thund init` writes a new project: an empty directory each.
  // `plan --sql` refuses a sink by design (the README says so below), so it prints examples/clickstream, which has none.
  'packages/cli/README.md': {
    cwd: () => {
      const dir = fixture(['orders'], 'flat');
      cpSync(join(repo, 'examples', 'orders'), join(dir, 'my-project'), { recursive: true, filter: (src) => !/[/\\](out|storage|\.thund)$/.test(src) });
      return dir;
    },
    own: [
      { has: 'thund init', cwd: () => fixture() },
      { has: '--sql', cwd: () => fixture(['clickstream'], 'flat') },
    ],
  },
};

function commandLines(block: Block): string[] {
  return block.text
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '');
}

function workspacePackages(): Map<string, Record<string, unknown>> {
  const byName = new Map<string, Record<string, unknown>>();
  for (const name of readdirSync(join(repo, 'packages'))) {
    const file = join(repo, 'packages', name, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    byName.set(manifest['name'] as string, manifest);
  }
  return byName;
}

/** `pnpm add [-D] a b …`: each name a publishable workspace package, or what one named with it depends on. */
function checkInstallLine(line: string): void {
  const names = line.split(/\s+/).slice(2).filter((word) => !word.startsWith('-'));
  expect(names.length, line).toBeGreaterThan(0);
  const workspace = workspacePackages();
  const named = names.filter((name) => workspace.has(name)).map((name) => workspace.get(name) as Record<string, unknown>);
  for (const name of names) {
    const manifest = workspace.get(name);
    if (manifest === undefined) {
      const needers = named.filter((m) => name in ((m['dependencies'] ?? {}) as object) || name in ((m['peerDependencies'] ?? {}) as object));
      expect(needers.map((m) => m['name']), `${line}: ${name} is neither a workspace package nor a dependency of one named with it`).not.toEqual([]);
      continue;
    }
    expect(manifest['private'], `${name} is private`).not.toBe(true);
    expect(manifest['version'], `${name} has no version`).toEqual(expect.any(String));
    expect((manifest['exports'] as Record<string, unknown> | undefined)?.['.'], `${name} exports no "."`).toBeDefined();
  }
}

async function runThundLine(line: string, cwd: string): Promise<void> {
  const serves = /\bthund view\b/.test(line);
  const until = serves
    ? async (out: string) => {
        const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
        if (url === undefined || (line.includes('--live') && !out.includes('still serving'))) return false;
        const page = await fetch(url);
        expect(page.status).toBe(200);
        return true;
      }
    : undefined;
  const result = await exec('bash', ['-c', line], cwd, until === undefined ? {} : { until });
  expect(result.code, report(result)).toBe(0);
  expect(result.err, report(result)).not.toContain('internal error');
  if (!/\bthund init\b/.test(line)) expect(result.out.trim(), report(result)).not.toBe('');
}

function describeSh(block: Block): void {
  const fixtures = SH_FIXTURES[block.readme];
  let shared: string | undefined;
  for (const line of commandLines(block)) {
    if (/^pnpm add\b/.test(line)) {
      it(`${line}: every package it names is publishable from the workspace (not run: needs the registry)`, () => checkInstallLine(line));
      continue;
    }
    if (!/^thund\s/.test(line)) {
      it(line, () => expect.fail(`${where(block)}: no runner for "${line}": make it a thund or pnpm add line, or mark the block <!-- fragment: why -->`));
      continue;
    }
    const needsSpark = /\bspark\b/.test(line);
    it.skipIf(needsSpark && remote === undefined)(needsSpark && remote === undefined ? `${line} — ${NO_SPARK}` : line, async () => {
      if (fixtures === undefined) expect.fail(`${where(block)}: add its fixture directory to SH_FIXTURES`);
      const own = fixtures.own?.find((o) => line.includes(o.has));
      shared ??= own === undefined ? fixtures.cwd() : undefined;
      await runThundLine(line, own?.cwd() ?? (shared ?? fixtures.cwd()));
    }, 240_000);
  }
}

// ---------------------------------------------------------------------------------------------------------
// json blocks

const CONFIG_KEYS = ['$schema', 'backend', 'db', 'remote', 'sandbox'];

async function runJson(block: Block): Promise<void> {
  const document = JSON.parse(block.text) as Record<string, unknown>;
  const dir = fixture(['orders'], 'flat');
  if ('tests' in document) {
    // A unit-test file next to the pipeline it tests: examples/orders, whose own tests it replaces.
    rmSync(join(dir, 'pipeline.test.json'));
    writeFileSync(join(dir, 'readme.test.json'), block.text);
    const result = await exec(join(shimDir, 'thund'), ['test', 'pipeline.json'], dir);
    expect(result.code, report(result)).toBe(0);
    for (const test of document['tests'] as { name: string }[]) expect(result.out, report(result)).toContain(test.name);
    return;
  }
  expect(Object.keys(document).filter((key) => !CONFIG_KEYS.includes(key)), `${where(block)}: neither a thund.config.json nor a test file`).toEqual([]);
  writeFileSync(join(dir, 'thund.config.json'), block.text);
  // Read by every command on the pipeline: `db` (relative to the file) is where a native run keeps its datasets.
  const native = await exec(join(shimDir, 'thund'), ['run', 'pipeline.json', '--backend', 'native'], dir);
  expect(native.code, report(native)).toBe(0);
  if (typeof document['db'] === 'string') expect(existsSync(join(dir, document['db'])), `${document['db']} was not written`).toBe(true);
  if (remote !== undefined) {
    // Its backend as written (THUND_SPARK_REMOTE, which wins over the file's `remote`, names the server).
    const check = await exec(join(shimDir, 'thund'), ['check', 'pipeline.json'], dir);
    expect(check.code, report(check)).toBe(0);
    expect(check.out).toContain(`backend "${document['backend'] ?? 'native'}"`);
  }
}

// ---------------------------------------------------------------------------------------------------------

describe('README code blocks', () => {
  it('are found in every README', () => {
    expect(blocks.length).toBeGreaterThan(30);
    expect(new Set(blocks.map((b) => b.readme)).size).toBe(readmeFiles().length);
  });

  it('are each executed (here or by the test they name) or marked as a fragment with a reason', () => {
    const unaccounted = blocks.filter((b) => fragmentReason(b) === undefined && executedBy(b) === undefined && !RUN_HERE.has(b.lang));
    expect(unaccounted.map(where), 'mark each <!-- fragment: why --> or <!-- executed by test/file.ts -->').toEqual([]);
  });

  it('import only packages this package depends on (as a user installs them), each resolvable', () => {
    const imported = runHere.filter((b) => b.lang === 'ts').flatMap((b) => [...b.text.matchAll(/^import .* from '([^.:][^']*)';$/gm)].map((m) => m[1] as string));
    const packages = new Set(imported.filter((name) => !name.startsWith('node:')).map((name) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/')));
    expect([...packages].sort()).toEqual(Object.keys(BLOCK_IMPORTS).sort());
    for (const file of Object.values(BLOCK_IMPORTS)) expect(existsSync(file)).toBe(true);
  });

  for (const block of blocks.filter((b) => executedBy(b) !== undefined)) {
    it(`${where(block)} is executed by ${executedBy(block)}`, () => {
      const test = executedBy(block) as string;
      expect(existsSync(join(repo, test)), `${test} does not exist`).toBe(true);
      const source = readFileSync(join(repo, test), 'utf8');
      expect(source).toContain('README.md');
      const region = block.regions.find((name) => source.includes(`${name}:start`));
      expect(region, `${where(block)} lies in no <!-- NAME:start --> region that ${test} extracts`).toBeDefined();
    });
  }
});

for (const block of runHere) {
  const label = where(block);
  if (block.lang === 'ts') {
    const needsSpark = block.text.includes('@thund/backend-spark');
    it.skipIf(needsSpark && remote === undefined)(needsSpark && remote === undefined ? `${label} — ${NO_SPARK}` : `${label} runs and prints what it says`, () => runTs(block), 240_000);
  } else if (block.lang === 'json') {
    it(`${label} is read by its loader`, () => runJson(block), 240_000);
  } else {
    describe(`${label}, line by line`, () => describeSh(block));
  }
}
