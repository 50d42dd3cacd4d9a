import { col, count, expect, from, pipeline, readFiles, sum } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { PEOPLE_JSONL, PEOPLE_SCHEMA } from './inputs.js';

const PEOPLE_AFTER = [PEOPLE_JSONL, JSON.stringify({ id: 7, name: 'gus', dept: 'ops', salary: 80, age: 30, manager: 3 })].join('\n');

/**
 * Sinks fed by batch flows: the sink's files hold the flow's result, are
 * replaced whole by each run (never appended to), and the flow reports the
 * rows it wrote and its expectation counts, as any batch flow does.
 */
export const SINK_CASES: readonly ConformanceCase[] = [
  {
    id: 'sink/batch-parquet',
    group: 'sink',
    description: 'a batch flow with a drop expectation exports a materialized view to a Parquet sink; a rerun replaces the files',
    files: { 'people.jsonl': PEOPLE_JSONL },
    pipeline: ({ path }) =>
      pipeline('batch_sink')
        .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
        .materializedView('by_dept', { query: from('people').filter(col('dept').isNotNull()).groupBy('dept').agg(count().as('n'), sum('salary').as('total')) })
        .sink('by_dept_export', { format: 'parquet', location: path('out/by_dept.parquet') })
        .flow('export_by_dept', {
          target: 'by_dept_export', kind: 'batch', query: from('by_dept'),
          expectations: [expect('big_dept', col('n').gte(2), 'drop')],
        })
        .build(),
    expected: { by_dept_export: [{ dept: 'eng', n: 2, total: 220 }, { dept: 'ops', n: 2, total: 180 }] },
    rowsWritten: { export_by_dept: 2 },
    expectationResults: { export_by_dept: [{ name: 'big_dept', action: 'drop', passed: 2, failed: 1 }] },
    rerun: {
      files: { 'people.jsonl': PEOPLE_AFTER },
      expected: { by_dept_export: [{ dept: 'eng', n: 2, total: 220 }, { dept: 'ops', n: 3, total: 260 }] },
      rowsWritten: { export_by_dept: 2 },
      expectationResults: { export_by_dept: [{ name: 'big_dept', action: 'drop', passed: 2, failed: 1 }] },
    },
  },
  {
    id: 'sink/batch-partitioned',
    group: 'sink',
    description: 'a batch flow straight from files into a Parquet sink partitioned by a column; a rerun replaces every partition',
    files: { 'people.jsonl': PEOPLE_JSONL },
    pipeline: ({ path }) =>
      pipeline('batch_sink_partitioned')
        .sink('people_by_dept', { format: 'parquet', location: path('out/people_by_dept'), partitionColumns: ['dept'] })
        .flow('export_people', {
          target: 'people_by_dept', kind: 'batch',
          query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }).filter(col('dept').isNotNull()).select('name', 'dept', 'salary'),
        })
        .build(),
    expected: {
      people_by_dept: [
        { name: 'ada', dept: 'eng', salary: 120 }, { name: 'bob', dept: 'eng', salary: 100 }, { name: 'cy', dept: 'ops', salary: 90 },
        { name: 'di', dept: 'ops', salary: 90 }, { name: 'ed', dept: 'sales', salary: 70 },
      ],
    },
    rowsWritten: { export_people: 5 },
    rerun: {
      files: { 'people.jsonl': PEOPLE_JSONL.split('\n').filter((line) => !line.includes('"sales"')).join('\n') },
      expected: {
        people_by_dept: [
          { name: 'ada', dept: 'eng', salary: 120 }, { name: 'bob', dept: 'eng', salary: 100 }, { name: 'cy', dept: 'ops', salary: 90 },
          { name: 'di', dept: 'ops', salary: 90 },
        ],
      },
      rowsWritten: { export_people: 4 },
    },
  },
];
