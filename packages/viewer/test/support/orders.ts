import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNativeBackend } from '@thund/backend-native';
import { readJsonlEvents } from '@thund/events';
import { type Pipeline, type RunEvent, parsePipeline } from '@thund/ir';

const here = dirname(fileURLToPath(import.meta.url));
const examples = join(here, '..', '..', '..', '..', 'examples');

/** examples/<name>/pipeline.json, as the CLI loads it. */
export function examplePipeline(name: string): Pipeline {
  return parsePipeline(readFileSync(join(examples, name, 'pipeline.json'), 'utf8'));
}

/** examples/orders/pipeline.json, as the CLI loads it. */
export function ordersPipeline(): Pipeline {
  return examplePipeline('orders');
}

/** A recorded event log of the viewer's fixtures. */
export async function recordedEvents(name: string): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of readJsonlEvents(join(here, '..', 'fixtures', name))) events.push(event);
  return events;
}

/** Passes a run's events on, keeping a copy of each for the test to compare the page with. */
export async function* recording(source: AsyncIterable<RunEvent>, into: RunEvent[]): AsyncGenerator<RunEvent> {
  for await (const event of source) {
    into.push(event);
    yield event;
  }
}

/** A native run of examples/orders in a copy of its folder (its output is written there, not into the repo). */
export function nativeOrdersRun(pipeline: Pipeline) {
  return nativeExampleRun('orders', pipeline);
}

/** A native run of an example in a copy of its folder (its output is written there, not into the repo). */
export function nativeExampleRun(name: string, pipeline: Pipeline) {
  const dir = mkdtempSync(join(tmpdir(), 'thund-viewer-'));
  cpSync(join(examples, name), dir, { recursive: true, filter: (src) => !src.includes('/out') && !src.includes('/.thund') });
  const backend = createNativeBackend({ baseDir: dir });
  const lowered = backend.plan(pipeline).map((p) => ({ flow: p.flow, language: 'duckdb sql', text: p.sql }));
  return { backend, lowered, events: backend.run(pipeline) };
}
