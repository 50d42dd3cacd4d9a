import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FLOW_KINDS, parsePipeline, serializePipeline } from '../src/index.js';
import { FIXTURE_PIPELINES } from './support/fixture-pipelines.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtureDir = join(here, 'fixtures');
const examplesDir = join(here, '..', '..', '..', 'examples');
const documents = [
  ...readdirSync(fixtureDir).filter((f) => f.endsWith('.json')).map((f) => join(fixtureDir, f)),
  ...readdirSync(examplesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(examplesDir, e.name, 'pipeline.json')))
    .map((e) => join(examplesDir, e.name, 'pipeline.json')),
];

describe('JSON round trip: parse → serialize → parse is the identity', () => {
  it('covers at least 10 pipelines and every flow kind', () => {
    expect(documents.length).toBeGreaterThanOrEqual(10);
    const kinds = new Set(documents.flatMap((file) => parsePipeline(readFileSync(file, 'utf8')).flows.map((f) => f.kind)));
    expect([...kinds].sort()).toEqual([...FLOW_KINDS].sort());
  });

  for (const file of documents) {
    it(file.slice(file.lastIndexOf('/', file.lastIndexOf('/') - 1) + 1), () => {
      const first = parsePipeline(readFileSync(file, 'utf8'));
      const text = serializePipeline(first);
      const second = parsePipeline(text);
      expect(second).toEqual(first);
      expect(serializePipeline(second)).toBe(text);
    });
  }

  it('committed fixtures are up to date with their builder definitions', () => {
    for (const [name, build] of Object.entries(FIXTURE_PIPELINES)) {
      expect(readFileSync(join(fixtureDir, `${name}.json`), 'utf8'), `run: pnpm tsx scripts/write-fixtures.ts`).toBe(`${serializePipeline(build())}\n`);
    }
  });
});
