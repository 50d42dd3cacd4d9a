/**
 * `JSON.stringify(value, null, indent)` for plain JSON data, except that a
 * whole number beyond ±(2^53 − 1) (a double such as 1.5e20) is written
 * with an exponent (`1.5e+20`), as the document reader expects: written
 * as digits it would read as an integer no JSON number carries exactly.
 */
export function writeJson(value: unknown, indent: number): string {
  const gap = ' '.repeat(Math.min(10, Math.max(0, Math.floor(indent))));
  return write(value, gap, '') ?? 'null';
}

function write(value: unknown, gap: string, outer: string): string | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && !Number.isSafeInteger(value) ? value.toExponential() : JSON.stringify(value);
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = outer + gap;
  const open = gap === '' ? '' : `\n${inner}`;
  const separator = gap === '' ? ',' : `,\n${inner}`;
  const close = gap === '' ? '' : `\n${outer}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((item: unknown) => write(item, gap, inner) ?? 'null').join(separator)}${close}]`;
  }
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    const text = write(member, gap, inner);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${gap === '' ? '' : ' '}${text}`);
  }
  return members.length === 0 ? '{}' : `{${open}${members.join(separator)}${close}}`;
}
