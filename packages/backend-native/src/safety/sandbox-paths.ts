import { isAbsolute, relative, resolve } from 'node:path';
import { type ElementRef, type Pipeline, type Violation, jsonPath, walkPlan } from '@thund/ir';

/** Where a sandboxed pipeline may read and write. */
export interface SandboxPathContext {
  readonly backend: string;
  /** The absolute base directory every path must stay inside. */
  readonly baseDir: string;
}

/** `http://`, `s3://`, `hf://`, `md:` …: a scheme of two or more characters (so `C:\…` is still a path). */
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;

/** Whether `path` resolved against `baseDir` is `baseDir` or lies below it, lexically. */
export function insideBaseDir(baseDir: string, path: string): boolean {
  const rest = relative(baseDir, resolve(baseDir, path));
  return !isAbsolute(rest) && rest.split(/[\\/]/)[0] !== '..';
}

/**
 * With the sandbox on, every path a pipeline names must resolve inside the
 * base directory: each `read_files` path (a file, glob or directory), each
 * dataset location (sinks) and the storage root (checkpoints and staged
 * in-memory sources, which DuckDB reads). Refused: absolute paths elsewhere,
 * relative paths that climb out with `..`, and URLs (`http://…`, `s3://…`),
 * which the sandboxed DuckDB could not open anyway. One violation per path,
 * naming the element, the path as written and resolved, and the fix.
 *
 * Lexical, like `check` must be: symlinks are not followed here, but the
 * sandboxed DuckDB resolves them and refuses a link that leads outside.
 */
export function sandboxPathViolations(pipeline: Pipeline, context: SandboxPathContext): Violation[] {
  const { backend, baseDir } = context;
  const violations: Violation[] = [];
  const check = (element: ElementRef, what: string, path: string, at: readonly PropertyKey[], example: string): void => {
    const problem = URL_SCHEME.test(path) && !isAbsolute(path)
      ? `is a URL, and the sandbox reads and writes local files inside the base directory ${baseDir} only (no network, no extensions): download the data into ${baseDir} and use a relative path such as "${example}"`
      : insideBaseDir(baseDir, path)
        ? undefined
        : `resolves to ${resolve(baseDir, path)}, outside the base directory ${baseDir}: with the sandbox on, a pipeline reads and writes only inside its base directory; move the data into ${baseDir} and use a relative path without ".." such as "${example}"`;
    if (problem === undefined) return;
    violations.push({
      backend,
      element,
      feature: 'sandbox_path',
      value: path,
      path: jsonPath(at),
      message: `backend "${backend}" (sandbox): ${what} "${path}" ${problem}, or run without the sandbox (NativeBackendConfig.sandbox) if you trust the pipeline`,
    });
  };

  if (pipeline.storage !== undefined) {
    check({ kind: 'pipeline', name: pipeline.name }, `the storage root of pipeline "${pipeline.name}"`, pipeline.storage, ['storage'], `.thund/${pipeline.name}`);
  }
  pipeline.datasets.forEach((dataset, i) => {
    if (dataset.location === undefined) return;
    check({ kind: 'dataset', name: dataset.name }, `the location of ${dataset.type === 'sink' ? 'sink' : 'dataset'} "${dataset.name}"`, dataset.location, ['datasets', i, 'location'], `out/${dataset.name}`);
  });
  pipeline.flows.forEach((flow, i) => {
    walkPlan(flow.query, {
      relation(node, path) {
        if (node.kind !== 'read_files') return;
        const name = node.path.split(/[\\/]/).filter((part) => part !== '' && part !== '..').pop() ?? 'input';
        check({ kind: 'flow', name: flow.name }, `the read_files path of flow "${flow.name}"`, node.path, ['flows', i, 'query', ...path, 'path'], `data/${name}`);
      },
    });
  });
  return violations;
}
