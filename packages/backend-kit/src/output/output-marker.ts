import { basename, dirname, join } from 'node:path';
import type { SinkFs } from './sink-fs.js';

/** The file inside every directory Þund writes as a sink output. */
export const OUTPUT_MARKER = '.thund-output';

/** Who an output belongs to, as recorded in its marker. */
export interface OutputOwner {
  /** The pipeline's name; omitted from the marker when the pipeline has none. */
  readonly pipeline?: string;
  /** The dataset (sink or file-backed table) the output is written for. */
  readonly dataset: string;
  /** The backend writing it, named in errors (not recorded in the marker). */
  readonly backend?: string;
}

/** A marker's content: `{ "thund": "output", "pipeline", "dataset", "createdAt", "files"? }`. */
export interface OutputMarker extends OutputOwner {
  /** Always `'output'`: tells a Þund marker apart from any other JSON file of the same name. */
  readonly thund: 'output';
  /** When the marker was written, as an ISO 8601 timestamp. */
  readonly createdAt: string;
  /** Single-file sinks: the identities (`dev:ino:size:mtimeNs`) of the files Þund wrote at the location. */
  readonly files?: readonly string[];
  /** Batch directory outputs: every file Þund wrote in the directory (relative paths). */
  readonly contents?: readonly string[];
}

/**
 * The marker of a single-file sink, beside it: `out/.orders.csv.thund-output`
 * for `out/orders.csv`. It lists the identity of the file Þund wrote, so a
 * file put or changed there by someone else is not Þund's.
 */
export function sidecarMarkerPath(location: string): string {
  return join(dirname(location), `.${basename(location)}${OUTPUT_MARKER}`);
}

/**
 * The JSON text of a new marker for `owner`, stamped with `now`. The owner's
 * `backend` is not recorded; `files` and `contents` are included only when
 * `listed` gives them.
 */
export function markerText(owner: OutputOwner, listed: Pick<OutputMarker, 'files' | 'contents'> = {}, now: Date = new Date()): string {
  const marker: OutputMarker = {
    thund: 'output',
    ...(owner.pipeline === undefined ? {} : { pipeline: owner.pipeline }),
    dataset: owner.dataset,
    createdAt: now.toISOString(),
    ...(listed.files === undefined ? {} : { files: listed.files }),
    ...(listed.contents === undefined ? {} : { contents: listed.contents }),
  };
  return `${JSON.stringify(marker, null, 2)}\n`;
}

/** The marker at `path`, or undefined when there is none (or it is not a Þund marker). */
export async function readMarker(fs: SinkFs, path: string): Promise<OutputMarker | undefined> {
  const text = await fs.readText(path);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || (parsed as { thund?: unknown }).thund !== 'output') return undefined;
    const { files, contents } = parsed as { files?: unknown; contents?: unknown };
    return {
      ...(parsed as OutputMarker),
      ...(Array.isArray(files) ? { files: files.filter((f): f is string => typeof f === 'string') } : {}),
      ...(Array.isArray(contents) ? { contents: contents.filter((f): f is string => typeof f === 'string') } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Writes a marker atomically (a temporary sibling, then a rename), so a failed write never leaves a torn marker. */
export async function writeMarker(fs: SinkFs, path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`;
  await fs.writeText(temporary, text);
  await fs.rename(temporary, path);
}
