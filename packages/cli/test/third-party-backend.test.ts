import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';
import { finished, spawnThund } from './support/spawn-thund.js';

/**
 * A backend written outside this repository gets the whole tool. `thund
 * init --backend-template` writes the template backend (the README's
 * json-filter backend, its factory as the default export, the conformance
 * suite wired in) as a package of its own in a temporary folder; a project
 * outside the workspace installs it by path (node_modules/<name> → the
 * folder, as `npm install <folder>` does), and every command runs with
 * `--backend <its package name>` on examples/orders: each one works, or
 * says what the backend lacks (a facet, or a feature `check` refuses).
 */

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '..', '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const NAME = 'thund-backend-json-filter';

let root: string;
let pkg: string;
let project: string;

function link(target: string, at: string): void {
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'thund-third-party-'));
  pkg = join(root, NAME);
  const io = captureIo(root);
  expect(await main(['init', NAME, '--backend-template'], io), io.err()).toBe(0);
  expect(io.out()).toContain(`next: cd ${NAME} && npm install && npm test (the conformance suite), then thund check <pipeline> --backend ./${NAME}`);
  // What `npm install` would bring: @thund/ir, the testkit and vitest (here, the workspace's own).
  link(join(REPO, 'packages', 'ir'), join(pkg, 'node_modules', '@thund', 'ir'));
  link(join(REPO, 'packages', 'backend-testkit'), join(pkg, 'node_modules', '@thund', 'backend-testkit'));
  link(join(REPO, 'node_modules', 'vitest'), join(pkg, 'node_modules', 'vitest'));
  project = join(root, 'project');
  cpSync(join(REPO, 'examples', 'orders'), project, { recursive: true, filter: (src) => !/\/(out|storage|\.thund)(\/|$)/.test(src.slice(REPO.length)) });
  link(pkg, join(project, 'node_modules', NAME));
  writeFileSync(join(project, 'big.json'), JSON.stringify({
    version: 1, name: 'big',
    datasets: [{ name: 'orders', type: 'materialized_view' }, { name: 'big', type: 'materialized_view' }],
    flows: [
      { name: 'orders', target: 'orders', kind: 'batch', query: { kind: 'read_files', format: 'json', path: 'orders.jsonl' } },
      { name: 'big', target: 'big', kind: 'batch', query: { kind: 'filter', input: { kind: 'read', dataset: 'orders' }, condition: { kind: 'binary', op: 'gt', left: { kind: 'column', name: 'amount' }, right: { kind: 'literal', value: 50 } } } },
    ],
  }));
  writeFileSync(join(project, 'orders.jsonl'), '{"id":1,"amount":120}\n{"id":2,"amount":35}\n{"id":3,"amount":64}\n');
}, 120_000);

async function thund(...argv: string[]): Promise<{ readonly code: number; readonly out: string; readonly err: string }> {
  const io = captureIo(project);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('a third-party backend, installed by path, used by its package name', () => {
  it('the template is a package of its own: a manifest with its name, its factory as the default export, no workspace link', () => {
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string>; peerDependencies: Record<string, string> };
    expect(manifest.name).toBe(NAME);
    expect(manifest.exports['.']).toBe('./index.js');
    expect(Object.keys(manifest.peerDependencies)).toEqual(['@thund/ir']);
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    expect(readFileSync(join(pkg, 'README.md'), 'utf8')).toContain(`# ${NAME}`);
  });

  it('runs a pipeline it supports, by package name and by path, and previews the result', async () => {
    for (const backend of [NAME, `./node_modules/${NAME}`]) {
      const run = await thund('run', 'big.json', '--backend', backend);
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain('big (2 rows)');
    }
  });

  it('check on examples/orders: exit 2, every feature it lacks named with its backend', async () => {
    const check = await thund('check', 'pipeline.json', '--backend', NAME);
    expect(check.code).toBe(2);
    expect(check.err).toMatch(/backend "json-filter"/);
    expect(check.err).toMatch(/project|aggregate|csv/);
    expect(check.err).not.toMatch(/^\s+at /m);
  });

  it('plan says the facet it lacks; run refuses before anything runs; show says it has nothing from another process', async () => {
    const plan = await thund('plan', 'big.json', '--backend', NAME);
    expect(plan.code).toBe(2);
    expect(plan.err).toContain(`backend "${NAME}" cannot show plans: it has no explain facet (ExecBackend.explain)`);
    const run = await thund('run', 'pipeline.json', '--backend', NAME);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/json-filter/);
    const show = await thund('show', 'big.json', 'big', '--backend', NAME);
    expect(show.code).not.toBe(0);
    expect(show.err).toContain('the json-filter backend keeps what a run wrote in memory');
  });

  it('capabilities shows it beside native; diff and test run it from scratch copies and report its refusal', async () => {
    const capabilities = await thund('capabilities', '--backends', `native,${NAME}`);
    expect(capabilities.code, capabilities.err).toBe(0);
    expect(capabilities.out).toMatch(/^\| feature \| native \(duckdb [0-9.]+\) \| json-filter \|$/m);
    expect(capabilities.out).toContain("| dataset types: `materialized_view` | ✓ | ✓ |");
    const diff = await thund('diff', 'pipeline.json', '--backends', `native,${NAME}`);
    expect(diff.code).toBe(2);
    expect(diff.err).toMatch(new RegExp(`${NAME} refuses it`));
    const same = await thund('diff', 'big.json', '--backends', `native,${NAME}`);
    expect(same.code, same.out + same.err).toBe(0);
    const test = await thund('test', 'pipeline.json', '--backends', NAME);
    expect(test.code).toBe(1);
    expect(test.out).toMatch(/could not run: refused by thund-backend-json-filter/);
  }, 120_000);

  it('its own conformance suite runs from its folder, the cases it cannot run reported skipped and refused', () => {
    writeFileSync(join(pkg, 'vitest.config.mjs'), "export default { resolve: { conditions: ['thund-source'] }, ssr: { resolve: { conditions: ['thund-source'] } } };\n");
    const result = spawnSync(process.execPath, [join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { cwd: pkg, encoding: 'utf8', timeout: 600_000 });
    expect(result.status, result.stdout.slice(-2000) + result.stderr.slice(-2000)).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+.*\d+ passed/);
    expect(result.stdout).toMatch(/skipped/);
  }, 600_000);

  it.runIf(existsSync(CHROMIUM) || process.env['CI'] === 'true')('view --live on it serves the page; the browser shows the run and its flows', async () => {
    const child = spawnThund(['view', 'big.json', '--live', '--backend', NAME], { cwd: project });
    const ended = finished(child, 120_000);
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(seen);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      ended.then((e) => reject(new Error(`view ended: ${e.stdout}${e.stderr}`)), reject);
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => document.querySelectorAll('g.node[data-status="completed"]').length === 4, undefined, { timeout: 30_000 });
      expect(await page.textContent('#run')).toContain('completed');
    } finally {
      await browser.close();
      child.kill('SIGINT');
      await ended.catch(() => undefined);
    }
  }, 120_000);
});
