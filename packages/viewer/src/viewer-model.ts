import { type FlowState, type RunState, RunStateFolder, toViewerEvent, type ViewerEvent } from '@thund/events';
import { type InferredSchema, type Pipeline, type RunEvent, type RunPhase, dataTypeLabel, datasetSchemas, flowOutputSchema, schemaResolver } from '@thund/ir';
import { type ExpectationTotals, expectationTotals } from './expectation-totals.js';
import { type LogMismatch, logMismatch } from './log-mismatch.js';
import { datasetId, flowId } from './pipeline-graph.js';

/** What the page shows for one dataset node or for one flow (a row of its target's node). */
export interface NodeView {
  /** `dataset:<name>` or `flow:<name>`. */
  readonly id: string;
  /** A flow's latest phase; a dataset's is the least finished of its writers' (`queued` when nothing writes it). */
  readonly status: RunPhase;
  /** Rows the flow read; a dataset's is the sum of its writers'. */
  readonly rowsRead: number;
  /** Rows the flow wrote; a dataset's is the sum of its writers'. */
  readonly rowsWritten: number;
  /** The flow's latest expectation results; a dataset lists all of its writers', one writer after another. */
  readonly expectations: FlowState['expectations'];
  /** Row checks passed and failed, summed over the expectations (a row counts once per expectation): the node's pass-rate bar. */
  readonly checks: ExpectationTotals;
  /** The message of the latest error the flow reported; a dataset shows the first writer's that has one. */
  readonly error?: string;
  /** A flow's duration; a dataset's is the sum of its writers'. */
  readonly durationMs?: number;
  /** When the flow left `queued` (a dataset: when its first writer did), RFC 3339. */
  readonly startedAt?: string;
  /** When the flow ended (a dataset: when its last writer did, once every writer has), RFC 3339. */
  readonly endedAt?: string;
}

/** A column of a node's inferred schema, its type as a label (`decimal(20,2)`, `?` when only a run tells). */
export interface SchemaColumn {
  /** The column's name. */
  readonly name: string;
  /** Its type as a label, such as `decimal(20,2)`; `?` when only a run tells. */
  readonly type: string;
}

/** A flow's status decides its node; a dataset takes the least finished status of the flows writing it. */
const DATASET_PRECEDENCE: readonly RunPhase[] = ['failed', 'running', 'planning', 'cancelled', 'queued', 'completed', 'excluded'];

/**
 * The server-side state of a viewer: the run-state fold of `@thund/events`
 * plus the viewer-format events of each node. The page only renders what
 * this produces, so the CLI and the viewer never disagree.
 */
export class ViewerModel {
  readonly #pipeline: Pipeline;
  readonly #folder: RunStateFolder;
  /** The dataset node each flow's events also concern (its target), looked up once per event. */
  readonly #targetOf: ReadonlyMap<string, string>;
  readonly #events: ViewerEvent[] = [];
  readonly #byNode = new Map<string, ViewerEvent[]>();
  /** Flows the events name that the pipeline does not declare, in the order first named. */
  readonly #undeclared = new Set<string>();

  constructor(pipeline: Pipeline) {
    this.#pipeline = pipeline;
    this.#folder = new RunStateFolder(pipeline.flows.map((f) => f.name));
    this.#targetOf = new Map(pipeline.flows.map((f) => [f.name, f.target]));
  }

  /**
   * The run state folded from the events applied so far. Its flows map is
   * the folder's own, so a state read earlier sees later flow updates.
   */
  get runState(): RunState {
    return this.#folder.state;
  }

  /** Every event applied so far, in the viewer's format and in arrival order (the model's own array, not a copy). */
  get events(): readonly ViewerEvent[] {
    return this.#events;
  }

  /** Applies an event; returns the ids of the nodes whose view changed. */
  apply(event: RunEvent): string[] {
    this.#folder.apply(event);
    const target = event.element.kind === 'flow' ? this.#targetOf.get(event.element.name) : undefined;
    if (event.element.kind === 'flow' && target === undefined) this.#undeclared.add(event.element.name);
    const viewer = toViewerEvent(event);
    this.#events.push(viewer);
    const ids =
      event.element.kind === 'flow'
        ? [flowId(event.element.name), ...(target === undefined ? [] : [datasetId(target)])]
        : event.element.kind === 'dataset' ? [datasetId(event.element.name)] : [];
    for (const id of ids) {
      const events = this.#byNode.get(id);
      if (events === undefined) this.#byNode.set(id, [viewer]);
      else events.push(viewer);
    }
    return ids;
  }

  /**
   * The events concerning one node, oldest first, as a copy: a flow's own, or
   * a dataset's own plus those of the flows writing it. Empty for an unknown id.
   */
  eventsOf(id: string): readonly ViewerEvent[] {
    return [...(this.#byNode.get(id) ?? [])];
  }

  /**
   * The view of one node, by `flow:<name>` or `dataset:<name>` id, as of the
   * events applied so far. A name the pipeline does not know views as queued,
   * with zero counts.
   */
  node(id: string): NodeView {
    if (id.startsWith('flow:')) return flowView(id, this.#folder.state.flows.get(id.slice(5)));
    const name = id.slice(8);
    const writers = this.#pipeline.flows.filter((f) => f.target === name).map((f) => this.#folder.state.flows.get(f.name)).filter((f) => f !== undefined);
    const status = DATASET_PRECEDENCE.find((phase) => writers.some((w) => w.phase === phase)) ?? 'queued';
    return datasetView(id, status, writers);
  }

  /**
   * The columns a node holds or writes, as `check` infers them (a type of
   * `?`: only a run tells); `undefined` when only a run tells the columns.
   */
  schema(id: string): readonly SchemaColumn[] | undefined {
    let schema: InferredSchema;
    if (id.startsWith('flow:')) {
      const flow = this.#pipeline.flows.find((f) => f.name === id.slice(5));
      schema = flow === undefined ? undefined : flowOutputSchema(flow, schemaResolver(this.#pipeline));
    } else {
      schema = datasetSchemas(this.#pipeline).get(id.slice(8));
    }
    return schema?.map((f) => ({ name: f.name, type: f.type === undefined ? '?' : dataTypeLabel(f.type) }));
  }

  /**
   * Whether the events applied so far are of another pipeline than the one
   * shown, or name flows it does not declare; `null` when they fit it.
   */
  logMismatch(): LogMismatch | null {
    return logMismatch(this.#pipeline.name, this.#folder.state, this.#undeclared);
  }

  /**
   * The flows whose plans a node's panel shows, in pipeline order: a flow's
   * own name; for a dataset, every flow writing it (a CDC target's flow is
   * named apart from it, so its name alone finds no plan). Empty for an
   * unknown id.
   */
  flowsOf(id: string): readonly string[] {
    if (id.startsWith('flow:')) return this.#targetOf.has(id.slice(5)) ? [id.slice(5)] : [];
    if (!id.startsWith('dataset:')) return [];
    return this.#pipeline.flows.filter((f) => f.target === id.slice(8)).map((f) => f.name);
  }

  /** The views of every dataset, then of every flow, in pipeline order: what a page gets on connecting. */
  nodes(): NodeView[] {
    return [
      ...this.#pipeline.datasets.map((d) => this.node(datasetId(d.name))),
      ...this.#pipeline.flows.map((f) => this.node(flowId(f.name))),
    ];
  }
}

function flowView(id: string, flow: FlowState | undefined): NodeView {
  if (flow === undefined) return { id, status: 'queued', rowsRead: 0, rowsWritten: 0, expectations: [], checks: { passed: 0, failed: 0 } };
  return {
    id,
    status: flow.phase,
    rowsRead: flow.rowsRead,
    rowsWritten: flow.rowsWritten,
    expectations: flow.expectations,
    checks: expectationTotals(flow.expectations),
    ...(flow.error === undefined ? {} : { error: flow.error.message }),
    ...(flow.durationMs === undefined ? {} : { durationMs: flow.durationMs }),
    ...(flow.startedAt === undefined ? {} : { startedAt: flow.startedAt }),
    ...(flow.endedAt === undefined ? {} : { endedAt: flow.endedAt }),
  };
}

/** A dataset's view: its writers' rows, expectations and durations summed, the first error of theirs. */
function datasetView(id: string, status: RunPhase, writers: readonly FlowState[]): NodeView {
  const sum = (pick: (f: FlowState) => number): number => writers.reduce((total, f) => total + pick(f), 0);
  const expectations = writers.flatMap((w) => w.expectations);
  const timed = writers.filter((w) => w.durationMs !== undefined);
  const starts = writers.flatMap((w) => (w.startedAt === undefined ? [] : [w.startedAt])).sort();
  const ends = writers.flatMap((w) => (w.endedAt === undefined ? [] : [w.endedAt])).sort();
  const error = writers.find((w) => w.error !== undefined)?.error?.message;
  return {
    id,
    status,
    rowsRead: sum((f) => f.rowsRead),
    rowsWritten: sum((f) => f.rowsWritten),
    expectations,
    checks: expectationTotals(expectations),
    ...(error === undefined ? {} : { error }),
    ...(timed.length === 0 ? {} : { durationMs: sum((f) => f.durationMs ?? 0) }),
    ...(starts[0] === undefined ? {} : { startedAt: starts[0] }),
    // Ended once every writer has (timestamps are RFC 3339 UTC, so they sort as text).
    ...(ends.length === writers.length && ends.length > 0 ? { endedAt: ends.at(-1) as string } : {}),
  };
}
