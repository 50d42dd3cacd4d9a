import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BackendFactory, type BackendSettings, type Capabilities, type ExecBackend, type ScratchBackend, isBackendFactory } from '@thund/ir';
import { installCommand } from './install-command.js';
import { cliVersion, installedVersion, releaseLineMismatch } from './release-line.js';
import { UsageError } from './usage-error.js';

/**
 * The backends that have a short name, and the package each one is. They
 * are loaded like any other backend package: by importing the package and
 * taking its default export, a `BackendFactory`. No command knows a
 * backend by name; this table is the only place names appear.
 */
const BUILT_IN: Readonly<Record<string, string>> = { native: '@thund/backend-native', spark: '@thund/backend-spark' };

/** The backend used when none is named. */
export const DEFAULT_BACKEND = 'native';

/** The short names `--backend` takes besides a package name or a path. */
export const BACKEND_NAMES: readonly string[] = Object.keys(BUILT_IN);

/** A backend found by name: its factory, and where it came from (for messages). */
interface LoadedBackend {
  readonly factory: BackendFactory;
  /** The package or file it was loaded from. */
  readonly from: string;
}

const loaded = new Map<string, Promise<LoadedBackend>>();

/**
 * Loads the backend `name` from `fromDir`'s point of view: a short name
 * (`native`, `spark`), a path (`./my-backend`, a package folder or a
 * module file), or an installed package name (resolved from `fromDir`,
 * then from this CLI). Each is loaded once per process.
 */
export function loadBackend(name: string, fromDir: string = process.cwd()): Promise<LoadedBackend> {
  const key = `${name}\0${fromDir}`;
  let found = loaded.get(key);
  if (found === undefined) {
    found = load(name, fromDir);
    loaded.set(key, found);
    // A failure is not kept: it is reported where the backend is used.
    found.catch(() => loaded.delete(key));
  }
  return found;
}

async function load(name: string, fromDir: string): Promise<LoadedBackend> {
  const builtIn = BUILT_IN[name];
  if (builtIn !== undefined) return loadBuiltIn(name, builtIn);
  // By its real path, as Node identifies modules: a package linked into node_modules and its folder are one module.
  const entry = realpathSync(isPath(name) ? moduleOfPath(resolve(fromDir, name), name) : moduleOfPackage(name, fromDir));
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`backend "${name}" could not be loaded from ${entry}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { hint: undefined });
  }
  return { factory: factoryOf(module, name, entry), from: entry };
}

async function loadBuiltIn(name: string, packageName: string): Promise<LoadedBackend> {
  const installed = installedVersion(packageName);
  const mismatch = installed === undefined ? undefined : releaseLineMismatch(packageName, installed, cliVersion());
  if (mismatch !== undefined) throw new UsageError(`backend "${name}": ${mismatch}`);
  let module: Record<string, unknown>;
  try {
    module = (await import(packageName)) as Record<string, unknown>;
  } catch (error) {
    if (isMissingModule(error, packageName)) throw new UsageError(`backend "${name}" needs ${packageName}: install it with \`${installCommand(packageName)}\``);
    throw error;
  }
  return { factory: factoryOf(module, name, packageName), from: packageName };
}

function factoryOf(module: Record<string, unknown>, name: string, from: string): BackendFactory {
  const candidate = module['default'];
  if (isBackendFactory(candidate)) return candidate;
  throw new UsageError(
    `backend "${name}" (${from}) has no backend factory as its default export: a backend package exports \`export default defineBackend({ name, capabilities, create })\` (defineBackend from @thund/ir; see "Write a backend" in CONTRIBUTING.md)`,
    { hint: undefined },
  );
}

function isPath(name: string): boolean {
  return name.startsWith('.') || isAbsolute(name) || name.includes('\\') || /^[A-Za-z]:/.test(name);
}

/** The module a path names: a file, or a package folder's entry (its `exports["."]`, else `main`, else index.js). */
function moduleOfPath(path: string, name: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  if (info === undefined) throw new UsageError(`backend "${name}": ${path} does not exist; give the folder of a backend package, or its module file`, { hint: undefined });
  if (info.isFile()) return path;
  let manifest: { exports?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as typeof manifest;
  } catch {
    return join(path, 'index.js');
  }
  return join(path, packageEntry(manifest) ?? 'index.js');
}

/** The ESM entry of a package manifest: `exports` (a string, or `.` with `import`/`default`), else `main`. */
function packageEntry(manifest: { exports?: unknown; main?: unknown }): string | undefined {
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (typeof value !== 'object' || value === null) return undefined;
    const conditions = value as Record<string, unknown>;
    return pick(conditions['.'] ?? conditions['import'] ?? conditions['default'] ?? conditions['node']);
  };
  return pick(manifest.exports) ?? (typeof manifest.main === 'string' ? manifest.main : undefined);
}

/** An installed package's entry: resolved from the pipeline's folder (its node_modules), else from this CLI's. */
function moduleOfPackage(name: string, fromDir: string): string {
  for (const from of [join(fromDir, 'package.json'), import.meta.url]) {
    try {
      const manifest = createRequire(from).resolve(`${name}/package.json`);
      return moduleOfPath(dirname(manifest), name);
    } catch {
      // next place
    }
  }
  throw new UsageError(
    `unknown backend "${name}": it is not one of ${BACKEND_NAMES.join(', ')}, not an installed package and not a path; install the package that provides it, or give its folder (./my-backend)`,
    { hint: undefined },
  );
}

function isMissingModule(error: unknown, packageName: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(packageName);
}

/** The built-in backends whose package is installed beside this CLI. */
export function installedBackends(): string[] {
  return BACKEND_NAMES.filter((name) => installedVersion(BUILT_IN[name] as string) !== undefined);
}

/** What to say when a command needs backends and none is installed. */
export function noBackendHint(): string {
  const [first, ...others] = BACKEND_NAMES.map((name) => `\`${installCommand(BUILT_IN[name] as string)}\` (${name})`);
  return `add the one you run on: ${[first, ...others].join(' or ')}, or name any backend package with --backend`;
}

/**
 * Starts loading a backend in the background (DuckDB's native module,
 * gRPC, …), so that it loads while the pipeline is read and checked. A
 * failure is left to the command, which reports it.
 */
export function preloadBackend(name: string, fromDir?: string): void {
  loadBackend(name, fromDir).catch(() => undefined);
}

/** A backend for a command whose results count (`check`, `plan`, `run`, `show`, `view`). */
export async function createBackend(name: string, settings: BackendSettings): Promise<ExecBackend> {
  const { factory } = await loadBackend(name, settings.baseDir);
  return factory.create(settings);
}

/**
 * A backend for a throwaway run writing into the fresh database `database`,
 * in the scratch folder `settings.baseDir` (`thund diff`, `thund test`); the
 * backend itself is found from the project's folder `fromDir`.
 */
export async function createScratchBackend(name: string, settings: BackendSettings, database: string, fromDir: string): Promise<ScratchBackend> {
  const { factory } = await loadBackend(name, fromDir);
  if (factory.scratch !== undefined) return factory.scratch(settings, database);
  return { backend: await factory.create({ ...settings, persist: false }), dispose: async () => undefined };
}

/** The capabilities of a backend by name, as its package declares them (no engine started, no server asked). */
export async function backendCapabilities(name: string, fromDir?: string): Promise<Capabilities> {
  const { factory } = await loadBackend(name, fromDir);
  return factory.capabilities();
}
