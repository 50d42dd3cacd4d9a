// The package's default export: how `thund --backend <this package or folder>` creates the backend.
import { defineBackend } from '@thund/ir';
import { JsonFilterBackend, capabilities } from './backend.js';

export default defineBackend({
  name: 'json-filter',
  // What it runs, from the package alone: `thund capabilities`, and `check` before anything runs.
  capabilities,
  // `settings.baseDir` is the pipeline's folder; `settings.options` holds `--backend-option key=value`.
  create: (settings) => new JsonFilterBackend(settings.baseDir),
});
