import type { Pipeline } from '../model/pipeline.js';
import { jsonPath } from '../document/json-path.js';
import { walkPlan } from '../plan/plan-walk.js';
import type { Violation } from './check-report.js';
import { inputReachesSink } from './input-reach.js';
import {
  type LocationPath, containsLocation, globBase, isAbsoluteLocation, isFilesystemRoot, isUrlLocation, locationText, resolveLocationPath,
} from './location-path.js';

/** Where a pipeline runs: what its sink locations are resolved against and must never swallow. */
export interface OutputLocationContext {
  /** The backend reporting the violations. */
  readonly backend: string;
  /** Absolute directory relative paths resolve against (the project). */
  readonly baseDir: string;
  /** The pipeline's storage root (checkpoints, metadata), absolute or relative to `baseDir`. */
  readonly storage: string;
  /** The user's home directory, when known. */
  readonly home?: string;
}

interface Protected {
  readonly path: LocationPath;
  /** `the storage root /x/.thund/p` */
  readonly what: string;
  /** An input's path as written: a sink it would read is refused too (`inputReachesSink`). */
  readonly input?: string;
}

/**
 * Sink locations a backend must refuse, because writing a sink replaces
 * (deletes) what is at its location: every sink whose resolved location is,
 * or contains, a filesystem root, the user's home directory, the pipeline's
 * base directory, its storage root, an input of a `read_files` node, or
 * another sink's location; every sink inside an input (a directory or the
 * folder a glob reads: its rows would come back as input on every run);
 * and every relative location that climbs out of
 * the base directory (`../elsewhere`). One violation per sink, naming every
 * conflict and how to fix it. Pure: nothing is read from a filesystem and
 * symlinks are not followed; URLs (`s3://…`) are not local paths and are left
 * to the backend that writes them.
 */
export function outputLocationViolations(pipeline: Pipeline, context: OutputLocationContext): Violation[] {
  const base = resolveLocationPath(context.baseDir, '.');
  const baseText = locationText(base);
  const guarded: Protected[] = [
    { path: base, what: `the pipeline's base directory ${baseText}` },
    { path: resolveLocationPath(context.baseDir, context.storage), what: `the storage root ${locationText(resolveLocationPath(context.baseDir, context.storage))}` },
  ];
  if (context.home !== undefined && isAbsoluteLocation(context.home)) {
    const home = resolveLocationPath(context.home, '.');
    guarded.push({ path: home, what: `the home directory ${locationText(home)}` });
  }
  for (const flow of pipeline.flows) {
    walkPlan(flow.query, {
      relation(node) {
        if (node.kind !== 'read_files' || isUrlLocation(node.path)) return;
        const input = resolveLocationPath(context.baseDir, globBase(node.path));
        guarded.push({ path: input, what: `the input "${node.path}" of flow "${flow.name}" (${locationText(input)})`, input: node.path });
      },
    });
  }
  const sinks = pipeline.datasets.flatMap((dataset, index) => {
    const written = dataset.location ?? dataset.name;
    if (dataset.type !== 'sink' || isUrlLocation(written)) return [];
    // Partitioned and streaming sinks write a directory of files; a batch sink writes one file.
    const directory = (dataset.partitionColumns ?? []).length > 0 || pipeline.flows.some((f) => f.target === dataset.name && f.kind !== 'batch');
    return [{ dataset, index, written, directory, path: resolveLocationPath(context.baseDir, written) }];
  });

  const violations: Violation[] = [];
  for (const sink of sinks) {
    const conflicts: string[] = [];
    const where = locationText(sink.path);
    if (isFilesystemRoot(sink.path)) conflicts.push('is a filesystem root');
    for (const guard of guarded) {
      if (containsLocation(sink.path, guard.path)) conflicts.push(`${sink.path.segments.length === guard.path.segments.length ? 'is' : 'contains'} ${guard.what}`);
      else if (guard.input !== undefined && inputReachesSink(context.baseDir, guard.input, sink.path, sink.directory)) {
        conflicts.push(`is read by ${guard.what}, so each run would read what the last one wrote as new input`);
      }
    }
    for (const other of sinks) {
      if (other !== sink && containsLocation(sink.path, other.path)) {
        conflicts.push(`${sink.path.segments.length === other.path.segments.length ? 'is' : 'contains'} the location of sink "${other.dataset.name}" (${locationText(other.path)})`);
      }
    }
    if (!isAbsoluteLocation(sink.written) && !containsLocation(base, sink.path)) {
      conflicts.push(`is outside the base directory ${baseText} (a relative location must stay inside it; write an absolute path to mean a place elsewhere)`);
    }
    if (conflicts.length === 0) continue;
    violations.push({
      backend: context.backend,
      element: { kind: 'dataset', name: sink.dataset.name },
      feature: 'output_location',
      value: where,
      path: jsonPath(['datasets', sink.index, 'location']),
      message: `sink "${sink.dataset.name}" would write to ${where} ("${sink.written}"), which ${conflicts.join(', and ')}: writing a sink replaces what is at its location, so Þund refuses it; choose a location inside ${baseText} that is not the base directory itself, the storage root, an input, or another sink's location (for example "out/${sink.dataset.name}")`,
    });
  }
  return violations;
}
