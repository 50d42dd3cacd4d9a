import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Usage, detectorFor } from './support/corpus/coverage.js';
import { corpusCases } from './support/corpus/run-case.js';

/*
 * The SQL corpus (test/sql-corpus) uses every statement form, clause,
 * query feature, function, read option and date/time pattern that the
 * census of public SDP/Lakeflow pipelines (docs/census/sdp-sql-census.json)
 * found, each in at least one statement, except the few below that have no
 * meaning in a pipeline Þund could be given.
 */

const here = dirname(fileURLToPath(import.meta.url));
const census = JSON.parse(readFileSync(join(here, '..', '..', '..', 'docs', 'census', 'sdp-sql-census.json'), 'utf8')) as Record<string, unknown>;
const CATEGORIES = ['statementForms', 'clauses', 'queryFeatures', 'functions', 'readOptions', 'datetimePatterns'] as const;

/** Census items no corpus statement uses, each with why it cannot be written at all. */
const EXCLUDED: Readonly<Record<string, string>> = {
  'clauses: {{var}} template': 'a Databricks Asset Bundle template placeholder, replaced in the files before they are deployed: no SQL engine ever reads it',
  'clauses: :param / IDENTIFIER(…)': 'a parameter marker, bound by whoever submits a Databricks SQL query (a dashboard, a job task); a pipeline\'s statements have no caller to bind it',
};

const usages: Usage[] = corpusCases(join(here, 'sql-corpus')).flatMap((c) => c.statements.map((statement) => ({ statement, fileText: c.files.get(statement.file) as string })));

describe('the SQL corpus covers the census', () => {
  it('has at least 300 statements', () => {
    expect(usages.length).toBeGreaterThanOrEqual(300);
  });

  for (const category of CATEGORIES) {
    it(`uses every item of ${category}`, () => {
      const items = Object.entries(census[category] as Record<string, number>).filter(([, count]) => count >= 1).map(([label]) => label);
      expect(items.length, `the census lists ${category}`).toBeGreaterThan(0);
      const noDetector = items.filter((label) => EXCLUDED[`${category}: ${label}`] === undefined && detectorFor(category, label) === undefined);
      expect(noDetector, 'census items this test cannot look for yet: add a detector in support/corpus/coverage.ts').toEqual([]);
      const unused = items.filter((label) => EXCLUDED[`${category}: ${label}`] === undefined)
        .filter((label) => !usages.some((usage) => (detectorFor(category, label) as NonNullable<ReturnType<typeof detectorFor>>)(usage)));
      expect(unused, `census ${category} no corpus statement uses`).toEqual([]);
    });
  }

  it('excludes only census items that exist, each with its reason', () => {
    for (const key of Object.keys(EXCLUDED)) {
      const [category, label] = key.split(/: (.*)/s) as [string, string];
      expect(Object.keys(census[category] as Record<string, number>), key).toContain(label);
    }
  });
});
