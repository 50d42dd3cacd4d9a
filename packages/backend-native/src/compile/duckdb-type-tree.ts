/** A DuckDB type name read into its parts: lists, structs (with field names) and maps nest others. */
export type DuckDBTypeTree =
  | { readonly kind: 'list'; readonly element: DuckDBTypeTree }
  | { readonly kind: 'struct'; readonly fields: readonly { readonly name: string; readonly type: DuckDBTypeTree }[] }
  | { readonly kind: 'map'; readonly key: DuckDBTypeTree; readonly value: DuckDBTypeTree }
  | { readonly kind: 'plain'; readonly name: string };

/**
 * Reads a DuckDB type as DESCRIBE or `duckdbType` writes it (`INTEGER[]`,
 * `STRUCT(a INTEGER, "b c" VARCHAR)`, `MAP(VARCHAR, BIGINT)`,
 * `DECIMAL(10,2)`); `undefined` for text it does not follow.
 */
export function readDuckDBType(text: string): DuckDBTypeTree | undefined {
  let at = 0;
  const space = (): void => {
    while (text[at] === ' ') at += 1;
  };
  const identifier = (): string | undefined => {
    space();
    if (text[at] === '"') {
      let name = '';
      at += 1;
      while (at < text.length) {
        if (text[at] === '"' && text[at + 1] === '"') {
          name += '"';
          at += 2;
        } else if (text[at] === '"') {
          at += 1;
          return name;
        } else {
          name += text[at];
          at += 1;
        }
      }
      return undefined;
    }
    const match = /^[^\s(),[\]"]+/.exec(text.slice(at));
    if (match === null) return undefined;
    at += match[0].length;
    return match[0];
  };
  const type = (): DuckDBTypeTree | undefined => {
    const name = identifier()?.toUpperCase();
    if (name === undefined) return undefined;
    let tree: DuckDBTypeTree | undefined;
    space();
    if ((name === 'STRUCT' || name === 'MAP') && text[at] === '(') {
      at += 1;
      if (name === 'MAP') {
        const key = type();
        space();
        if (text[at] !== ',') return undefined;
        at += 1;
        const value = type();
        if (key === undefined || value === undefined) return undefined;
        tree = { kind: 'map', key, value };
      } else {
        const fields: { name: string; type: DuckDBTypeTree }[] = [];
        for (;;) {
          const field = identifier();
          const fieldType = type();
          if (field === undefined || fieldType === undefined) return undefined;
          fields.push({ name: field, type: fieldType });
          space();
          if (text[at] !== ',') break;
          at += 1;
        }
        tree = { kind: 'struct', fields };
      }
      space();
      if (text[at] !== ')') return undefined;
      at += 1;
    } else if (text[at] === '(') {
      const close = text.indexOf(')', at);
      if (close < 0) return undefined;
      tree = { kind: 'plain', name: `${name}(${text.slice(at + 1, close).replaceAll(' ', '')})` };
      at = close + 1;
    } else {
      tree = { kind: 'plain', name };
    }
    for (space(); text.startsWith('[]', at); space()) {
      at += 2;
      tree = { kind: 'list', element: tree };
    }
    return tree;
  };
  const tree = type();
  space();
  return at === text.length ? tree : undefined;
}
