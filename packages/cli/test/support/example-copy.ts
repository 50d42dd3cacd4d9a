import { cpSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's `examples/` directory. */
export const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples');

/** A fresh copy of an example under `temp`, as a clean clone has it (no sink output, no Þund state). */
export function exampleCopy(temp: string, name: string): string {
  const dir = join(temp, `${name}-${readdirSync(temp).length}`);
  cpSync(join(EXAMPLES, name), dir, { recursive: true, filter: (src) => !src.includes('/out') && !src.includes('/.thund') && !src.includes('/storage') });
  return dir;
}
