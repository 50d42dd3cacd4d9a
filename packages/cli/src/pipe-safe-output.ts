/** Where the CLI writes text: a stream that may be closed under it. */
export interface TextOutput {
  write(text: string): unknown;
}

/**
 * Wraps stdout or stderr so that a reader that goes away early (`thund plan …
 * | head`) ends the output quietly: the first EPIPE (or any other write
 * error) marks the stream closed and every later write is dropped, instead
 * of an unhandled 'error' event crashing the process with a stack trace.
 * The command itself carries on and exits with its own code.
 */
export function pipeSafeOutput(stream: NodeJS.WritableStream & { readonly destroyed?: boolean }): TextOutput {
  let closed = false;
  stream.on('error', () => {
    closed = true;
  });
  return {
    write(text: string): boolean {
      if (closed || stream.destroyed === true) return false;
      return stream.write(text);
    },
  };
}
