import { type ChannelInterface, connectivityState } from '@grpc/grpc-js';
import { SparkDeadlineError } from './deadline-error.js';

/** Bounds how long one call may wait for its connection. */
export interface ConnectionWatchdog {
  /** The call got response headers or a status: the server answered, stop watching. */
  answered(): void;
  /** The deadline error once the watchdog fired (the call was cancelled), else undefined. */
  readonly expired: SparkDeadlineError | undefined;
}

/**
 * Starts the connect deadline of one call. After `deadlineMs` the call is
 * given up (`onExpire` cancels it) unless the server answered it or the
 * channel is connected (READY: the HTTP/2 handshake with the server is
 * done). A connected call that is merely slow is not the watchdog's
 * business: unary calls have their own deadline, and keepalive pings find
 * a dead peer under a long stream.
 *
 * grpc-js queues a call until its channel is READY, and a peer that
 * accepts TCP without ever answering keeps the channel CONNECTING forever:
 * without this, such a call never ends.
 */
export function watchConnection(
  channel: Pick<ChannelInterface, 'getConnectivityState'>, method: string, deadlineMs: number, onExpire: (error: SparkDeadlineError) => void,
): ConnectionWatchdog {
  let expired: SparkDeadlineError | undefined;
  let timer: NodeJS.Timeout | undefined = setTimeout(() => {
    timer = undefined;
    if (channel.getConnectivityState(false) === connectivityState.READY) return;
    expired = new SparkDeadlineError({ method, phase: 'connect', setting: 'timeouts.connectMs', deadlineMs });
    onExpire(expired);
  }, deadlineMs);
  return {
    answered: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get expired() {
      return expired;
    },
  };
}
