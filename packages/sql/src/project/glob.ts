/**
 * A glob as SDP's spec `libraries` write them (`transformations/**`,
 * `sql/*.sql`): `**` any number of folders, `*` and `?` within one name.
 * A pattern ending in a folder (or `/**`) matches everything below it.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  const text = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '*' && text[i + 1] === '*') {
      const slash = text[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') {
      source += '[^/]*';
    } else if (c === '?') {
      source += '[^/]';
    } else {
      source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}(?:/.*)?$`);
}
