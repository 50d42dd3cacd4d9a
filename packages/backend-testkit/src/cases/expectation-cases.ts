import { col, expect, from, pipeline, readFiles } from '@thund/ir';
import type { ConformanceCase } from '../conformance-case.js';
import { PEOPLE_JSONL, PEOPLE_SCHEMA } from './inputs.js';

const files = { 'people.jsonl': PEOPLE_JSONL };
const base = (path: (p: string) => string, action: 'warn' | 'drop' | 'fail') =>
  pipeline(`expect_${action}`)
    .temporaryView('people', { query: readFiles('json', path('people.jsonl'), { schema: PEOPLE_SCHEMA }) })
    .table('checked', {
      query: from('people').select('id', 'salary'),
      // salary > 80 fails for ed (70) and, being NULL, for flo.
      expectations: [expect('well_paid', col('salary').gt(80), action), expect('has_id', col('id').isNotNull(), action)],
    })
    .build();

const counts = (failed: number) => [
  { name: 'well_paid', action: 'warn' as const, passed: 6 - failed, failed },
  { name: 'has_id', action: 'warn' as const, passed: 6, failed: 0 },
];

/** Expectations: exact pass/fail counts and rows kept, dropped or refused. */
export const EXPECTATION_CASES: readonly ConformanceCase[] = [
  {
    id: 'expectations/warn',
    group: 'expectations',
    description: 'warn counts failing rows and keeps them',
    files,
    pipeline: ({ path }) => base(path, 'warn'),
    expected: { checked: [120, 100, 90, 90, 70, null].map((salary, i) => ({ id: i + 1, salary })) },
    expectationResults: { checked: counts(2) },
  },
  {
    id: 'expectations/drop',
    group: 'expectations',
    description: 'drop removes failing rows and counts them',
    files,
    pipeline: ({ path }) => base(path, 'drop'),
    expected: { checked: [120, 100, 90, 90].map((salary, i) => ({ id: i + 1, salary })) },
    expectationResults: { checked: counts(2).map((e) => ({ ...e, action: 'drop' as const })) },
  },
  {
    id: 'expectations/fail',
    group: 'expectations',
    description: 'fail stops the flow with THUND_EXPECTATION_FAILED',
    files,
    pipeline: ({ path }) => base(path, 'fail'),
    status: 'failed',
    expected: {},
    failedFlows: { checked: 'THUND_EXPECTATION_FAILED' },
  },
];
