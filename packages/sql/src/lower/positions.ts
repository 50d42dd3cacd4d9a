import type { SourcePosition } from '../lex/token.js';
import type { ExpressionSubquery } from '../parse/ast.js';
import { SqlError } from '../sql-error.js';

/** Where parsed nodes start in one file, kept across the rewrites that lowering makes; and the file's subqueries in expressions. */
export class Positions {
  readonly file: string;
  /** The file's subqueries inside expressions, by the placeholder column that stands for each. */
  readonly subqueries: ReadonlyMap<string, ExpressionSubquery>;
  readonly #map: WeakMap<object, SourcePosition>;
  readonly #fallback: SourcePosition;

  constructor(file: string, map: WeakMap<object, SourcePosition>, fallback: SourcePosition, subqueries: ReadonlyMap<string, ExpressionSubquery> = new Map()) {
    this.file = file;
    this.#map = map;
    this.#fallback = fallback;
    this.subqueries = subqueries;
  }

  /** Where `node` starts; the enclosing statement's start for a node lowering made. */
  of(node: object): SourcePosition {
    return this.#map.get(node) ?? this.#fallback;
  }

  /** Where `node` starts, if it came from the SQL. */
  find(node: object): SourcePosition | undefined {
    return this.#map.get(node);
  }

  /** `to` remembered at `from`'s position; returns `to`. */
  copy<T extends object>(from: object, to: T): T {
    const position = this.#map.get(from);
    if (position !== undefined && !this.#map.has(to)) this.#map.set(to, position);
    return to;
  }

  /** `node` remembered at `position` (a node lowering made for a clause of its own); returns `node`. */
  at<T extends object>(node: T, position: SourcePosition): T {
    if (!this.#map.has(node)) this.#map.set(node, position);
    return node;
  }

  /** The same positions, with `fallback` for nodes lowering made (the statement being lowered). */
  within(fallback: SourcePosition): Positions {
    return new Positions(this.file, this.#map, fallback, this.subqueries);
  }

  error(node: object, message: string): SqlError {
    return SqlError.at(this.file, this.of(node), message);
  }

  errorAt(position: SourcePosition, message: string): SqlError {
    return SqlError.at(this.file, position, message);
  }
}
