import { type BackendSettings, type ScratchBackend, defineBackend } from '@thund/ir';
import { NativeBackend } from './native-backend.js';
import { createNativeCapabilities } from './native-capabilities.js';

function nativeBackend(settings: BackendSettings, persist: boolean): NativeBackend {
  return new NativeBackend({
    baseDir: settings.baseDir,
    persist,
    ...(settings.database === undefined ? {} : { database: settings.database }),
    ...(settings.sandbox === true ? { sandbox: true } : {}),
  });
}

/**
 * How tools create the native backend by name (`thund --backend native`):
 * this package's default export. A command's runs keep their datasets in
 * the pipeline's storage when asked to (`persist`), or in `--db`; a
 * throwaway run (`diff`, `test`) stays in memory, so nothing outlives it.
 */
export const nativeBackendFactory = defineBackend({
  name: 'native',
  capabilities: () => createNativeCapabilities(),
  // `--db :memory:` asks for a run that keeps nothing, persist or not.
  create: (settings) => nativeBackend(settings, settings.persist === true && settings.database !== ':memory:'),
  scratch: async (settings): Promise<ScratchBackend> => ({ backend: nativeBackend(settings, false), dispose: async () => undefined }),
});
