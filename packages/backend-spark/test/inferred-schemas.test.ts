import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { afterAll, describe, expect, it } from 'vitest';
import { type RelationInit, SparkConnectSession } from '../src/connect/session.js';
import { type DataType, DataTypeSchema } from '../src/gen/spark/connect/types_pb.js';
import { structDdl } from '../src/read/spark-ddl.js';
import { InferredSchemas } from '../src/run/inferred-schemas.js';
import { remote } from './support/differential.js';

const csvRead = (path: string, extra: Record<string, string> = {}, isStreaming = false): RelationInit => ({
  relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'csv', paths: [path], options: { header: 'true', inferSchema: 'true', ...extra } } }, isStreaming } },
});
const joined = (left: RelationInit, right: RelationInit): RelationInit => ({ relType: { case: 'join', value: { left, right, joinType: 1 } } });
/** A DataType kind for the tests (the generated message types want every field; Spark sends only what is set). */
const kind = (name: string, value: object = {}): DataType['kind'] => ({ case: name, value }) as unknown as DataType['kind'];
const of = (name: string, value: object = {}): DataType => ({ kind: kind(name, value) }) as DataType;
const struct = (fields: Record<string, DataType['kind']>): DataType => create(DataTypeSchema, {
  kind: { case: 'struct', value: { fields: Object.entries(fields).map(([name, kind]) => ({ name, nullable: true, dataType: { kind } as DataType })) } },
});

/** A session that answers AnalyzePlan schema from a table, counting the questions. */
function fakeSession(schemas: Record<string, DataType>): { session: SparkConnectSession; asked: string[] } {
  const asked: string[] = [];
  const session = {
    async schema(relation: RelationInit): Promise<DataType | undefined> {
      const read = relation.relType?.case === 'read' && relation.relType.value.readType?.case === 'dataSource' ? relation.relType.value.readType.value : undefined;
      const path = read?.paths?.[0] ?? '';
      asked.push(path);
      const schema = schemas[path];
      if (schema === undefined) throw new Error(`[PATH_NOT_FOUND] Path does not exist: ${path}`);
      return schema;
    },
  } as unknown as SparkConnectSession;
  return { session, asked };
}

describe('schemas inferred once per run', () => {
  const orders = struct({ id: kind('integer'), amount: kind('double'), at: kind('timestamp') });

  it('asks Spark once per distinct read, however often and in whichever option order the flows read it', async () => {
    const { session, asked } = fakeSession({ '/d/orders.csv': orders });
    const a = csvRead('/d/orders.csv', { escape: '"', mode: 'FAILFAST' });
    const b = { relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'csv', paths: ['/d/orders.csv'], options: { mode: 'FAILFAST', escape: '"', inferSchema: 'true', header: 'true' } } } } } } as RelationInit;
    const inferred = await InferredSchemas.infer(session, [a, joined(a, b)]);
    expect(asked).toEqual(['/d/orders.csv']);
    expect(inferred.schemaOf({ format: 'csv', paths: ['/d/orders.csv'], options: { header: 'true', escape: '"', mode: 'FAILFAST' } })).toBe('`id` INT, `amount` DOUBLE, `at` TIMESTAMP');
  });

  it('rewrites every inferring read at any depth to read with the schema, without inferSchema; the rest is shared, not copied', async () => {
    const { session } = fakeSession({ '/d/orders.csv': orders, '/d/other.csv': orders });
    const inferred = await InferredSchemas.infer(session, [csvRead('/d/orders.csv')]);
    const other = csvRead('/d/other.csv');
    const plan = joined(csvRead('/d/orders.csv'), other);
    const rewritten = inferred.apply(plan);
    expect(rewritten).toEqual(joined({
      relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'csv', paths: ['/d/orders.csv'], options: { header: 'true' }, schema: '`id` INT, `amount` DOUBLE, `at` TIMESTAMP' } }, isStreaming: false } },
    }, other));
    expect(rewritten.relType?.case === 'join' && rewritten.relType.value.right).toBe(other);
    expect(plan).toEqual(joined(csvRead('/d/orders.csv'), csvRead('/d/other.csv')));
  });

  it('leaves alone reads with a schema, CSV read without inferSchema, and reads Spark could not analyse', async () => {
    const { session, asked } = fakeSession({ '/d/orders.csv': orders });
    const typed: RelationInit = { relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'csv', paths: ['/d/orders.csv'], schema: 'id INT', options: { inferSchema: 'true' } } } } } };
    const strings = csvRead('/d/orders.csv', { inferSchema: 'false' });
    const missing = csvRead('/d/missing.csv');
    const streamingMissing = csvRead('/d/missing.csv', {}, true);
    const inferred = await InferredSchemas.infer(session, [typed, strings, missing, streamingMissing]);
    expect(asked).toEqual(['/d/missing.csv']);
    for (const plan of [typed, strings, missing, streamingMissing]) expect(inferred.apply(plan)).toBe(plan);
  });

  it('a streaming read is inferred once, with a batch read of the same files, and stays streaming, now with the schema', async () => {
    const { session, asked } = fakeSession({ '/d/inbox': orders });
    const streaming = csvRead('/d/inbox', {}, true);
    const inferred = await InferredSchemas.infer(session, [streaming, csvRead('/d/inbox')]);
    expect(asked).toEqual(['/d/inbox']);
    expect(inferred.apply(streaming)).toEqual({
      relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'csv', paths: ['/d/inbox'], options: { header: 'true' }, schema: '`id` INT, `amount` DOUBLE, `at` TIMESTAMP' } }, isStreaming: true } },
    });
  });

  it('states Spark types as DDL, or nothing where DDL cannot say the type exactly', () => {
    expect(structDdl(struct({
      'a`b': kind('long'),
      d: kind('decimal', { precision: 12, scale: 3 }),
      t: kind('timestampNtz'),
      s: kind('string', { collation: '' }),
      xs: kind('array', { elementType: of('date'), containsNull: true }),
      m: kind('map', { keyType: of('string'), valueType: of('boolean'), valueContainsNull: true }),
      o: kind('struct', { fields: [{ name: 'x', nullable: false, dataType: of('double') }] }),
    }))).toBe('`a``b` BIGINT, `d` DECIMAL(12,3), `t` TIMESTAMP_NTZ, `s` STRING, `xs` ARRAY<DATE>, `m` MAP<STRING, BOOLEAN>, `o` STRUCT<`x`: DOUBLE NOT NULL>');
    expect(structDdl(struct({ xs: kind('array', { elementType: of('date'), containsNull: false }) }))).toBeUndefined();
    expect(structDdl(struct({ s: kind('string', { collation: 'UTF8_LCASE' }) }))).toBeUndefined();
    expect(structDdl(struct({}))).toBeUndefined();
  });
});

describe.runIf(remote !== undefined)('schemas inferred once, on a real Spark Connect server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thund-inferred-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Spark reads a CSV and a JSON file with the inferred schema exactly as it reads them inferring: same schema, same rows', async () => {
    const csv = join(dir, 'mixed.csv');
    writeFileSync(csv, 'id,price,label,flag,day,at,big\n1,2.5,"a, quoted",true,2026-01-02,2026-01-02 03:04:05,12345678901\n2,,plain,false,2026-02-03,2026-02-03 00:00:00,\n');
    const json = join(dir, 'nested.json');
    writeFileSync(json, '{"id":1,"tags":["x","y"],"point":{"x":1.5,"y":2},"when":"2026-01-02T03:04:05Z"}\n{"id":2,"tags":[],"point":null,"extra":true}\n');
    const session = SparkConnectSession.connect(remote as string);
    try {
      const reads = [
        csvRead(csv, { escape: '"', mode: 'FAILFAST' }),
        { relType: { case: 'read', value: { readType: { case: 'dataSource', value: { format: 'json', paths: [json], options: { mode: 'FAILFAST' } } } } } } as RelationInit,
      ];
      const inferred = await InferredSchemas.infer(session, reads);
      for (const read of reads) {
        const rewritten = inferred.apply(read);
        expect(rewritten).not.toBe(read);
        expect(await session.schema(rewritten)).toEqual(await session.schema(read));
        const rows = async (r: RelationInit): Promise<string> => JSON.stringify((await session.table(r)).toArray().map((row) => row.toJSON()), (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
        expect(await rows(rewritten)).toBe(await rows(read));
      }
    } finally {
      session.close();
    }
  });
});
