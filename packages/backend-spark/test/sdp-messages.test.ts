import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSdpMessage } from '../src/index.js';
import { FlowNames, unresolvedFlows } from '../src/index.js';

const dir = join(import.meta.dirname, 'fixtures', 'sdp-events');
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.start-run-error.json'));

// The message parser itself is tested in sdp-event.test.ts; here: the Spark naming around it.
describe('SDP messages and Spark flow names', () => {
  it.each(fixtures)('understands every message of fixture %s', (file) => {
    const events = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { timestamp: string; message: string }[];
    for (const event of events) {
      const parsed = parseSdpMessage(event.message);
      expect(parsed.kind, event.message).not.toBe('info');
      if (parsed.kind === 'flow') {
        // Every flow identifier maps back to a bare flow name.
        const bare = parsed.flow.split('.').at(-1) as string;
        expect(new FlowNames([bare], 'spark_catalog', 'default').resolve(parsed.flow)).toBe(bare);
      }
    }
  });

  it('reads the flows an UnresolvedPipelineException names', () => {
    const error = JSON.parse(readFileSync(join(dir, 'analysis-error.start-run-error.json'), 'utf8')) as { message: string };
    expect(unresolvedFlows(error.message)).toEqual({ failed: ['spark_catalog.default.bad_mv'], upstream: [] });
  });

  it('finds pipeline flows named in free text', () => {
    const names = new FlowNames(['cy_a', 'cy_b', 'other'], 'spark_catalog', 'default');
    const error = JSON.parse(readFileSync(join(dir, 'graph-cycle.start-run-error.json'), 'utf8')) as { message: string };
    expect(names.mentionedIn(error.message).sort()).toEqual(['cy_a', 'cy_b']);
    expect(names.resolve('`spark_catalog`.`default`.`OTHER`')).toBe('other');
  });
});
