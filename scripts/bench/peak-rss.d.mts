/** The command running `command args` that also writes its peak RSS to `file` (the command itself where it cannot). */
export function withPeakRss(command: string, args: readonly string[], file: string): { readonly command: string; readonly args: string[] };

/** The peak RSS in MiB that a `withPeakRss` command wrote to `file`; `undefined` where it cannot be measured. */
export function readPeakRss(file: string): number | undefined;
