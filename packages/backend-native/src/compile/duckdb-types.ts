import type { DataType } from '@thund/ir';
import { type DuckDBTypeTree, readDuckDBType } from './duckdb-type-tree.js';

/** The DuckDB type an Arrow data type of the IR is stored as. */
export function duckdbType(type: DataType): string {
  if (typeof type === 'string') {
    switch (type) {
      case 'bool': return 'BOOLEAN';
      case 'int8': return 'TINYINT';
      case 'int16': return 'SMALLINT';
      case 'int32': return 'INTEGER';
      case 'int64': return 'BIGINT';
      case 'float32': return 'FLOAT';
      case 'float64': return 'DOUBLE';
      case 'utf8': return 'VARCHAR';
      case 'binary': return 'BLOB';
      case 'date32': return 'DATE';
      case 'timestamp': return 'TIMESTAMP';
    }
  }
  switch (type.type) {
    case 'decimal': return `DECIMAL(${Math.trunc(type.precision)},${Math.trunc(type.scale)})`;
    case 'list': return `${duckdbType(type.element)}[]`;
    case 'map': return `MAP(${duckdbType(type.key)}, ${duckdbType(type.value)})`;
    case 'struct': return `STRUCT(${type.fields.map((f) => `${quoteName(f.name)} ${duckdbType(f.type)}`).join(', ')})`;
    case 'timestamp':
      if (type.timezone !== undefined) return 'TIMESTAMPTZ';
      switch (type.unit) {
        case 's': return 'TIMESTAMP_S';
        case 'ms': return 'TIMESTAMP_MS';
        case 'us': return 'TIMESTAMP';
        case 'ns': return 'TIMESTAMP_NS';
      }
  }
}

/** A struct field name as DuckDB type syntax quotes it. */
function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

type Family =
  | { readonly family: 'int'; readonly digits: number; readonly bits: number; readonly unsigned: boolean }
  | { readonly family: 'float'; readonly bits: number }
  | { readonly family: 'decimal'; readonly precision: number; readonly scale: number }
  | { readonly family: 'timestamp' }
  | { readonly family: 'date' }
  | { readonly family: 'other'; readonly name: string };

const INTS: Readonly<Record<string, { digits: number; bits: number; unsigned: boolean }>> = {
  TINYINT: { digits: 3, bits: 8, unsigned: false },
  SMALLINT: { digits: 5, bits: 16, unsigned: false },
  INTEGER: { digits: 10, bits: 32, unsigned: false },
  BIGINT: { digits: 19, bits: 64, unsigned: false },
  HUGEINT: { digits: 39, bits: 128, unsigned: false },
  UTINYINT: { digits: 3, bits: 8, unsigned: true },
  USMALLINT: { digits: 5, bits: 16, unsigned: true },
  UINTEGER: { digits: 10, bits: 32, unsigned: true },
  UBIGINT: { digits: 20, bits: 64, unsigned: true },
};

function family(duckType: string): Family {
  const t = duckType.toUpperCase();
  const int = INTS[t];
  if (int !== undefined) return { family: 'int', ...int };
  if (t === 'FLOAT') return { family: 'float', bits: 32 };
  if (t === 'DOUBLE') return { family: 'float', bits: 64 };
  const decimal = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(t);
  if (decimal !== null) return { family: 'decimal', precision: Number(decimal[1]), scale: Number(decimal[2]) };
  if (t.startsWith('TIMESTAMP')) return { family: 'timestamp' };
  if (t === 'DATE') return { family: 'date' };
  return { family: 'other', name: t };
}

/**
 * Whether a column of DuckDB type `actual` may be stored in a declared
 * column of DuckDB type `declared`: the same type, or a widening that loses
 * nothing (int32 → int64, int → double, decimal(10,2) → decimal(18,2), …).
 * Integer sums, which DuckDB types as HUGEINT, fit any integer column: the
 * cast fails the flow on overflow instead of truncating; likewise decimal
 * sums, typed DECIMAL(38, s).
 */
export function isCompatibleType(actual: string, declared: string): boolean {
  const tree = { actual: readDuckDBType(actual), declared: readDuckDBType(declared) };
  if (tree.actual !== undefined && tree.declared !== undefined && (tree.actual.kind !== 'plain' || tree.declared.kind !== 'plain')) {
    return nestedCompatible(tree.actual, tree.declared);
  }
  return plainCompatible(actual, declared);
}

/** Lists, structs (the same field names, in order, case-insensitively) and maps (keys exactly) whose parts are compatible. */
function nestedCompatible(actual: DuckDBTypeTree, declared: DuckDBTypeTree): boolean {
  switch (declared.kind) {
    case 'plain': return actual.kind === 'plain' && plainCompatible(actual.name, declared.name);
    case 'list': return actual.kind === 'list' && nestedCompatible(actual.element, declared.element);
    case 'map': return actual.kind === 'map' && JSON.stringify(actual.key) === JSON.stringify(declared.key) && nestedCompatible(actual.value, declared.value);
    case 'struct':
      return actual.kind === 'struct' && actual.fields.length === declared.fields.length
        && actual.fields.every((f, i) => f.name.toLowerCase() === declared.fields[i]?.name.toLowerCase() && nestedCompatible(f.type, (declared.fields[i] as { type: DuckDBTypeTree }).type));
  }
}

function plainCompatible(actual: string, declared: string): boolean {
  const a = family(actual);
  const d = family(declared);
  if (a.family === 'other' || d.family === 'other') {
    return a.family === 'other' && d.family === 'other' && a.name === d.name;
  }
  switch (d.family) {
    case 'int':
      return a.family === 'int' && (a.bits <= d.bits || a.bits === 128);
    case 'float':
      return (a.family === 'float' && a.bits <= d.bits) || (a.family === 'int' && (d.bits === 64 || a.bits <= 16)) || (a.family === 'decimal' && d.bits === 64);
    case 'decimal':
      if (a.family === 'int') return a.bits === 128 || d.precision - d.scale >= a.digits;
      return a.family === 'decimal' && d.scale >= a.scale && (d.precision - d.scale >= a.precision - a.scale || a.precision === 38);
    case 'timestamp':
      return a.family === 'timestamp' || a.family === 'date';
    case 'date':
      return a.family === 'date';
  }
}
