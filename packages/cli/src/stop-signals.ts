import { ExitCode } from './io.js';
import type { TextOutput } from './pipe-safe-output.js';

/** The signals that stop a run cleanly: Ctrl-C, and what service managers and `kill` send. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/** 128 + the signal's number, as shells report a process stopped by it. */
export function exitCodeForSignal(signal: StopSignal): ExitCode {
  return signal === 'SIGINT' ? ExitCode.Interrupted : ExitCode.Terminated;
}

/** Watches SIGINT and SIGTERM while a run (or the viewer) is in progress. */
export interface StopSignalWatch {
  /** The first stop signal received, if any yet. */
  readonly received: StopSignal | undefined;
  /** Settles with the first stop signal. */
  readonly first: Promise<StopSignal>;
  /** Restores the default handling (the process ends on the signal). */
  dispose(): void;
}

/**
 * Takes over SIGINT and SIGTERM: the first one calls `onStop` (which should
 * cancel the run, so it ends with a cancelled phase and its committed work
 * kept); a second one while stopping gives up waiting and exits at once,
 * with the signal's exit code.
 */
export function watchStopSignals(stderr: TextOutput, onStop: (signal: StopSignal) => void = () => undefined): StopSignalWatch {
  let received: StopSignal | undefined;
  let resolveFirst: (signal: StopSignal) => void = () => undefined;
  const first = new Promise<StopSignal>((resolve) => (resolveFirst = resolve));
  const listener = (signal: StopSignal): void => {
    if (received !== undefined) {
      stderr.write(`thund: ${signal} again: exiting without waiting for the run to stop\n`);
      process.exit(exitCodeForSignal(signal));
    }
    received = signal;
    onStop(signal);
    resolveFirst(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, listener);
  return {
    get received() {
      return received;
    },
    first,
    dispose() {
      for (const signal of STOP_SIGNALS) process.removeListener(signal, listener);
    },
  };
}
