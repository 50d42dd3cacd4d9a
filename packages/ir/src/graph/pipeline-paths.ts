import type { Pipeline } from '../model/pipeline.js';

/** How a backend places a pipeline's relative paths; `@thund/ir` stays runtime-free, so the joining is the backend's. */
export interface PathRules {
  /** Absolute directory the pipeline's relative paths resolve against. */
  readonly baseDir: string;
  /** An absolute path as is, a relative one joined to `baseDir` (on Node: `isAbsolute(p) ? p : resolve(baseDir, p)`). */
  readonly resolve: (baseDir: string, path: string) => string;
  /** The storage root of a pipeline that sets no `storage` (each backend has its own default). */
  readonly defaultStorage: (pipeline: Pipeline) => string;
}

/** A pipeline's paths for one run: every path resolved the same way, and its storage root. */
export interface PipelinePaths {
  /** Absolute directory the pipeline's relative paths resolve against. */
  readonly baseDir: string;
  /** `path` (a location, a `read_files` path) resolved against `baseDir`. */
  resolve(path: string): string;
  /** `Pipeline.storage` resolved against `baseDir`, else the backend's default: checkpoints and Þund's own state live here. */
  readonly storageRoot: string;
}

/** The paths of `pipeline` placed by `rules`, each resolved once. */
export function pipelinePaths(pipeline: Pipeline, rules: PathRules): PipelinePaths {
  const resolved = new Map<string, string>();
  const resolve = (path: string): string => {
    let absolute = resolved.get(path);
    if (absolute === undefined) {
      absolute = rules.resolve(rules.baseDir, path);
      resolved.set(path, absolute);
    }
    return absolute;
  };
  const storageRoot = pipeline.storage === undefined ? rules.defaultStorage(pipeline) : resolve(pipeline.storage);
  return Object.freeze({ baseDir: rules.baseDir, resolve, storageRoot });
}
