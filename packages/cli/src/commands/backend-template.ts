import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The template's folder in this package (`backend-template/`), found from the source file or its bundled chunk. */
function templateFolder(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'backend-template', 'index.js'))) return join(dir, 'backend-template');
    if (dirname(dir) === dir) throw new Error('the backend template is missing from @thund/cli (backend-template/): reinstall @thund/cli');
  }
}

/** A package name npm accepts, from the folder's name (`My Backend` → `my-backend`). */
function packageName(dir: string): string {
  const name = basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '');
  return name === '' ? 'thund-backend' : name;
}

/**
 * The files of a new third-party backend package in `dir`: the template's
 * (a small working backend, its factory as the default export, the
 * conformance suite wired in), with its name filled in. `*.template`
 * files lose that suffix: they are not the CLI package's own manifest and
 * README.
 */
export async function backendTemplateFiles(dir: string, cwd: string): Promise<[string, string][]> {
  const source = templateFolder();
  const name = packageName(dir);
  const folder = relative(cwd, dir) || '.';
  const entries = await readdir(source, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry): Promise<[string, string]> => {
    const path = relative(source, join(entry.parentPath, entry.name));
    const text = (await readFile(join(source, path), 'utf8')).replaceAll('{{name}}', name).replaceAll('{{folder}}', folder);
    return [path.replace(/\.template$/, ''), text];
  }));
}
