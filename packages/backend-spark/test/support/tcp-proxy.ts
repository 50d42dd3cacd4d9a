import { type AddressInfo, type Server, type Socket, createServer, connect } from 'node:net';

export interface TcpProxyOptions {
  /** Where the proxy forwards to (always 127.0.0.1 in these tests). */
  readonly targetHost: string;
  readonly targetPort: number;
  /** Delay added before forwarding each chunk, in both directions. Default 0. */
  readonly delayMs?: number;
}

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
}

/**
 * A TCP forwarder from 127.0.0.1:<random port> to a target, for testing
 * what a client does when the network misbehaves:
 *
 * - `dropAll()` resets every open connection (RST on both sides) and keeps
 *   listening, so a client that reconnects reaches the target again;
 * - `dropAfterServerBytes(n)` does the same once n more bytes have gone
 *   from the target to clients (mid-stream, deterministically);
 * - `stop()` drops everything and stops listening (connections are refused);
 * - `pause()`/`resume()` hold data in both directions; `delayMs` slows it.
 */
export class TcpProxy {
  readonly #server: Server;
  readonly #options: TcpProxyOptions;
  readonly #pairs = new Set<Pair>();
  #port = 0;
  #paused = false;
  #held: Array<() => void> = [];
  #dropAt: { bytes: number; resolve: () => void } | undefined;
  /** Total bytes forwarded target → client. */
  serverBytes = 0;
  /** Total bytes forwarded client → target. */
  clientBytes = 0;
  /** Connections accepted so far. */
  accepted = 0;
  /** Connections reset by `dropAll`/`dropAfterServerBytes`/`stop`. */
  dropped = 0;

  private constructor(server: Server, options: TcpProxyOptions) {
    this.#server = server;
    this.#options = options;
  }

  static async start(options: TcpProxyOptions): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = createServer((client) => proxy?.accept(client));
    proxy = new TcpProxy(server, options);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    proxy.#port = (server.address() as AddressInfo).port;
    return proxy;
  }

  /** The port the proxy listens (or listened) on. */
  get port(): number {
    return this.#port;
  }

  /** The Spark Connect connection string that goes through the proxy. */
  get remote(): string {
    return `sc://127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.#server.listening;
  }

  /** Connections currently open. */
  get open(): number {
    return this.#pairs.size;
  }

  private accept(client: Socket): void {
    this.accepted += 1;
    const upstream = connect(this.#options.targetPort, this.#options.targetHost);
    const pair: Pair = { client, upstream };
    this.#pairs.add(pair);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const end = (): void => {
      if (!this.#pairs.delete(pair)) return;
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => this.#forward(pair, chunk, upstream, 'client'));
    upstream.on('data', (chunk: Buffer) => this.#forward(pair, chunk, client, 'server'));
  }

  #forward(pair: Pair, chunk: Buffer, to: Socket, from: 'client' | 'server'): void {
    const write = (): void => {
      if (!this.#pairs.has(pair)) return;
      if (from === 'client') {
        this.clientBytes += chunk.length;
        to.write(chunk);
        return;
      }
      const dropAt = this.#dropAt;
      if (dropAt !== undefined && this.serverBytes + chunk.length >= dropAt.bytes) {
        // Forward only up to the drop point, then reset everything: the client sees a cut mid-message.
        const keep = Math.max(0, dropAt.bytes - this.serverBytes);
        this.serverBytes += keep;
        if (keep > 0) to.write(chunk.subarray(0, keep));
        this.#dropAt = undefined;
        this.dropAll();
        dropAt.resolve();
        return;
      }
      this.serverBytes += chunk.length;
      to.write(chunk);
    };
    const delayMs = this.#options.delayMs ?? 0;
    const send = delayMs > 0 ? () => setTimeout(write, delayMs) : write;
    if (this.#paused) {
      this.#held.push(send);
      // Stop reading so TCP flow control pushes back on the sender while paused.
      pair.client.pause();
      pair.upstream.pause();
    } else send();
  }

  /** Resets every open connection (both sides) and keeps listening. Returns how many were dropped. */
  dropAll(): number {
    const pairs = [...this.#pairs];
    this.#pairs.clear();
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    this.dropped += pairs.length;
    return pairs.length;
  }

  /**
   * Resets every connection once `bytes` more bytes have been forwarded
   * from the target to clients. Resolves when the drop happened.
   */
  dropAfterServerBytes(bytes: number): Promise<void> {
    return new Promise((resolve) => {
      this.#dropAt = { bytes: this.serverBytes + bytes, resolve };
    });
  }

  /** Holds all data in both directions until `resume()`. */
  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    const held = this.#held;
    this.#held = [];
    for (const send of held) send();
    for (const { client, upstream } of this.#pairs) {
      client.resume();
      upstream.resume();
    }
  }

  /** Drops every connection and stops listening: new connections are refused. Idempotent. */
  async stop(): Promise<void> {
    this.#dropAt = undefined;
    this.#held = [];
    this.dropAll();
    if (!this.#server.listening) return;
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
