import { describe, expect, it } from 'vitest';
import { type Flow, type FlowOutcome, type Pipeline, type RunEvent, from, pipeline, readFiles, selectRun } from '@thund/ir';
import { scheduleFlows } from '../src/run/flow-scheduler.js';

/** A run context that records events. */
function context(): { emit: (e: Omit<RunEvent, 'timestamp' | 'runId' | 'level'>) => void; signal: AbortSignal; runId: string; events: Omit<RunEvent, 'timestamp' | 'runId' | 'level'>[] } {
  const events: Omit<RunEvent, 'timestamp' | 'runId' | 'level'>[] = [];
  return { runId: 'r', signal: new AbortController().signal, emit: (e) => events.push(e), events };
}

/** m0 from a file, then m1..m(n-1) each reading the one before. */
function chain(n: number): Pipeline {
  let p = pipeline('chain').materializedView('m0', { query: readFiles('csv', 'one.csv') });
  for (let i = 1; i < n; i += 1) p = p.materializedView(`m${i}`, { query: from(`m${i - 1}`) });
  return p.build();
}

const completed = (flow: Flow): FlowOutcome => ({ name: flow.name, phase: 'completed', rowsWritten: 1 });

describe('scheduleFlows', () => {
  it('starts a flow only after the flows writing what it reads ended, at most maxConcurrency at a time', async () => {
    const p = pipeline('diamond')
      .materializedView('a', { query: readFiles('csv', 'a.csv') })
      .materializedView('b', { query: readFiles('csv', 'b.csv') })
      .materializedView('c', { query: readFiles('csv', 'c.csv') })
      .materializedView('d', { query: from('a').join(from('b'), { using: ['id'] }) })
      .materializedView('e', { query: from('d').union(from('c')) })
      .build();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const outcomes = await scheduleFlows(p, selectRun(p, {}), context(), 2, async (flow) => {
      running += 1;
      most = Math.max(most, running);
      order.push(`start ${flow.name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`end ${flow.name}`);
      running -= 1;
      return completed(flow);
    });
    expect(outcomes.map((o) => o.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
    const at = (s: string): number => order.indexOf(s);
    expect(at('start d')).toBeGreaterThan(Math.max(at('end a'), at('end b')));
    expect(at('start e')).toBeGreaterThan(Math.max(at('end d'), at('end c')));
  });

  it('a failure cancels every flow downstream, naming the root, along a chain of 20,000 flows', async () => {
    const p = chain(20_000);
    const ctx = context();
    const outcomes = await scheduleFlows(p, selectRun(p, {}), ctx, 2, async (flow) => ({ name: flow.name, phase: 'failed', error: { code: 'THUND_ENGINE', message: 'boom' } }));
    expect(outcomes).toHaveLength(20_000);
    expect(outcomes[0]?.phase).toBe('failed');
    expect(outcomes.slice(1).every((o) => o.phase === 'cancelled' && o.error?.code === 'THUND_UPSTREAM_FAILED' && o.error.message.endsWith('upstream flow m0 failed'))).toBe(true);
    expect(ctx.events.filter((e) => e.phase === 'cancelled')).toHaveLength(19_999);
  });

  it('a cancelled upstream cancels its readers as cancelled, not failed; a cancelled run runs nothing more', async () => {
    const p = chain(3);
    const controller = new AbortController();
    const ctx = { ...context(), signal: controller.signal };
    const outcomes = await scheduleFlows(p, selectRun(p, {}), ctx, 1, async (flow) => {
      controller.abort();
      return { name: flow.name, phase: 'cancelled' };
    });
    expect(outcomes.map((o) => [o.name, o.phase, o.error?.code])).toEqual([['m0', 'cancelled', undefined], ['m1', 'cancelled', 'THUND_CANCELLED'], ['m2', 'cancelled', 'THUND_CANCELLED']]);
  });

  it('flows left out by the selection are excluded and do not hold their readers back', async () => {
    const p = chain(3);
    const ran: string[] = [];
    const outcomes = await scheduleFlows(p, selectRun(p, { refresh: ['m2'] }), context(), 2, async (flow) => {
      ran.push(flow.name);
      return completed(flow);
    });
    expect(ran).toEqual(['m2']);
    expect(outcomes.map((o) => o.phase)).toEqual(['excluded', 'excluded', 'completed']);
  });

  it('rejects when a flow runner throws (a bug, not a flow failure)', async () => {
    const p = chain(2);
    await expect(scheduleFlows(p, selectRun(p, {}), context(), 2, async () => {
      throw new Error('runner bug');
    })).rejects.toThrow('runner bug');
  });

  it('an empty pipeline schedules nothing', async () => {
    const p = pipeline('empty').build();
    expect(await scheduleFlows(p, selectRun(p, {}), context(), 2, async (flow) => completed(flow))).toEqual([]);
  });
});
