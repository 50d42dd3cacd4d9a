import { col, count, from, lag, lit, max, min, pipeline, range, rank, readFiles, rowNumber, sum, avg, when } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { DEPTS_JSONL, DEPTS_SCHEMA, PEOPLE_JSONL, PEOPLE_SCHEMA } from './inputs.js';

const files = { 'people.jsonl': PEOPLE_JSONL, 'depts.jsonl': DEPTS_JSONL };
const people = (path: (p: string) => string) => readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA });
const depts = (path: (p: string) => string) => readFiles('json', path('depts.jsonl'), { schema: DEPTS_SCHEMA });

const DATASET_TYPES_ROWS = {
  payroll: [
    { name: 'ada', amount: 120 }, { name: 'bob', amount: 100 }, { name: 'cy', amount: 90 }, { name: 'di', amount: 90 },
    { name: 'ed', amount: 70 }, { name: 'ada', amount: 10 }, { name: 'bob', amount: 10 },
  ],
  payroll_total: [
    { name: 'ada', total: 130 }, { name: 'bob', total: 110 }, { name: 'cy', total: 90 }, { name: 'di', total: 90 }, { name: 'ed', total: 70 },
  ],
};

/** Batch cases: every plan node over every batch dataset type. */
export const BATCH_CASES: readonly ConformanceCase[] = [
  {
    id: 'batch/filter-project',
    group: 'batch',
    description: 'filter with AND/OR and arithmetic projection into a materialized view',
    files,
    pipeline: ({ path }) =>
      pipeline('filter_project')
        .temporaryView('people', { query: people(path) })
        .materializedView('out', {
          query: from('people')
            .filter(col('age').gte(30).and(col('salary').isNotNull()).or(col('name').eq('bob')))
            .select('name', col('salary').mul(2).as('double_salary'), col('age').sub(1).as('age_before')),
        })
        .build(),
    expected: {
      out: [
        { name: 'ada', double_salary: 240, age_before: 35 },
        { name: 'bob', double_salary: 200, age_before: 28 },
        { name: 'cy', double_salary: 180, age_before: 40 },
        { name: 'ed', double_salary: 140, age_before: 32 },
      ],
    },
  },
  {
    id: 'batch/aggregate',
    group: 'batch',
    description: 'group by with count, sum, avg, min, max; null group key kept',
    files,
    pipeline: ({ path }) =>
      pipeline('aggregate')
        .temporaryView('people', { query: people(path) })
        .materializedView('by_dept', {
          query: from('people').groupBy('dept').agg(
            count().as('n'), sum('salary').as('total'), avg('age').as('mean_age'), min('salary').as('lo'), max('age').as('oldest'),
          ),
        })
        .build(),
    expected: {
      by_dept: [
        { dept: 'eng', n: 2, total: 220, mean_age: 32.5, lo: 100, oldest: 36 },
        { dept: 'ops', n: 2, total: 180, mean_age: 33, lo: 90, oldest: 41 },
        { dept: 'sales', n: 1, total: 70, mean_age: 33, lo: 70, oldest: 33 },
        { dept: null, n: 1, total: null, mean_age: 52, lo: null, oldest: 52 },
      ],
    },
  },
  {
    id: 'batch/global-aggregate',
    group: 'batch',
    description: 'aggregate without grouping keys',
    files,
    pipeline: ({ path }) =>
      pipeline('global_aggregate')
        .temporaryView('people', { query: people(path) })
        .materializedView('totals', { query: from('people').agg(count().as('n'), count('salary').as('paid'), sum('salary').as('payroll')) })
        .build(),
    expected: { totals: [{ n: 6, paid: 5, payroll: 470 }] },
  },
  {
    id: 'batch/joins',
    group: 'batch',
    description: 'inner, left, semi and anti joins, with aliases and USING',
    files,
    pipeline: ({ path }) =>
      pipeline('joins')
        .temporaryView('people', { query: people(path) })
        .temporaryView('depts', { query: depts(path) })
        .materializedView('inner_join', {
          query: from('people')
            .join(from('depts'), { leftAlias: 'p', rightAlias: 'd', on: col('dept', 'p').eq(col('dept', 'd')) })
            .select(col('name', 'p').as('name'), col('floor', 'd').as('floor')),
        })
        .materializedView('left_join', {
          query: from('people').join(from('depts'), { type: 'left', using: ['dept'] }).select('name', 'floor'),
        })
        .materializedView('semi_join', { query: from('depts').join(from('people'), { type: 'semi', using: ['dept'] }).select('dept') })
        .materializedView('anti_join', { query: from('depts').join(from('people'), { type: 'anti', using: ['dept'] }).select('dept') })
        .build(),
    expected: {
      inner_join: [
        { name: 'ada', floor: 3 }, { name: 'bob', floor: 3 }, { name: 'cy', floor: 1 }, { name: 'di', floor: 1 },
      ],
      left_join: [
        { name: 'ada', floor: 3 }, { name: 'bob', floor: 3 }, { name: 'cy', floor: 1 }, { name: 'di', floor: 1 },
        { name: 'ed', floor: null }, { name: 'flo', floor: null },
      ],
      semi_join: [{ dept: 'eng' }, { dept: 'ops' }],
      anti_join: [{ dept: 'hr' }],
    },
  },
  {
    id: 'batch/range',
    group: 'batch',
    description: 'rows made from nothing (range): up by a step, down by a negative step, empty, and cross-joined to a dataset under an alias',
    files,
    pipeline: ({ path }) =>
      pipeline('range_rows')
        .temporaryView('people', { query: people(path) })
        .materializedView('by_threes', { query: range(0, 10, 3) })
        .materializedView('countdown', { query: range(5, 0, -2).select('id', col('id').mul(col('id')).as('square')) })
        .materializedView('nothing', { query: range(3, 3) })
        .materializedView('per_person', {
          query: from('people').filter(col('dept').eq('eng'))
            .join(range(1, 3), { type: 'cross', rightAlias: 'r' })
            .select('name', col('id', 'r').as('week')),
        })
        .build(),
    expected: {
      by_threes: [{ id: 0 }, { id: 3 }, { id: 6 }, { id: 9 }],
      countdown: [{ id: 5, square: 25 }, { id: 3, square: 9 }, { id: 1, square: 1 }],
      nothing: [],
      per_person: [{ name: 'ada', week: 1 }, { name: 'ada', week: 2 }, { name: 'bob', week: 1 }, { name: 'bob', week: 2 }],
    },
  },
  {
    id: 'batch/three-way-join',
    group: 'batch',
    description: 'a join of a join: the inner join is unnamed, so both of its sides stay nameable above it (d.dept is NULL where the left join found no department, not p.dept)',
    files,
    pipeline: ({ path }) =>
      pipeline('three_way_join')
        .temporaryView('people', { query: people(path) })
        .temporaryView('depts', { query: depts(path) })
        .materializedView('with_manager', {
          query: from('people')
            .join(from('depts'), { type: 'left', leftAlias: 'p', rightAlias: 'd', on: col('dept', 'p').eq(col('dept', 'd')) })
            .join(from('people'), { rightAlias: 'm', on: col('manager', 'p').eq(col('id', 'm')) })
            .select(col('name', 'p').as('name'), col('dept', 'p').as('person_dept'), col('dept', 'd').as('dept_found'), col('floor', 'd').as('floor'), col('name', 'm').as('manager')),
        })
        .build(),
    expected: {
      with_manager: [
        { name: 'bob', person_dept: 'eng', dept_found: 'eng', floor: 3, manager: 'ada' },
        { name: 'cy', person_dept: 'ops', dept_found: 'ops', floor: 1, manager: 'ada' },
        { name: 'di', person_dept: 'ops', dept_found: 'ops', floor: 1, manager: 'cy' },
        { name: 'ed', person_dept: 'sales', dept_found: null, floor: null, manager: 'cy' },
      ],
    },
  },
  {
    id: 'batch/union-distinct',
    group: 'batch',
    description: 'UNION ALL keeps duplicates, union distinct and deduplicate remove them',
    files,
    pipeline: ({ path }) =>
      pipeline('unions')
        .temporaryView('people', { query: people(path) })
        .temporaryView('depts', { query: depts(path) })
        .materializedView('all_depts', { query: from('people').select('dept').filter(col('dept').isNotNull()).union(from('depts').select('dept')) })
        .materializedView('distinct_depts', { query: from('people').select('dept').unionDistinct(from('depts').select('dept')) })
        .materializedView('dedup', { query: from('people').select('salary').distinct() })
        .build(),
    expected: {
      all_depts: ['eng', 'eng', 'ops', 'ops', 'sales', 'eng', 'ops', 'hr'].map((dept) => ({ dept })),
      distinct_depts: ['eng', 'ops', 'sales', 'hr', null].map((dept) => ({ dept })),
      dedup: [120, 100, 90, 70, null].map((salary) => ({ salary })),
    },
  },
  {
    id: 'batch/sort-limit',
    group: 'batch',
    description: 'ORDER BY with explicit null placement, LIMIT and OFFSET',
    files,
    pipeline: ({ path }) =>
      pipeline('sort_limit')
        .temporaryView('people', { query: people(path) })
        .materializedView('top', {
          query: from('people').orderBy(col('salary').desc('first'), col('name').asc()).limit(3, 1).select('name', 'salary'),
        })
        .build(),
    expected: { top: [{ name: 'ada', salary: 120 }, { name: 'bob', salary: 100 }, { name: 'cy', salary: 90 }] },
  },
  {
    id: 'batch/window',
    group: 'batch',
    description: 'row_number, rank and lag over partitions',
    files,
    pipeline: ({ path }) =>
      pipeline('windows')
        .temporaryView('people', { query: people(path).filter(col('dept').isNotNull()) })
        .materializedView('ranked', {
          query: from('people')
            .window(
              rowNumber().over({ partitionBy: ['dept'], orderBy: [col('salary').desc(), col('name').asc()] }).as('rn'),
              rank().over({ partitionBy: ['dept'], orderBy: [col('salary').desc()] }).as('rk'),
              lag('name').over({ partitionBy: ['dept'], orderBy: [col('age').asc()] }).as('younger'),
            )
            .select('name', 'rn', 'rk', 'younger'),
        })
        .build(),
    expected: {
      ranked: [
        { name: 'ada', rn: 1, rk: 1, younger: 'bob' },
        { name: 'bob', rn: 2, rk: 2, younger: null },
        { name: 'cy', rn: 1, rk: 1, younger: 'di' },
        { name: 'di', rn: 2, rk: 1, younger: null },
        { name: 'ed', rn: 1, rk: 1, younger: null },
      ],
    },
  },
  {
    id: 'batch/case-in-cast',
    group: 'batch',
    description: 'CASE, IN, casts, NULL tests and true division',
    files,
    pipeline: ({ path }) =>
      pipeline('expressions')
        .temporaryView('people', { query: people(path) })
        .materializedView('labelled', {
          query: from('people').select(
            'id',
            when(col('salary').gte(100), 'high').when(col('salary').isNull(), 'unknown').otherwise('normal').as('band'),
            col('dept').in('eng', 'ops').as('core'),
            col('age').cast('utf8').as('age_text'),
            col('age').div(2).as('half_age'),
            col('manager').isNull().as('top'),
          ),
        })
        .build(),
    expected: {
      labelled: [
        { id: 1, band: 'high', core: true, age_text: '36', half_age: 18, top: true },
        { id: 2, band: 'high', core: true, age_text: '29', half_age: 14.5, top: false },
        { id: 3, band: 'normal', core: true, age_text: '41', half_age: 20.5, top: false },
        { id: 4, band: 'normal', core: true, age_text: '25', half_age: 12.5, top: false },
        { id: 5, band: 'normal', core: false, age_text: '33', half_age: 16.5, top: false },
        { id: 6, band: 'unknown', core: null, age_text: '52', half_age: 26, top: true },
      ],
    },
  },
  {
    id: 'batch/dataset-types',
    group: 'batch',
    description: 'a temporary view feeding a table (two flows) feeding a materialized view',
    files,
    pipeline: ({ path }) =>
      pipeline('dataset_types')
        .temporaryView('people', { query: people(path) })
        .table('payroll', { schema: [{ name: 'name', type: 'utf8' }, { name: 'amount', type: 'int64' }] })
        .flow('salaries', { target: 'payroll', query: from('people').filter(col('salary').isNotNull()).select('name', col('salary').as('amount')) })
        .flow('bonus', { target: 'payroll', query: from('people').filter(col('dept').eq('eng')).select('name', lit(10).as('amount')) })
        .materializedView('payroll_total', { query: from('payroll').groupBy('name').agg(sum('amount').as('total')) })
        .build(),
    expected: DATASET_TYPES_ROWS,
    // A second run recomputes the batch-fed table: the same rows, not twice as many.
    rowsWritten: { payroll_total: 5 },
    rerun: { expected: DATASET_TYPES_ROWS, rowsWritten: { payroll_total: 5 } },
  },
  {
    id: 'batch/division-by-zero',
    group: 'batch',
    description: 'division and modulo by zero are NULL on every backend, for integers and doubles',
    files,
    pipeline: ({ path }) =>
      pipeline('division_by_zero')
        .temporaryView('people', { query: people(path) })
        .materializedView('ratios', {
          query: from('people').filter(col('id').lte(2)).select(
            'id',
            col('age').div(col('id').sub(1)).as('per'),
            col('age').mod(col('id').sub(1)).as('rest'),
            col('age').cast('float64').div(0).as('by_zero'),
          ),
        })
        .build(),
    expected: { ratios: [{ id: 1, per: null, rest: null, by_zero: null }, { id: 2, per: 29, rest: 0, by_zero: null }] },
  },
  {
    id: 'batch/like-escape',
    group: 'batch',
    description: 'LIKE: % and _ are wildcards, a backslash makes either literal (Spark\'s default escape) on every backend',
    files: { 'codes.jsonl': ['a_b', 'axb', 'a%b', 'ab', 'a_bc'].map((code) => JSON.stringify({ code })).join('\n') },
    pipeline: ({ path }) =>
      pipeline('like_escape')
        .temporaryView('codes', { query: readFiles('json', path('codes.jsonl'), { schema: [{ name: 'code', type: 'utf8' }] }) })
        .materializedView('matches', {
          query: from('codes').select(
            'code',
            col('code').like('a_b').as('any_one'),
            col('code').like('a\\_b').as('underscore'),
            col('code').like('a\\%%').as('percent_then_any'),
          ),
        })
        .build(),
    expected: {
      matches: [
        { code: 'a_b', any_one: true, underscore: true, percent_then_any: false },
        { code: 'axb', any_one: true, underscore: false, percent_then_any: false },
        { code: 'a%b', any_one: true, underscore: false, percent_then_any: true },
        { code: 'ab', any_one: false, underscore: false, percent_then_any: false },
        { code: 'a_bc', any_one: false, underscore: false, percent_then_any: false },
      ],
    },
  },
];
