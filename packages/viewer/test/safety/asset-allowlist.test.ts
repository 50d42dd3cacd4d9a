import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { from, pipeline, readFiles } from '@thund/ir';
import { type ViewerHandle, startViewer } from '../../src/index.js';

/** A raw GET, so the path reaches the server exactly as written (no client-side normalisation). */
function get(port: number, path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const p = pipeline('p').temporaryView('src', { query: readFiles('csv', 'a.csv') }).materializedView('mv', { query: from('src') }).build();

describe('viewer assets: only the page\'s own files and the vendored d3, nothing else from disk', () => {
  let viewer: ViewerHandle;
  let port = 0;
  beforeAll(async () => {
    viewer = await startViewer({ pipeline: p, events: [] });
    port = Number(new URL(viewer.url).port);
  });
  afterAll(async () => viewer.close());

  it('serves d3-zoom and its d3 dependencies as one script that defines d3.zoom', async () => {
    const reply = await get(port, '/vendor/d3-zoom.js');
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('text/javascript; charset=utf-8');
    const d3: Record<string, unknown> = {};
    // The UMD wrappers read and fill `globalThis.d3`; run them against a stand-in global.
    new Function('globalThis', 'self', reply.body)({ d3 }, { d3 });
    for (const name of ['zoom', 'select', 'transition', 'interpolateZoom', 'drag', 'dispatch', 'easeCubicInOut', 'timer', 'rgb']) expect(typeof d3[name], name).toBe('function');
  });

  for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/vendor/d3-dispatch.js', '/vendor/../src/index.ts', '/src/index.ts', '/assets/app.js', '/app.js.map', '/README.md']) {
    it(`${path} → 404`, async () => {
      const reply = await get(port, path);
      expect(reply.status).toBe(404);
      expect(reply.body).toBe('not found');
    });
  }

  it('serves each page module', async () => {
    for (const name of ['app.js', 'dom.js', 'event-list.js', 'format.js', 'graph-view.js', 'log-warning.js', 'node-card.js', 'panel.js', 'timeline.js', 'zoom.js']) {
      expect((await get(port, `/${name}`)).status, name).toBe(200);
    }
  });
});
