import type { Flow, RelationNode } from '@thund/ir';
import { tokenize } from '../lex/lexer.js';
import type { SourcePosition } from '../lex/token.js';
import { Cursor } from '../parse/cursor.js';
import { parseQuery } from '../parse/query.js';
import { DatasetNames } from './dataset-names.js';
import { type QueryFacts, QueryLowering } from './lower-query.js';
import { Positions } from './positions.js';
import { expandStarExcepts } from './star-except.js';

/**
 * One SQL query as a portable plan, without a pipeline around it (for
 * tools and tests; the datasets it reads are not checked, and a name
 * qualified with anything but `LIVE` is an error: with no spec, no
 * catalog or database is the pipeline's). Throws a `SqlError` at
 * `file:line:column`.
 */
export function queryFromSql(text: string, file = 'query.sql'): RelationNode {
  const map = new WeakMap<object, SourcePosition>();
  const cursor = new Cursor(tokenize(text, file), file, map);
  const query = parseQuery(cursor);
  cursor.acceptSymbol(';');
  if (!cursor.atEnd()) throw cursor.error(`unexpected "${cursor.peek().value}" after the query`);
  const facts: QueryFacts = { watermarks: [], reads: new Map() };
  const names = new DatasetNames({});
  const positions = new Positions(file, map, query.position, cursor.subqueries);
  const plan = new QueryLowering(positions, facts, (ref) => names.resolve(ref.name, ref.qualifier, undefined, 'read', file, ref.position)).query(query);
  const [flow] = expandStarExcepts([], [{ name: 'query', target: 'query', kind: 'batch', query: plan }], () => positions);
  return (flow as Flow).query;
}
