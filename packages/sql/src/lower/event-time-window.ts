import type { Expression, WindowSpec } from '@thund/ir';
import type { SourcePosition } from '../lex/token.js';
import { intervalTextMs, msToDuration } from '../parse/interval.js';
import type { Positions } from './positions.js';

/** Whether a GROUP BY key is Spark's `window(…)` or `session_window(…)`. */
export function isEventTimeWindowCall(key: Expression): key is Extract<Expression, { kind: 'call' }> {
  return key.kind === 'call' && (key.name === 'window' || key.name === 'session_window');
}

/**
 * The event-time window of a GROUP BY, from Spark's `window(ts, '10
 * minutes' [, '5 minutes'])` (tumbling, or hopping with a slide) or
 * `session_window(ts, '5 minutes')`; `undefined` without one.
 */
export function eventTimeWindow(groupBy: readonly Expression[], positions: Positions): { spec: WindowSpec; position: SourcePosition } | undefined {
  const calls = groupBy.filter(isEventTimeWindowCall);
  if (calls.length === 0) return undefined;
  if (calls.length > 1) throw positions.error(calls[1] as Expression, 'one event-time window per GROUP BY');
  const call = calls[0] as Extract<Expression, { kind: 'call' }>;
  const [time, ...sizes] = call.args;
  if (time?.kind !== 'column') throw positions.error(call, `${call.name} takes the event-time column first: ${call.name}(event_time, '10 minutes')`);
  const durations = sizes.map((size) => {
    const ms = size.kind === 'literal' && typeof size.value === 'string' ? intervalTextMs(size.value) : undefined;
    if (ms === undefined || ms <= 0) throw positions.error(size, `${call.name} sizes are strings such as '10 minutes' or '30 seconds'`);
    return msToDuration(ms);
  });
  const position = positions.of(call);
  if (call.name === 'session_window') {
    if (durations.length !== 1) throw positions.error(call, "session_window(event_time, '5 minutes') takes one gap");
    return { spec: { kind: 'session', gap: durations[0] as string, column: time.name }, position };
  }
  if (durations.length === 1) return { spec: { kind: 'tumbling', size: durations[0] as string, column: time.name }, position };
  if (durations.length === 2) return { spec: { kind: 'hopping', size: durations[0] as string, slide: durations[1] as string, column: time.name }, position };
  throw positions.error(call, "window(event_time, '10 minutes' [, '5 minutes']) takes a size and an optional slide");
}
