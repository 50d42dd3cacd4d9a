import { ThundError, ThundErrorCode } from '@thund/ir';

/** A parsed Spark Connect connection string (`sc://host:port/;param=value;…`). */
export interface SparkRemote {
  /** Host name or address; an IPv6 address keeps its brackets (`[::1]`). */
  readonly host: string;
  /** Port, 1 to 65535; default {@link DEFAULT_SPARK_PORT}. */
  readonly port: number;
  /** Bearer token sent as `authorization` metadata; implies TLS. */
  readonly token?: string;
  /** Whether to connect with TLS: `use_ssl=true`, or a token. */
  readonly useSsl: boolean;
  /** `user_id`: the user the session runs as (the session uses `thund` when absent). */
  readonly userId?: string;
  /** `user_agent`: sent as the gRPC user agent. */
  readonly userAgent?: string;
  /** `session_id`: the id of the server-side session to use (a random UUID when absent). */
  readonly sessionId?: string;
  /** Every other parameter, sent as gRPC metadata as Spark's clients do. */
  readonly metadata: Readonly<Record<string, string>>;
  /** `host:port`, as gRPC dials it. */
  readonly address: string;
  /** The connection string without secrets, for messages. */
  readonly display: string;
}

/** Spark Connect's default port. */
export const DEFAULT_SPARK_PORT = 15002;

const KNOWN = new Set(['token', 'use_ssl', 'user_id', 'user_agent', 'session_id']);

function invalid(remote: string, why: string): ThundError {
  return new ThundError(ThundErrorCode.Validation, `invalid Spark Connect connection string "${redact(remote)}": ${why} (expected sc://host[:port][/;param=value;…])`, { backend: 'spark' });
}

/** Percent-decodes a parameter key or value; a malformed escape is a typed error, not a URIError. */
function decodeParameter(remote: string, text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid(remote, 'a parameter has a malformed percent escape (write "%" as "%25")');
  }
}

function redact(remote: string): string {
  return remote.replace(/(;token=)[^;]*/i, '$1***');
}

/**
 * Parses a connection string as Spark defines it: scheme `sc`, a host, an
 * optional port (default 15002), an optional path that must be `/`, then
 * `;`-separated `key=value` parameters (`token`, `use_ssl`, `user_id`,
 * `user_agent`, `session_id`; any other key is passed as gRPC metadata).
 * A token implies TLS.
 */
export function parseConnectionString(remote: string): SparkRemote {
  if (/[\u0000-\u001f\u007f]/.test(remote.trim())) throw invalid(remote, 'it contains control characters');
  const match = /^sc:\/\/(\[[^\]]*\]|[^:/;[\]]+)(?::([^/;]*))?(\/?)(.*)$/.exec(remote.trim());
  if (match === null) throw invalid(remote, 'it must start with sc:// followed by a host');
  const host = match[1] as string;
  if (host === '[]') throw invalid(remote, 'the IPv6 address between "[" and "]" is empty');
  if (match[2] !== undefined && !/^\d+$/.test(match[2])) throw invalid(remote, match[2] === '' ? 'the port after ":" is missing' : `port "${match[2]}" is not a number`);
  const port = match[2] === undefined ? DEFAULT_SPARK_PORT : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw invalid(remote, `port ${match[2]} is out of range (1 to 65535)`);
  const rest = match[4] ?? '';
  if (rest !== '' && !rest.startsWith(';')) throw invalid(remote, 'the path must be empty or "/"; parameters start with ";"');
  if (match[3] === '' && rest !== '') throw invalid(remote, 'parameters must follow "/", as in sc://host:port/;token=…');
  const params: Record<string, string> = {};
  for (const part of rest.split(';').filter((p) => p !== '')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw invalid(remote, `parameter "${part}" is not key=value`);
    params[decodeParameter(remote, part.slice(0, eq))] = decodeParameter(remote, part.slice(eq + 1));
  }
  const sslParam = params['use_ssl'];
  if (sslParam !== undefined && !/^(true|false)$/i.test(sslParam)) throw invalid(remote, `use_ssl must be true or false, got "${sslParam}"`);
  const token = params['token'];
  const metadata = Object.fromEntries(Object.entries(params).filter(([key]) => !KNOWN.has(key)));
  const address = `${host}:${port}`;
  return Object.freeze({
    host,
    port,
    ...(token === undefined ? {} : { token }),
    useSsl: token !== undefined || sslParam?.toLowerCase() === 'true',
    ...(params['user_id'] === undefined ? {} : { userId: params['user_id'] }),
    ...(params['user_agent'] === undefined ? {} : { userAgent: params['user_agent'] }),
    ...(params['session_id'] === undefined ? {} : { sessionId: params['session_id'] }),
    metadata: Object.freeze(metadata),
    address,
    display: `sc://${address}`,
  });
}
