import { ThundError, ThundErrorCode } from '@thund/ir';
import type { SourcePosition } from './lex/token.js';

/** One problem in a SQL file, where it is. */
export interface SqlProblem {
  /** The file, as given to the parser (a path relative to the project, or a label). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** What is wrong and, where it helps, how to fix it. */
  readonly message: string;
}

/**
 * A SQL pipeline that cannot become a portable plan: a syntax error, a
 * statement or clause Þund does not support, an unknown function, a name
 * that is declared twice. Every problem names `file:line:column`; the
 * message lists them all.
 */
export class SqlError extends ThundError {
  override name = 'SqlError';
  /** Every problem found, in the order found (frozen). */
  readonly problems: readonly SqlProblem[];

  constructor(problems: readonly SqlProblem[]) {
    super(ThundErrorCode.Validation, problems.map(formatProblem).join('\n'));
    this.problems = Object.freeze([...problems]);
    Object.setPrototypeOf(this, new.target.prototype);
  }

  /** An error with one problem, at `position` in `file`. */
  static at(file: string, position: SourcePosition, message: string): SqlError {
    return new SqlError([{ file, line: position.line, column: position.column, message }]);
  }
}

/** A problem as one line of text: `file:line:column: message`. */
export function formatProblem(problem: SqlProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}
