import { describe, expect, it } from 'vitest';
import { CountsOnCompletion } from '../src/run/counts-on-completion.js';
import type { FlowCounts } from '../src/run/flow-counts.js';
import { FlowTracker } from '../src/run/flow-tracker.js';
import { readSdpMessage } from '../src/signals/sdp-signal.js';

/** A count per flow that resolves when the test says so. */
function controlledCounts() {
  const waiting = new Map<string, (counts: FlowCounts) => void>();
  const completed: string[] = [];
  const counting = new CountsOnCompletion(
    (flow) => new Promise<FlowCounts>((resolve) => waiting.set(flow, resolve)),
    (flow, counts) => completed.push(`${flow}:${counts.rowsWritten ?? '?'}`),
  );
  const finish = (flow: string, rows: number): void => waiting.get(flow)?.({ rowsWritten: rows, expectations: undefined });
  return { counting, completed, finish, waiting };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('counting each flow as Spark completes it', () => {
  it('counts start at once, side by side; completed events follow the order Spark completed the flows, whichever count is in first', async () => {
    const { counting, completed, finish, waiting } = controlledCounts();
    counting.start('upstream');
    counting.start('downstream');
    expect([...waiting.keys()]).toEqual(['upstream', 'downstream']);
    finish('downstream', 5);
    await tick();
    expect(completed).toEqual([]);
    finish('upstream', 7);
    await counting.settled();
    expect(completed).toEqual(['upstream:7', 'downstream:5']);
  });

  it('a flow is counted once however often Spark reports it; a count that fails completes the flow without counts', async () => {
    const completed: string[] = [];
    let asked = 0;
    const counting = new CountsOnCompletion(
      async () => {
        asked += 1;
        throw new Error('the server went away');
      },
      (flow, counts) => completed.push(`${flow}:${counts.rowsWritten ?? '?'}`),
    );
    counting.start('f');
    counting.start('f');
    await counting.settled();
    expect(asked).toBe(1);
    expect(completed).toEqual(['f:?']);
  });

  it('after stop (a cancelled run) no completed event follows, even for counts already in flight', async () => {
    const { counting, completed, finish } = controlledCounts();
    counting.start('f');
    counting.stop();
    counting.start('g');
    finish('f', 1);
    await counting.settled();
    expect(completed).toEqual([]);
  });
});

describe('when a pipeline flow counts as completed on Spark', () => {
  const context = { runId: 'r', signal: new AbortController().signal, emit: () => undefined };

  it('only once every SDP flow standing for it has completed (an update/complete flow is two: its arrivals and its result)', () => {
    const members = new Map([['__thund_arrivals_totals', ['totals']], ['totals', ['totals']], ['plain', ['plain']]]);
    const tracker = new FlowTracker(context, 'p', ['totals', 'plain'], 'spark_catalog', 'default', members);
    const completed: string[] = [];
    tracker.whenCompletedOnSpark((flow) => completed.push(flow));
    tracker.onSignal(readSdpMessage('Flow spark_catalog.default.__thund_arrivals_totals has COMPLETED.'));
    expect(completed).toEqual([]);
    tracker.onSignal(readSdpMessage('Flow spark_catalog.default.plain has COMPLETED.'));
    tracker.onSignal(readSdpMessage('Flow spark_catalog.default.plain has COMPLETED.'));
    tracker.onSignal(readSdpMessage('Flow spark_catalog.default.totals has COMPLETED.'));
    expect(completed).toEqual(['plain', 'totals']);
  });
});
