import { type BackendSettings, type ScratchBackend, ThundError, ThundErrorCode, defineBackend } from '@thund/ir';
import { createSparkBackend } from './spark-backend.js';
import { SPARK_VERSION, createSparkCapabilities } from './spark-capabilities.js';
import type { SparkBackendConfig } from './spark-config.js';

function config(settings: BackendSettings, database?: string): SparkBackendConfig {
  if (settings.sandbox === true) {
    throw new ThundError(ThundErrorCode.Unsupported, 'the sandbox is the native backend\'s: on Spark, raw SQL runs on the cluster with the session\'s rights; leave out --sandbox, or run on the native backend', { backend: 'spark' });
  }
  return { baseDir: settings.baseDir, ...(settings.remote === undefined ? {} : { remote: settings.remote }), ...(database === undefined ? {} : { database }) };
}

/**
 * How tools create the Spark backend by name (`thund --backend spark`):
 * this package's default export. Its capabilities are those of the Spark
 * version it is built and tested against (no server asked); a throwaway
 * run writes into a fresh database, dropped with what it holds afterwards.
 */
export const sparkBackendFactory = defineBackend({
  name: 'spark',
  capabilities: () => createSparkCapabilities({ version: SPARK_VERSION }),
  create: (settings) => createSparkBackend(config(settings)),
  scratch: async (settings, database): Promise<ScratchBackend> => {
    const backend = await createSparkBackend(config(settings, database));
    // The run created this database (its name is fresh); it goes with what the run wrote.
    return { backend, dispose: async () => { await backend.session.sql(`DROP DATABASE IF EXISTS \`${database.replaceAll('`', '``')}\` CASCADE`); } };
  },
});
