import { col, from, pipeline, readFiles } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { PEOPLE_JSONL, PEOPLE_SCHEMA } from './inputs.js';

const files = { 'people.jsonl': PEOPLE_JSONL };
const people = (path: (p: string) => string) => readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA });
/** The same file read without a schema: its columns and types are known only to the engine (JSON numbers are int64 on both). */
const untypedPeople = (path: (p: string) => string) => readFiles('json', path('people.jsonl'));

/**
 * Declared schemas, one rule on every backend (DESIGN.md): a flow writes
 * exactly the declared columns — in the declared order, each produced type
 * widened and cast to the declared one, a NOT NULL column with a NULL fails
 * the flow with THUND_SCHEMA_MISMATCH. (A flow producing more or fewer
 * columns is refused by validation before anything runs: `@thund/ir`'s
 * `schema_columns` rule. Where only the engine knows the columns — a file
 * read without a schema — the same rule holds when the flow runs: the
 * flow fails with THUND_SCHEMA_MISMATCH and writes nothing.)
 */
export const SCHEMA_CASES: readonly ConformanceCase[] = [
  {
    id: 'schema/declared-types-and-order',
    group: 'schema',
    description: 'a declared schema lists the columns in another order and wider types (int32 → int64, int64 → float64, a decimal): the rows are cast, every column kept',
    files,
    pipeline: ({ path }) =>
      pipeline('declared_types')
        .temporaryView('people', { query: people(path) })
        .materializedView('payroll', {
          schema: [
            { name: 'salary', type: 'float64' },
            { name: 'id', type: 'int64', nullable: false },
            { name: 'age', type: { type: 'decimal', precision: 21, scale: 2 } },
            { name: 'small', type: 'int64' },
          ],
          query: from('people').filter(col('id').lte(3)).select(col('id'), col('salary'), col('age'), col('age').cast('int32').as('small')),
        })
        .build(),
    expected: {
      payroll: [
        { salary: 120, id: 1, age: '36.00', small: 36 },
        { salary: 100, id: 2, age: '29.00', small: 29 },
        { salary: 90, id: 3, age: '41.00', small: 41 },
      ],
    },
  },
  {
    id: 'schema/not-null-violated',
    group: 'schema',
    description: 'a column declared NOT NULL receives a NULL: the flow fails with THUND_SCHEMA_MISMATCH and writes nothing',
    files,
    pipeline: ({ path }) =>
      pipeline('not_null')
        .temporaryView('people', { query: people(path) })
        .materializedView('salaries', {
          schema: [{ name: 'name', type: 'utf8' }, { name: 'salary', type: 'int64', nullable: false }],
          query: from('people').select('name', 'salary'),
        })
        .build(),
    status: 'failed',
    failedFlows: { salaries: 'THUND_SCHEMA_MISMATCH' },
    expected: {},
  },
  {
    id: 'schema/untyped-file-fits',
    group: 'schema',
    description: 'a file read without a schema into a declared one: the engine\'s int64 columns widen to the declared types',
    files,
    pipeline: ({ path }) =>
      pipeline('untyped_fits')
        .temporaryView('people', { query: untypedPeople(path) })
        .materializedView('pay', {
          schema: [{ name: 'id', type: 'int64' }, { name: 'salary', type: 'float64' }],
          query: from('people').filter(col('id').lte(2)).select('id', 'salary'),
        })
        .build(),
    expected: { pay: [{ id: 1, salary: 120 }, { id: 2, salary: 100 }] },
  },
  {
    id: 'schema/untyped-file-extra-columns',
    group: 'schema',
    description: 'a file read without a schema has columns the declared schema leaves out (read through a dataset of its own): the flow fails with THUND_SCHEMA_MISMATCH (no engine drops them silently)',
    files,
    pipeline: ({ path }) =>
      pipeline('untyped_extra')
        .temporaryView('people', { query: untypedPeople(path) })
        .materializedView('seniors', { query: from('people').filter(col('age').gte(40)) })
        .materializedView('names', {
          schema: [{ name: 'id', type: 'int64' }, { name: 'name', type: 'utf8' }],
          query: from('seniors'),
        })
        .build(),
    status: 'failed',
    failedFlows: { names: 'THUND_SCHEMA_MISMATCH' },
    expected: {},
  },
  {
    id: 'schema/untyped-file-narrowed',
    group: 'schema',
    description: 'a file\'s int64 column into a column declared int32: the flow fails with THUND_SCHEMA_MISMATCH (a narrowing is cast in the query, not silently)',
    files,
    pipeline: ({ path }) =>
      pipeline('untyped_narrowed')
        .temporaryView('people', { query: untypedPeople(path) })
        .materializedView('ids', {
          schema: [{ name: 'id', type: 'int32' }, { name: 'name', type: 'utf8' }],
          query: from('people').select('id', 'name'),
        })
        .build(),
    status: 'failed',
    failedFlows: { ids: 'THUND_SCHEMA_MISMATCH' },
    expected: {},
  },
];
