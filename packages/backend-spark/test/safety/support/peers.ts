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
