import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { from, pipeline, readFiles } from '@thund/ir';
import { type ViewerHandle, startViewer } from '../../src/index.js';
import { flowEvent } from '../support/event-feed.js';

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A raw HTTP request to the viewer with any Host header (fetch does not let a page or test choose it). */
function get(port: number, path: string, host: string | undefined, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, setHost: false, headers: host === undefined ? {} : { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const p = pipeline('p').temporaryView('src', { query: readFiles('csv', 'a.csv') }).materializedView('mv', { query: from('src') }).build();

/**
 * DNS rebinding: a page on evil.example whose name is re-pointed at
 * 127.0.0.1 reaches the viewer's port with `Host: evil.example:<port>`.
 * Only the viewer's own loopback names are answered.
 */
describe('viewer trust boundary: Host header check and security headers', () => {
  let viewer: ViewerHandle;
  let port = 0;
  beforeAll(async () => {
    viewer = await startViewer({ pipeline: p, events: [flowEvent('r', 'mv', 'completed', { rowsWritten: 1 })], backend: 'test' });
    port = Number(new URL(viewer.url).port);
    await viewer.done;
  });
  afterAll(async () => viewer.close());

  for (const host of ['evil.test', 'evil.test:PORT', '127.0.0.1', '127.0.0.1:1', 'localhost.evil.test:PORT', '0.0.0.0:PORT', '[::ffff:127.0.0.1]:PORT', '']) {
    it(`Host "${host}" → 403 on every path`, async () => {
      const header = host.replace('PORT', String(port));
      for (const path of ['/', '/app.js', '/api/graph', '/api/stream', '/api/node?id=flow:mv', '/nope']) {
        const reply = await get(port, path, header);
        expect(reply.status, `${path} with Host ${header}`).toBe(403);
        expect(reply.body).not.toContain('"pipeline"');
        expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      }
    });
  }

  it('a request without a Host header is refused (Node answers 400 before the viewer would say 403)', async () => {
    const reply = await get(port, '/api/graph', undefined);
    expect([400, 403]).toContain(reply.status);
    expect(reply.body).not.toContain('"pipeline"');
  });

  for (const host of ['127.0.0.1:PORT', 'localhost:PORT', 'LOCALHOST:PORT', '[::1]:PORT']) {
    it(`Host "${host}" is answered, with CSP, nosniff and no-referrer`, async () => {
      const header = host.replace('PORT', String(port));
      const page = await get(port, '/', header);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<script type="module" src="/app.js"></script>');
      const graph = await get(port, '/api/graph', header);
      expect(graph.status).toBe(200);
      expect(JSON.parse(graph.body)).toMatchObject({ pipeline: 'p' });
      for (const reply of [page, graph, await get(port, '/nope', header)]) {
        const csp = String(reply.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).not.toContain('unsafe-eval');
        expect(csp).toContain("frame-ancestors 'none'");
        expect(reply.headers['x-content-type-options']).toBe('nosniff');
        expect(reply.headers['referrer-policy']).toBe('no-referrer');
      }
    });
  }

  it('the page has no inline script or style for the CSP to block', async () => {
    const page = await get(port, '/', `127.0.0.1:${port}`);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\sstyle=|<style/);
    expect(page.body).not.toMatch(/\son[a-z]+=/);
  });

  it('is read-only: other methods → 405', async () => {
    expect((await get(port, '/api/graph', `127.0.0.1:${port}`, 'POST')).status).toBe(405);
  });
});
