import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/index.js';
import { captureIo } from './support/capture-io.js';

/*
 * What SDP refuses, Þund refuses with SDP's reason. Each statement below is
 * given to the reference client (`spark-pipelines dry-run` on the local
 * server) and to `thund check`: both must refuse it, the reference with its
 * own error, Þund at the statement's line and column with SDP's words.
 */

const remote = process.env['THUND_SPARK_REMOTE'];
const client = process.env['THUND_SPARK_PIPELINES'];
const temp = mkdtempSync(join(tmpdir(), 'thund-sdp-refusals-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const run = promisify(execFile);

/** Two lines every case starts with: a materialized view over a JSON file, and a streaming table for flows. */
const base = (dir: string): string => `CREATE MATERIALIZED VIEW src AS SELECT id FROM json.\`${join(dir, 'src.json')}\`;\nCREATE STREAMING TABLE st;\n`;

/** The statement (line 3), the reference's error, and Þund's (position and words). */
const CASES: readonly (readonly [string, string, RegExp, RegExp])[] = [
  ['INSERT INTO without BY NAME', 'CREATE FLOW f AS INSERT INTO st SELECT * FROM STREAM(src);', /Only INSERT INTO by name flows supported/, /p\.sql:3:33: INSERT INTO a flow's target needs BY NAME, which SDP requires \("Only INSERT INTO by name flows supported\."\)/],
  ['a multi-part flow name', 'CREATE FLOW sch.f AS INSERT INTO st BY NAME SELECT * FROM STREAM(src);', /MULTIPART_FLOW_NAME_NOT_SUPPORTED/, /p\.sql:3:13: flow name sch\.f has more than one part, which SDP refuses \(MULTIPART_FLOW_NAME_NOT_SUPPORTED/],
  ['a persisted view over a temporary view', 'CREATE TEMPORARY VIEW t AS SELECT id FROM src;\nCREATE VIEW v AS SELECT id FROM t;', /INVALID_TEMP_OBJ_REFERENCE/, /p\.sql:4:33: view v reads temporary view t, which SDP refuses \(INVALID_TEMP_OBJ_REFERENCE/],
  ['CREATE TABLE', 'CREATE TABLE t AS SELECT id FROM src;', /Unsupported plan/, /p\.sql:3:8: CREATE TABLE is not a pipeline statement \(SDP refuses it: "Unsupported plan"\)/],
  ['a column list after a flow\'s target', 'CREATE FLOW f AS INSERT INTO st (id) SELECT * FROM STREAM(src);', /Column schema may not be specified for flow target/, /p\.sql:3:33: a column list after the target is not supported \(SDP: "Column schema may not be specified for flow target\."\)/],
];

describe.runIf(remote !== undefined && client !== undefined)('SDP\'s refusals: the reference client and thund check refuse the same statements, for the same reason', () => {
  for (const [what, sql, reference, thund] of CASES) {
    it(what, async () => {
      const dir = join(temp, what.replace(/\W+/g, '-'));
      mkdirSync(join(dir, 'transformations'), { recursive: true });
      writeFileSync(join(dir, 'src.json'), '{"id": 1}\n');
      writeFileSync(join(dir, 'transformations', 'p.sql'), `${base(dir)}${sql}\n`);
      writeFileSync(join(dir, 'spark-pipeline.yml'), `name: refusal\nstorage: ${pathToFileURL(join(dir, 'storage')).href}\nlibraries:\n  - glob:\n      include: transformations/**\n`);
      const venv = dirname(client as string);
      const refused = await run(client as string, ['--remote', remote as string, 'dry-run', '--spec', join(dir, 'spark-pipeline.yml')], {
        cwd: dir, env: { ...process.env, PATH: `${venv}:${process.env['PATH'] ?? ''}`, SPARK_LOCAL_IP: '127.0.0.1' }, maxBuffer: 64 * 1024 * 1024,
      }).then(() => undefined, (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`);
      expect(refused, 'the reference client accepted it').toBeDefined();
      expect(refused).toMatch(reference);
      const io = captureIo(dir);
      expect(await main(['check', '.'], io)).toBe(2);
      expect(io.err()).toMatch(thund);
    }, 120_000);
  }
});
