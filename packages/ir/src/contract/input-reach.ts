import { type LocationPath, containsLocation, globBase, resolveLocationPath } from './location-path.js';

/**
 * Whether a sink at `sink` could write a file that the `read_files` path
 * `input` reads, so the next run would read this run's output as new input
 * (rows doubling every run). Pure, like every output-location rule:
 *
 * - an input without glob characters may be a directory: a sink strictly
 *   inside it is reached (a file contains nothing, so this is exact for files);
 * - a glob reaches what its pattern matches below its base, segment by
 *   segment (`*` and `?` stay within a segment, `**` crosses any number);
 * - a sink that is a directory (partitioned, or written by streaming flows)
 *   writes files at any depth below its location, so it is reached when its
 *   location could be a prefix of a match.
 */
export function inputReachesSink(baseDir: string, input: string, sink: LocationPath, sinkIsDirectory: boolean): boolean {
  const base = resolveLocationPath(baseDir, globBase(input));
  if (!containsLocation(base, sink) || base.segments.length === sink.segments.length) return false;
  const pattern = globPatternSegments(input);
  if (pattern === undefined) return true;
  const below = sink.segments.slice(base.segments.length);
  return segmentsMatch(pattern, below, sinkIsDirectory);
}

/** The glob's segments after its base, each as a matcher; `undefined` for a path without glob characters. */
function globPatternSegments(input: string): readonly (RegExp | '**')[] | undefined {
  const wild = input.search(/[*?[{]/);
  if (wild < 0) return undefined;
  const rest = input.slice(globBase(input) === '.' ? 0 : globBase(input).length);
  return rest.split(/[\\/]+/).filter((part) => part !== '' && part !== '.').map((part) => (part === '**' ? '**' : segmentRegExp(part)));
}

/** One glob segment as an anchored expression: `*` and `?` within the segment, `[…]` as a class, `{a,b}` as alternatives. */
function segmentRegExp(segment: string): RegExp {
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] ?? '';
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 1);
      if (end < 0) source += '\\[';
      else {
        source += `[${segment.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      const end = segment.indexOf('}', i + 1);
      if (end < 0) source += '\\{';
      else {
        source += `(?:${segment.slice(i + 1, end).split(',').map(escapeRegExp).join('|')})`;
        i = end;
      }
    } else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether the pattern can match `path` (a file), or, for a directory, some
 * file below `path`: the directory's own segments must match a prefix of
 * the pattern with at least one segment (or a `**`) left for its files.
 */
function segmentsMatch(pattern: readonly (RegExp | '**')[], path: readonly string[], directory: boolean): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return path.length === 0 && !directory;
  if (head === '**') return segmentsMatch(rest, path, directory) || (path.length > 0 && segmentsMatch(pattern, path.slice(1), directory));
  if (path.length === 0) return directory;
  return head.test(path[0] ?? '') && segmentsMatch(rest, path.slice(1), directory);
}
