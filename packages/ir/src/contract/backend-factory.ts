import type { Capabilities } from './capabilities.js';
import type { ExecBackend } from './exec-backend.js';

/**
 * What a tool (the `thund` CLI) hands a backend factory: the settings of
 * one command, gathered from its flags, `THUND_*` variables and
 * `thund.config.json`. A backend reads what applies to it and refuses what
 * it cannot honour (a `sandbox` it does not have) with a `ThundError`.
 */
export interface BackendSettings {
  /** The directory relative paths of the pipeline resolve against (its folder). */
  readonly baseDir: string;
  /** `--db`: the database file, for a backend that keeps one. */
  readonly database?: string;
  /** `--remote`: where the engine is, for a backend that connects to one. */
  readonly remote?: string;
  /** `--sandbox`: run a pipeline you did not write with less risk; a backend without a sandbox refuses it. */
  readonly sandbox?: boolean;
  /**
   * Keep what runs write where a later command finds it (the CLI's runs:
   * `thund show` after `thund run`), rather than in memory. A backend whose
   * results always persist ignores it.
   */
  readonly persist?: boolean;
  /** `--backend-option key=value` (repeatable): anything else the backend reads, by its own names. */
  readonly options?: Readonly<Record<string, string>>;
}

/** A backend for one throwaway run, and how to remove what that run wrote beyond its base directory. */
export interface ScratchBackend {
  /** The backend; its caller closes it after `dispose`. */
  readonly backend: ExecBackend;
  /** Removes what the run wrote outside its base directory (a database on a server, a catalog entry). */
  dispose(): Promise<void>;
}

/**
 * How a backend is created by name. A backend package makes this its
 * default export (`export default defineBackend({ … })`), so `thund
 * --backend <package or path>` loads it exactly as it loads the built-in
 * `native` and `spark`; every command then uses the contract and the
 * facets the backend has (`explain` for `thund plan`, `readRows` for `thund
 * show`), and says which one is missing when a command needs it.
 */
export interface BackendFactory {
  /** The backend's name, as its `capabilities().name`. */
  readonly name: string;
  /** What it runs, from the package alone: no engine started, no server asked (`thund capabilities`). */
  capabilities(): Capabilities | Promise<Capabilities>;
  /** A backend for a command whose results count: `check`, `plan`, `run`, `show`, `view`. */
  create(settings: BackendSettings): ExecBackend | Promise<ExecBackend>;
  /**
   * A backend for one throwaway run (`thund diff`, `thund test`): its base
   * directory is a scratch copy of the pipeline's folder, and the pipeline
   * it runs names the fresh database `database`, so nothing of the user's is
   * touched. Optional: without it, `create` is used on the copy, which is
   * enough for a backend that writes only inside its base directory.
   */
  scratch?(settings: BackendSettings, database: string): Promise<ScratchBackend>;
}

/** Freezes and returns a factory: the typed way to write a backend package's default export. */
export function defineBackend(factory: BackendFactory): BackendFactory {
  return Object.freeze({ ...factory });
}

/** Whether `value` has the shape of a {@link BackendFactory} (a name, `capabilities` and `create`). */
export function isBackendFactory(value: unknown): value is BackendFactory {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof BackendFactory, unknown>>;
  return typeof candidate.name === 'string' && typeof candidate.capabilities === 'function' && typeof candidate.create === 'function'
    && (candidate.scratch === undefined || typeof candidate.scratch === 'function');
}
