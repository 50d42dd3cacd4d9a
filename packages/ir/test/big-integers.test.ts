import { describe, expect, it } from 'vitest';
import {
  type Pipeline, ThundError, col, from, integerLiteral, lit, parsePipeline, pipeline, readFiles, safeParsePipeline, schemaResolver,
  serializePipeline, validatePipeline,
} from '../src/index.js';

const ID_SCHEMA = [{ name: 'id', type: 'int64' as const }];

/** A document whose one flow keeps the rows where `id` equals `literal` (JSON text, spliced in as written). */
function filterDocument(literal: string): string {
  return `{
  "version": 1,
  "name": "big",
  "datasets": [{ "name": "out", "type": "materialized_view" }],
  "flows": [{
    "name": "out", "target": "out", "kind": "batch",
    "query": {
      "kind": "filter",
      "input": { "kind": "read_files", "format": "csv", "path": "ids.csv", "schema": [{ "name": "id", "type": "int64" }] },
      "condition": { "kind": "binary", "op": "eq", "left": { "kind": "column", "name": "id" }, "right": ${literal} }
    }
  }]
}`;
}

const literalOf = (p: Pipeline): unknown => {
  const query = p.flows[0]?.query;
  return query?.kind === 'filter' && query.condition.kind === 'binary' ? query.condition.right : undefined;
};

describe('integers beyond ±(2^53 - 1) in pipeline documents', () => {
  it('a JSON number that a JS number cannot hold exactly is refused at its line and column, with the exact form to write', () => {
    const text = filterDocument('{ "kind": "literal", "value": 9007199254740993 }');
    const result = safeParsePipeline(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues).toHaveLength(1);
    const [issue] = result.error.issues;
    expect(issue?.code).toBe('inexact_number');
    expect(issue?.path).toBe('$.flows[0].query.condition.right.value');
    expect(issue?.message).toContain('9007199254740993');
    const before = text.slice(0, text.indexOf('9007199254740993')).split('\n');
    expect(issue?.message).toContain(`line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`);
    expect(issue?.message).toContain('"value": "9007199254740993", "type": "int64"');
  });

  it('so is one a double holds exactly (2^53): as a number it would compare as a double, matching its neighbours', () => {
    const result = safeParsePipeline(filterDocument('{ "kind": "literal", "value": -9007199254740992 }'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues.map((i) => [i.code, i.path])).toEqual([['inexact_number', '$.flows[0].query.condition.right.value']]);
    expect(result.error.issues[0]?.message).toContain('"value": "-9007199254740992", "type": "int64"');
  });

  it('beyond int64 the suggested type is a decimal of its digits; beyond 38 digits only a double can hold it', () => {
    const [decimal] = issuesOf(filterDocument('{ "kind": "literal", "value": 92233720368547758070 }'));
    expect(decimal?.message).toContain('"value": "92233720368547758070", "type": {"type": "decimal", "precision": 20, "scale": 0}');
    const [huge] = issuesOf(filterDocument(`{ "kind": "literal", "value": 1${'0'.repeat(40)} }`));
    expect(huge?.message).toContain('write it with an exponent (1e+40) for a double');
  });

  it('the string form with its type parses, serializes and parses back to the exact value, typed int64', () => {
    const first = parsePipeline(filterDocument('{ "kind": "literal", "value": "9007199254740993", "type": "int64" }'));
    const text = serializePipeline(first);
    const second = parsePipeline(text);
    expect(second).toEqual(first);
    expect(literalOf(second)).toEqual({ kind: 'literal', value: '9007199254740993', type: 'int64' });
    expect(text).toContain('"value": "9007199254740993"');
  });

  it('integerLiteral and lit(bigint) keep the exact value, typed as Spark types an integer literal', () => {
    expect(integerLiteral(42n)).toEqual({ kind: 'literal', value: 42 });
    expect(integerLiteral(9007199254740993n)).toEqual({ kind: 'literal', value: '9007199254740993', type: 'int64' });
    expect(integerLiteral(-9223372036854775808n)).toEqual({ kind: 'literal', value: '-9223372036854775808', type: 'int64' });
    expect(integerLiteral(9223372036854775808n)).toEqual({ kind: 'literal', value: '9223372036854775808', type: { type: 'decimal', precision: 19, scale: 0 } });
    expect(integerLiteral(10n ** 37n)).toEqual({ kind: 'literal', value: `1${'0'.repeat(37)}`, type: { type: 'decimal', precision: 38, scale: 0 } });
    expect(() => integerLiteral(10n ** 38n)).toThrow(ThundError);
    expect(() => integerLiteral(10n ** 38n)).toThrow(/39 digits/);
    expect(integerLiteral(5n, 'int16')).toEqual({ kind: 'literal', value: 5, type: 'int16' });
    expect(() => integerLiteral(40_000n, 'int16')).toThrow(/int16/);
    expect(col('id').eq(9007199254740993n).node).toEqual({
      kind: 'binary', op: 'eq', left: { kind: 'column', name: 'id' }, right: { kind: 'literal', value: '9007199254740993', type: 'int64' },
    });
    expect(lit(9007199254740993n).node).toEqual({ kind: 'literal', value: '9007199254740993', type: 'int64' });
  });

  it('check infers an int64 column from a big literal and a decimal(19,0) one beyond int64', () => {
    const p = pipeline('big')
      .materializedView('out', { query: readFiles('csv', 'ids.csv', { schema: ID_SCHEMA }).select(lit(9007199254740993n).as('a'), lit(9223372036854775808n).as('b')) })
      .build();
    const schema = schemaResolver(p)(p.flows[0]?.query ?? from('x').node);
    expect(schema).toEqual([{ name: 'a', type: 'int64' }, { name: 'b', type: { type: 'decimal', precision: 19, scale: 0 } }]);
  });

  it('a typed integer literal that is not an integer of its type is refused, with its path', () => {
    const bad = (right: object) => validatePipeline(parseShapeOnly(right)).map((i) => [i.code, i.path, i.message]);
    expect(bad({ kind: 'literal', value: '9223372036854775808', type: 'int64' })).toEqual([[
      'literal_value', '$.flows[0].query.condition.right',
      expect.stringContaining('"9223372036854775808" is outside int64 (-9223372036854775808 to 9223372036854775807)'),
    ]]);
    expect(bad({ kind: 'literal', value: '12x', type: 'int64' })[0]?.[2]).toContain('"12x" is not an integer');
    expect(bad({ kind: 'literal', value: 1.5, type: 'int32' })[0]?.[2]).toContain('1.5 is not an integer');
    expect(bad({ kind: 'literal', value: 300, type: 'int8' })[0]?.[2]).toContain('300 is outside int8 (-128 to 127)');
    expect(bad({ kind: 'literal', value: '-9223372036854775808', type: 'int64' })).toEqual([]);
  });

  it('serializePipeline writes a double beyond 2^53 with an exponent, so the document reads back', () => {
    const p = pipeline('double')
      .materializedView('out', { query: readFiles('csv', 'ids.csv', { schema: ID_SCHEMA }).select(lit(1.5e20).as('x'), lit(-(2 ** 60), 'int64').as('y')) })
      .build();
    const text = serializePipeline(p);
    expect(text).toContain('"value": 1.5e+20');
    expect(text).toContain('"value": -1.152921504606847e+18');
    expect(parsePipeline(text)).toEqual(p);
    // Otherwise the text is JSON.stringify's, indented or not.
    const plain = (json: string): string => json.replace('1.5e+20', '150000000000000000000').replace('-1.152921504606847e+18', String(-(2 ** 60)));
    expect(plain(text)).toBe(JSON.stringify(JSON.parse(text), null, 2));
    expect(plain(serializePipeline(p, 0))).toBe(JSON.stringify(JSON.parse(text)));
  });
});

function issuesOf(text: string) {
  const result = safeParsePipeline(text);
  if (result.ok) throw new Error('expected a ValidationError');
  return result.error.issues;
}

/** A well-shaped pipeline whose filter condition compares `id` with `right`, not yet validated. */
function parseShapeOnly(right: object): Pipeline {
  return JSON.parse(filterDocument(JSON.stringify(right))) as Pipeline;
}
