import { createSparkBackend, tableToRows } from '@thund/backend-spark';
import type { BackendOptions, CliBackend, PreviewTable } from './backends.js';
import { UsageError } from './usage-error.js';

/** The Spark backend as the CLI uses it: plans as Relation protos (JSON), previews read back over Spark Connect. */
export async function createSparkCliBackend(options: BackendOptions): Promise<CliBackend> {
  if (options.sandbox === true) {
    throw new UsageError('--sandbox is a native backend option: on Spark, raw SQL runs on the cluster with the session\'s rights; leave out --sandbox, or use --backend native');
  }
  const backend = await createSparkBackend({ baseDir: options.baseDir, ...(options.remote === undefined ? {} : { remote: options.remote }) });
  return {
    capabilities: () => backend.capabilities(),
    check: (pipeline) => backend.check(pipeline),
    run: (pipeline, runOptions) => backend.run(pipeline, runOptions),
    lower: async (pipeline) => backend.plan(pipeline).map((p) => ({ flow: p.flow, language: 'spark connect relation (json)', text: p.relationJson })),
    async preview(dataset, limit): Promise<PreviewTable> {
      const table = await backend.readDataset(dataset);
      const columns = table.schema.fields.map((f) => f.name);
      const rows = tableToRows(table.slice(0, limit)).map((row) => columns.map((c) => row[c] ?? null));
      return { columns, rows, totalRows: table.numRows };
    },
    close: () => backend.close(),
  };
}
