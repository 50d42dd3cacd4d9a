import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { finished, spawnThund } from '../support/spawn-thund.js';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples');

/** examples/clickstream with processing-time triggers: a continuous stream that only a cancel ends. */
function continuousClickstream(): string {
  const dir = mkdtempSync(join(tmpdir(), 'thund-signals-'));
  cpSync(join(examples, 'clickstream'), dir, { recursive: true, filter: (src) => !src.includes('/out') });
  const doc = JSON.parse(readFileSync(join(dir, 'pipeline.json'), 'utf8')) as { flows: { trigger?: unknown }[] };
  for (const flow of doc.flows) flow.trigger = { kind: 'processing_time', interval: '200ms' };
  writeFileSync(join(dir, 'pipeline.json'), JSON.stringify(doc));
  return dir;
}

/** Resolves once the child's stdout matches `pattern` (and returns what it printed so far). */
function printed(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  let text = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(pattern)} on stdout within ${timeoutMs} ms: ${text}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (pattern.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
  });
}

interface LoggedEvent {
  readonly element: { readonly kind: string; readonly name: string };
  readonly phase?: string;
}

function readLog(path: string): LoggedEvent[] {
  return readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as LoggedEvent);
}

describe('SIGINT and SIGTERM cancel a run cleanly (real thund processes, continuous streams)', () => {
  for (const [signal, exitCode] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`run: ${signal} cancels the run, the log ends with the cancelled phase, exit ${exitCode}`, async () => {
      const dir = continuousClickstream();
      const child = spawnThund(['run', 'pipeline.json', '--events', 'run.jsonl'], { cwd: dir });
      const done = finished(child);
      await printed(child, /flow ingest_page_events running/);
      child.kill(signal);
      const result = await done;
      expect(result.signal, 'exited by itself, not killed by the signal').toBeNull();
      expect(result.code, result.stderr).toBe(exitCode);
      expect(result.stdout).toMatch(/flow ingest_page_events cancelled/);
      expect(result.stdout).toMatch(/run \S+ cancelled in/);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      const log = readLog(join(dir, 'run.jsonl'));
      const last = log.at(-1);
      expect(last?.element.kind).toBe('pipeline');
      expect(last?.phase).toBe('cancelled');
      expect(log.some((e) => e.element.kind === 'flow' && e.element.name === 'ingest_page_events' && e.phase === 'cancelled')).toBe(true);
    }, 120_000);
  }

  it('view --live: SIGINT cancels the run it shows, waits until the run reports cancelled, exit 130', async () => {
    const dir = continuousClickstream();
    const child = spawnThund(['view', 'pipeline.json', '--live'], { cwd: dir });
    const done = finished(child);
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(await printed(child, /viewer for pipeline "clickstream" at http:\/\/127\.0\.0\.1:\d+\//))?.[1] as string;
    // The page's event stream shows the flow running before the signal is sent.
    const abort = new AbortController();
    const stream = await fetch(`${url}api/stream`, { signal: abort.signal });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('"status":"running"')) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      seen += new TextDecoder().decode(value);
    }
    expect(seen).toContain('"status":"running"');
    abort.abort();
    child.kill('SIGINT');
    const result = await done;
    expect(result.signal).toBeNull();
    expect(result.code, result.stderr).toBe(130);
    expect(result.stdout).toMatch(/run \S+ cancelled in/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(dir, 'data'))).toBe(true);
  }, 120_000);
});
