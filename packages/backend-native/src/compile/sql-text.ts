import { ThundError, ThundErrorCode } from '@thund/ir';

/** `"name"`, with every `"` doubled: safe for any identifier, however hostile. */
export function quoteIdentifier(name: string): string {
  assertNoNul(name, 'identifier');
  return `"${name.replaceAll('"', '""')}"`;
}

/** `'text'`, with every `'` doubled. DuckDB string literals treat backslashes literally. */
export function quoteString(text: string): string {
  assertNoNul(text, 'string literal');
  return `'${text.replaceAll("'", "''")}'`;
}

/** A possibly schema-qualified table name. */
export function qualifiedName(schema: string | undefined, name: string): string {
  return schema === undefined ? quoteIdentifier(name) : `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
}

const OPTION_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A named parameter of a DuckDB table function or COPY option list,
 * `key=value` or `key value`. Keys must be plain words; values that look
 * like booleans or numbers stay unquoted, everything else is a string literal.
 */
export function optionValue(key: string, value: string): { readonly key: string; readonly value: string } {
  if (!OPTION_KEY.test(key)) {
    throw new ThundError(ThundErrorCode.Validation, `option name ${JSON.stringify(key)} is not a plain word (letters, digits, underscores)`);
  }
  if (value === 'true' || value === 'false') return { key, value };
  if (/^-?\d+(\.\d+)?$/.test(value)) return { key, value };
  return { key, value: quoteString(value) };
}

function assertNoNul(text: string, what: string): void {
  if (text.includes('\u0000')) throw new ThundError(ThundErrorCode.Validation, `a ${what} may not contain a NUL character`);
}
