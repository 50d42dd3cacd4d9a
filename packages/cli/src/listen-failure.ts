import { UsageError } from './usage-error.js';

/**
 * Turns the viewer's failure to listen on `--port` into a usage error that
 * says how to fix it; any other error is returned as it is.
 */
export function listenFailure(error: unknown, port: number | undefined): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const asked = port === undefined ? 'a free port' : `port ${port}`;
  if (code === 'EADDRINUSE') return new UsageError(`cannot serve the viewer on 127.0.0.1: ${asked} is already in use; pick another with --port <n>, or leave --port out for a free one`, { hint: undefined });
  if (code === 'EACCES' || code === 'EPERM') return new UsageError(`cannot serve the viewer on 127.0.0.1: not allowed to listen on ${asked} (ports below 1024 need privileges); pick a port from 1024 to 65535 with --port <n>`, { hint: undefined });
  return error;
}
