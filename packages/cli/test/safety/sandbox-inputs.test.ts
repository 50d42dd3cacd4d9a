import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/index.js';
import { captureIo } from '../support/capture-io.js';

/**
 * `thund --sandbox` against every input a pipeline folder can carry: its
 * config file, its JSON document, a SQL project's spec and SQL files, a TS
 * module, and symbolic links on every storage and output path. Each case
 * runs `check` and `run` in a pipeline folder planted next to a folder
 * "outside" that holds another pipeline's data and a secret; afterwards
 * nothing outside changed (every file's bytes and modification time, no
 * file added or removed), the secret was not printed, and the command was
 * refused with exit 2 and one clear message, no stack trace.
 */

const SECRET = 'secret-3f9a1c';

interface Folders {
  /** The untrusted pipeline folder. */
  readonly pipeline: string;
  /** Another pipeline's folder, with its storage and a secret file. */
  readonly outside: string;
}

function folders(): Folders {
  const root = mkdtempSync(join(tmpdir(), 'thund-sandbox-inputs-'));
  const pipeline = join(root, 'untrusted');
  const outside = join(root, 'victim');
  mkdirSync(join(pipeline, 'in'), { recursive: true });
  mkdirSync(join(outside, '.thund', 'p'), { recursive: true });
  mkdirSync(join(outside, 'out'), { recursive: true });
  writeFileSync(join(pipeline, 'in', 'a.csv'), 'id\n1\n');
  writeFileSync(join(outside, 'secret.csv'), `id\n${SECRET}\n`);
  writeFileSync(join(outside, 'v.duckdb'), 'not touched');
  writeFileSync(join(outside, '.thund', 'p', 'native.duckdb'), 'not touched');
  writeFileSync(join(outside, 'out', 'kept.csv'), 'id\n7\n');
  return { pipeline, outside };
}

/** Every file below `dir` (links not followed) with its bytes' hash and modification time. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const key = relative(dir, path);
    out[key] = entry.isFile() ? `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${statSync(path).mtimeMs}` : entry.isDirectory() ? 'dir' : 'other';
  }
  return out;
}

function document(query: object, extra: { readonly storage?: string; readonly sink?: string } = {}): string {
  return JSON.stringify({
    version: 1,
    name: 'p',
    ...(extra.storage === undefined ? {} : { storage: extra.storage }),
    datasets: [
      { name: 'm', type: 'materialized_view' },
      ...(extra.sink === undefined ? [] : [{ name: 'export', type: 'sink', format: 'csv', location: extra.sink }]),
    ],
    flows: [
      { name: 'm', target: 'm', kind: 'batch', query },
      ...(extra.sink === undefined ? [] : [{ name: 'to_export', target: 'export', kind: 'batch', query: { kind: 'read', dataset: 'm' } }]),
    ],
  });
}

const READ_A = { kind: 'read_files', format: 'csv', path: 'in/a.csv' };

const STREAMING = JSON.stringify({
  version: 1,
  name: 'p',
  datasets: [{ name: 't', type: 'table' }],
  flows: [{ name: 't', target: 't', kind: 'streaming', query: { kind: 'read_files', format: 'csv', path: 'in/', schema: [{ name: 'id', type: 'int64' }], options: { header: 'true' } } }],
});

interface Case {
  readonly name: string;
  /** Plants the attack in the pipeline folder; returns the file argument. */
  readonly plant: (f: Folders) => string;
  /** What the refusal must mention. */
  readonly says: RegExp;
  /** Raw SQL is one query to `check`; the sandboxed DuckDB refuses the file when the run reads it (exit 1). */
  readonly refusedByEngine?: true;
}

const CASES: readonly Case[] = [
  {
    name: 'config file: db climbing out with ..',
    plant: ({ pipeline }) => {
      writeFileSync(join(pipeline, 'thund.config.json'), JSON.stringify({ db: '../victim/v.duckdb' }));
      writeFileSync(join(pipeline, 'p.json'), document(READ_A));
      return 'p.json';
    },
    says: /thund\.config\.json sets "db".*outside the pipeline's folder/,
  },
  {
    name: 'config file: db an absolute path elsewhere (not existing yet)',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'thund.config.json'), JSON.stringify({ db: join(outside, 'new.duckdb') }));
      writeFileSync(join(pipeline, 'p.json'), document(READ_A));
      return 'p.json';
    },
    says: /outside the pipeline's folder/,
  },
  {
    name: 'config file: db inside the folder, but a link to another database',
    plant: ({ pipeline, outside }) => {
      symlinkSync(join(outside, 'v.duckdb'), join(pipeline, 'state.duckdb'));
      writeFileSync(join(pipeline, 'thund.config.json'), JSON.stringify({ db: 'state.duckdb' }));
      writeFileSync(join(pipeline, 'p.json'), document(READ_A));
      return 'p.json';
    },
    says: /symbolic link .*state\.duckdb/,
  },
  {
    name: 'storage root: .thund a link into another pipeline\'s storage',
    plant: ({ pipeline, outside }) => {
      symlinkSync(join(outside, '.thund'), join(pipeline, '.thund'));
      writeFileSync(join(pipeline, 'p.json'), STREAMING);
      return 'p.json';
    },
    says: /symbolic link .*\.thund/,
  },
  {
    name: 'storage root: an absolute path elsewhere',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'p.json'), document(READ_A, { storage: join(outside, '.thund', 'p') }));
      return 'p.json';
    },
    says: /storage root .*outside the base directory/,
  },
  {
    name: 'sink: location through a linked folder',
    plant: ({ pipeline, outside }) => {
      symlinkSync(join(outside, 'out'), join(pipeline, 'out'));
      writeFileSync(join(pipeline, 'p.json'), document(READ_A, { sink: 'out/kept.csv' }));
      return 'p.json';
    },
    says: /symbolic link .*out/,
  },
  {
    name: 'sink: location climbing out with ..',
    plant: ({ pipeline }) => {
      writeFileSync(join(pipeline, 'p.json'), document(READ_A, { sink: '../victim/out/kept.csv' }));
      return 'p.json';
    },
    says: /outside the base directory/,
  },
  {
    name: 'read_files: an absolute path to the secret',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'p.json'), document({ kind: 'read_files', format: 'csv', path: join(outside, 'secret.csv') }));
      return 'p.json';
    },
    says: /read_files path .*outside the base directory/,
  },
  {
    name: 'read_files: through a linked folder',
    plant: ({ pipeline, outside }) => {
      symlinkSync(outside, join(pipeline, 'data'));
      writeFileSync(join(pipeline, 'p.json'), document({ kind: 'read_files', format: 'csv', path: 'data/secret.csv' }));
      return 'p.json';
    },
    says: /symbolic link .*data/,
  },
  {
    name: 'raw SQL reading the secret',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'p.json'), document({ kind: 'sql', dialect: 'duckdb', sql: `SELECT * FROM read_csv('${join(outside, 'secret.csv')}')` }));
      return 'p.json';
    },
    says: /Permission Error/,
    refusedByEngine: true,
  },
  {
    name: 'JSON document: itself a link to a file outside',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(outside, 'p.json'), document(READ_A));
      symlinkSync(join(outside, 'p.json'), join(pipeline, 'p.json'));
      return 'p.json';
    },
    says: /is a link to .*outside its folder/,
  },
  {
    name: 'SQL project: spec file a link to a file outside',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(outside, 'spark-pipeline.yml'), `name: ${SECRET}\nlibraries:\n  - glob:\n      include: '**/*.sql'\n`);
      symlinkSync(join(outside, 'spark-pipeline.yml'), join(pipeline, 'spark-pipeline.yml'));
      writeFileSync(join(pipeline, 'm.sql'), "CREATE MATERIALIZED VIEW m AS SELECT * FROM read_files('in/a.csv', format => 'csv');");
      return '.';
    },
    says: /is a link to .*outside the project folder/,
  },
  {
    name: 'SQL project: a .sql file a link to a file outside',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(outside, 'evil.sql'), `CREATE MATERIALIZED VIEW m AS SELECT '${SECRET}' AS s;`);
      writeFileSync(join(pipeline, 'spark-pipeline.yml'), "name: p\nlibraries:\n  - glob:\n      include: '**/*.sql'\n");
      symlinkSync(join(outside, 'evil.sql'), join(pipeline, 'm.sql'));
      return '.';
    },
    says: /is a link to .*outside the project folder/,
  },
  {
    name: 'SQL project: storage outside in the spec',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'spark-pipeline.yml'), `name: p\nstorage: ${join(outside, '.thund', 'p')}\nlibraries:\n  - glob:\n      include: '**/*.sql'\n`);
      writeFileSync(join(pipeline, 'm.sql'), "CREATE STREAMING TABLE t AS SELECT * FROM STREAM read_files('in/', format => 'csv', header => 'true', schema => 'id BIGINT');");
      return '.';
    },
    says: /storage root .*outside the base directory/,
  },
  {
    name: 'SQL project: read_files of the secret',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'spark-pipeline.yml'), "name: p\nlibraries:\n  - glob:\n      include: '**/*.sql'\n");
      writeFileSync(join(pipeline, 'm.sql'), `CREATE MATERIALIZED VIEW m AS SELECT * FROM read_files('${join(outside, 'secret.csv')}', format => 'csv', header => 'true');`);
      return '.';
    },
    says: /outside the base directory/,
  },
  {
    name: 'TS module: refused before it is imported',
    plant: ({ pipeline, outside }) => {
      writeFileSync(join(pipeline, 'p.ts'), `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(join(outside, 'pwned'))}, 'x'); export default {};`);
      return 'p.ts';
    },
    says: /--sandbox runs JSON pipeline documents only/,
  },
];

describe('thund --sandbox: nothing outside the pipeline folder is read or written, whatever the folder carries', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const f = folders();
      const file = c.plant(f);
      const before = snapshot(f.outside);
      for (const command of ['check', 'run']) {
        const io = captureIo(f.pipeline);
        const code = await main([command, file, '--sandbox'], io);
        const said = io.out() + io.err();
        const expected = c.refusedByEngine === true ? (command === 'check' ? 0 : 1) : 2;
        expect(code, `${command}: ${said}`).toBe(expected);
        expect(said).not.toContain(SECRET);
        expect(said).not.toMatch(/^\s+at /m);
        if (code !== 0) expect(said).toMatch(c.says);
      }
      expect(snapshot(f.outside)).toEqual(before);
    });
  }
});
