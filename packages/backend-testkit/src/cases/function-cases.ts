import {
  type Expr, type SortKey, call, col, count, countDistinct, denseRank, from, lag, lead, lit, max, min, pipeline, rank, readFiles, rowNumber, sum, avg, stddev,
} from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { PEOPLE_JSONL, PEOPLE_SCHEMA, SCALARS_JSONL, SCALARS_SCHEMA } from './inputs.js';

const utc = (iso: string): Date => new Date(`${iso}Z`);

/** Scalar function → an expression over the one SCALARS row, and its value. */
const SCALAR: ReadonlyArray<readonly [name: string, expr: () => Expr, value: unknown]> = [
  ['abs', () => call('abs', col('x')), 2.5],
  ['round', () => call('round', col('x'), 0), -3],
  ['floor', () => call('floor', col('x')), -3],
  ['ceil', () => call('ceil', col('x')), -2],
  ['sqrt', () => call('sqrt', col('i')), 2],
  ['power', () => call('power', col('i'), 3), 64],
  ['ln', () => call('ln', lit(1)), 0],
  ['exp', () => call('exp', lit(0)), 1],
  ['greatest', () => call('greatest', col('i'), lit(7), lit(2)), 7],
  ['least', () => call('least', col('i'), lit(7), lit(2)), 2],
  ['log10', () => call('log10', lit(1000)), 3],
  ['log2', () => call('log2', col('i')), 2],
  ['log', () => call('log', lit(2), col('i')), 2],
  ['cbrt', () => call('cbrt', lit(-8)), -2],
  ['signum', () => call('signum', col('x')), -1],
  ['sin', () => call('sin', lit(0)), 0],
  ['cos', () => call('cos', lit(0)), 1],
  ['tan', () => call('tan', lit(0)), 0],
  ['cot', () => call('cot', lit(1)), 1 / Math.tan(1)],
  ['asin', () => call('asin', lit(1)), Math.PI / 2],
  ['acos', () => call('acos', lit(1)), 0],
  ['atan', () => call('atan', lit(0)), 0],
  ['atan2', () => call('atan2', lit(0), lit(1)), 0],
  ['sinh', () => call('sinh', lit(0)), 0],
  ['cosh', () => call('cosh', lit(0)), 1],
  ['tanh', () => call('tanh', lit(0)), 0],
  ['degrees', () => call('degrees', lit(0)), 0],
  ['radians', () => call('radians', lit(0)), 0],
  ['pi', () => call('pi'), Math.PI],
  ['e', () => call('e'), Math.E],
  ['factorial', () => call('factorial', col('i')), 24],
  ['hex', () => call('hex', col('i')), '4'],
  ['bin', () => call('bin', col('i')), '100'],
  ['upper', () => call('upper', col('p')), 'ABCABC'],
  ['lower', () => call('lower', lit('MiXeD')), 'mixed'],
  ['length', () => call('length', col('s')), 8],
  ['trim', () => call('trim', col('s')), 'Hello'],
  ['ltrim', () => call('ltrim', col('s')), 'Hello '],
  ['rtrim', () => call('rtrim', col('s')), '  Hello'],
  ['substring', () => call('substring', col('p'), 2, 3), 'bca'],
  ['concat', () => call('concat', col('p'), lit('-'), lit('z')), 'abcabc-z'],
  ['replace', () => call('replace', col('p'), lit('b'), lit('X')), 'aXcaXc'],
  ['starts_with', () => call('starts_with', col('p'), lit('abc')), true],
  ['initcap', () => call('initcap', lit('hello wORLD foo-bar')), 'Hello World Foo-bar'],
  ['translate', () => call('translate', col('p'), lit('ab'), lit('x')), 'xcxc'],
  ['base64', () => call('base64', col('p')), 'YWJjYWJj'],
  ['chr', () => call('chr', lit(65)), 'A'],
  ['space', () => call('space', col('i')), '    '],
  ['split_part', () => call('split_part', lit('a,b,c'), lit(','), lit(-1)), 'c'],
  ['rlike', () => call('rlike', col('s'), lit('^\\s+H.l+o\\s$')), true],
  ['regexp_extract', () => call('regexp_extract', col('p'), lit('(b)(c)a'), lit(2)), 'c'],
  ['substring_index', () => call('substring_index', lit('a.b.c'), lit('.'), lit(2)), 'a.b'],
  ['locate', () => call('locate', lit('c'), col('p'), lit(4)), 6],
  ['ends_with', () => call('ends_with', col('p'), lit('bc')), true],
  ['contains', () => call('contains', col('s'), lit('ell')), true],
  ['concat_ws', () => call('concat_ws', lit('-'), col('p'), col('n'), col('i')), 'abcabc-4'],
  ['rint', () => call('rint', col('x')), -2],
  ['sec', () => call('sec', lit(0)), 1],
  ['csc', () => call('csc', lit(1)), 1 / Math.sin(1)],
  ['shiftleft', () => call('shiftleft', col('i'), lit(2)), 16],
  ['shiftright', () => call('shiftright', col('i'), lit(1)), 2],
  ['shiftrightunsigned', () => call('shiftrightunsigned', lit(-8), lit(28)), 15],
  ['bit_get', () => call('bit_get', col('i'), lit(2)), 1],
  ['try_divide', () => call('try_divide', col('i'), lit(0)), null],
  ['btrim', () => call('btrim', col('s')), 'Hello'],
  ['elt', () => call('elt', lit(2), col('p'), col('s')), '  Hello '],
  ['find_in_set', () => call('find_in_set', lit('b'), lit('a,b,c')), 2],
  ['try_add', () => call('try_add', col('i'), col('i')), 8],
  ['try_subtract', () => call('try_subtract', col('i'), lit(5)), -1],
  ['try_multiply', () => call('try_multiply', col('i'), col('x')), -10],
  ['try_mod', () => call('try_mod', col('i'), lit(0)), null],
  ['div', () => call('div', lit(-7), col('i')), -1],
  ['pmod', () => call('pmod', lit(-7), col('i')), 1],
  ['isnan', () => call('isnan', col('x')), false],
  ['negative', () => call('negative', col('i')), -4],
  ['positive', () => call('positive', col('x')), -2.5],
  ['bit_count', () => call('bit_count', col('i')), 1],
  ['coalesce', () => call('coalesce', col('n'), col('i')), 4],
  ['nullif', () => call('nullif', col('i'), lit(4)), null],
  ['nvl2', () => call('nvl2', col('n'), lit(1), lit(2)), 2],
  ['isnull', () => call('isnull', col('n')), true],
  ['isnotnull', () => call('isnotnull', col('n')), false],
  ['nanvl', () => call('nanvl', col('x'), lit(0)), -2.5],
  ['equal_null', () => call('equal_null', col('n'), col('n')), true],
  ['nullifzero', () => call('nullifzero', col('i')), 4],
  ['year', () => call('year', col('t')), 2026],
  ['month', () => call('month', col('t')), 3],
  ['day', () => call('day', col('t')), 15],
  ['hour', () => call('hour', col('t')), 13],
  ['date_trunc', () => call('date_trunc', lit('month'), col('t')), utc('2026-03-01T00:00:00')],
  ['to_date', () => call('to_date', col('t')), utc('2026-03-15T00:00:00')],
  ['make_date', () => call('make_date', lit(2024), lit(2), lit(29)), utc('2024-02-29T00:00:00')],
  ['unix_date', () => call('unix_date', call('to_date', col('t'))), 20527],
  ['date_from_unix_date', () => call('date_from_unix_date', lit(-1)), utc('1969-12-31T00:00:00')],
  ['unix_seconds', () => call('unix_seconds', col('t')), 1773582310],
  ['unix_millis', () => call('unix_millis', col('t')), 1773582310000],
  ['unix_micros', () => call('unix_micros', col('t')), 1773582310000000],
  ['timestamp_seconds', () => call('timestamp_seconds', lit(86400)), utc('1970-01-02T00:00:00')],
  ['timestamp_millis', () => call('timestamp_millis', lit(1500)), utc('1970-01-01T00:00:01.500')],
  ['timestamp_micros', () => call('timestamp_micros', lit(1)), utc('1970-01-01T00:00:00.000001')],
  ['weekday', () => call('weekday', col('t')), 6],
  ['next_day', () => call('next_day', col('t'), lit('mon')), utc('2026-03-16T00:00:00')],
  ['date_part', () => call('date_part', lit('dow'), col('t')), 1],
  ['trunc', () => call('trunc', col('t'), lit('quarter')), utc('2026-01-01T00:00:00')],
  ['add_interval', () => call('add_interval', col('t'), lit(-13), lit('hour')), utc('2026-03-15T00:45:10')],
  // From 2026-03-14 15:33:20 to t (2026-03-15 13:45:10 UTC): 82,310 seconds, 1,371 whole minutes.
  ['timestampdiff', () => call('timestampdiff', lit('minute'), call('timestamp_seconds', lit(1_773_500_000)), col('t')), 1371],
  ['date_format', () => call('date_format', col('t'), lit('EEE, d MMM yyyy hh:mm a')), 'Sun, 15 Mar 2026 01:45 PM'],
  ['to_timestamp', () => call('to_timestamp', lit('03-15-2026 13:45:10'), lit('MM-dd-yyyy HH:mm:ss')), utc('2026-03-15T13:45:10')],
  ['unix_timestamp', () => call('unix_timestamp', col('t')), 1773582310],
  ['from_unixtime', () => call('from_unixtime', col('i')), '1970-01-01 00:00:04'],
  ['minute', () => call('minute', col('t')), 45],
  ['second', () => call('second', col('t')), 10],
  ['dayofweek', () => call('dayofweek', col('t')), 1],
  ['dayofyear', () => call('dayofyear', col('t')), 74],
  ['quarter', () => call('quarter', col('t')), 1],
  ['weekofyear', () => call('weekofyear', col('t')), 11],
  ['last_day', () => call('last_day', col('t')), utc('2026-03-31T00:00:00')],
  ['datediff', () => call('datediff', call('date_add', col('t'), 10), col('t')), 10],
  ['date_add', () => call('date_add', col('t'), 20), utc('2026-04-04T00:00:00')],
  ['date_sub', () => call('date_sub', col('t'), 15), utc('2026-02-28T00:00:00')],
  ['add_months', () => call('add_months', col('t'), -1), utc('2026-02-15T00:00:00')],
  ['lpad', () => call('lpad', col('p'), 8, lit('*')), '**abcabc'],
  ['rpad', () => call('rpad', col('p'), 4, lit('x')), 'abca'],
  ['instr', () => call('instr', col('p'), lit('ca')), 3],
  ['md5', () => call('md5', col('p')), '440ac85892ca43ad26d44c7ad9d47d3e'],
  ['sha1', () => call('sha1', col('p')), 'f8c1d87006fbf7e5cc4b026c3138bc046883dc71'],
  ['sha2', () => call('sha2', col('p'), 256), 'bbb59da3af939f7af5f360f2ceb80a496e3bae1cd87dde426db0ae40677e1c2c'],
  ['left', () => call('left', col('p'), 2), 'ab'],
  ['right', () => call('right', col('p'), 2), 'bc'],
  ['repeat', () => call('repeat', col('p'), 2), 'abcabcabcabc'],
  ['reverse', () => call('reverse', col('p')), 'cbacba'],
  ['ascii', () => call('ascii', col('p')), 97],
  ['octet_length', () => call('octet_length', col('p')), 6],
  ['bit_length', () => call('bit_length', col('p')), 48],
];

/**
 * Edge cases of a function, as [case suffix, function, expression, value]:
 * the result's type shows through its text (`concat` casts to a string).
 */
const SCALAR_EDGES: ReadonlyArray<readonly [suffix: string, name: string, expr: () => Expr, value: unknown]> = [
  // Spark's floor and ceil of a double or an integer are BIGINT (the text shows it).
  ['floor-of-double-is-bigint', 'floor', () => call('concat', call('floor', col('x'))), '-3'],
  ['ceil-of-double-is-bigint', 'ceil', () => call('concat', call('ceil', col('x'))), '-2'],
  ['floor-of-integer', 'floor', () => call('concat', call('floor', col('i'))), '4'],
  ['floor-null', 'floor', () => call('floor', col('n')), null],
  // A start of 0 reads from the first character, as in Spark; a negative start counts from the end.
  ['substring-from-zero', 'substring', () => call('substring', col('p'), 0, 2), 'ab'],
  ['substring-from-end', 'substring', () => call('substring', col('p'), -2, 2), 'bc'],
];

/** Aggregate function → aggregate over PEOPLE (salaries 120, 100, 90, 90, 70, NULL), and its value. */
const AGGREGATE: ReadonlyArray<readonly [name: string, expr: () => Expr, value: unknown]> = [
  ['count', () => count('salary'), 5],
  ['count_distinct', () => countDistinct('salary'), 4],
  ['sum', () => sum('salary'), 470],
  ['avg', () => avg('salary'), 94],
  ['min', () => min('salary'), 70],
  ['max', () => max('salary'), 120],
  ['stddev', () => stddev('salary'), Math.sqrt(330)],
  ['stddev_pop', () => call('stddev_pop', col('salary')), Math.sqrt(264)],
  ['var_samp', () => call('var_samp', col('salary')), 330],
  ['var_pop', () => call('var_pop', col('salary')), 264],
  ['count_if', () => call('count_if', col('salary').gt(90)), 2],
  ['bool_and', () => call('bool_and', col('salary').gt(80)), false],
  ['bool_or', () => call('bool_or', col('salary').gt(110)), true],
  ['max_by', () => call('max_by', col('name'), col('salary')), 'ada'],
  ['min_by', () => call('min_by', col('name'), col('salary')), 'ed'],
  ['covar_pop', () => call('covar_pop', col('salary'), col('salary')), 264],
  ['covar_samp', () => call('covar_samp', col('salary'), col('salary')), 330],
  ['median', () => call('median', col('salary')), 90],
  ['percentile', () => call('percentile', col('salary'), 0.25), 90],
  ['percentile_approx', () => call('percentile_approx', col('salary'), 0.5), 90],
  ['bit_and', () => call('bit_and', col('salary')), 64],
  ['bit_or', () => call('bit_or', col('salary')), 126],
  ['bit_xor', () => call('bit_xor', col('salary')), 90],
];

const bySalaryThenId = () => [col('salary').desc(), col('id').asc()];
/** Ranks need ties: salary alone (cy and di both earn 90). */
const bySalary = () => [col('salary').desc()];

/** Window function over the PEOPLE with a salary, in the given order → value per id 1…5. */
const WINDOW: ReadonlyArray<readonly [name: string, expr: () => Expr, order: () => SortKey[], values: readonly unknown[]]> = [
  ['row_number', () => rowNumber(), bySalaryThenId, [1, 2, 3, 4, 5]],
  ['rank', () => rank(), bySalary, [1, 2, 3, 3, 5]],
  ['dense_rank', () => denseRank(), bySalary, [1, 2, 3, 3, 4]],
  ['lag', () => lag('name'), bySalaryThenId, [null, 'ada', 'bob', 'cy', 'di']],
  ['lead', () => lead('name'), bySalaryThenId, ['bob', 'cy', 'di', 'ed', null]],
  ['ntile', () => call('ntile', 2), bySalaryThenId, [1, 1, 1, 2, 2]],
  ['percent_rank', () => call('percent_rank'), bySalary, [0, 0.25, 0.5, 0.5, 1]],
  ['cume_dist', () => call('cume_dist'), bySalary, [0.2, 0.4, 0.8, 0.8, 1]],
  ['first_value', () => call('first_value', col('name')), bySalaryThenId, ['ada', 'ada', 'ada', 'ada', 'ada']],
  ['last_value', () => call('last_value', col('name')), bySalaryThenId, ['ada', 'bob', 'cy', 'di', 'ed']],
  ['nth_value', () => call('nth_value', col('name'), 2), bySalaryThenId, [null, 'bob', 'bob', 'bob', 'bob']],
];

const scalarCases = [...SCALAR.map(([name, expr, value]) => [name, name, expr, value] as const), ...SCALAR_EDGES.map(([suffix, name, expr, value]) => [`${name}/${suffix}`, name, expr, value] as const)].map(([id, name, expr, value]): ConformanceCase => ({
  id: `functions/${id}`,
  group: `function:${name}`,
  description: `scalar function ${name}`,
  files: { 'scalars.jsonl': SCALARS_JSONL },
  pipeline: ({ path }) =>
    pipeline(`fn_${id.replaceAll(/[^a-z_]/g, '_')}`)
      .temporaryView('scalars', { query: readFiles('json', path('scalars.jsonl'), { schema: SCALARS_SCHEMA }) })
      .materializedView('out', { query: from('scalars').select(expr().as('v')) })
      .build(),
  expected: { out: [{ v: value }] },
}));

const aggregateCases = AGGREGATE.map(([name, expr, value]): ConformanceCase => ({
  id: `functions/${name}`,
  group: `function:${name}`,
  description: `aggregate function ${name}`,
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline(`fn_${name}`)
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
      .materializedView('out', { query: from('people').agg(expr().as('v')) })
      .build(),
  expected: { out: [{ v: value }] },
}));

const windowCases = WINDOW.map(([name, expr, order, values]): ConformanceCase => ({
  id: `functions/${name}`,
  group: `function:${name}`,
  description: `window function ${name}`,
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline(`fn_${name}`)
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }).filter(col('salary').isNotNull()) })
      .materializedView('out', {
        query: from('people').window(expr().over({ orderBy: order() }).as('v')).select('id', 'v'),
      })
      .build(),
  expected: { out: values.map((v, i) => ({ id: i + 1, v })) },
}));

/** Spark's avg of a decimal(p,s) is a decimal(p+4,s+4), exact; its text shows the type. */
const avgOfDecimal: ConformanceCase = {
  id: 'functions/avg/avg-of-decimal',
  group: 'function:avg',
  description: 'avg of a decimal(10,2) column is a decimal(14,6) (94.000000), as in Spark',
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline('fn_avg_of_decimal')
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
      .materializedView('out', {
        query: from('people').agg(avg(col('salary').cast({ type: 'decimal', precision: 10, scale: 2 })).as('a')).select(call('concat', col('a')).as('v')),
      })
      .build(),
  expected: { out: [{ v: '94.000000' }] },
};

const DECIMAL_10_2 = { type: 'decimal', precision: 10, scale: 2 } as const;

/**
 * Decimal results have the IR's types on every backend (Spark SQL's rules): a sum of decimal(10,2) is decimal(20,2)
 * (DuckDB's own is decimal(38,2)), a product of two decimal(10,2) decimal(21,4) (DuckDB's decimal(20,4)), also over a
 * window. The suite compares each written schema with the inferred one, so a backend keeping its engine's type fails.
 */
const decimalResults: ConformanceCase = {
  id: 'functions/sum/decimal-result-types',
  group: 'function:sum',
  description: 'sum and product of decimals are typed as the IR infers them, in an aggregation and over a window',
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline('fn_decimal_results')
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
      .temporaryView('paid', { query: from('people').filter(col('salary').isNotNull()).select(col('salary').cast(DECIMAL_10_2).as('s')) })
      .materializedView('totals', { query: from('paid').agg(sum('s').as('total'), max(col('s').mul(col('s'))).as('top_square')) })
      .materializedView('running', { query: from('paid').window(sum('s').over({ orderBy: ['s'] }).as('upto')).select('s', 'upto') })
      .build(),
  expected: {
    totals: [{ total: '470.00', top_square: '14400.0000' }],
    running: [
      { s: '70.00', upto: '70.00' }, { s: '90.00', upto: '250.00' }, { s: '90.00', upto: '250.00' }, { s: '100.00', upto: '350.00' }, { s: '120.00', upto: '470.00' },
    ],
  },
};

/**
 * Aggregates whose native form takes several engine aggregates (avg of a decimal: a sum and a count;
 * percentile_approx: a list) used over a window: each part is windowed, the answer is per row.
 */
const aggregatesOverWindows: ConformanceCase = {
  id: 'functions/avg/aggregates-over-windows',
  group: 'function:avg',
  description: 'avg of a decimal, percentile_approx and max_by over a running window (ordered by id) give each row its running answer',
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline('fn_aggregates_over_windows')
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }).filter(col('salary').isNotNull()) })
      .materializedView('out', {
        query: from('people').window(
          avg(col('salary').cast(DECIMAL_10_2)).over({ orderBy: ['id'] }).as('mean'),
          call('percentile_approx', col('salary'), 0.5).over({ orderBy: ['id'] }).as('mid'),
          call('max_by', col('name'), col('age')).over({ orderBy: ['id'] }).as('oldest'),
        ).select('id', call('concat', col('mean')).as('mean'), 'mid', 'oldest'),
      })
      .build(),
  expected: {
    out: [
      { id: 1, mean: '120.000000', mid: 120, oldest: 'ada' },
      { id: 2, mean: '110.000000', mid: 100, oldest: 'ada' },
      { id: 3, mean: '103.333333', mid: 100, oldest: 'cy' },
      { id: 4, mean: '100.000000', mid: 90, oldest: 'cy' },
      { id: 5, mean: '94.000000', mid: 90, oldest: 'cy' },
    ],
  },
};

/**
 * first, last and any_value on groups where the engine's row order does not change the answer: equal values, and
 * NULLs beside one value with ignoreNulls.
 */
const orderFreeFirstLast: ConformanceCase = {
  id: 'functions/first/order-free-groups',
  group: 'function:first',
  description: 'first, last and any_value over groups of equal values, and with TRUE (ignore NULLs) over NULLs beside one value',
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline('fn_first_last')
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
      .materializedView('ops', {
        query: from('people').filter(col('dept').eq('ops')).agg(
          call('first', col('salary')).as('first'), call('last', col('salary')).as('last'), call('any_value', col('salary')).as('any'),
        ),
      })
      .materializedView('eng', {
        query: from('people').filter(col('dept').eq('eng')).agg(
          call('first', col('manager'), true).as('first'), call('last', col('manager'), true).as('last'), call('any_value', col('manager'), true).as('any'),
        ),
      })
      .build(),
  expected: { ops: [{ first: 90, last: 90, any: 90 }], eng: [{ first: 1, last: 1, any: 1 }] },
};

/**
 * current_timestamp and current_date, whose values no two runs share: what
 * holds on every engine. One value in every row of the query; the date is
 * the timestamp's; the clock is this machine's (within ten minutes of when
 * the pipeline was built, as the engine runs on this machine).
 */
const runClock: ConformanceCase = {
  id: 'functions/current_timestamp/one-clock-per-query',
  group: 'function:current_timestamp',
  description: 'current_timestamp (and now) and current_date: one value in every row, the date of the same instant, near the machine\'s clock',
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) => {
    const builtAt = Math.floor(Date.now() / 1000);
    const now = call('current_timestamp');
    return pipeline('fn_clock')
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
      .materializedView('clock', {
        query: from('people').agg(
          call('count_distinct', now).as('instants'),
          call('count_distinct', call('current_date')).as('dates'),
          call('min', call('to_date', now).eq(call('current_date'))).as('same_day'),
          call('min', call('abs', call('unix_seconds', now).sub(lit(builtAt))).lte(lit(600))).as('near_now'),
          call('count', col('name')).as('rows'),
        ),
      })
      .build();
  },
  expected: { clock: [{ instants: 1, dates: 1, same_day: true, near_now: true, rows: 6 }] },
};

/** rand() differs between engines by nature; what holds everywhere is its range and that each row draws anew. */
const randomDraws: ConformanceCase = {
  id: 'functions/rand/a-draw-per-row-in-the-unit-interval',
  group: 'function:rand',
  description: 'rand() is in [0, 1) in every row and drawn anew for each (6 rows, 6 values)',
  files: { 'people.jsonl': PEOPLE_JSONL },
  pipeline: ({ path }) =>
    pipeline('fn_rand')
      .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
      .temporaryView('draws', { query: from('people').select('id', call('rand').as('r')) })
      .materializedView('out', {
        query: from('draws').agg(
          call('min', col('r').gte(lit(0)).and(col('r').lt(lit(1)))).as('in_unit_interval'),
          call('count_distinct', col('r')).as('values'),
          count().as('rows'),
        ),
      })
      .build(),
  expected: { out: [{ in_unit_interval: true, values: 6, rows: 6 }] },
};

/** One case per cataloged function, and edge cases. */
export const FUNCTION_CASES: readonly ConformanceCase[] = [...scalarCases, ...aggregateCases, avgOfDecimal, decimalResults, aggregatesOverWindows, orderFreeFirstLast, runClock, randomDraws, ...windowCases];
