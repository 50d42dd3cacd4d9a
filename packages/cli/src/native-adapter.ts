import { createNativeBackend, tableToRows } from '@thund/backend-native';
import type { BackendOptions, CliBackend, PreviewTable } from './backends.js';

/** The native backend as the CLI uses it: plans as DuckDB SQL, previews from Arrow. */
export async function createNativeCliBackend(options: BackendOptions): Promise<CliBackend> {
  const backend = createNativeBackend({
    baseDir: options.baseDir,
    ...(options.database === undefined ? {} : { database: options.database }),
    ...(options.sandbox === true ? { sandbox: true } : {}),
  });
  return {
    capabilities: () => backend.capabilities(),
    check: (pipeline) => backend.check(pipeline),
    run: (pipeline, runOptions) => backend.run(pipeline, runOptions),
    lower: async (pipeline) => backend.plan(pipeline).map((plan) => ({ flow: plan.flow, language: 'duckdb sql', text: `${plan.sql};\n-- write: ${plan.write}` })),
    async preview(dataset, limit): Promise<PreviewTable> {
      const table = await backend.readDataset(dataset);
      const columns = table.schema.fields.map((f) => f.name);
      const rows = tableToRows(table.slice(0, limit)).map((row) => columns.map((c) => row[c] ?? null));
      return { columns, rows, totalRows: table.numRows };
    },
    close: () => backend.close(),
  };
}
