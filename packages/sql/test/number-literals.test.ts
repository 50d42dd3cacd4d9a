import { type Expression, type Pipeline, type RelationNode, schemaResolver } from '@thund/ir';
import { describe, expect, it } from 'vitest';
import { SqlError, formatProblem, pipelineFromSql, printPipelineSql, printQuery, queryFromSql } from '../src/index.js';

const SOURCE = "read_files('ids.csv', format => 'csv', header => 'true', schema => 'id BIGINT')";

/** The one select item of `SELECT <literal> AS x FROM …`, as the plan holds it. */
function literal(text: string): Expression | undefined {
  const query = queryFromSql(`SELECT ${text} AS x FROM ${SOURCE}`);
  const column = query.kind === 'project' ? query.columns[0] : undefined;
  return column?.kind === 'alias' ? column.expr : undefined;
}

/** The position and message of the one problem `text` gives. */
function problem(text: string): string {
  try {
    pipelineFromSql([{ file: 'p.sql', text: `CREATE MATERIALIZED VIEW t AS SELECT ${text} AS x FROM ${SOURCE};` }], { name: 'p' });
  } catch (error) {
    if (error instanceof SqlError) return error.problems.map(formatProblem).join('\n');
    throw error;
  }
  throw new Error(`${text} was accepted`);
}

describe('integer literals keep their exact value and are typed as Spark types them', () => {
  it('WHERE id = 9007199254740993 keeps the value exactly, as a bigint', () => {
    const p = pipelineFromSql([{ file: 'p.sql', text: `CREATE MATERIALIZED VIEW t AS SELECT * FROM ${SOURCE} WHERE id = 9007199254740993;` }], { name: 'p' });
    const query = p.flows[0]?.query;
    expect(query?.kind === 'filter' && query.condition).toEqual({
      kind: 'binary', op: 'eq', left: { kind: 'column', name: 'id' }, right: { kind: 'literal', value: '9007199254740993', type: 'int64' },
    });
  });

  it('int32 when it fits, then int64, then a decimal of its digits, the sign included (as spark.sql typeof says)', () => {
    expect(literal('2147483647')).toEqual({ kind: 'literal', value: 2147483647 });
    expect(literal('-2147483648')).toEqual({ kind: 'literal', value: -2147483648 });
    expect(literal('2147483648')).toEqual({ kind: 'literal', value: 2147483648 });
    expect(literal('-9007199254740993')).toEqual({ kind: 'literal', value: '-9007199254740993', type: 'int64' });
    expect(literal('9223372036854775807')).toEqual({ kind: 'literal', value: '9223372036854775807', type: 'int64' });
    expect(literal('-9223372036854775808')).toEqual({ kind: 'literal', value: '-9223372036854775808', type: 'int64' });
    expect(literal('9223372036854775808')).toEqual({ kind: 'literal', value: '9223372036854775808', type: { type: 'decimal', precision: 19, scale: 0 } });
    expect(literal('-9223372036854775809')).toEqual({ kind: 'literal', value: '-9223372036854775809', type: { type: 'decimal', precision: 19, scale: 0 } });
    expect(literal(`1${'0'.repeat(37)}`)).toEqual({ kind: 'literal', value: `1${'0'.repeat(37)}`, type: { type: 'decimal', precision: 38, scale: 0 } });
    expect(literal('00000000000000000000000000000000000000001')).toEqual({ kind: 'literal', value: 1 });
    expect(literal('9007199254740993L')).toEqual({ kind: 'literal', value: '9007199254740993', type: 'int64' });
    expect(literal('-9223372036854775808L')).toEqual({ kind: 'literal', value: '-9223372036854775808', type: 'int64' });
    expect(literal('-32768S')).toEqual({ kind: 'literal', value: -32768, type: 'int16' });
    expect(literal('-128Y')).toEqual({ kind: 'literal', value: -128, type: 'int8' });
  });

  it('check infers the column types those literals give', () => {
    const p = pipelineFromSql([{ file: 'p.sql', text: `CREATE MATERIALIZED VIEW t AS SELECT 9007199254740993 AS a, 9223372036854775808 AS b, 2147483648 AS c, 1 AS d FROM ${SOURCE};` }], { name: 'p' });
    expect(schemaResolver(p)(p.flows[0]?.query as RelationNode)).toEqual([
      { name: 'a', type: 'int64' }, { name: 'b', type: { type: 'decimal', precision: 19, scale: 0 } }, { name: 'c', type: 'int64' }, { name: 'd', type: 'int32' },
    ]);
  });

  it('what no Spark type holds is refused at its line and column', () => {
    expect(problem(`1${'0'.repeat(38)}`)).toMatch(/^p\.sql:1:38: 1000+ has 39 digits, more than the 38 a DECIMAL holds/);
    expect(problem(`-1${'0'.repeat(38)}`)).toMatch(/^p\.sql:1:38: -1000+ has 39 digits/);
    expect(problem('9223372036854775808L')).toBe('p.sql:1:38: 9223372036854775808L is outside BIGINT (-9223372036854775808 to 9223372036854775807): drop the L for DECIMAL(19, 0), or write a double (9.223372036854776e+18D)');
    expect(problem('32768S')).toMatch(/^p\.sql:1:38: 32768S is outside SMALLINT \(-32768 to 32767\)/);
    expect(problem('128Y')).toMatch(/^p\.sql:1:38: 128Y is outside TINYINT \(-128 to 127\)/);
    expect(problem(`1.${'0'.repeat(38)}1`)).toMatch(/^p\.sql:1:38: 1\.0+1 has 40 digits, more than the 38 a DECIMAL holds/);
    expect(problem('1e400')).toMatch(/^p\.sql:1:38: 1e400 is outside the range of a DOUBLE/);
    expect(problem(`${'9'.repeat(70)}`)).toMatch(/^p\.sql:1:38: 9{70} has 70 digits/);
  });

  it('print → parse gives the same literals back, big integers and large doubles included', () => {
    const sql = `CREATE MATERIALIZED VIEW t AS SELECT 9007199254740993 AS a, -9223372036854775808 AS b, 9223372036854775808 AS c, 1e300 AS d, 1.5E20D AS e, 2147483648 AS f FROM ${SOURCE} WHERE id = 9007199254740993 OR id = -9007199254740993;`;
    const first = pipelineFromSql([{ file: 'p.sql', text: sql }], { name: 'p' });
    const printed = printPipelineSql(first);
    expect(printed).toContain('9007199254740993');
    const back: Pipeline = pipelineFromSql([{ file: 'again.sql', text: printed }], { name: 'p' });
    expect(back).toEqual(first);
    const query = first.flows[0]?.query as RelationNode;
    expect(queryFromSql(printQuery(query))).toEqual(query);
  });
});
