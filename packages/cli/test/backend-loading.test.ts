import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nativeBackendFactory } from '@thund/backend-native';
import { sparkBackendFactory } from '@thund/backend-spark';
import { isBackendFactory } from '@thund/ir';
import { createScratchBackend, loadBackend } from '../src/backends.js';

const commands = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'commands');

describe('backends are loaded by name, the built-in ones too', () => {
  it('the built-in short names load their package\'s default export, the same factory path as any backend package', async () => {
    const native = await loadBackend('native');
    const spark = await loadBackend('spark');
    expect(native).toEqual({ factory: nativeBackendFactory, from: '@thund/backend-native' });
    expect(spark).toEqual({ factory: sparkBackendFactory, from: '@thund/backend-spark' });
    for (const { factory } of [native, spark]) expect(isBackendFactory(factory)).toBe(true);
    expect((await native.factory.capabilities()).name).toBe('native');
    expect((await spark.factory.capabilities()).name).toBe('spark');
  });

  it('a throwaway native backend stays in memory: nothing is written where its run would persist', async () => {
    const scratch = await createScratchBackend('native', { baseDir: '/nonexistent/scratch', persist: true }, 'thund_test_db', process.cwd());
    expect((scratch.backend as { config?: { database: string; persist: boolean } }).config).toMatchObject({ database: ':memory:', persist: false });
    await scratch.dispose();
    await scratch.backend.close?.();
  });

  it('no command knows a backend by name: packages/cli/src/commands/ names none', () => {
    const named = readdirSync(commands).flatMap((file) => readFileSync(join(commands, file), 'utf8').split('\n')
      .map((line, i) => ({ file, line: i + 1, text: line }))
      .filter(({ text }) => /\b(native|spark)\b(?!-pipeline| Declarative)/i.test(text)));
    expect(named).toEqual([]);
  });
});
