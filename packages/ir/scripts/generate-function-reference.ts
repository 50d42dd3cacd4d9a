// Writes docs/functions.md from the function catalog, its one description.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionReference } from '../src/catalog/function-reference.js';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'functions.md');
writeFileSync(out, `${functionReference()}\n`);
console.log(`wrote ${out}`);
