import { type EmittedEvent, type Pipeline, durationToMs } from '@thund/ir';
import type { SparkConnectSession } from '../connect/session.js';
import { StreamingQueryEventType } from '../gen/spark/connect/commands_pb.js';
import type { FlowTracker } from './flow-tracker.js';

/** One micro-batch of one streaming query, as Spark's `StreamingQueryProgress` reports it. */
export interface MicroBatchProgress {
  /** The query's name: SDP names a flow's query after the flow's qualified identifier. */
  readonly query: string;
  /** The query's id (stable across its restarts). */
  readonly queryId: string;
  readonly epoch: number;
  /** Rows the micro-batch read, over all its sources. */
  readonly rowsRead: number;
  /**
   * The watermark Spark applied in this micro-batch (the one the batches
   * before it left), RFC 3339; absent without one or before any event time.
   */
  readonly watermarkInEffect?: string;
  /** The largest event time the micro-batch read, RFC 3339, when it has a watermark. */
  readonly maxEventTime?: string;
  /** Rows stateful operators dropped as later than the watermark. */
  readonly lateRows: number;
  /** Rows held in state after the micro-batch, over all stateful operators. */
  readonly stateRows: number;
  readonly durationMs?: number;
  /** Metrics the query observes (CollectMetrics), by observation name: this micro-batch's values. */
  readonly observed: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

const EPOCH_ZERO = '1970-01-01T00:00:00.000Z';

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/**
 * The facts of a `QueryProgressEvent` (`{"progress": {...}}`, the JSON the
 * listener bus sends); `undefined` for anything else. Spark reports a
 * watermark of the epoch (1970) until it has seen an event time: that is
 * no watermark.
 */
export function parseProgressEvent(eventJson: string): MicroBatchProgress | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(eventJson);
  } catch {
    return undefined;
  }
  const progress = record(record(parsed)?.['progress']);
  const query = progress?.['name'];
  const queryId = progress?.['id'];
  const epoch = progress?.['batchId'];
  if (progress === undefined || typeof query !== 'string' || typeof queryId !== 'string' || typeof epoch !== 'number') return undefined;
  const sources = list(progress['sources']).map(record);
  const operators = list(progress['stateOperators']).map(record);
  const eventTime = record(progress['eventTime']);
  const watermark = eventTime?.['watermark'];
  const max = eventTime?.['max'];
  const duration = record(progress['durationMs'])?.['triggerExecution'];
  const observed = Object.fromEntries(Object.entries(record(progress['observedMetrics']) ?? {}).map(([name, row]) => [
    name, Object.fromEntries(Object.entries(record(row) ?? {}).map(([key, value]) => [key, num(value)])),
  ]));
  return {
    query,
    queryId,
    epoch,
    rowsRead: sources.reduce((n, s) => n + num(s?.['numInputRows']), 0),
    ...(typeof watermark === 'string' && watermark !== EPOCH_ZERO ? { watermarkInEffect: watermark } : {}),
    ...(typeof max === 'string' ? { maxEventTime: max } : {}),
    lateRows: operators.reduce((n, o) => n + num(o?.['numRowsDroppedByWatermark']), 0),
    stateRows: operators.reduce((n, o) => n + num(o?.['numRowsTotal']), 0),
    ...(typeof duration === 'number' ? { durationMs: duration } : {}),
    observed,
  };
}

/** How long `stop` waits for queries that reported progress to report their end (events trail the run). */
const SETTLE_MS = 2_000;
/** How long `start` waits for the server to confirm the listener before the run goes on without it. */
const ATTACH_MS = 5_000;

/**
 * Spark's streaming progress, live: a listener on the session's streaming
 * query listener bus (Spark Connect's `StreamingQueryListenerBusCommand`).
 * SDP runs a pipeline's streaming flows as streaming queries of the session
 * that started the run, so their micro-batches reach it while the run goes.
 */
export class StreamingProgressListener {
  readonly #session: SparkConnectSession;
  readonly #controller = new AbortController();
  readonly #progressed = new Set<string>();
  readonly #terminated = new Set<string>();
  #changed: () => void = () => undefined;
  #loop: Promise<void> = Promise.resolve();
  #attached = false;
  #attachedInTime = false;
  #failed = false;
  #ended = true;

  private constructor(session: SparkConnectSession) {
    this.#session = session;
  }

  /**
   * Attaches a listener; `onProgress` gets each micro-batch as it ends. A
   * server that refuses the listener leaves the run without per-epoch
   * events: `onUnavailable` says why, and the run goes on.
   */
  static async start(
    session: SparkConnectSession, onProgress: (progress: MicroBatchProgress) => void, onUnavailable: (reason: string) => void,
  ): Promise<StreamingProgressListener> {
    const listener = new StreamingProgressListener(session);
    let attached: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      attached = resolve;
    });
    listener.#loop = listener.#listen(onProgress, () => {
      listener.#attached = true;
      attached();
    }).catch((reason: unknown) => {
      if (!listener.#controller.signal.aborted) {
        listener.#failed = true;
        onUnavailable(reason instanceof Error ? reason.message : String(reason));
      }
      attached();
    });
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, ATTACH_MS).unref())]);
    listener.#attachedInTime = listener.#attached;
    return listener;
  }

  /**
   * Whether it heard every micro-batch: attached before `start` returned,
   * never failed since, and (after `stop`) heard every query that made
   * progress end.
   */
  get heardEverything(): boolean {
    return this.#attachedInTime && !this.#failed && this.#ended;
  }

  async #listen(onProgress: (progress: MicroBatchProgress) => void, attached: () => void): Promise<void> {
    const command = { case: 'streamingQueryListenerBusCommand', value: { command: { case: 'addListenerBusListener', value: true } } } as const;
    for await (const response of this.#session.execute({ opType: { case: 'command', value: { commandType: command } } }, { signal: this.#controller.signal })) {
      if (response.responseType.case !== 'streamingQueryListenerEventsResult') continue;
      const result = response.responseType.value;
      if (result.listenerBusListenerAdded !== undefined) attached();
      for (const event of result.events) {
        if (event.eventType === StreamingQueryEventType.QUERY_PROGRESS_EVENT) {
          const progress = parseProgressEvent(event.eventJson);
          if (progress === undefined) continue;
          this.#progressed.add(progress.queryId);
          onProgress(progress);
        } else if (event.eventType === StreamingQueryEventType.QUERY_TERMINATED_EVENT) {
          const id = queryIdOf(event.eventJson);
          if (id !== undefined) this.#terminated.add(id);
        }
        this.#changed();
      }
    }
  }

  /**
   * Waits (at most a moment) until every query that reported progress has
   * reported its end, so a flow's last micro-batch is not lost to the
   * listener bus's lag, then detaches.
   */
  async stop(): Promise<void> {
    const settled = (): boolean => [...this.#progressed].every((q) => this.#terminated.has(q));
    if (!settled()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SETTLE_MS);
        timer.unref();
        this.#changed = () => {
          if (!settled()) return;
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.#ended = settled();
    const command = { case: 'streamingQueryListenerBusCommand', value: { command: { case: 'removeListenerBusListener', value: true } } } as const;
    await this.#session.drain({ opType: { case: 'command', value: { commandType: command } } }).catch(() => undefined);
    this.#controller.abort();
    await this.#loop;
  }
}

/** The query a `QueryTerminatedEvent` names (by id only). */
function queryIdOf(eventJson: string): string | undefined {
  try {
    const id = record(JSON.parse(eventJson))?.['id'];
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The watermark after a micro-batch (what the RunEvent contract reports, as
 * native does): the largest event time seen so far minus the flow's delay,
 * never moving back. Spark's progress carries the watermark the batch ran
 * under and the batch's largest event time; `previousMs` is the result for
 * the batch before (undefined for the first this run saw).
 */
export function watermarkAfter(progress: MicroBatchProgress, delayMs: number, previousMs: number | undefined): number | undefined {
  const candidates = [
    previousMs,
    progress.watermarkInEffect === undefined ? undefined : Date.parse(progress.watermarkInEffect),
    progress.maxEventTime === undefined ? undefined : Date.parse(progress.maxEventTime) - delayMs,
  ].filter((ms): ms is number => ms !== undefined && Number.isFinite(ms));
  return candidates.length === 0 ? undefined : Math.max(...candidates);
}

/** The event for one micro-batch of `flow`, worded and detailed as native's per-epoch events are. */
export function microBatchEvent(flow: string, progress: MicroBatchProgress, watermarkMs: number | undefined): EmittedEvent {
  const { epoch, rowsRead, lateRows, stateRows, durationMs } = progress;
  const watermark = watermarkMs === undefined ? undefined : new Date(watermarkMs).toISOString();
  return {
    element: { kind: 'flow', name: flow },
    message: `flow "${flow}" epoch ${epoch}: ${rowsRead} rows read${lateRows > 0 ? `, ${lateRows} late rows dropped` : ''}${watermark === undefined ? '' : `, watermark ${watermark}`}`,
    details: { epoch, rowsRead, lateRows, stateRows, ...(watermark === undefined ? {} : { watermark }), ...(durationMs === undefined ? {} : { durationMs }) },
  };
}

/**
 * Turns each micro-batch that read rows into per-epoch events of the
 * pipeline flows its query stands for (an SDP flow may stand for several,
 * see graph-flows.ts), with the watermark after it; flows already ended get
 * none. The epoch is Spark's batch id, which counts no-data batches too, so
 * it may run ahead of native's epoch numbers.
 */
export function progressReporter(
  pipeline: Pipeline, tracker: FlowTracker, emit: (event: EmittedEvent) => void,
): (batch: MicroBatchProgress) => void {
  const watermarks = new Map<string, number>();
  return (batch) => {
    const flows = tracker.pipelineFlows(batch.query);
    if (flows.length === 0) return;
    const delay = pipeline.flows.find((f) => flows.includes(f.name))?.watermark?.delay;
    const delayMs = delay === undefined ? undefined : durationToMs(delay);
    const watermark = delayMs === undefined ? undefined : watermarkAfter(batch, delayMs, watermarks.get(batch.queryId));
    if (watermark !== undefined) watermarks.set(batch.queryId, watermark);
    // A batch that read nothing is Spark's "no-data batch" (it moves state past the watermark); native has no such epoch.
    if (batch.rowsRead === 0) return;
    for (const flow of flows) if (!tracker.isTerminal(flow)) emit(microBatchEvent(flow, batch, watermark));
  };
}
