import type { SourcePosition } from '../lex/token.js';
import { SqlError } from '../sql-error.js';

/** Where parsed nodes start in one file, kept across the rewrites that lowering makes. */
export class Positions {
  readonly file: string;
  readonly #map: WeakMap<object, SourcePosition>;
  readonly #fallback: SourcePosition;

  constructor(file: string, map: WeakMap<object, SourcePosition>, fallback: SourcePosition) {
    this.file = file;
    this.#map = map;
    this.#fallback = fallback;
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

  /** The same positions, with `fallback` for nodes lowering made (the statement being lowered). */
  within(fallback: SourcePosition): Positions {
    return new Positions(this.file, this.#map, fallback);
  }

  error(node: object, message: string): SqlError {
    return SqlError.at(this.file, this.of(node), message);
  }

  errorAt(position: SourcePosition, message: string): SqlError {
    return SqlError.at(this.file, position, message);
  }
}
