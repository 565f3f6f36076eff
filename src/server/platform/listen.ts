/**
 * The HTTP server, hardened against slow and greedy clients: a connection must send its first
 * request's headers within `headersTimeoutMs`, and a request all of itself within `requestTimeoutMs`,
 * and one address holds at most `maxConnectionsPerAddress` connections at once; past that, new
 * ones are closed at once. Neither limit touches a response: a live event stream stays open.
 */
import type { Server, Socket } from 'node:net';
import { serve } from '@hono/node-server';

export interface ListenOptions {
  port: number;
  /** Default 10 s: a client that has not sent its headers by then gets 408 and is disconnected. */
  headersTimeoutMs?: number;
  /** Default 60 s: enough for a 5 MB avatar on a slow phone connection. */
  requestTimeoutMs?: number;
  /** Default 1,024 (a proxy in front holds one connection per request it forwards). 0: no cap. */
  maxConnectionsPerAddress?: number;
}

type Fetch = Parameters<typeof serve>[0]['fetch'];

export function listen(fetch: Fetch, opts: ListenOptions, onListening?: (port: number) => void) {
  const server = serve(
    {
      fetch,
      port: opts.port,
      serverOptions: {
        headersTimeout: opts.headersTimeoutMs ?? 10_000,
        requestTimeout: opts.requestTimeoutMs ?? 60_000,
        connectionsCheckingInterval: 1_000,
        keepAliveTimeout: 5_000,
      },
    },
    (info) => onListening?.(info.port),
  );
  capConnectionsPerAddress(server as unknown as Server, opts.maxConnectionsPerAddress ?? 1024);
  closeSilentConnections(server as unknown as Server, opts.headersTimeoutMs ?? 10_000);
  return server;
}

/**
 * Node's header timeout covers a request that has begun; a connection that sends nothing at all,
 * or stops in the middle of its headers, stays open. Here a connection that is silent for the
 * header timeout before its first request is closed; once a request arrives, Node's own timeouts
 * (keep-alive, header, request) take over, and a response may take as long as it needs.
 */
function closeSilentConnections(server: Server, ms: number): void {
  server.on('connection', (socket: Socket) => socket.setTimeout(ms));
  server.on('request', (req: { socket: Socket }) => req.socket.setTimeout(0));
}

/** Closes a new connection at once when its address already holds `max` of them. */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
