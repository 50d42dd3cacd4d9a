import type { DataType } from '@thund/ir';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A date as its day, a timestamp as ISO 8601 (with `Z` only when the type has a time zone). */
export function isoText(value: Date, type: DataType | undefined): string {
  const iso = value.toISOString();
  if (type === 'date32') return iso.slice(0, 10);
  const zoned = typeof type === 'object' && type.type === 'timestamp' && type.timezone !== undefined;
  return zoned ? iso : iso.replace(/Z$/, '');
}

/** An own-property object (a struct field or map key named `__proto__` stays a field). */
function record(entries: readonly (readonly [string, Json])[]): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * A value (of `@thund/arrow-rows`' plain form) as JSON, by the rules
 * `thund show` uses for every format: a list is an array; a struct an
 * object of its fields in order; a map an object keyed by each key's
 * text (Spark's `to_json` of a map), in the engine's order; integers
 * numbers while a double holds them exactly, else their digits as a
 * string; decimals their exact digits as a string; dates and timestamps
 * ISO 8601 text; bytes base64. Without a type (the engine's is not one
 * the IR has), arrays are lists and objects structs.
 */
export function jsonValue(value: unknown, type?: DataType): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return isoText(value, type);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  const nested = typeof type === 'object' ? type : undefined;
  if (Array.isArray(value)) {
    if (nested?.type === 'map') {
      return record(value.map((entry) => {
        const [key, item] = entry as readonly [unknown, unknown];
        const keyJson = jsonValue(key, nested.key);
        return [typeof keyJson === 'string' ? keyJson : JSON.stringify(keyJson), jsonValue(item, nested.value)] as const;
      }));
    }
    const element = nested?.type === 'list' ? nested.element : undefined;
    return value.map((item: unknown) => jsonValue(item, element));
  }
  if (typeof value === 'object') {
    const fields = nested?.type === 'struct' ? nested.fields : [];
    return record(Object.entries(value).map(([key, item]) => [key, jsonValue(item, fields.find((f) => f.name === key)?.type)] as const));
  }
  return String(value);
}

/** The JSON text of a list, struct or map value (see {@link jsonValue}), for a table cell or a CSV field. */
function nestedText(value: object, type?: DataType): string {
  return JSON.stringify(jsonValue(value, type));
}

/** A value that is not NULL or a date as text: lists, structs and maps as JSON, bytes as their JSON, the rest by `String`. */
export function valueText(value: unknown, type?: DataType): string {
  if (Array.isArray(value) || (typeof value === 'object' && value !== null && !(value instanceof Uint8Array))) return nestedText(value, type);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
