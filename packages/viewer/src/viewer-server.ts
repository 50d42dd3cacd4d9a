import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { Pipeline, RunEvent } from '@thund/ir';
import { pageAssets } from './assets.js';
import { allowedHosts, isAllowedHost } from './host-check.js';
import { type GraphLayout, layoutGraph } from './layout.js';
import { NODE_GEOMETRY } from './node-geometry.js';
import { pipelineGraph } from './pipeline-graph.js';
import { runSummary } from './run-summary.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { ViewerModel } from './viewer-model.js';

/** One flow's lowered SQL / plan, shown in the side panel. */
export interface LoweredText {
  /** Name of the flow. */
  readonly flow: string;
  /** What `text` is written in, e.g. `duckdb sql`; the panel shows it above the text. */
  readonly language: string;
  /** The lowered form itself: SQL text, or the engine plan as JSON. */
  readonly text: string;
}

/** What {@link startViewer} shows and where it listens. */
export interface ViewerOptions {
  /** The pipeline whose graph the page draws and whose flows the events concern. */
  readonly pipeline: Pipeline;
  /** The run's events: a live RunHandle, or a replayed log. */
  readonly events: AsyncIterable<RunEvent> | Iterable<RunEvent>;
  /** The backend's name, shown in the page's header; none shown when absent. */
  readonly backend?: string;
  /** Each flow's lowered SQL / plan (a backend's `explain`), shown in its side panel; default none. */
  readonly lowered?: readonly LoweredText[];
  /** Always a loopback address; default 127.0.0.1. */
  readonly host?: '127.0.0.1' | 'localhost' | '::1';
  /** Default 0: a random free port. */
  readonly port?: number;
}

/** A running viewer, as {@link startViewer} returns it. */
export interface ViewerHandle {
  /** The page's address, such as `http://127.0.0.1:41234/` (an IPv6 host in brackets). */
  readonly url: string;
  /** The state the server serves, updated as each event arrives. */
  readonly model: ViewerModel;
  /** Settles when the event source is exhausted (the run ended or the log was replayed). */
  readonly done: Promise<void>;
  /**
   * Ends the pages' event streams, drops idle connections and stops the
   * server. It does not stop reading the events: `done` still settles on its own.
   */
  close(): Promise<void>;
}

/**
 * Serves the viewer page and streams node updates to it with server-sent
 * events. The page gets a snapshot on connect, then every changed node as
 * soon as its event arrives, so nothing is dropped and late pages catch up.
 *
 * Only requests whose Host header is the viewer's own loopback address
 * (`127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`) are answered,
 * others get 403 (DNS rebinding); every response carries a strict
 * Content-Security-Policy, `nosniff` and `no-referrer`.
 */
export async function startViewer(options: ViewerOptions): Promise<ViewerHandle> {
  const model = new ViewerModel(options.pipeline);
  const graph = pipelineGraph(options.pipeline);
  const layout: GraphLayout = await layoutGraph(graph);
  const assets = await pageAssets();
  const clients = new Set<ServerResponse>();
  let finished = false;

  const send = (response: ServerResponse, type: string, data: unknown): void => {
    response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const broadcast = (type: string, data: unknown): void => {
    for (const client of clients) send(client, type, data);
  };

  const routes: Readonly<Record<string, (request: IncomingMessage, response: ServerResponse) => Promise<void> | void>> = {
    '/api/graph': (_req, res) =>
      json(res, {
        pipeline: options.pipeline.name,
        backend: options.backend ?? null,
        nodes: graph.nodes,
        edges: graph.edges,
        layout,
        geometry: NODE_GEOMETRY,
      }),
    '/api/stream': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      send(res, 'snapshot', { nodes: model.nodes(), run: runSummary(model.runState), events: model.events, finished, mismatch: model.logMismatch() });
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
  };

  let allowed: ReadonlySet<string> = new Set();
  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    if (!isAllowedHost(request.headers, allowed)) {
      return plain(response, 403, `forbidden: this viewer answers only requests for ${[...allowed].join(', ')}; open it at one of those addresses\n`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'method not allowed: the viewer is read-only\n');
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://viewer');
      try {
        const route = routes[url.pathname];
        if (route !== undefined) return await route(request, response);
        if (url.pathname === '/api/node') return nodeDetails(response, model, url.searchParams.get('id') ?? '', options.lowered ?? []);
        const asset = assets.get(url.pathname);
        if (asset === undefined) return notFound(response);
        const body = await asset.read();
        response.writeHead(200, { 'content-type': asset.type });
        response.end(body);
      } catch (error) {
        if (response.headersSent) return void response.end();
        plain(response, 500, `${String(error)}\n`);
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  allowed = allowedHosts(port);
  const host = options.host === '::1' ? '[::1]' : (options.host ?? '127.0.0.1');

  const done = (async () => {
    for await (const event of options.events) {
      const ids = model.apply(event);
      // Every event goes to the page's event list and timeline; the nodes it changed come with it.
      broadcast('update', { nodes: ids.map((id) => model.node(id)), event: model.events.at(-1), run: runSummary(model.runState), at: event.timestamp, mismatch: model.logMismatch() });
    }
    finished = true;
    broadcast('run', runSummary(model.runState));
  })();
  // A caller that never awaits `done` must not crash the process when the events fail.
  done.catch(() => undefined);

  return {
    url: `http://${host}:${port}/`,
    model,
    done,
    async close() {
      for (const client of clients) client.end();
      clients.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections of open pages would otherwise hold the server open.
      server.closeAllConnections();
      await closed;
    },
  };
}

function nodeDetails(response: ServerResponse, model: ViewerModel, id: string, lowered: readonly LoweredText[]): void {
  if (!id.startsWith('flow:') && !id.startsWith('dataset:')) {
    notFound(response);
    return;
  }
  const flows = model.flowsOf(id);
  const plans = flows.flatMap((flow) => lowered.filter((l) => l.flow === flow));
  json(response, { view: model.node(id), events: model.eventsOf(id), lowered: plans, schema: model.schema(id) ?? null });
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function notFound(response: ServerResponse): void {
  plain(response, 404, 'not found');
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}
