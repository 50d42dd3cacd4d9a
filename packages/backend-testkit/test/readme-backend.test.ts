import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecBackend } from '@thund/ir';
import { describeBackend } from '../src/index.js';

// The third-party backend of the @thund/ir README, unchanged, through the same suite and facets as ours:
// what its capabilities admit must give the cases' rows; the rest must be refused by check and run.
const here = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(join(here, '..', '..', 'ir', 'README.md'), 'utf8');
const block = /<!-- backend-example:start -->\n```ts\n([\s\S]*?)```\n<!-- backend-example:end -->/.exec(readme)?.[1];
if (block === undefined) throw new Error('the @thund/ir README has no backend example block');
const file = join(here, '.generated', 'readme-backend.ts');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, block);
const { JsonFilterBackend } = (await import(file)) as { JsonFilterBackend: new () => ExecBackend };

await describeBackend(async () => new JsonFilterBackend(), { name: 'the @thund/ir README backend' });
