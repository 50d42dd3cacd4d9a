import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, parse, relative, resolve } from 'node:path';
import { closestName } from '@thund/ir';
import { UsageError } from './usage-error.js';

/** The file name `thund` looks for, in the pipeline's directory and then each directory above it. */
export const CONFIG_FILE = 'thund.config.json';

/**
 * The settings a project keeps in `thund.config.json` so its commands need
 * no flags. A flag wins over the environment (`THUND_*`), which wins over
 * this file, which wins over the defaults.
 */
export interface ProjectSettings {
  /** `--backend`, `THUND_BACKEND`: the backend a command runs on. */
  readonly backend?: string;
  /** `--db`, `THUND_DB`: native's DuckDB database file (a path in the file is relative to the file). */
  readonly db?: string;
  /** `--remote`, `THUND_SPARK_REMOTE`: the Spark Connect server. */
  readonly remote?: string;
  /** `--sandbox`, `THUND_SANDBOX=1`: native's sandbox for pipelines you did not write. */
  readonly sandbox?: boolean;
}

/** The resolved settings, and the config file read (if any). */
export interface ResolvedSettings extends ProjectSettings {
  /** The `thund.config.json` that was read. */
  readonly configFile?: string;
  /** The settings whose value came from that file (no flag or variable gave them). */
  readonly fromConfigFile: readonly (keyof ProjectSettings)[];
}

const KEYS: Readonly<Record<keyof ProjectSettings, 'string' | 'boolean'>> = { backend: 'string', db: 'string', remote: 'string', sandbox: 'boolean' };

/** The nearest `thund.config.json` at or above `startDir`, read and checked; `undefined` when there is none. */
export function findProjectConfig(startDir: string): { readonly file: string; readonly settings: ProjectSettings } | undefined {
  const root = parse(resolve(startDir)).root;
  for (let dir = resolve(startDir); ; dir = dirname(dir)) {
    const file = join(dir, CONFIG_FILE);
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new UsageError(`cannot read ${file}: ${(error as Error).message}`, { hint: undefined });
    }
    if (text !== undefined) return { file, settings: parseProjectConfig(text, file) };
    if (dir === root) return undefined;
  }
}

/** Checks a config file's JSON: an object of the known keys with the right types (`$schema` allowed); paths resolved against its directory. */
export function parseProjectConfig(text: string, file: string): ProjectSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw configError(file, `is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw configError(file, 'must hold a JSON object, e.g. {"backend": "native", "db": "pipeline.duckdb"}');
  const settings: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(json)) {
    if (key === '$schema') continue;
    const type = (KEYS as Readonly<Record<string, 'string' | 'boolean' | undefined>>)[key];
    if (type === undefined) {
      const near = closestName(key, Object.keys(KEYS));
      throw configError(file, `has an unknown key "${key}"${near === undefined ? '' : `; did you mean "${near}"?`} (keys: ${Object.keys(KEYS).join(', ')})`);
    }
    if (typeof value !== type) throw configError(file, `key "${key}" must be a ${type}, got ${JSON.stringify(value)}`);
    settings[key] = key === 'db' && value !== ':memory:' ? resolve(dirname(file), value as string) : (value as string | boolean);
  }
  return settings as ProjectSettings;
}

/**
 * The settings of one command: each flag given, else its `THUND_*`
 * variable, else the nearest config file's value.
 */
export function resolveSettings(flags: ProjectSettings, env: Readonly<Record<string, string | undefined>>, config: ReturnType<typeof findProjectConfig>): ResolvedSettings {
  const fromEnv: ProjectSettings = {
    ...(nonEmpty(env['THUND_BACKEND']) === undefined ? {} : { backend: nonEmpty(env['THUND_BACKEND']) }),
    ...(nonEmpty(env['THUND_DB']) === undefined ? {} : { db: nonEmpty(env['THUND_DB']) }),
    ...(nonEmpty(env['THUND_SPARK_REMOTE']) === undefined ? {} : { remote: nonEmpty(env['THUND_SPARK_REMOTE']) }),
    ...(env['THUND_SANDBOX'] === '1' ? { sandbox: true } : {}),
  };
  const pick = <K extends keyof ProjectSettings>(key: K): ProjectSettings[K] => flags[key] ?? fromEnv[key] ?? config?.settings[key];
  const resolved: Record<string, unknown> = {};
  const fromConfigFile: (keyof ProjectSettings)[] = [];
  for (const key of Object.keys(KEYS) as (keyof ProjectSettings)[]) {
    const value = pick(key);
    if (value !== undefined) resolved[key] = value;
    if (value !== undefined && flags[key] === undefined && fromEnv[key] === undefined) fromConfigFile.push(key);
  }
  return { ...(resolved as ProjectSettings), fromConfigFile, ...(config === undefined ? {} : { configFile: config.file }) };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function configError(file: string, what: string): UsageError {
  return new UsageError(`${file} ${what}`, { hint: 'see "Configuration" in the @thund/cli README' });
}

/**
 * With `--sandbox`, a config file may not send the database outside the
 * pipeline's folder: a `thund.config.json` can come with a pipeline you did
 * not write, and its `db` would have the run rewrite another pipeline's
 * tables. A `--db` or `THUND_DB` you give yourself is your choice.
 */
export function assertConfigDatabaseInside(settings: ResolvedSettings, baseDir: string): void {
  const db = settings.db;
  if (db === undefined || !settings.fromConfigFile.includes('db')) return;
  const rest = relative(baseDir, db);
  if (rest !== '' && !rest.startsWith('..') && !isAbsolute(rest)) return;
  throw new UsageError(
    `${settings.configFile ?? CONFIG_FILE} sets "db" to ${db}, outside the pipeline's folder ${baseDir}: with --sandbox nothing outside that folder is read or written; remove "db" from the file (or point it inside the folder), or give --db yourself`,
    { hint: undefined },
  );
}
