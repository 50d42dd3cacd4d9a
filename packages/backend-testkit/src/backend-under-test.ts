import type { ExecBackend } from '@thund/ir';

/** A row as the suite compares it: column name → plain JSON-like value. */
export type Row = Readonly<Record<string, unknown>>;

/**
 * What the suite exercises: any backend through the contract and its
 * facets. It must implement `readRows` (the suite reads every dataset a
 * case names back through it); `close`, when present, is called after
 * each case. Values in rows should be plain: numbers (or bigint), strings,
 * booleans, null; dates and timestamps as ISO strings or Date objects;
 * decimals as numbers or strings (`@thund/arrow-rows` gives exactly these).
 */
export type BackendUnderTest = ExecBackend & Required<Pick<ExecBackend, 'readRows'>>;

/** Creates a fresh backend for one case; `workDir` is an empty directory the case may use. */
export type BackendFactory = (workDir: string) => Promise<ExecBackend>;
