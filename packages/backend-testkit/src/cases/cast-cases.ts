import { col, from, pipeline, readFiles } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';

/** Texts Spark and DuckDB read differently when cast to a number, and their ids. */
const TEXTS: readonly (string | null)[] = [' 7 ', '1.5', '1e3', '+3', '\u00017\n', '1.5d', '2.5e-1', 'abc', '0x10', '2147483648', '1.005', null];
const TEXTS_JSONL = TEXTS.map((t, i) => JSON.stringify({ id: i + 1, t })).join('\n');
const TEXTS_SCHEMA = [{ name: 'id', type: 'int32' }, { name: 't', type: 'utf8' }] as const;

/**
 * TRY_CAST of text to numbers reads the text as Spark does: every character
 * up to U+0020 trimmed from both ends; an integer is a sign and digits only
 * (no '1.5', '1e3' or '0x10'); a double may end in Java's d or f suffix; a
 * decimal rounds half up and is NULL beyond its precision; what does not
 * convert is NULL. (DuckDB alone would round '1.5' to 2 and read '1e3' and
 * '0x10' as integers.)
 */
const tryCastText: ConformanceCase = {
  id: 'functions/cast/try-cast-text-to-numbers',
  group: 'function:cast',
  description: "TRY_CAST of text to int, bigint, double and decimal(5,2): Spark's reading of signs, points, exponents, suffixes and trimmed control characters; NULL where it does not convert",
  files: { 'texts.jsonl': TEXTS_JSONL },
  pipeline: ({ path }) =>
    pipeline('fn_try_cast_text')
      .temporaryView('texts', { query: readFiles('json', path('texts.jsonl'), { schema: TEXTS_SCHEMA }) })
      .materializedView('out', {
        query: from('texts').select(
          'id',
          col('t').tryCast('int32').as('i'),
          col('t').tryCast('int64').as('l'),
          col('t').tryCast('float64').as('d'),
          col('t').tryCast({ type: 'decimal', precision: 5, scale: 2 }).as('m'),
        ),
      })
      .build(),
  expected: {
    out: [
      { id: 1, i: 7, l: 7, d: 7, m: '7.00' },
      { id: 2, i: null, l: null, d: 1.5, m: '1.50' },
      { id: 3, i: null, l: null, d: 1000, m: null },
      { id: 4, i: 3, l: 3, d: 3, m: '3.00' },
      { id: 5, i: 7, l: 7, d: 7, m: '7.00' },
      { id: 6, i: null, l: null, d: 1.5, m: null },
      { id: 7, i: null, l: null, d: 0.25, m: '0.25' },
      { id: 8, i: null, l: null, d: null, m: null },
      { id: 9, i: null, l: null, d: null, m: null },
      { id: 10, i: null, l: 2147483648, d: 2147483648, m: null },
      { id: 11, i: null, l: null, d: 1.005, m: '1.01' },
      { id: 12, i: null, l: null, d: null, m: null },
    ],
  },
};

/** CAST (ANSI) of text Spark cannot read as an integer fails the run on every backend, where DuckDB alone would round it. */
const castTextFails: ConformanceCase = {
  id: 'functions/cast/cast-text-with-a-point-to-int-fails',
  group: 'function:cast',
  description: "CAST('1.5' AS INT) fails the run (Spark's CAST_INVALID_INPUT), where DuckDB alone would give 2",
  files: { 'texts.jsonl': JSON.stringify({ id: 1, t: '1.5' }) },
  pipeline: ({ path }) =>
    pipeline('fn_cast_text_fails')
      .temporaryView('texts', { query: readFiles('json', path('texts.jsonl'), { schema: TEXTS_SCHEMA }) })
      .materializedView('out', { query: from('texts').select('id', col('t').cast('int32').as('i')) })
      .build(),
  status: 'failed',
  failedFlows: { out: 'THUND_ENGINE' },
  expected: {},
};

const NUMBERS_SCHEMA = [{ name: 'id', type: 'int32' }, { name: 'x', type: 'float64' }] as const;

/** A double or decimal cast to an integer type is truncated toward zero, as in Spark (DuckDB alone rounds: -3.5 → -4). */
const fractionToInteger: ConformanceCase = {
  id: 'functions/cast/fraction-to-integer-truncates',
  group: 'function:cast',
  description: 'CAST of a double and of a decimal to int and bigint truncates toward zero (-3.5 → -3, 2.7 → 2); TRY_CAST of a double beyond int is NULL',
  files: { 'numbers.jsonl': [[1, -3.5], [2, 2.7], [3, -0.9], [4, 1e10]].map(([id, x]) => JSON.stringify({ id, x })).join('\n') },
  pipeline: ({ path }) =>
    pipeline('fn_fraction_to_integer')
      .temporaryView('numbers', { query: readFiles('json', path('numbers.jsonl'), { schema: NUMBERS_SCHEMA }) })
      .materializedView('out', {
        query: from('numbers').select(
          'id',
          col('x').tryCast('int32').as('i'),
          col('x').cast('int64').as('l'),
          col('x').cast({ type: 'decimal', precision: 14, scale: 2 }).cast('int64').as('from_decimal'),
        ),
      })
      .build(),
  expected: {
    out: [
      { id: 1, i: -3, l: -3, from_decimal: -3 },
      { id: 2, i: 2, l: 2, from_decimal: 2 },
      { id: 3, i: 0, l: 0, from_decimal: 0 },
      { id: 4, i: null, l: 10000000000, from_decimal: 10000000000 },
    ],
  },
};

/** Casts whose meaning depends on how the engine reads text or rounds. */
export const CAST_CASES: readonly ConformanceCase[] = [tryCastText, castTextFails, fractionToInteger];
