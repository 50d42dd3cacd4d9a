import { defineConfig } from 'vitest/config';

/**
 * The vitest config every package uses. Workspace packages resolve to their
 * TypeScript sources (the "thund-source" export condition), so tests need no
 * prebuilt siblings; a JSON report per package feeds the summary line of
 * `pnpm test`.
 */
export function packageTestConfig(options: { readonly testTimeout?: number } = {}) {
  return defineConfig({
    resolve: { conditions: ['thund-source'] },
    ssr: { resolve: { conditions: ['thund-source'] } },
    test: {
      include: ['test/**/*.test.ts'],
      testTimeout: options.testTimeout ?? 20_000,
      hookTimeout: options.testTimeout ?? 20_000,
      reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }]],
    },
  });
}
