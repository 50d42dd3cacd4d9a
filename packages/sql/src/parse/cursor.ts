import { MAX_PLAN_DEPTH } from '@thund/ir';
import { type SourcePosition, type Token, isKeyword } from '../lex/token.js';
import { SqlError } from '../sql-error.js';
import type { ExpressionSubquery } from './ast.js';

/** The prefix of the placeholder column an expression holds for each of its subqueries. */
export const SUBQUERY_PLACEHOLDER = '__subquery_';

const LIMIT = `Þund plans nest at most ${MAX_PLAN_DEPTH} levels (MAX_PLAN_DEPTH)`;

/** A position in a file's tokens, with the checks a recursive-descent parser needs. */
export class Cursor {
  readonly file: string;
  /** Where each parsed node (expressions included) starts, for errors found after parsing. */
  readonly positions: WeakMap<object, SourcePosition>;
  /** The subqueries inside expressions, by the name of the placeholder column that stands for each. */
  readonly subqueries = new Map<string, ExpressionSubquery>();
  readonly #tokens: readonly Token[];
  #index = 0;
  /**
   * How deep the parse is: nested constructs (parentheses, subqueries, CTE
   * bodies, calls, CASE) and the links of the operator chains around the
   * current token (`a OR b OR …`, joins). Bounded by `MAX_PLAN_DEPTH`, so
   * neither this recursive-descent parser nor anything walking its tree
   * overflows the stack; a long flat chain is read in a loop, and the plan
   * depth rule would refuse it anyway.
   */
  #depth = 0;
  /** The innermost chain being read, if any: a depth error inside it is worded by it. */
  #chain: { readonly what: string; readonly fix: string } | undefined;

  constructor(tokens: readonly Token[], file: string, positions: WeakMap<object, SourcePosition> = new WeakMap()) {
    this.#tokens = tokens;
    this.file = file;
    this.positions = positions;
  }

  /** A placeholder column standing for `subquery` in its expression (see `ExpressionSubquery`). */
  placeholder(subquery: ExpressionSubquery): string {
    const name = `${SUBQUERY_PLACEHOLDER}${this.subqueries.size + 1}`;
    this.subqueries.set(name, subquery);
    return name;
  }

  /** Records that `node` starts at `token`, and returns it. */
  mark<T extends object>(node: T, token: Token): T {
    if (!this.positions.has(node)) this.positions.set(node, token.position);
    return node;
  }

  get index(): number {
    return this.#index;
  }

  peek(ahead = 0): Token {
    return this.#tokens[Math.min(this.#index + ahead, this.#tokens.length - 1)] as Token;
  }

  next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.#index += 1;
    return token;
  }

  atEnd(): boolean {
    return this.peek().kind === 'end';
  }

  /** Whether the next tokens are these keywords (no token is consumed). */
  isKeyword(...words: string[]): boolean {
    return words.every((word, i) => isKeyword(this.peek(i), word));
  }

  isSymbol(symbol: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'symbol' && token.value === symbol;
  }

  /** Consumes the keywords if they come next, all of them. */
  acceptKeyword(...words: string[]): boolean {
    if (!this.isKeyword(...words)) return false;
    this.#index += words.length;
    return true;
  }

  acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.#index += 1;
    return true;
  }

  expectKeyword(...words: string[]): void {
    for (const word of words) {
      if (!this.acceptKeyword(word)) throw this.error(`expected ${word}, found ${describe(this.peek())}`);
    }
  }

  expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw this.error(`expected "${symbol}", found ${describe(this.peek())}`);
  }

  /** An identifier: a bare word or a `quoted` name. */
  identifier(what = 'a name'): string {
    const token = this.peek();
    if (token.kind === 'word' || token.kind === 'quoted') {
      this.#index += 1;
      return token.value;
    }
    throw this.error(`expected ${what}, found ${describe(token)}`);
  }

  isIdentifier(ahead = 0): boolean {
    const kind = this.peek(ahead).kind;
    return kind === 'word' || kind === 'quoted';
  }

  string(what = 'a string'): string {
    const token = this.peek();
    if (token.kind !== 'string') throw this.error(`expected ${what}, found ${describe(token)}`);
    this.#index += 1;
    return token.value;
  }

  /** Runs `parse` one level deeper (a nested construct starting at `token`), or refuses past `MAX_PLAN_DEPTH`. */
  nested<T>(parse: () => T, token: Token = this.peek()): T {
    return this.scope(() => {
      this.#depth += 1;
      if (this.#depth > MAX_PLAN_DEPTH) throw this.#tooDeep(token);
      // Inside, the levels are this construct's own, whatever chain it is a link of.
      this.#chain = undefined;
      return parse();
    });
  }

  /** Runs `parse`, a loop reading a chain, and forgets the chain's links when it returns. */
  scope<T>(parse: () => T): T {
    const depth = this.#depth;
    const chain = this.#chain;
    try {
      return parse();
    } finally {
      this.#depth = depth;
      this.#chain = chain;
    }
  }

  /**
   * One more link of the chain being read (inside `scope`): each operator of
   * a left-deep chain nests what came before it one level deeper. `what`
   * names the links, `fix` says how to write it flatter.
   */
  link(token: Token, what: string, fix = 'split the query into temporary views, each read by the next'): void {
    this.#depth += 1;
    this.#chain = { what, fix };
    if (this.#depth > MAX_PLAN_DEPTH) throw this.#tooDeep(token);
  }

  #tooDeep(token: Token): SqlError {
    if (this.#chain !== undefined) {
      return this.error(`the query nests more than ${MAX_PLAN_DEPTH} deep here, counting ${this.#chain.what} as a level: ${LIMIT}; ${this.#chain.fix}`, token);
    }
    return this.error(`the query nests more than ${MAX_PLAN_DEPTH} deep here (parentheses, subqueries, CTE bodies, function calls and CASE, counted together): ${LIMIT}; split the query into temporary views, each read by the next`, token);
  }

  /** An error at the next token (or at `token`). */
  error(message: string, token: Token = this.peek()): SqlError {
    return SqlError.at(this.file, token.position, message);
  }
}

export function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the statement';
    case 'string':
      return `the string '${token.value}'`;
    case 'quoted':
      return `\`${token.value}\``;
    default:
      return `"${token.value}"`;
  }
}
