import { defineConfig } from 'vitest/config';

// Resolve workspace packages to their TypeScript sources (see the "thund-source" export condition).
export default defineConfig({
  resolve: { conditions: ['thund-source'] },
  ssr: { resolve: { conditions: ['thund-source'] } },
  test: { include: ['test/**/*.test.ts'] },
});
