/**
 * Engine-free path arithmetic for output-location rules: resolving a
 * pipeline's paths against a base directory and comparing them, without
 * touching a filesystem (no symlinks are followed). POSIX paths, and
 * Windows paths with a drive letter or UNC prefix (compared case-insensitively).
 */

/** A resolved, normalized absolute path: its root (`/`, `C:/`, `//server/share/`) and its segments. */
export interface LocationPath {
  readonly root: string;
  readonly segments: readonly string[];
}

const WINDOWS_ROOT = /^([A-Za-z]:)[\\/]|^([\\/]{2}[^\\/]+[\\/][^\\/]+)(?:[\\/]|$)/;

function splitRoot(path: string): { readonly root: string; readonly rest: string } | undefined {
  const windows = WINDOWS_ROOT.exec(path);
  if (windows !== null) {
    const root = `${(windows[1] ?? windows[2] ?? '').replace(/\\/g, '/').toUpperCase()}/`;
    return { root, rest: path.slice(windows[0].length) };
  }
  if (path.startsWith('/')) return { root: '/', rest: path.slice(1) };
  return undefined;
}

/** Whether `path` is a URL (`s3://bucket/x`, `https://…`): not a path on the local filesystem. */
export function isUrlLocation(path: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]+:\/\//.test(path);
}

/** Whether `path` is absolute (POSIX `/…`, `C:\…`, `\\server\share\…`). */
export function isAbsoluteLocation(path: string): boolean {
  return splitRoot(path) !== undefined;
}

/** `path` resolved against `base` (itself absolute) and normalized: `.` and `..` applied, separators unified. */
export function resolveLocationPath(base: string, path: string): LocationPath {
  const own = splitRoot(path);
  const start = own ?? splitRoot(base);
  if (start === undefined) throw new TypeError(`base directory "${base}" is not an absolute path`);
  const segments: string[] = [];
  const apply = (text: string): void => {
    for (const part of text.split(/[\\/]+/)) {
      if (part === '' || part === '.') continue;
      if (part === '..') segments.pop();
      else segments.push(part);
    }
  };
  apply(start.rest);
  if (own === undefined) apply(path);
  return { root: start.root, segments };
}

/** The path as text, with `/` separators. */
export function locationText(path: LocationPath): string {
  return `${path.root}${path.segments.join('/')}`;
}

/** Whether `outer` is `inner` or one of its ancestors. */
export function containsLocation(outer: LocationPath, inner: LocationPath): boolean {
  if (outer.root !== inner.root || outer.segments.length > inner.segments.length) return false;
  const fold = outer.root === '/' ? (s: string) => s : (s: string) => s.toLowerCase();
  return outer.segments.every((segment, i) => fold(segment) === fold(inner.segments[i] ?? ''));
}

/** Whether `path` is a filesystem root (`/`, `C:/`, a UNC share). */
export function isFilesystemRoot(path: LocationPath): boolean {
  return path.segments.length === 0;
}

/** The directory part of a `read_files` path before its first glob character (`in/*.csv` → `in`). */
export function globBase(path: string): string {
  const wild = path.search(/[*?[{]/);
  if (wild < 0) return path;
  const head = path.slice(0, wild);
  const cut = Math.max(head.lastIndexOf('/'), head.lastIndexOf('\\'));
  return cut < 0 ? '.' : head.slice(0, cut + 1);
}
