import { type FlowState, type RunState, RunStateFolder, toViewerEvent, type ViewerEvent } from '@thund/events';
import { type InferredSchema, type Pipeline, type RunEvent, type RunPhase, dataTypeLabel, datasetSchemas, flowOutputSchema, schemaResolver } from '@thund/ir';
import { datasetId, flowId } from './pipeline-graph.js';

/** What the page shows for one node. */
export interface NodeView {
  readonly id: string;
  readonly status: RunPhase;
  readonly rowsRead: number;
  readonly rowsWritten: number;
  readonly expectations: FlowState['expectations'];
  readonly error?: string;
  readonly durationMs?: number;
}

/** A column of a node's inferred schema, its type as a label (`decimal(20,2)`, `?` when only a run tells). */
export interface SchemaColumn {
  readonly name: string;
  readonly type: string;
}

/** A flow's status decides its node; a dataset takes the least finished status of the flows writing it. */
const DATASET_PRECEDENCE: readonly RunPhase[] = ['failed', 'running', 'planning', 'cancelled', 'queued', 'completed'];

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

  constructor(pipeline: Pipeline) {
    this.#pipeline = pipeline;
    this.#folder = new RunStateFolder(pipeline.flows.map((f) => f.name));
    this.#targetOf = new Map(pipeline.flows.map((f) => [f.name, f.target]));
  }

  get runState(): RunState {
    return this.#folder.state;
  }

  get events(): readonly ViewerEvent[] {
    return this.#events;
  }

  /** Applies an event; returns the ids of the nodes whose view changed. */
  apply(event: RunEvent): string[] {
    this.#folder.apply(event);
    const target = event.element.kind === 'flow' ? this.#targetOf.get(event.element.name) : undefined;
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

  eventsOf(id: string): readonly ViewerEvent[] {
    return [...(this.#byNode.get(id) ?? [])];
  }

  node(id: string): NodeView {
    if (id.startsWith('flow:')) return flowView(id, this.#folder.state.flows.get(id.slice(5)));
    const name = id.slice(8);
    const writers = this.#pipeline.flows.filter((f) => f.target === name).map((f) => this.#folder.state.flows.get(f.name)).filter((f) => f !== undefined);
    const status = DATASET_PRECEDENCE.find((phase) => writers.some((w) => w.phase === phase)) ?? 'queued';
    const sum = (pick: (f: FlowState) => number): number => writers.reduce((total, f) => total + pick(f), 0);
    return { id, status, rowsRead: sum((f) => f.rowsRead), rowsWritten: sum((f) => f.rowsWritten), expectations: writers.flatMap((w) => w.expectations) };
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

  nodes(): NodeView[] {
    return [
      ...this.#pipeline.datasets.map((d) => this.node(datasetId(d.name))),
      ...this.#pipeline.flows.map((f) => this.node(flowId(f.name))),
    ];
  }
}

function flowView(id: string, flow: FlowState | undefined): NodeView {
  if (flow === undefined) return { id, status: 'queued', rowsRead: 0, rowsWritten: 0, expectations: [] };
  return {
    id,
    status: flow.phase,
    rowsRead: flow.rowsRead,
    rowsWritten: flow.rowsWritten,
    expectations: flow.expectations,
    ...(flow.error === undefined ? {} : { error: flow.error.message }),
    ...(flow.durationMs === undefined ? {} : { durationMs: flow.durationMs }),
  };
}
