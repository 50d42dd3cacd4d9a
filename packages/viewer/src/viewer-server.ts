import { readFile } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pipeline, RunEvent } from '@thund/ir';
import { allowedHosts, isAllowedHost } from './host-check.js';
import { type GraphLayout, layoutGraph } from './layout.js';
import { pipelineGraph } from './pipeline-graph.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { ViewerModel } from './viewer-model.js';

/** One flow's lowered SQL / plan, shown in the side panel. */
export interface LoweredText {
  readonly flow: string;
  readonly language: string;
  readonly text: string;
}

export interface ViewerOptions {
  readonly pipeline: Pipeline;
  /** The run's events: a live RunHandle, or a replayed log. */
  readonly events: AsyncIterable<RunEvent> | Iterable<RunEvent>;
  readonly backend?: string;
  readonly lowered?: readonly LoweredText[];
  /** Always a loopback address; default 127.0.0.1. */
  readonly host?: '127.0.0.1' | 'localhost' | '::1';
  /** Default 0: a random free port. */
  readonly port?: number;
}

export interface ViewerHandle {
  readonly url: string;
  readonly model: ViewerModel;
  /** Settles when the event source is exhausted (the run ended or the log was replayed). */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};

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
      }),
    '/api/stream': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      send(res, 'snapshot', { nodes: model.nodes(), run: runSummary(model), finished });
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
        const asset = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
        const type = CONTENT_TYPES[asset];
        if (type === undefined) return notFound(response);
        response.writeHead(200, { 'content-type': type });
        response.end(await readFile(join(ASSETS, asset)));
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
      if (ids.length > 0) broadcast('update', { nodes: ids.map((id) => model.node(id)), at: event.timestamp });
      if (event.element.kind === 'pipeline') broadcast('run', runSummary(model));
    }
    finished = true;
    broadcast('run', runSummary(model));
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

function runSummary(model: ViewerModel) {
  const state = model.runState;
  return { runId: state.runId ?? null, phase: state.phase, events: state.events, errors: state.errors };
}

function nodeDetails(response: ServerResponse, model: ViewerModel, id: string, lowered: readonly LoweredText[]): void {
  if (!id.startsWith('flow:') && !id.startsWith('dataset:')) {
    notFound(response);
    return;
  }
  const name = id.slice(id.indexOf(':') + 1);
  json(response, { view: model.node(id), events: model.eventsOf(id), lowered: lowered.filter((l) => l.flow === name), schema: model.schema(id) ?? null });
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
