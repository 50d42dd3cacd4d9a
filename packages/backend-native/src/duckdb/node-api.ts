import { createRequire } from 'node:module';
import type * as NodeApi from '@duckdb/node-api';

/**
 * The values this package takes from `@duckdb/node-api`, loaded with
 * `require`. The package is CommonJS (181 modules): imported from ESM,
 * Node lexes every one of them for its named exports, which cost each
 * process about 70 ms of start-up (import 140–150 ms against require
 * 64–78 ms, measured here). Types still come from `import type`.
 */
const nodeApi = createRequire(import.meta.url)('@duckdb/node-api') as typeof NodeApi;

export const DuckDBInstance: typeof NodeApi.DuckDBInstance = nodeApi.DuckDBInstance;
export type DuckDBInstance = NodeApi.DuckDBInstance;
export const DuckDBTypeId: typeof NodeApi.DuckDBTypeId = nodeApi.DuckDBTypeId;
export type DuckDBTypeId = NodeApi.DuckDBTypeId;
