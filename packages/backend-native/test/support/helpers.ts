import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as arrow from 'apache-arrow';
import type { Pipeline, RunEvent, RunHandle, RunResult } from '@thund/ir';
import { afterEach } from 'vitest';
import { type NativeBackend, type NativeBackendConfig, createNativeBackend } from '../../src/index.js';

/** A fresh temp directory per call, removed after the test. */
export function useTempDirs(): () => Promise<string> {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'thund-native-'));
    dirs.push(dir);
    return dir;
  };
}

/** Backends created by the test, closed after it. */
export function useBackends(): (config?: NativeBackendConfig) => NativeBackend {
  const backends: NativeBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });
  return (config) => {
    const backend = createNativeBackend(config);
    backends.push(backend);
    return backend;
  };
}

export async function writeText(path: string, text: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
  return path;
}

export async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

export interface Finished {
  readonly result: RunResult;
  readonly events: RunEvent[];
}

export async function finish(handle: RunHandle): Promise<Finished> {
  const result = await handle.result;
  return { result, events: await collect(handle) };
}

export async function runToEnd(backend: NativeBackend, pipeline: Pipeline): Promise<Finished> {
  return finish(backend.run(pipeline));
}

/** Plain rows of an Arrow table, with bigints as numbers and dates as ISO strings, for exact comparisons. */
export function rowsOf(table: arrow.Table): Record<string, unknown>[] {
  return table.toArray().map((row: { toJSON(): Record<string, unknown> }) => plain(row.toJSON()));
}

function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalize(v)]));
}

function normalize(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return value;
}

/** Phases of one element's lifecycle events, in order. */
export function phasesOf(events: readonly RunEvent[], name: string, kind: 'flow' | 'pipeline' = 'flow'): string[] {
  return events.filter((e) => e.element.kind === kind && e.element.name === name && e.phase !== undefined).map((e) => e.phase as string);
}

export function terminalEvent(events: readonly RunEvent[], name: string, kind: 'flow' | 'pipeline' = 'flow'): RunEvent | undefined {
  return events.filter((e) => e.element.kind === kind && e.element.name === name && ['completed', 'failed', 'cancelled'].includes(e.phase ?? '')).at(-1);
}
