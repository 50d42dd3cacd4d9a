import { type SourcePosition, type Token, isKeyword } from '../lex/token.js';
import { SqlError } from '../sql-error.js';

/** A position in a file's tokens, with the checks a recursive-descent parser needs. */
export class Cursor {
  readonly file: string;
  /** Where each parsed node (expressions included) starts, for errors found after parsing. */
  readonly positions: WeakMap<object, SourcePosition>;
  readonly #tokens: readonly Token[];
  #index = 0;

  constructor(tokens: readonly Token[], file: string, positions: WeakMap<object, SourcePosition> = new WeakMap()) {
    this.#tokens = tokens;
    this.file = file;
    this.positions = positions;
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
