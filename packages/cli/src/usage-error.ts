/** The hint a usage mistake gets unless it gives its own. */
export const DEFAULT_HINT = 'run `thund help` for usage';

/** A mistake in how `thund` was called; printed on one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** Printed after the message in parentheses; by default a pointer to `thund help`. */
  readonly hint: string | undefined;

  constructor(message: string, options: { readonly hint?: string | undefined } = { hint: DEFAULT_HINT }) {
    super(message);
    this.hint = options.hint;
  }
}
