import { describe, expect, it } from 'vitest';
import { ThundError, ValidationError, parsePipeline, safeParsePipeline } from '../src/index.js';

function issuesOf(input: unknown) {
  const result = safeParsePipeline(input);
  if (result.ok) throw new Error('expected a ValidationError');
  return result.error.issues;
}

describe('parsePipeline errors', () => {
  it('reports invalid JSON text with the parser message', () => {
    const [issue] = issuesOf('{"version": 1,');
    expect(issue?.code).toBe('invalid_json');
    expect(issue?.path).toBe('$');
  });

  it('reports an unsupported version', () => {
    expect(issuesOf({ version: 2, name: 'x', datasets: [], flows: [] })).toEqual([
      expect.objectContaining({ code: 'unsupported_version', path: '$.version' }),
    ]);
  });

  it('reports every structural problem with its JSON path', () => {
    const issues = issuesOf({
      version: 1,
      name: '',
      datasets: [{ name: 'a', type: 'view' }, { name: 'b', type: 'table', schema: [{ name: 'x', type: 'int128' }] }],
      flows: [
        { name: 'a', target: 'a', kind: 'batch', query: { kind: 'read', dataset: 'b' }, trigerr: {} },
        { name: 'b', target: 'b', kind: 'batch', query: { kind: 'filter', input: { kind: 'read', dataset: 'a' }, condition: { kind: 'colum', name: 'x' } } },
        { name: 'c', target: 'b', kind: 'streaming', watermark: { column: 'ts', delay: '10 seconds' }, query: { kind: 'limit', input: { kind: 'read', dataset: 'a' }, count: -1 } },
      ],
    });
    const paths = issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining([
      '$.name',
      '$.datasets[0].type',
      '$.datasets[1].schema[0].type',
      '$.flows[0]',
      '$.flows[1].query.condition.kind',
      '$.flows[2].watermark.delay',
      '$.flows[2].query.count',
    ]));
    const unknownKey = issues.find((i) => i.path === '$.flows[0]');
    expect(unknownKey?.message).toContain('"trigerr"');
    expect(issues.find((i) => i.path === '$.flows[2].watermark.delay')?.message).toContain('duration');
    expect(issues.find((i) => i.path === '$.datasets[1].schema[0].type')?.message).toContain('must be an Arrow type');
  });

  it('reports graph problems only for a well-shaped document, all together', () => {
    const issues = issuesOf({
      version: 1,
      name: 'g',
      datasets: [{ name: 'a', type: 'table' }, { name: 'a', type: 'table' }],
      flows: [{ name: 'f', target: 'zzz', kind: 'batch', query: { kind: 'read', dataset: 'nope' } }],
    });
    expect(issues.map((i) => i.code).sort()).toEqual(['dataset_without_flow', 'dataset_without_flow', 'duplicate_dataset', 'unknown_read', 'unknown_target'].sort());
  });

  it('throws a ValidationError that is a ThundError with code THUND_VALIDATION', () => {
    try {
      parsePipeline({});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toBeInstanceOf(ThundError);
      expect((error as ValidationError).code).toBe('THUND_VALIDATION');
      expect((error as ValidationError).message).toMatch(/^\[THUND_VALIDATION\] The pipeline has \d+ problems:/);
      expect((error as ValidationError).message).toContain('$.version');
    }
  });

  it('keeps any character in names, so quoting is the backend\'s job', () => {
    const name = 'x"; DROP TABLE y; --';
    const parsed = parsePipeline({
      version: 1,
      name: 'inject',
      datasets: [{ name: 'src', type: 'temporary_view' }, { name, type: 'table' }],
      flows: [
        { name: 'src', target: 'src', kind: 'batch', query: { kind: 'read_files', format: 'csv', path: 'a.csv' } },
        { name, target: name, kind: 'batch', query: { kind: 'read', dataset: 'src' } },
      ],
    });
    expect(parsed.datasets[1]?.name).toBe(name);
    expect(parsePipeline(JSON.parse(JSON.stringify(parsed))).flows[1]?.target).toBe(name);
  });
});
