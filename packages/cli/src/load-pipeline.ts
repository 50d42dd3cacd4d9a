import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Pipeline, ThundError, ThundErrorCode, parsePipeline } from '@thund/ir';
import { UsageError } from './usage-error.js';

const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/**
 * Loads a pipeline from a JSON document or from a TS/JS module whose default
 * export (or export named `pipeline`) is a Pipeline. Either way the result
 * is validated by `parsePipeline`, so a module gets the same checks as JSON.
 */
export async function loadPipeline(path: string, cwd: string, options: { readonly confined?: boolean } = {}): Promise<Pipeline> {
  const file = resolve(cwd, path);
  if (await isSqlProject(file)) {
    const { loadSqlProject } = await import('@thund/sql');
    return (await loadSqlProject(file, { cwd, confined: options.confined === true })).pipeline;
  }
  if (options.confined === true) await assertNotLinkedOut(file);
  const extension = extname(file);
  if (MODULE_EXTENSIONS.has(extension)) return parsePipeline(await importPipelineModule(file));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ThundError(ThundErrorCode.Source, `cannot read pipeline file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
  }
  return parsePipeline(text);
}

/**
 * Loads a pipeline only from a JSON document (`--sandbox`): a TS/JS module
 * would run its code in this process when imported, before any sandbox.
 */
export async function loadPipelineDocument(path: string, cwd: string): Promise<Pipeline> {
  if (MODULE_EXTENSIONS.has(extname(resolve(cwd, path)))) {
    throw new UsageError(`--sandbox runs JSON pipeline documents only: ${path} is a module, whose code runs in this process when it is imported; pass its JSON document (serializePipeline), or leave out --sandbox for a module you trust`, { hint: undefined });
  }
  return loadPipeline(path, cwd, { confined: true });
}

/** A pipeline document that is a link to a file in another folder would be read from outside its folder: refused under `--sandbox`. */
async function assertNotLinkedOut(file: string): Promise<void> {
  const real = await realpath(file).catch(() => file);
  const folder = await realpath(dirname(file)).catch(() => dirname(file));
  if (dirname(real) !== folder) {
    throw new UsageError(`${file} is a link to ${real}, outside its folder: with --sandbox nothing outside the pipeline's folder is read; copy the document into the folder instead of linking it`, { hint: undefined });
  }
}

/** The pipeline files a folder may hold, in the order they are looked for after a SQL project's spec. */
const PIPELINE_FILES = ['pipeline.json', 'pipeline.ts', 'pipeline.mts', 'pipeline.js', 'pipeline.mjs'];

/**
 * What a folder given as the pipeline means: a SQL project when it has a
 * spec file (`spark-pipeline.yml`, …), else its pipeline document or module
 * (`pipeline.json`, then `pipeline.ts`, …), as `thund init` writes them.
 * A file is itself; a folder with neither is refused with what to add.
 */
export async function pipelineInFolder(path: string): Promise<string> {
  if ((await stat(path).catch(() => undefined))?.isDirectory() !== true) return path;
  const { findSpecFile } = await import('@thund/sql');
  if ((await findSpecFile(path)) !== undefined) return path;
  const document = await pipelineDocumentIn(path);
  if (document !== undefined) return document;
  throw new UsageError(`${path} holds no pipeline: add a pipeline document (pipeline.json) or a SQL project (spark-pipeline.yml and .sql files), or create a starter with thund init`, { hint: undefined });
}

/** The pipeline document or module in a folder (`pipeline.json`, then `pipeline.ts`, …), if it has one. */
export async function pipelineDocumentIn(folder: string): Promise<string | undefined> {
  for (const name of PIPELINE_FILES) {
    const candidate = join(folder, name);
    if ((await stat(candidate).catch(() => undefined))?.isFile() === true) return candidate;
  }
  return undefined;
}

/**
 * A SQL project: a folder (with a spec file, or the error says how to add
 * one), a spec file named as SDP names them (`spark-pipeline.yml`, …), or
 * one `.sql` file (a pipeline of its own, named after it).
 */
export async function isSqlProject(file: string): Promise<boolean> {
  if (/(^|[\\/])(spark-)?pipeline\.ya?ml$/.test(file) || /\.sql$/i.test(file)) return true;
  return (await stat(file).catch(() => undefined))?.isDirectory() === true;
}

/**
 * In a folder whose package.json is not `"type": "module"` (what `npm init`
 * writes), a TS module is loaded as CommonJS, and its `export default` comes
 * back one level down: `default` is `{ default: pipeline }`. Unwrapped here,
 * so the folder's module type does not matter.
 */
function unwrapCommonJs(exported: unknown): unknown {
  if (typeof exported !== 'object' || exported === null || !('default' in exported)) return exported;
  return 'datasets' in exported || 'flows' in exported ? exported : (exported as { default: unknown }).default;
}

async function importPipelineModule(file: string): Promise<unknown> {
  let module: Record<string, unknown>;
  try {
    // tsx loads TypeScript modules without a build step.
    const { tsImport } = await import('tsx/esm/api');
    module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
  } catch (error) {
    throw new ThundError(ThundErrorCode.Source, `cannot load pipeline module ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const candidate = unwrapCommonJs(module['default']) ?? module['pipeline'];
  if (candidate === undefined) {
    throw new ThundError(ThundErrorCode.Validation, `pipeline module ${file} exports no pipeline: export it as the default export (export default pipeline('x')…build())`);
  }
  return candidate;
}
