import type { IncomingHttpHeaders } from 'node:http';

/**
 * The Host header values the viewer answers: its own loopback address and
 * port, under the names a local browser uses for it. Anything else is a page
 * that reached the port under a name of its own — DNS rebinding — and gets
 * 403, so another site cannot read the pipeline through the user's browser.
 */
export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/** Whether a request's Host header names the viewer itself (case-insensitive, as host names are). */
export function isAllowedHost(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>): boolean {
  const host = headers.host;
  return host !== undefined && allowed.has(host.toLowerCase());
}
