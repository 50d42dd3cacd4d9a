import { describe, expect, it } from 'vitest';
import { parsePipeline, safeParsePipeline } from '../src/index.js';

/** A document whose read_files node has `path` twice: JSON.parse would keep the second. */
const TWO_PATHS = `{
  "version": 1,
  "name": "dup",
  "datasets": [{ "name": "out", "type": "materialized_view" }],
  "flows": [{
    "name": "out", "target": "out", "kind": "batch",
    "query": { "kind": "read_files", "format": "csv", "path": "data/x.csv", "path": "/etc/passwd" }
  }]
}`;

function issuesOf(text: string) {
  const result = safeParsePipeline(text);
  if (result.ok) throw new Error('expected a ValidationError');
  return result.error.issues;
}

describe('a key written twice in one JSON object', () => {
  it('is refused, naming the key, its JSON path and where both are written', () => {
    const issues = issuesOf(TWO_PATHS);
    expect(issues).toEqual([{
      code: 'duplicate_key',
      path: '$.flows[0].query.path',
      message: 'is written twice in one object (line 7, column 55 and line 7, column 77): JSON readers keep only one of them (JavaScript the last, "/etc/passwd"), so remove the one you do not mean',
    }]);
    expect(() => parsePipeline(TWO_PATHS)).toThrow(/duplicate_key/);
  });

  it('whatever the escapes that spell it, at any depth, and in every object where it happens', () => {
    const text = `{"version": 1, "name": "a", "n\\u0061me": "b", "datasets": [], "flows": [], "configuration": {"x": "1", "y": "2", "x": "3"}}`;
    expect(issuesOf(text).map((i) => [i.code, i.path])).toEqual([['duplicate_key', '$.name'], ['duplicate_key', '$.configuration.x']]);
  });

  it('the same key in sibling objects is fine', () => {
    expect(() => parsePipeline('{"version": 1, "name": "ok", "datasets": [{"name": "a", "type": "temporary_view"}, {"name": "b", "type": "materialized_view"}], "flows": [{"name": "a", "target": "a", "kind": "batch", "query": {"kind": "read_files", "format": "csv", "path": "x.csv"}}, {"name": "b", "target": "b", "kind": "batch", "query": {"kind": "read", "dataset": "a"}}]}')).not.toThrow();
  });
});
