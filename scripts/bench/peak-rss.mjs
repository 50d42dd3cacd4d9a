// Peak RSS of a whole child process, for the benches that run `thund` (or a reference client) as a process:
// GNU time's `%M` (the peak resident set in KiB), written to a file so the process's own output stays
// apart. Without /usr/bin/time the command runs as is and no peak is measured. Types: peak-rss.d.mts.
import { existsSync, readFileSync } from 'node:fs';

const TIME = '/usr/bin/time';

/** True when peak RSS can be measured here (/usr/bin/time exists). */
const peakRssMeasured = existsSync(TIME);

/** The command running `command args` that also writes its peak RSS to `file` (the command itself where it cannot). */
export function withPeakRss(command, args, file) {
  return peakRssMeasured ? { command: TIME, args: ['-f', '%M', '-o', file, command, ...args] } : { command, args };
}

/** The peak RSS in MiB that a `withPeakRss` command wrote to `file`; `undefined` where it cannot be measured. */
export function readPeakRss(file) {
  if (!peakRssMeasured) return undefined;
  // A failed command's file starts with "Command exited with non-zero status N"; the figure is the last line.
  const kib = Number(readFileSync(file, 'utf8').trim().split('\n').at(-1));
  if (!Number.isFinite(kib) || kib <= 0) throw new Error(`${TIME} wrote no peak RSS to ${file}`);
  return kib / 1024;
}
