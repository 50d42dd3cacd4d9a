import { describe, expect, it } from 'vitest';
import type { WrittenField } from '@thund/ir';
import { schemaDifferences } from '../src/index.js';

const written = (name: string, type: WrittenField['type'], nullable = true): WrittenField => (type === undefined ? { name, nullable, engineType: 'X' } : { name, type, nullable, engineType: String(type) });

describe('schemaDifferences: the schema a backend stored against the inferred one', () => {
  it('equal names, order and types: no difference; names compare case-insensitively, as engines resolve them', () => {
    expect(schemaDifferences([{ name: 'id', type: 'int64' }, { name: 'Name', type: 'utf8' }], [written('id', 'int64'), written('name', 'utf8')])).toEqual([]);
  });

  it('other columns or another order: one difference listing both', () => {
    expect(schemaDifferences([{ name: 'a' }, { name: 'b' }], [written('b', 'utf8'), written('a', 'utf8')])).toEqual(['columns: inferred (a, b), written (b, a)']);
    expect(schemaDifferences([{ name: 'a' }], [written('a', 'utf8'), written('b', 'utf8')])).toEqual(['columns: inferred (a), written (a, b)']);
  });

  it('another type, or a type the IR has none of: named per column', () => {
    expect(schemaDifferences([{ name: 'n', type: 'int64' }, { name: 'd', type: { type: 'decimal', precision: 20, scale: 2 } }], [written('n', 'int32'), written('d', { type: 'decimal', precision: 38, scale: 2 })]))
      .toEqual(['column n: inferred int64, written int32', 'column d: inferred decimal(20,2), written decimal(38,2)']);
    expect(schemaDifferences([{ name: 'h', type: 'int64' }], [written('h', undefined)])).toEqual(['column h: inferred int64, written (X)']);
  });

  it('a column stored NOT NULL must be declared so; nothing is claimed where the type or the columns are unknown', () => {
    expect(schemaDifferences([{ name: 'id', type: 'int64' }], [written('id', 'int64', false)])).toEqual(['column id: stored NOT NULL, but the pipeline does not declare it so']);
    expect(schemaDifferences([{ name: 'id', type: 'int64', nullable: false }], [written('id', 'int64', false)])).toEqual([]);
    expect(schemaDifferences([{ name: 'x' }], [written('x', 'utf8')])).toEqual([]);
    expect(schemaDifferences(undefined, [written('x', 'utf8')])).toEqual([]);
  });
});
