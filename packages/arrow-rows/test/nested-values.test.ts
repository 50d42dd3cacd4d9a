import { DateDay, Field, Float64, Int32, Int64, List, Map_, Schema, Struct, Table, Uint8, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowFields, compareRows, irType, tableToRows, valuesEqual } from '../src/index.js';

const listOf = (type: Int32 | Utf8 | Float64 | Struct | Uint8) => new List(new Field('element', type, true));
const structOf = (fields: Record<string, Int32 | Int64 | Utf8 | DateDay | List | Uint8>) => new Struct(Object.entries(fields).map(([name, type]) => new Field(name, type, true)));
const mapOf = <K extends Utf8 | Int32, V extends Int32 | Float64>(key: K, value: V) =>
  new Map_<K, V>(new Field('entries', new Struct<{ key: K; value: V }>([new Field('key', key, false), new Field('value', value, true)]), false));

describe('lists, structs and maps as plain values', () => {
  it('a list is an array, a struct an object, a map an array of [key, value] pairs, each value by the usual rules', () => {
    const table = new Table({
      tags: vectorFromArray([['a', null], [], null], listOf(new Utf8())),
      s: vectorFromArray([{ n: 1n, day: new Date('2026-03-15T00:00:00Z'), xs: [1, 2] }, null, { n: null, day: null, xs: null }],
        structOf({ n: new Int64(), day: new DateDay(), xs: listOf(new Int32()) })),
      m: vectorFromArray([new Map([['k', 1], ['j', null]]), new Map(), null], mapOf(new Utf8(), new Int32())),
      im: vectorFromArray([new Map([[2, 0.5]]), null, null], mapOf(new Int32(), new Float64())),
    });
    expect(tableToRows(table)).toEqual([
      { tags: ['a', null], s: { n: 1n, day: new Date('2026-03-15T00:00:00Z'), xs: [1, 2] }, m: [['k', 1], ['j', null]], im: [[2, 0.5]] },
      { tags: [], s: null, m: [], im: null },
      { tags: null, s: { n: null, day: null, xs: null }, m: null, im: null },
    ]);
  });

  it('a struct field named __proto__ is an own field', () => {
    const table = new Table({ s: vectorFromArray([{ ['__proto__']: 1 }], new Struct([new Field('__proto__', new Int32(), true)])) });
    const [row] = tableToRows(table);
    const s = row?.s as Record<string, unknown>;
    expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
    expect(Object.keys(s)).toEqual(['__proto__']);
  });

  it('have IR types element by element; a nested type holding one the IR lacks has none', () => {
    expect(irType(listOf(new Utf8()))).toEqual({ type: 'list', element: 'utf8' });
    expect(irType(structOf({ a: new Int32(), b: listOf(new Int32()) }))).toEqual({
      type: 'struct', fields: [{ name: 'a', type: 'int32' }, { name: 'b', type: { type: 'list', element: 'int32' } }],
    });
    expect(irType(mapOf(new Utf8(), new Float64()))).toEqual({ type: 'map', key: 'utf8', value: 'float64' });
    expect(irType(listOf(new Uint8()))).toBeUndefined();
    expect(irType(structOf({ a: new Int32(), u: new Uint8() }))).toBeUndefined();
    expect(arrowFields(new Schema([new Field('m', mapOf(new Utf8(), new Int32()), true)]))).toEqual([
      { name: 'm', type: { type: 'map', key: 'utf8', value: 'int32' }, nullable: true, engineType: 'Map<{key:Utf8, value:Int32}>' },
    ]);
  });

  it('compare element by element: floats within the tolerance, integers whether bigint or number, lists in order', () => {
    expect(valuesEqual({ a: [0.1 + 0.2, 1n] }, { a: [0.3, 1] })).toBe(true);
    expect(valuesEqual([1, 2], [2, 1])).toBe(false);
    expect(valuesEqual([['k', 1]], [['k', 2]])).toBe(false);
    expect(valuesEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(compareRows([{ s: { xs: [0.1 + 0.2] } }], [{ s: { xs: [0.3] } }]).equal).toBe(true);
    expect(compareRows([{ s: { xs: [1, 2] } }], [{ s: { xs: [1] } }]).equal).toBe(false);
  });
});
