import type { ScdType } from '../model/cdc.js';
import type { DatasetType } from '../model/dataset.js';
import type { ExpectationAction } from '../model/expectation.js';
import type { FileFormat } from '../model/file-format.js';
import type { OutputMode, TriggerKind, WindowKind } from '../model/streaming.js';
import type { RelationKind } from '../plan/rel/relation.js';

/**
 * What a backend can express and run. `checkAgainst` compares a pipeline
 * with these and reports everything outside them before any data moves.
 * Build one with `defineCapabilities`, which fills every field you leave
 * out with its default, so adding a capability here never breaks a backend.
 */
export interface Capabilities {
  /** Backend name used in every message (`native`, `spark`, …). */
  readonly name: string;
  /** Engine version the capabilities were derived from, when known. */
  readonly version?: string;
  /** Runs batch flows. Default is `false`. */
  readonly batch: boolean;
  /** Runs streaming and append-once flows. Default is `false`. */
  readonly streaming: boolean;
  /** Honours watermarks and event-time windows. Default is `false`. */
  readonly eventTime: boolean;
  /** Window kinds it can compute. Default is none. */
  readonly windowKinds: readonly WindowKind[];
  /** Output modes of streaming aggregations. Default is none. */
  readonly outputModes: readonly OutputMode[];
  /** Triggers of streaming flows. Default is none. */
  readonly triggers: readonly TriggerKind[];
  /** SCD types of cdc flows; empty means no CDC. Default is none. */
  readonly cdcScdTypes: readonly ScdType[];
  /** Expectation actions it enforces. Default is none. */
  readonly expectations: readonly ExpectationAction[];
  /** Dataset types it can create. Default is none. */
  readonly datasetTypes: readonly DatasetType[];
  /** Plan nodes it can lower. Default is none. */
  readonly relations: readonly RelationKind[];
  /** Cataloged functions it can lower. Default is none. */
  readonly functions: readonly string[];
  /** Raw SQL dialects it can run. Default is none. */
  readonly sqlDialects: readonly string[];
  /** File formats of `read_files` sources and of sinks. Default is none. */
  readonly fileFormats: readonly FileFormat[];
  /** Sinks may be written by batch flows (not only streaming ones). Default is `false`. */
  readonly batchSinks: boolean;
  /** Lists, structs and maps: in schemas, casts and literals, read from files and stored. Default is `false`. */
  readonly nestedTypes: boolean;
  /**
   * Honours a run's selection (`RunOptions.refresh`, a `fullRefresh` list):
   * runs only the selected datasets' flows and reports the rest `excluded`.
   * Default is `false`; tools refuse a selection for a backend without it.
   */
  readonly selectiveRefresh: boolean;
  /**
   * Why the backend does not run something, keyed by the capability it
   * lacks: `<field>:<value>` for list fields (`outputModes:update`,
   * `sqlDialects:duckdb`), the field name for flags (`batchSinks`). The
   * capability matrix shows each reason beside its "no". Default is none.
   */
  readonly limits: Readonly<Record<string, string>>;
}

/** The capabilities a backend has unless it says otherwise: what `defineCapabilities` fills in for fields not given. */
export const DEFAULT_CAPABILITIES: Omit<Capabilities, 'name'> = Object.freeze({
  batch: false,
  streaming: false,
  eventTime: false,
  windowKinds: [],
  outputModes: [],
  triggers: [],
  cdcScdTypes: [],
  expectations: [],
  datasetTypes: [],
  relations: [],
  functions: [],
  sqlDialects: [],
  fileFormats: [],
  batchSinks: false,
  nestedTypes: false,
  selectiveRefresh: false,
  limits: {},
});

/** Capabilities with defaults for every field not given. */
export function defineCapabilities(capabilities: Pick<Capabilities, 'name'> & Partial<Capabilities>): Capabilities {
  return Object.freeze({ ...DEFAULT_CAPABILITIES, ...capabilities });
}
