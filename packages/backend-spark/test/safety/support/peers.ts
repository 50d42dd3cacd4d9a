import { type Server as HttpServer, createServer as createHttpServer } from 'node:http';
import { type Http2Server, createServer as createHttp2Server } from 'node:http2';
import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';

/** A local peer on 127.0.0.1:<port> that is not a Spark Connect server, for connection-error tests. */
export interface Peer {
  readonly port: number;
  /** `sc://127.0.0.1:<port>` */
  readonly remote: string;
  /** Connections accepted so far. */
  readonly accepted: () => number;
  close(): Promise<void>;
}

type Listening = Server | HttpServer | Http2Server;

async function listen(server: Listening, accepted: () => number, sockets: Set<Socket>): Promise<Peer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    remote: `sc://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

function tracked(server: Listening): { accepted: () => number; sockets: Set<Socket> } {
  const sockets = new Set<Socket>();
  let count = 0;
  server.on('connection', (socket: Socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  return { accepted: () => count, sockets };
}

/** Accepts TCP connections, reads whatever comes, and never sends a byte (a wedged server, a black hole). */
export async function silentTcpServer(): Promise<Peer> {
  const server = createServer((socket) => socket.resume());
  const { accepted, sockets } = tracked(server);
  return listen(server, accepted, sockets);
}

/** An HTTP/1.1 web server (node:http) that answers every request with a small HTML page. */
export async function http1Server(): Promise<Peer> {
  const server = createHttpServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>not Spark</body></html>');
  });
  const { accepted, sockets } = tracked(server);
  return listen(server, accepted, sockets);
}

/** A plain HTTP/2 server (no gRPC) that answers every request 404, like a web server or a proxy with no such route. */
export async function http2NotFoundServer(): Promise<Peer> {
  const server = createHttp2Server();
  server.on('stream', (stream) => {
    stream.respond({ ':status': 404, 'content-type': 'text/plain' });
    stream.end('no such route');
  });
  const { accepted, sockets } = tracked(server);
  return listen(server, accepted, sockets);
}

/** A port nothing listens on (bound once, then closed). */
export async function closedPort(): Promise<Peer> {
  const server = createServer();
  const { accepted, sockets } = tracked(server);
  const peer = await listen(server, accepted, sockets);
  await peer.close();
  return peer;
}

/** The HTTP/2 client connection preface: a fixed 24-byte string, then the client's SETTINGS frame. */
const CLIENT_PREFACE_BYTES = 24;
const FRAME_HEADER_BYTES = 9;
const SETTINGS = 0x4;
const PING = 0x6;
const ACK = 0x1;

/** An HTTP/2 frame with no payload on stream 0 (SETTINGS, or its ACK). */
function emptyFrame(type: number, flags: number): Buffer {
  const frame = Buffer.alloc(FRAME_HEADER_BYTES);
  frame.writeUIntBE(0, 0, 3);
  frame.writeUInt8(type, 3);
  frame.writeUInt8(flags, 4);
  frame.writeUInt32BE(0, 5);
  return frame;
}

/** A {@link Peer} that also counts the HTTP/2 PING frames clients sent it. */
export interface Http2Peer extends Peer {
  /** PING frames received (none was ever acknowledged). */
  readonly pings: () => number;
}

/**
 * Completes the HTTP/2 handshake (sends its SETTINGS and acknowledges the
 * client's), then never sends another byte: no response to any request, no
 * PING acknowledgement. A wedged server whose HTTP/2 layer still accepted
 * the connection. Written on node:net, frame by frame, because node:http2
 * always acknowledges PINGs itself.
 */
export async function handshakeOnlyHttp2Server(): Promise<Http2Peer> {
  let pings = 0;
  const server = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let prefaceSeen = false;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!prefaceSeen) {
        if (buffered.length < CLIENT_PREFACE_BYTES) return;
        buffered = buffered.subarray(CLIENT_PREFACE_BYTES);
        prefaceSeen = true;
        socket.write(Buffer.concat([emptyFrame(SETTINGS, 0), emptyFrame(SETTINGS, ACK)]));
      }
      while (buffered.length >= FRAME_HEADER_BYTES) {
        const length = buffered.readUIntBE(0, 3);
        if (buffered.length < FRAME_HEADER_BYTES + length) return;
        if (buffered.readUInt8(3) === PING && (buffered.readUInt8(4) & ACK) === 0) pings += 1;
        buffered = buffered.subarray(FRAME_HEADER_BYTES + length);
      }
    });
  });
  const { accepted, sockets } = tracked(server);
  return { ...(await listen(server, accepted, sockets)), pings: () => pings };
}
