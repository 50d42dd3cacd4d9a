import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const block = /<!-- api-example:start -->\n```ts\n([\s\S]*?)```\n<!-- api-example:end -->/.exec(readme)?.[1] ?? '';

it('the README\'s API example runs against the public API and prints what it says', async () => {
  expect(block).toContain('pipelineFromSql');
  // Written inside the package so `@thund/sql` resolves by self-reference, as it would for a user.
  const dir = join(packageDir, 'test', '.generated');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'readme-api.ts');
  writeFileSync(file, block);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await import(file);
    expect(log).toHaveBeenCalledWith('filter');
  } finally {
    log.mockRestore();
  }
});
