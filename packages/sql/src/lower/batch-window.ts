import { BinaryNode, CallNode, type Expression, LiteralNode, type WindowSpec, durationToMs } from '@thund/ir';

/** The grouping columns a batch `window(ts, size)` stands for. */
export const BATCH_WINDOW_START = '__window_start';
/** See {@link BATCH_WINDOW_START}. */
export const BATCH_WINDOW_END = '__window_end';

/**
 * A tumbling `window(ts, '1 minute')` in a batch query: every row is read
 * at once, so each window is final and the window is two grouping keys,
 * its start and its end. The start is Spark's: the time floored to a
 * multiple of the size since 1970 (pmod floors before 1970 too).
 * `undefined` for hopping and session windows, which a row can belong
 * to several of (or which depend on the other rows).
 */
export function batchWindowKeys(spec: WindowSpec, time: Expression): { start: Expression; end: Expression } | undefined {
  const sizeMs = spec.kind === 'tumbling' ? durationToMs(spec.size) : undefined;
  if (sizeMs === undefined) return undefined;
  const sizeUs = LiteralNode.create(sizeMs * 1000, 'int64');
  const micros = CallNode.create('unix_micros', [time]);
  const startUs = BinaryNode.create('sub', micros, CallNode.create('pmod', [micros, sizeUs]));
  return {
    start: CallNode.create('timestamp_micros', [startUs]),
    end: CallNode.create('timestamp_micros', [BinaryNode.create('add', startUs, sizeUs)]),
  };
}
