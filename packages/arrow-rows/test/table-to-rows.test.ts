import { type Data, DateMillisecond, Decimal, Field, Int64, Schema, Table, TimestampMillisecond, Utf8, makeData, makeVector, vectorFromArray, Struct, RecordBatch } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { scaleDecimal, tableToRows } from '../src/index.js';

/** A one-column table of Decimal128(10, scale) values given unscaled. */
function decimalTable(unscaled: readonly bigint[], scale: number): Table {
  const type = new Decimal(scale, 10, 128);
  const words = new Uint32Array(unscaled.length * 4);
  unscaled.forEach((value, i) => {
    const twos = BigInt.asUintN(128, value);
    for (let w = 0; w < 4; w += 1) words[i * 4 + w] = Number((twos >> BigInt(32 * w)) & 0xffffffffn);
  });
  const data = makeData({ type, length: unscaled.length, data: words });
  const schema = new Schema([new Field('d', type, true)]);
  const batch = new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: unscaled.length, children: [data] }));
  return new Table([batch]);
}

describe('tableToRows', () => {
  it('turns Arrow values into plain ones: UTC dates and timestamps, bigint, strings, null', () => {
    const table = new Table({
      dt: vectorFromArray([new Date('2026-03-15T00:00:00Z'), null], new DateMillisecond()),
      ts: vectorFromArray([new Date('2026-03-15T13:45:10.123Z'), null], new TimestampMillisecond()),
      b: makeVector(new BigInt64Array([5n, -9007199254740993n])),
      s: vectorFromArray(['x', null], new Utf8()),
    });
    expect(table.schema.fields.find((f) => f.name === 'b')?.type).toBeInstanceOf(Int64);
    expect(tableToRows(table)).toEqual([
      { dt: new Date('2026-03-15T00:00:00Z'), ts: new Date('2026-03-15T13:45:10.123Z'), b: 5n, s: 'x' },
      { dt: null, ts: null, b: -9007199254740993n, s: null },
    ]);
  });

  it('gives decimals as exact decimal strings, including negative and small ones', () => {
    expect(tableToRows(decimalTable([1250n, -5n, 0n], 2))).toEqual([{ d: '12.50' }, { d: '-0.05' }, { d: '0.00' }]);
  });

  it('scales decimal digits', () => {
    expect(scaleDecimal('1250', 2)).toBe('12.50');
    expect(scaleDecimal('-5', 2)).toBe('-0.05');
    expect(scaleDecimal('7', 0)).toBe('7');
  });

  it('gives an empty table no rows', () => {
    expect(tableToRows(new Table({ s: vectorFromArray([], new Utf8()) }))).toEqual([]);
  });
});

/** A table of Utf8 columns with the given names, all rows given as arrays of values. */
function stringTable(names: readonly string[], rows: readonly (readonly (string | null)[])[]): Table {
  const schema = new Schema(names.map((name) => new Field(name, new Utf8(), true)));
  const children = names.map((_, c): Data => {
    const [data] = vectorFromArray(rows.map((row) => row[c] ?? null), new Utf8()).data;
    if (data === undefined) throw new Error('no data');
    return data;
  });
  return new Table([new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: rows.length, children }))]);
}

describe('tableToRows with column names that objects treat specially', () => {
  const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'id'];
  const rows = tableToRows(stringTable(names, [['p', 'c', 't', 'h', 'v', '1'], [null, null, null, null, null, '2']]));

  it('keeps every column as an own, enumerable property, in order', () => {
    expect(rows.map((row) => Object.keys(row))).toEqual([names, names]);
    expect(rows[0]?.['__proto__']).toBe('p');
    expect(rows[1]?.['__proto__']).toBeNull();
    expect(rows[0]?.['toString']).toBe('t');
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')).toEqual({ value: 'p', enumerable: true, writable: true, configurable: true });
  });

  it('leaves the rows ordinary objects: prototype untouched, comparable, spreadable and serialisable', () => {
    for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(rows).toEqual([
      { ['__proto__']: 'p', constructor: 'c', toString: 't', hasOwnProperty: 'h', valueOf: 'v', id: '1' },
      { ['__proto__']: null, constructor: null, toString: null, hasOwnProperty: null, valueOf: null, id: '2' },
    ]);
    expect(rows[0]).not.toEqual({ constructor: 'c', toString: 't', hasOwnProperty: 'h', valueOf: 'v', id: '1' });
    expect({ ...rows[0] }['__proto__']).toBe('p');
    expect(JSON.parse(JSON.stringify(rows[0])) as unknown).toEqual(rows[0]);
  });

  it('keeps the last of two columns of one name, __proto__ included', () => {
    expect(tableToRows(stringTable(['__proto__', '__proto__'], [['first', 'last']]))).toEqual([{ ['__proto__']: 'last' }]);
  });
});
