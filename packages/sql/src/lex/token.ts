/** Where a token or a node starts in its file: 1-based line and column, 0-based offset. */
export interface SourcePosition {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export type TokenKind =
  /** A bare word: a keyword or an unquoted identifier (keywords are not reserved). */
  | 'word'
  /** A `back-quoted` identifier. */
  | 'quoted'
  | 'string'
  | 'number'
  | 'symbol'
  | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** The token's value: an identifier without quotes, a string unescaped, a number's text, a symbol. */
  readonly value: string;
  readonly position: SourcePosition;
  /** Offset just past the token in the source text. */
  readonly end: number;
}

/** Whether `token` is the keyword `word` (case-insensitive; quoted identifiers never are). */
export function isKeyword(token: Token, word: string): boolean {
  return token.kind === 'word' && token.value.toUpperCase() === word;
}
