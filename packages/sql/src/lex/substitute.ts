import { SqlError } from '../sql-error.js';
import type { Token } from './token.js';

/**
 * `${name}` inside strings and `quoted` names replaced by the pipeline's
 * configuration value, as SDP does (`parquet.\`${data}/orders\``). Unlike
 * SDP, which leaves an unset name empty, an unset name is an error: an
 * empty path would read something else.
 */
export function substituteVariables(tokens: readonly Token[], variables: Readonly<Record<string, string>>, file: string): Token[] {
  return tokens.map((token) => {
    if ((token.kind !== 'string' && token.kind !== 'quoted') || !token.value.includes('${')) return token;
    const value = token.value.replace(/\$\{([^}]*)\}/g, (_, name: string) => {
      const found = variables[name];
      if (found === undefined) {
        const known = Object.keys(variables);
        throw SqlError.at(file, token.position, `\${${name}} is not set: add it to the spec's configuration (${known.length === 0 ? 'it has none' : `it has ${known.join(', ')}`})`);
      }
      return found;
    });
    return { ...token, value };
  });
}
