// TypeDoc settings for `pnpm run docs`: one HTML API reference for every package's
// public entry (src/index.ts), written to docs/api/. An exported declaration
// without a doc comment fails the build (validation.notDocumented, warnings as errors);
// `scripts/check-tsdoc.mjs` checks the same in `pnpm test`.
import { OptionDefaults } from 'typedoc';
import { DOCUMENTED_PACKAGES } from './scripts/documented-packages.mjs';

const validation = { notExported: false, invalidLink: true, notDocumented: true };

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'Þund API reference',
  entryPointStrategy: 'packages',
  entryPoints: DOCUMENTED_PACKAGES.map((name) => `packages/${name}`),
  packageOptions: {
    entryPoints: ['src/index.ts'],
    tsconfig: 'tsconfig.build.json',
    // `pnpm typecheck` checks the types; the docs only read the declarations.
    skipErrorChecking: true,
    disableSources: true,
    excludePrivate: true,
    excludeInternal: true,
    // The generated Spark Connect messages carry protoc-gen-es's `@generated` tag.
    blockTags: [...OptionDefaults.blockTags, '@generated'],
    validation,
  },
  // Properties inferred from a documented const's object literal inherit its doc.
  plugin: ['./scripts/typedoc-inferred-members.mjs'],
  highlightLanguages: [...OptionDefaults.highlightLanguages, 'sql'],
  out: 'docs/api',
  readme: 'none',
  validation,
  treatWarningsAsErrors: true,
};
