import type { RunPhase } from '@thund/ir';

/** What a message says, parsed. Unknown messages are `info` and keep their text. */
export type SdpMessage =
  /** A flow's status: `Flow 'x' is QUEUED.`, `Flow x has FAILED.`, `Failed to resolve flow: 'x'.`, … */
  | {
      /** Discriminant. */
      readonly kind: 'flow';
      /** The flow's name as Spark gives it (usually catalog- and database-qualified). */
      readonly flow: string;
      /** SDP's state word (`QUEUED`, `FAILED`, `SKIPPED`, …). */
      readonly state: string;
      /** The state as a Þund phase (`SKIPPED` and `STOPPED` are `cancelled`, `IDLE` is `running`). */
      readonly phase: RunPhase;
      /** Why, for a state that needs saying: idle, skipped, excluded, stopped. */
      readonly reason?: string;
      /** A failure's error, from the lines after the first. */
      readonly error?: SdpError;
    }
  /** The run's status: `Run is COMPLETED.` */
  | {
      /** Discriminant. */
      readonly kind: 'run';
      /** SDP's state word (`RUNNING`, `COMPLETED`, `FAILED`, `CANCELED`). */
      readonly state: string;
      /** The state as a Þund phase. */
      readonly phase: RunPhase;
    }
  /** Any other message. */
  | {
      /** Discriminant. */
      readonly kind: 'info';
    };

/** A flow failure as an SDP message reports it, after its first line. */
export interface SdpError {
  /** Spark's error class, e.g. `UNRESOLVED_COLUMN.WITH_SUGGESTION`, when the message names one. */
  readonly engineClass?: string;
  /** The error's text, `[CLASS] ` prefixed when it has a class. */
  readonly message: string;
}

const FLOW_STATUS: Readonly<Record<string, { readonly phase: RunPhase; readonly reason?: string }>> = {
  QUEUED: { phase: 'queued' },
  PLANNING: { phase: 'planning' },
  STARTING: { phase: 'running' },
  RUNNING: { phase: 'running' },
  IDLE: { phase: 'running', reason: 'idle, waiting for new data' },
  COMPLETED: { phase: 'completed' },
  FAILED: { phase: 'failed' },
  SKIPPED: { phase: 'cancelled', reason: 'skipped due to upstream failure(s)' },
  EXCLUDED: { phase: 'excluded', reason: 'excluded from the refresh selection' },
  STOPPED: { phase: 'cancelled', reason: 'stopped' },
};

const RUN_STATUS: Readonly<Record<string, RunPhase>> = {
  RUNNING: 'running', COMPLETED: 'completed', FAILED: 'failed', CANCELED: 'cancelled', CANCELLED: 'cancelled',
};

// "Flow spark_catalog.default.x is QUEUED." / "Flow 'a.b.c' has FAILED." / "Flow 'x' SKIPPED due to …" / "… is IDLE, waiting …"
const FLOW_LINE = /^Flow (?:'((?:[^']|'')+)'|(\S+)) (?:is |has )?([A-Z]+)\b/;
const RESOLVE_FAILURE = /^Failed to resolve flow: '((?:[^']|'')+)'\./;
const RUN_LINE = /^Run is ([A-Z]+)\.?$/;
const ERROR_LINE = /^Error: (?:\[([A-Z0-9_.]+)\] )?([\s\S]*)$/m;

function parseError(message: string): SdpError | undefined {
  const rest = message.slice(message.indexOf('\n') + 1);
  if (rest === message) return undefined;
  const match = ERROR_LINE.exec(rest);
  if (match === null) return { message: rest.trim() };
  const text = (match[2] ?? '').trim();
  return match[1] === undefined ? { message: text } : { engineClass: match[1], message: `[${match[1]}] ${text}` };
}

/** Parses the status out of an SDP message. Pure; never throws. */
export function parseSdpMessage(message: string): SdpMessage {
  const firstLine = message.split('\n', 1)[0] ?? '';
  const run = RUN_LINE.exec(firstLine);
  if (run !== null) {
    const phase = RUN_STATUS[run[1] as string];
    if (phase !== undefined) return { kind: 'run', state: run[1] as string, phase };
  }
  const unresolved = RESOLVE_FAILURE.exec(firstLine);
  if (unresolved !== null) {
    const error = parseError(message);
    return { kind: 'flow', flow: (unresolved[1] as string).replace(/''/g, "'"), state: 'FAILED', phase: 'failed', ...(error === undefined ? {} : { error }) };
  }
  const flow = FLOW_LINE.exec(firstLine);
  if (flow !== null) {
    const status = flow[3] as string;
    const known = FLOW_STATUS[status];
    if (known !== undefined) {
      const error = known.phase === 'failed' ? parseError(message) : undefined;
      return {
        kind: 'flow',
        flow: (flow[1] ?? flow[2] ?? '').replace(/''/g, "'"),
        state: status,
        phase: known.phase,
        ...(known.reason === undefined ? {} : { reason: known.reason }),
        ...(error === undefined ? {} : { error }),
      };
    }
  }
  return { kind: 'info' };
}
