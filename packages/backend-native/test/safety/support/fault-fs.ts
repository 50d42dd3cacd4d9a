import { sep } from 'node:path';
import { type SinkFs, nodeSinkFs } from '@thund/backend-kit';

export type FsOp = keyof SinkFs;

/** One operation a sink writer did: its kind and the names it touched. */
export interface FsCall {
  readonly op: FsOp;
  /** The paths it was given (a rename: from, to). */
  readonly paths: readonly string[];
  readonly label: string;
}

/**
 * A SinkFs over node's, which records every call and runs `before(call, index)`
 * first: a test injects a fault by throwing there (or, in a child process, by
 * SIGKILLing itself).
 */
export function faultFs(before: (call: FsCall, index: number) => void = () => undefined, base: SinkFs = nodeSinkFs): { readonly fs: SinkFs; readonly calls: FsCall[] } {
  const calls: FsCall[] = [];
  const wrap = <A extends string[], R>(op: FsOp, run: (...args: A) => Promise<R>, paths = 1) => async (...args: A): Promise<R> => {
    const call: FsCall = { op, paths: args.slice(0, paths), label: `${op} ${args.slice(0, paths).map(tail).join(' → ')}` };
    before(call, calls.length);
    calls.push(call);
    return run(...args);
  };
  const fs: SinkFs = {
    mkdir: wrap('mkdir', (p: string) => base.mkdir(p)),
    readdir: wrap('readdir', (p: string) => base.readdir(p)),
    list: wrap('list', (p: string) => base.list(p)),
    readText: wrap('readText', (p: string) => base.readText(p)),
    writeText: wrap('writeText', (p: string, t: string) => base.writeText(p, t)),
    rename: wrap('rename', (a: string, b: string) => base.rename(a, b), 2),
    remove: wrap('remove', (p: string) => base.remove(p)),
    entry: wrap('entry', (p: string) => base.entry(p)),
  };
  return { fs, calls };
}

/** The last three segments of a path: enough to tell the sink writer's siblings and partitions apart. */
function tail(path: string): string {
  return path.split(sep).slice(-3).join('/');
}

/** An error as node's fs raises it. */
export function fsError(code: 'ENOSPC' | 'EIO' | 'EXDEV' | 'EACCES' | 'EBUSY', what: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected fault, ${what}`), { code });
}
