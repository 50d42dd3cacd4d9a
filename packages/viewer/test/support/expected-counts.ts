import type { Pipeline, RunEvent } from '@thund/ir';

export interface Expected {
  readonly rowsWritten: number;
  readonly passed: number;
  readonly failed: number;
  readonly hasExpectations: boolean;
}

/**
 * What each dataset's card should show, counted straight from the events
 * (not through the viewer's fold): the rows and expectation counts of the
 * terminal event of each flow writing it, summed.
 */
export function expectedPerDataset(pipeline: Pipeline, events: readonly RunEvent[]): Map<string, Expected> {
  const expected = new Map<string, Expected>();
  for (const dataset of pipeline.datasets) {
    let rowsWritten = 0;
    let passed = 0;
    let failed = 0;
    let hasExpectations = false;
    for (const flow of pipeline.flows.filter((f) => f.target === dataset.name)) {
      const last = events.filter((e) => e.element.kind === 'flow' && e.element.name === flow.name && e.details !== undefined).at(-1);
      rowsWritten += last?.details?.rowsWritten ?? 0;
      for (const e of last?.details?.expectations ?? []) {
        hasExpectations = true;
        passed += e.passed;
        failed += e.failed;
      }
    }
    expected.set(dataset.name, { rowsWritten, passed, failed, hasExpectations });
  }
  return expected;
}
