import { describe, expect, it } from 'vitest';
import { from, pipeline, readFiles } from '@thund/ir';
import { checkForSpark, createSparkCapabilities } from '../../src/index.js';

const caps = createSparkCapabilities({ version: '4.3.0' });
const places = { baseDir: '/work/project', storageRoot: '/work/project/.thund/spark' };
const withSink = (location: string) =>
  pipeline('p')
    .materializedView('src', { query: readFiles('json', 'data/in.jsonl') })
    .sink('export', { format: 'parquet', location })
    .flow('write_export', { target: 'export', kind: 'batch', query: from('src') })
    .build();

describe('Spark check refuses sink locations that would replace what Þund did not create', () => {
  it.each([
    ['.', /is the pipeline's base directory \/work\/project/],
    ['../victim', /outside the base directory/],
    ['data', /contains the input "data\/in.jsonl"/],
    ['/', /is a filesystem root/],
    ['.thund', /contains the storage root/],
  ])('location %s', (location, reason) => {
    const report = checkForSpark(withSink(location), caps, places);
    expect(report.ok).toBe(false);
    const violation = report.violations.find((v) => v.element.name === 'export');
    expect(violation?.message).toMatch(reason);
  });

  it('a location inside the project that holds nothing else is admitted', () => {
    expect(checkForSpark(withSink('out/export.parquet'), caps, places).violations).toEqual([]);
  });
});
