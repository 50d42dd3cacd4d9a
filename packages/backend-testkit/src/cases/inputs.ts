import type { Field } from '@thund/ir';

/** Shared input files of the cases, as newline-delimited JSON. */
export const PEOPLE_JSONL = [
  { id: 1, name: 'ada', dept: 'eng', salary: 120, age: 36, manager: null },
  { id: 2, name: 'bob', dept: 'eng', salary: 100, age: 29, manager: 1 },
  { id: 3, name: 'cy', dept: 'ops', salary: 90, age: 41, manager: 1 },
  { id: 4, name: 'di', dept: 'ops', salary: 90, age: 25, manager: 3 },
  { id: 5, name: 'ed', dept: 'sales', salary: 70, age: 33, manager: 3 },
  { id: 6, name: 'flo', dept: null, salary: null, age: 52, manager: null },
].map((row) => JSON.stringify(row)).join('\n');

export const PEOPLE_SCHEMA: readonly Field[] = [
  { name: 'id', type: 'int64' },
  { name: 'name', type: 'utf8' },
  { name: 'dept', type: 'utf8' },
  { name: 'salary', type: 'int64' },
  { name: 'age', type: 'int64' },
  { name: 'manager', type: 'int64' },
];

export const DEPTS_JSONL = [
  { dept: 'eng', floor: 3 },
  { dept: 'ops', floor: 1 },
  { dept: 'hr', floor: 2 },
].map((row) => JSON.stringify(row)).join('\n');

export const DEPTS_SCHEMA: readonly Field[] = [
  { name: 'dept', type: 'utf8' },
  { name: 'floor', type: 'int64' },
];

/** One row of scalar inputs for the function cases. */
export const SCALARS_JSONL = JSON.stringify({ x: -2.5, i: 4, s: '  Hello ', t: '2026-03-15 13:45:10', n: null, p: 'abcabc' });

export const SCALARS_SCHEMA: readonly Field[] = [
  { name: 'x', type: 'float64' },
  { name: 'i', type: 'int64' },
  { name: 's', type: 'utf8' },
  { name: 't', type: 'timestamp' },
  { name: 'n', type: 'int64' },
  { name: 'p', type: 'utf8' },
];
