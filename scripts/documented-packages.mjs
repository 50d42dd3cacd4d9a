// The packages whose public entry is held to "every exported declaration has a
// doc comment": `pnpm docs` builds their API reference with missing docs as
// errors, and packages/ir/test/tsdoc-coverage.test.ts checks them in `pnpm test`.
// Every published package is here; a new one joins when
// `node scripts/check-tsdoc.mjs packages/<name>/src/index.ts` reports nothing.
export const DOCUMENTED_PACKAGES = ['arrow-rows', 'backend-kit', 'backend-native', 'backend-spark', 'backend-testkit', 'cli', 'events', 'ir', 'sql', 'viewer'];
