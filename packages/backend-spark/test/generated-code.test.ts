import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const pkg = join(import.meta.dirname, '..');
const bin = join(pkg, 'node_modules', '.bin');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

// The committed protos and stubs must be what the pinned artifact and `pnpm gen` give: no hand edits, no drift.
describe('generated Spark Connect code', () => {
  const out = mkdtempSync(join(tmpdir(), 'thund-gen-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('committed protos match their recorded checksums (proto/SHA256SUMS)', () => {
    const sums = readFileSync(join(pkg, 'proto', 'SHA256SUMS'), 'utf8').trim().split('\n').map((line) => line.split(/\s+/));
    expect(sums.length).toBeGreaterThan(5);
    for (const [sum, file] of sums) expect(sha256(join(pkg, 'proto', file as string)), file).toBe(sum);
    expect(filesUnder(join(pkg, 'proto', 'spark', 'connect')).map((f) => `spark/connect/${f}`)).toEqual(sums.map(([, file]) => file).sort());
  });

  it('src/gen is exactly what buf + protoc-gen-es generate from proto/', () => {
    const template = JSON.stringify({ version: 'v2', plugins: [{ local: 'protoc-gen-es', out, opt: ['target=ts', 'import_extension=js'] }] });
    execFileSync(join(bin, 'buf'), ['generate', 'proto', '--template', template], { cwd: pkg, env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}` }, stdio: 'pipe' });
    const committed = filesUnder(join(pkg, 'src', 'gen'));
    expect(filesUnder(out)).toEqual(committed);
    for (const file of committed) expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(pkg, 'src', 'gen', file), 'utf8'));
  }, 60_000);

  const jar = (() => {
    const venv = join(pkg, '..', '..', '.cache', 'spark', 'venv', 'lib');
    if (!existsSync(venv)) return undefined;
    for (const python of readdirSync(venv)) {
      const candidate = join(venv, python, 'site-packages', 'pyspark', 'jars');
      if (!existsSync(candidate)) continue;
      const found = readdirSync(candidate).find((f) => /^spark-connect_2\.13-.*\.jar$/.test(f));
      if (found !== undefined) return join(candidate, found);
    }
    return undefined;
  })();

  // The pyspark install (tools/spark/install.sh) is present wherever the Spark tests run, so in CI.
  it.runIf(jar !== undefined)('committed protos are the ones in the installed pinned Spark Connect jar', () => {
    const version = readFileSync(join(pkg, 'proto', 'VERSION'), 'utf8');
    expect(version).toContain(`source=pypi:${(jar as string).split('/').at(-1)}`);
    const listing = execFileSync('unzip', ['-Z1', jar as string], { encoding: 'utf8' }).split('\n').filter((f) => /^spark\/connect\/.*\.proto$/.test(f));
    expect(listing.length).toBeGreaterThan(5);
    for (const file of listing) {
      const inJar = execFileSync('unzip', ['-p', jar as string, file]);
      expect(createHash('sha256').update(inJar).digest('hex'), file).toBe(sha256(join(pkg, 'proto', file)));
    }
  });
});
