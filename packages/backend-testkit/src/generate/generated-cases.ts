import fc from 'fast-check';
import { type OutputMode, type Pipeline, from, pipeline, readFiles } from '@thund/ir';
import type { Row } from '../backend-under-test.js';
import type { CaseContext } from '../conformance-case.js';
import { cdcLabel, cdcShape, changeFeed } from './random-changes.js';
import { OTHER_SCHEMA, SCHEMA, batchFiles, batchQuery, batchShape } from './random-plans.js';
import { appendOnce, streamShape, streamingTable } from './random-streams.js';
import { windowLabel, windowShape, windowedAggregation } from './random-windows.js';

/** What a generated case writes: its target's shape. */
export type GeneratedShape = 'materialized_view' | 'sink' | 'streaming_table' | 'append_once' | 'cdc' | 'window';

/** A generated pipeline over generated data, with no expected rows (except where a reference model gives them): it is judged by comparing backends. */
export interface GeneratedCase {
  /** `generated/<index>-<shape>`, plus ` (seed <n>)` for a seed other than `GENERATED_CASES_SEED`. */
  readonly id: string;
  /** The seed the case was generated from. */
  readonly seed: number;
  /** Position in `generatedCases(count, seed)`: the seed and the index replay the case. */
  readonly index: number;
  /** What the case writes; shapes come in turn, so the index decides it. */
  readonly shape: GeneratedShape;
  /** The output mode of a `window` case. */
  readonly outputMode?: OutputMode;
  /** Input files for the first run (path relative to the work dir → content). */
  readonly files: Readonly<Record<string, string>>;
  /** Builds the case's pipeline, its file paths resolved in the work directory. */
  readonly pipeline: (context: CaseContext) => Pipeline;
  /** The dataset whose rows are compared (a sink is read back from its files). */
  readonly output: string;
  /** Files delivered before a second run of the same pipeline on the same backend; the output is compared after each run. */
  readonly rerun?: {
    /** The input files written before the second run (path → content). */
    readonly files: Readonly<Record<string, string>>;
  };
  /** The output's rows after the first run and after the second, where a reference model knows them (CDC, by `applyChangesModel`). */
  readonly expected?: readonly (readonly Row[])[];
}

/** The seed `generatedCases` uses unless given another. */
export const GENERATED_CASES_SEED = 20261202;

/** Every eight consecutive cases hold one of each slot, so any count of at least 8n has n of each. */
const SLOTS: readonly { readonly shape: GeneratedShape; readonly outputMode?: OutputMode }[] = [
  { shape: 'materialized_view' },
  { shape: 'sink' },
  { shape: 'streaming_table' },
  { shape: 'append_once' },
  { shape: 'cdc' },
  { shape: 'window', outputMode: 'append' },
  { shape: 'window', outputMode: 'update' },
  { shape: 'window', outputMode: 'complete' },
];

const drafts = fc.record({
  batch: batchShape,
  sinkFormat: fc.constantFrom('parquet', 'json') as fc.Arbitrary<'parquet' | 'json'>,
  /** A sink's batch flow runs the query itself, or exports a materialized view holding it (as examples/orders does). */
  sinkViaView: fc.boolean(),
  stream: streamShape,
  cdc: cdcShape,
  window: windowShape,
});
type Draft = typeof drafts extends fc.Arbitrary<infer T> ? T : never;

interface Built {
  readonly label: string;
  readonly files: Record<string, string>;
  readonly rerunFiles?: Record<string, string>;
  readonly expected?: readonly (readonly Row[])[];
  readonly pipeline: (path: (relative: string) => string) => Pipeline;
}

/** A batch query over the two temporary views, into a materialized view or (by a batch flow, from the query or from a view of it) a sink. */
function batch(name: string, d: Draft, into: 'materialized_view' | 'sink'): Built {
  const views = (path: (relative: string) => string) =>
    pipeline(name)
      .temporaryView('src', { query: readFiles('json', path('data.jsonl'), { schema: SCHEMA }) })
      .temporaryView('other', { query: readFiles('json', path('other.jsonl'), { schema: OTHER_SCHEMA }) });
  if (into === 'materialized_view') {
    return { label: 'materialized-view', files: batchFiles(d.batch), pipeline: (path) => views(path).materializedView('out', { query: batchQuery(d.batch) }).build() };
  }
  const location = d.sinkFormat === 'parquet' ? 'out/sink.parquet' : 'out/sink';
  // The second run reads half the rows: the sink is replaced whole, never appended to.
  const fewer = { ...d.batch, rows: d.batch.rows.slice(0, Math.ceil(d.batch.rows.length / 2)) };
  return {
    label: `sink-${d.sinkFormat}${d.sinkViaView ? '-via-view' : ''}`,
    files: batchFiles(d.batch),
    rerunFiles: batchFiles(fewer),
    pipeline: (path) => {
      const sources = d.sinkViaView ? views(path).materializedView('result', { query: batchQuery(d.batch) }) : views(path);
      return sources
        .sink('out', { format: d.sinkFormat, location: path(location) })
        .flow('export_out', { kind: 'batch', target: 'out', query: d.sinkViaView ? from('result') : batchQuery(d.batch) })
        .build();
    },
  };
}

function build(name: string, d: Draft, slot: (typeof SLOTS)[number]): Built {
  switch (slot.shape) {
    case 'materialized_view':
    case 'sink':
      return batch(name, d, slot.shape);
    case 'streaming_table':
      return { label: 'streaming-table', ...streamingTable(name, d.stream) };
    case 'append_once':
      return { label: 'append-once', ...appendOnce(name, d.stream) };
    case 'cdc':
      return { label: `cdc-${cdcLabel(d.cdc)}`, ...changeFeed(name, d.cdc) };
    case 'window':
      return { label: `window-${windowLabel(d.window)}-${slot.outputMode}`, ...windowedAggregation(name, d.window, slot.outputMode ?? 'append') };
  }
}

/** What `generatedCases` may leave out. */
export interface GeneratedCaseOptions {
  /**
   * The output modes whose windowed cases deliver late rows in their second
   * run (default: every mode). Native and Spark judge late rows of an
   * append-mode window by different watermarks (native by the one the last
   * micro-batch left, Spark by the one before it: the Spark README's open
   * difference), so the differential between them leaves those to the
   * conformance cases built to sit where both agree.
   */
  readonly lateRowsIn?: readonly OutputMode[];
}

/**
 * Pipelines generated from a seed, target shapes in turn (see `SLOTS`), the
 * rest random: the data, a random filter and projection, aggregation, rank
 * or join (batch), stateless bodies (streaming, append-once), change feeds
 * and CDC options, windows, delays and aggregates (event time), all within
 * the function catalog. Every shape but the materialized view runs twice,
 * with files delivered between the runs. The same seed always gives the
 * same cases.
 */
export function generatedCases(count: number, seed = GENERATED_CASES_SEED, options: GeneratedCaseOptions = {}): GeneratedCase[] {
  return fc.sample(drafts, { numRuns: count, seed }).map((d, index): GeneratedCase => {
    const slot = SLOTS[index % SLOTS.length] as (typeof SLOTS)[number];
    // Without late rows, a window case's second run brings only rows newer than every watermark.
    const late = options.lateRowsIn === undefined || options.lateRowsIn.includes(slot.outputMode ?? 'append');
    const draft = late ? d : { ...d, window: { ...d.window, late: [] } };
    const built = build(`generated_${index}`, draft, slot);
    return {
      id: `generated/${index}-${built.label}${seed === GENERATED_CASES_SEED ? '' : ` (seed ${seed})`}`,
      seed,
      index,
      shape: slot.shape,
      ...(slot.outputMode === undefined ? {} : { outputMode: slot.outputMode }),
      files: built.files,
      pipeline: ({ path }) => built.pipeline(path),
      output: 'out',
      ...(built.rerunFiles === undefined ? {} : { rerun: { files: built.rerunFiles } }),
      ...(built.expected === undefined ? {} : { expected: built.expected }),
    };
  });
}
