import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type ElementRef, type Pipeline, type Violation, jsonPath, walkPlan } from '@thund/ir';
import { insideBaseDir } from './sandbox-paths.js';

/** What the real-path rule checks besides the pipeline's own paths. */
export interface SandboxRealPathContext {
  readonly backend: string;
  /** The absolute base directory. */
  readonly baseDir: string;
  /** The storage root the run will use (checkpoints, the default database). */
  readonly storage: string;
  /** Other paths the run writes itself, inside the base directory as written (the database file, DuckDB's spill directory), each with what it is. */
  readonly ownPaths: readonly { readonly what: string; readonly path: string }[];
}

/** The first glob character of a path: what comes before it is a real directory to check. */
const GLOB = /[*?[{]/;

/**
 * The sandbox's second half: a path written inside the base directory must
 * also *be* inside it once symbolic links are followed. DuckDB refuses
 * what it reads through a link that leads out, but Þund's own file work
 * does not go through DuckDB: the database file it opens, checkpoints,
 * staged sources, and the rename-aside replace of sinks. A `.thund` (or
 * `out/`, or `x.duckdb`) that links into another pipeline's storage would
 * make a sandboxed run rewrite that pipeline's data.
 *
 * For each path, the deepest part that exists is resolved with `realpath`
 * (parts that do not exist yet are created by the run as plain
 * directories and files); a dangling link is refused too, since writing
 * through it would create its target. Paths that already leave the base
 * directory as written are `sandboxPathViolations`' business.
 */
export function sandboxRealPathViolations(pipeline: Pipeline, context: SandboxRealPathContext): Violation[] {
  const { backend, baseDir } = context;
  const realBase = realPathOf(baseDir) ?? baseDir;
  const violations: Violation[] = [];
  const check = (element: ElementRef, what: string, written: string, at: readonly PropertyKey[]): void => {
    const path = resolve(baseDir, written.split(GLOB)[0] ?? written);
    if (!insideBaseDir(baseDir, path)) return;
    const leads = whereItLeads(baseDir, path);
    if (leads === undefined || insideBaseDir(realBase, leads.real)) return;
    violations.push({
      backend,
      element,
      feature: 'sandbox_path',
      value: written,
      path: jsonPath(at),
      message: `backend "${backend}" (sandbox): ${what} "${written}" goes through the symbolic link ${leads.link}, which leads to ${leads.real}, outside the base directory ${baseDir}: with the sandbox on, nothing is read or written outside it; replace the link with a real directory or file, or run without the sandbox if you trust the pipeline`,
    });
  };
  check({ kind: 'pipeline', name: pipeline.name }, `the storage root of pipeline "${pipeline.name}"`, context.storage, ['storage']);
  for (const own of context.ownPaths) check({ kind: 'pipeline', name: pipeline.name }, own.what, own.path, []);
  pipeline.datasets.forEach((dataset, i) => {
    if (dataset.type !== 'sink') return;
    check({ kind: 'dataset', name: dataset.name }, `the location of sink "${dataset.name}"`, dataset.location ?? dataset.name, ['datasets', i, 'location']);
  });
  pipeline.flows.forEach((flow, i) => {
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind === 'read_files') check({ kind: 'flow', name: flow.name }, `the read_files path of flow "${flow.name}"`, node.path, ['flows', i, 'query', ...path, 'path']);
      },
    });
  });
  return violations;
}

/**
 * Where `path` really is: the real path of its deepest existing part (a
 * dangling link counts as its target), and the first symbolic link on the
 * way from the base directory, to name in the message.
 */
function whereItLeads(baseDir: string, path: string): { readonly link: string; readonly real: string } | undefined {
  for (let at = path; insideBaseDir(baseDir, at); at = dirname(at)) {
    const real = realPathOf(at) ?? danglingTarget(at);
    if (real !== undefined) return { link: firstLink(baseDir, at) ?? at, real };
    if (at === baseDir) return undefined;
  }
  return undefined;
}

/** The first part of `path` below `baseDir` that is a symbolic link. */
function firstLink(baseDir: string, path: string): string | undefined {
  const parts = relative(baseDir, path).split(sep).filter((part) => part !== '');
  let at = baseDir;
  for (const part of parts) {
    at = join(at, part);
    if (isLink(at)) return at;
  }
  return undefined;
}

function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** A link whose target is missing: writing through it would create the target, wherever it points. */
function danglingTarget(path: string): string | undefined {
  if (!isLink(path)) return undefined;
  try {
    return resolve(dirname(path), readlinkSync(path));
  } catch {
    return undefined;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
