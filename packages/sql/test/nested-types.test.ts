import type { DataType, Pipeline } from '@thund/ir';
import { describe, expect, test } from 'vitest';
import { SqlError, pipelineFromSql, printPipelineSql, queryFromSql } from '../src/index.js';

function lower(sql: string): Pipeline {
  return pipelineFromSql([{ file: 'test.sql', text: sql }], { name: 't' });
}

function failure(sql: string): string {
  try {
    lower(sql);
  } catch (error) {
    if (error instanceof SqlError) return error.message;
    throw error;
  }
  throw new Error('expected a SqlError');
}

const EVENT: DataType = {
  type: 'struct',
  fields: [
    { name: 'id', type: 'int64' },
    { name: 'tags', type: { type: 'list', element: 'utf8' } },
    { name: 'attrs', type: { type: 'map', key: 'utf8', value: 'int32' } },
    { name: 'date', type: 'date32' },
  ],
};

describe('ARRAY, STRUCT and MAP types in SQL', () => {
  test('a column list declares nested types, with or without the colon in STRUCT fields', () => {
    const p = lower(`CREATE MATERIALIZED VIEW out (
      e STRUCT<id: BIGINT, tags: ARRAY<STRING>, attrs MAP<STRING, INT>, \`date\`: DATE>,
      deep ARRAY<ARRAY<MAP<STRING, ARRAY<INT>>>>
    ) AS SELECT * FROM read_files('in.json', format => 'json');`);
    expect(p.datasets[0]?.schema).toEqual([
      { name: 'e', type: EVENT },
      { name: 'deep', type: { type: 'list', element: { type: 'list', element: { type: 'map', key: 'utf8', value: { type: 'list', element: 'int32' } } } } },
    ]);
  });

  test('read_files takes them in its schema string', () => {
    const query = queryFromSql("SELECT * FROM read_files('in.json', format => 'json', schema => 'e STRUCT<id: BIGINT, tags: ARRAY<STRING>, attrs: MAP<STRING, INT>, date: DATE>, n INT')");
    expect(query.kind === 'project' && query.input.kind === 'read_files' ? query.input.schema : query.kind === 'read_files' ? query.schema : undefined)
      .toEqual([{ name: 'e', type: EVENT }, { name: 'n', type: 'int32' }]);
  });

  test('CAST takes them', () => {
    const query = queryFromSql('SELECT CAST(x AS ARRAY<BIGINT>) AS y FROM t');
    expect(query.kind === 'project' ? query.columns[0] : undefined).toEqual({
      kind: 'alias', name: 'y', expr: { kind: 'cast', expr: { kind: 'column', name: 'x' }, to: { type: 'list', element: 'int64' } },
    });
  });

  test('the printer writes them back as the parser reads them', () => {
    const p = lower(`CREATE MATERIALIZED VIEW out (e STRUCT<\`odd name\`: ARRAY<DECIMAL(10, 2)>, m: MAP<STRING, INT>>)
      AS SELECT * FROM read_files('in.json', format => 'json', schema => 'e STRUCT<\`odd name\`: ARRAY<DECIMAL(10, 2)>, m: MAP<STRING, INT>>');`);
    expect(lower(printPipelineSql(p))).toEqual(p);
  });

  test('mistakes are refused at their line and column, saying what to write', () => {
    expect(failure("CREATE MATERIALIZED VIEW out (e ARRAY<STRING) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:45: expected ">", found "\)"/);
    expect(failure("CREATE MATERIALIZED VIEW out (e STRUCT<a: INT, A: STRING>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:48: field A appears twice in the STRUCT/);
    expect(failure("CREATE MATERIALIZED VIEW out (e STRUCT<>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:39: STRUCT<> has no fields: write STRUCT<name: TYPE, …>/);
    expect(failure("CREATE MATERIALIZED VIEW out (e STRUCT<a: INT NOT NULL>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:47: NOT NULL on a STRUCT field is not supported/);
    expect(failure("CREATE MATERIALIZED VIEW out (e MAP<STRING>) AS SELECT * FROM read_files('in.json', format => 'json');"))
      .toMatch(/^\[THUND_VALIDATION\] test\.sql:1:43: expected ",", found ">"/);
  });
});
