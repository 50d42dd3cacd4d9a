import { type Flow, ThundError, ThundErrorCode } from '@thund/ir';
import { AppendOperator } from './append-operator.js';
import { CdcOperator } from './cdc-operator.js';
import { streamingAggregate } from './stream-plan.js';
import type { StreamOperator } from './stream-operator.js';
import type { StreamOutput } from './stream-output.js';
import { WindowOperator } from './window-operator.js';
import { decomposeAggregation } from './partial-aggregates.js';
import { PartialWindowOperator } from './partial-window-operator.js';

/** The operator running a streaming or cdc flow. */
export function operatorForFlow(flow: Flow, output: StreamOutput): StreamOperator {
  if (flow.kind === 'cdc') {
    if (flow.cdc === undefined) throw new ThundError(ThundErrorCode.Validation, `cdc flow "${flow.name}" has no cdc spec`, { backend: 'native', element: { kind: 'flow', name: flow.name } });
    return new CdcOperator(flow, flow.cdc, output);
  }
  const aggregate = streamingAggregate(flow);
  if (aggregate === undefined) return new AppendOperator(flow, output);
  const parts = PartialWindowOperator.handles(flow.window) ? decomposeAggregation(aggregate) : undefined;
  return parts === undefined ? new WindowOperator(flow, aggregate, output) : new PartialWindowOperator(flow, aggregate, parts, output);
}
