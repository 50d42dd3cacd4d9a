import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { Pipeline } from '@thund/ir';
import { type SqlSource, pipelineFromSql } from '../lower/lower-pipeline.js';
import { SqlError } from '../sql-error.js';
import { globToRegExp } from './glob.js';
import { SPEC_FILE_NAMES, parsePipelineSpec } from './spec-file.js';

/** A SQL pipeline project found on disk. */
export interface SqlProject {
  /** The spec file's absolute path (a project of one .sql file: that file). */
  readonly specFile: string;
  /** The project folder: file paths in the SQL resolve against it. */
  readonly folder: string;
  /** The validated pipeline the spec's settings and SQL files define. */
  readonly pipeline: Pipeline;
  /** The SQL files that define it, relative to the folder. */
  readonly files: readonly string[];
}

/** How to read a project. */
export interface LoadSqlProjectOptions {
  /** Errors name files relative to this folder. Default: the process's working folder. */
  readonly cwd?: string;
  /**
   * Read nothing outside the project folder: a spec or SQL file that is a
   * symbolic link leading out of it is an error (for pipelines you did not
   * write, with `thund --sandbox`). Default `false`: links are followed.
   */
  readonly confined?: boolean;
}

/** Whether `path` names a spec file by its name. */
export function isSpecFileName(path: string): boolean {
  return SPEC_FILE_NAMES.includes(basename(path));
}

/** The spec file of a project folder, or `undefined` if it has none. */
export async function findSpecFile(folder: string): Promise<string | undefined> {
  for (const name of SPEC_FILE_NAMES) {
    const candidate = join(folder, name);
    if (await stat(candidate).then((s) => s.isFile(), () => false)) return candidate;
  }
  return undefined;
}

/**
 * Loads a SQL pipeline project from its folder, its spec file or one `.sql` file: the
 * spec's settings and every `.sql` file its `libraries` globs include,
 * in path order, as one validated pipeline. Errors name files relative
 * to `cwd` (default: the process's working folder).
 */
export async function loadSqlProject(path: string, options: LoadSqlProjectOptions = {}): Promise<SqlProject> {
  // Errors name each file as the user would open it: relative to their working folder.
  const label = (file: string): string => relative(options.cwd ?? process.cwd(), file) || file;
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw new SqlError([{ file: label(path), line: 1, column: 1, message: 'no such file or folder' }]);
  if (info.isFile() && path.toLowerCase().endsWith('.sql')) return loadSqlFile(path, label);
  const specFile = info.isDirectory() ? await findSpecFile(path) : path;
  if (specFile === undefined) {
    throw new SqlError([{ file: label(path), line: 1, column: 1, message: `this folder has no pipeline spec: add ${SPEC_FILE_NAMES[0]} (name, storage, libraries) or run thund init` }]);
  }
  const folder = info.isDirectory() ? path : join(specFile, '..');
  const realFolder = await realpath(folder);
  const confine = async (file: string): Promise<void> => {
    if (options.confined !== true) return;
    const real = await realpath(file);
    const rest = relative(realFolder, real);
    if (rest.startsWith('..') || isAbsolute(rest)) {
      throw new SqlError([{ file: label(file), line: 1, column: 1, message: `is a link to ${real}, outside the project folder ${folder}: in a confined (--sandbox) load nothing outside the folder is read; copy the file into the folder instead of linking it` }]);
    }
  };
  await confine(specFile);
  const spec = parsePipelineSpec(await readFile(specFile, 'utf8'), label(specFile));
  const all = await listFiles(folder);
  const matchers = spec.include.map(globToRegExp);
  const files = all.filter((file) => matchers.some((m) => m.test(file))).sort();
  const unsupported = files.find((file) => !file.endsWith('.sql'));
  if (unsupported !== undefined) {
    throw new SqlError([{ file: label(join(folder, unsupported)), line: 1, column: 1, message: 'only .sql files can define a SQL project here (Python pipeline files run with spark-pipelines); narrow the libraries glob to **/*.sql' }]);
  }
  if (files.length === 0) throw new SqlError([{ file: label(specFile), line: 1, column: 1, message: `libraries match no .sql file (${spec.include.join(', ')})` }]);
  const sources: SqlSource[] = await Promise.all(files.map(async (file) => {
    await confine(join(folder, file));
    return { file: label(join(folder, file)), text: await readFile(join(folder, file), 'utf8') };
  }));
  const pipeline = pipelineFromSql(sources, {
    name: spec.name,
    ...(spec.catalog === undefined ? {} : { catalog: spec.catalog }),
    ...(spec.database === undefined ? {} : { database: spec.database }),
    ...(spec.storage === undefined ? {} : { storage: spec.storage }),
    ...(spec.configuration === undefined ? {} : { configuration: spec.configuration }),
  });
  return { specFile, folder, pipeline, files };
}

/**
 * One `.sql` file as a whole pipeline, without a spec: named after the file
 * (`orders.sql` is `orders`), its datasets kept in the default storage, its
 * paths relative to its folder, as a project of that one file would be.
 */
async function loadSqlFile(path: string, label: (file: string) => string): Promise<SqlProject> {
  const name = basename(path).replace(/\.sql$/i, '').replace(/[^A-Za-z0-9_]/g, '_') || 'pipeline';
  const pipeline = pipelineFromSql([{ file: label(path), text: await readFile(path, 'utf8') }], { name });
  return { specFile: path, folder: dirname(path), pipeline, files: [basename(path)] };
}

/**
 * Every file below `folder`, as `/`-separated relative paths; hidden folders
 * and node_modules are skipped. A symbolic link to a file counts as a file
 * (links to folders are not followed, so a loop cannot hang the listing).
 */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = await Promise.all(entries.map(async (entry) => {
    const path = join(entry.parentPath, entry.name);
    const isFile = entry.isFile() || (entry.isSymbolicLink() && (await stat(path).then((s) => s.isFile(), () => false)));
    return isFile ? relative(folder, path).split(sep).join('/') : undefined;
  }));
  return files
    .filter((file): file is string => file !== undefined)
    .filter((file) => !file.split('/').some((part) => part.startsWith('.') || part === 'node_modules'));
}
