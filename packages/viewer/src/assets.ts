import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAVICON_SVG, FAVICON_TYPE } from './favicon.js';
import { d3Bundle } from './vendor-bundle.js';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface Asset {
  readonly type: string;
  read(): Promise<string | Buffer>;
}

/**
 * What the page may load, by URL path: the files of `assets/` (listed once,
 * so no request path ever reaches the file system), the vendored d3 and the
 * icon (at the path browsers ask for it even unasked).
 */
export async function pageAssets(): Promise<ReadonlyMap<string, Asset>> {
  const assets = new Map<string, Asset>();
  for (const name of await readdir(ASSETS)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type !== undefined) assets.set(`/${name}`, { type, read: () => readFile(join(ASSETS, name)) });
  }
  const index = assets.get('/index.html');
  if (index !== undefined) assets.set('/', index);
  assets.set('/vendor/d3-zoom.js', { type: CONTENT_TYPES['.js'] as string, read: d3Bundle });
  assets.set('/favicon.ico', { type: FAVICON_TYPE, read: async () => FAVICON_SVG });
  return assets;
}
