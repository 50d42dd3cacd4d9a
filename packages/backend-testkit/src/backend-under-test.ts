import type { ExecBackend } from '@thund/ir';

/** A row as the suite compares it: column name → plain JSON-like value. */
export type Row = Readonly<Record<string, unknown>>;

/**
 * What the suite needs to exercise a backend: the backend itself and a way
 * to read a dataset's rows after a run (the contract has no read method, as
 * engines differ in how results come back). Values in rows should be plain:
 * numbers (or bigint), strings, booleans, null; dates and timestamps as
 * ISO strings or Date objects; decimals as numbers or strings.
 */
export interface BackendUnderTest {
  readonly backend: ExecBackend;
  read(dataset: string): Promise<readonly Row[]>;
  /** Releases engine resources; called after each case. */
  dispose?(): Promise<void>;
}

/** Creates a fresh backend for one case; `workDir` is an empty directory the case may use. */
export type BackendFactory = (workDir: string) => Promise<BackendUnderTest>;
