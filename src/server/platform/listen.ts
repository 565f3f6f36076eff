/**
 * The HTTP server, hardened against slow and greedy clients: a connection must send its first
 * request's headers within `headersTimeoutMs`, and a request all of itself within `requestTimeoutMs`;
 * a client reaching us directly holds at most `maxConnectionsPerAddress` connections at once (past
 * that, new ones are closed at once). Neither limit touches a response: a live event stream stays
 * open. An answer sent before its request's body was read leaves the connection fit for the next
 * request (the rest of the body is read and dropped), and a draining server (drain.ts) closes each
 * connection after its answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Server, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Drain } from './drain';

/** Default per-address cap: a venue's thousands of people behind one address each hold a stream. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 10_000;

export interface ListenOptions {
  port: number;
  /** Default 10 s: a client that has not sent its headers by then gets 408 and is disconnected. */
  headersTimeoutMs?: number;
  /** Default 60 s: enough for a 5 MB avatar on a slow phone connection. */
  requestTimeoutMs?: number;
  /** Default 10,000. 0: no cap. Not applied behind a trusted proxy (see `socketCap`). */
  maxConnectionsPerAddress?: number;
  /** TRUST_PROXY_HOPS: above 0, every socket is a proxy's, and the proxy caps its clients. */
  trustProxyHops?: number;
  /** When given, it counts what is in progress, and while draining each connection closes after its answer. */
  drain?: Drain;
}

type Fetch = Parameters<typeof serve>[0]['fetch'];

export function listen(fetch: Fetch, opts: ListenOptions, onListening?: (port: number) => void) {
  const server = serve(
    {
      fetch,
      port: opts.port,
      // Unread request bodies are dealt with here (closeOrKeepConnections), not by the adapter's 500 ms drain.
      autoCleanupIncoming: false,
      serverOptions: {
        headersTimeout: opts.headersTimeoutMs ?? 10_000,
        requestTimeout: opts.requestTimeoutMs ?? 60_000,
        connectionsCheckingInterval: 1_000,
        keepAliveTimeout: 5_000,
      },
    },
    (info) => onListening?.(info.port),
  );
  const raw = server as unknown as Server;
  capConnectionsPerAddress(raw, socketCap(opts.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, opts.trustProxyHops ?? 0));
  closeSilentConnections(raw, opts.headersTimeoutMs ?? 10_000);
  closeOrKeepConnections(raw, opts.drain);
  if (opts.drain) countAnswers(raw, opts.drain);
  return server;
}

/**
 * The per-socket cap that applies. A client is counted as the rest of the app sees it: reached
 * directly, its socket's address. Behind trusted proxies every socket's peer is a proxy, holding one
 * connection per request it forwards (and one per open event stream) for all its clients at once:
 * no cap here, the proxy caps each client (the nginx recipe's `limit_conn`).
 */
export function socketCap(maxPerAddress: number, trustProxyHops: number): number {
  return trustProxyHops > 0 ? 0 : Math.max(0, maxPerAddress);
}

/** Open connections by address, within a cap (0: none). */
export class ConnectionCount {
  private readonly open = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Counts a new connection from `address`, or answers false when that address already holds `max`. */
  admit(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (this.max > 0 && count >= this.max) return false;
    this.open.set(address, count + 1);
    return true;
  }

  /** One admitted connection from `address` closed. */
  release(address: string): void {
    const left = (this.open.get(address) ?? 1) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address);
  }

  of(address: string): number {
    return this.open.get(address) ?? 0;
  }
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

/** Closes a new connection at once when its address already holds `max` of them (0: no cap). */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const count = new ConnectionCount(max);
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (!count.admit(address)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => count.release(address));
  });
}

/** The most of an unread body read and dropped to keep its connection (the largest the app takes, a 5 MB avatar, and some). */
export const DISCARD_MAX_BYTES = 6 * 1024 * 1024;
/** How long the rest of an unread body may take to arrive before its connection is closed. */
export const DISCARD_TIMEOUT_MS = 10_000;

/**
 * An answer may go out before its request's body was read (401 to a signed-out sign-out, 413 past
 * the limit). The client is still sending it, and the next request on that keep-alive connection
 * comes after it: so the rest is read and dropped, up to DISCARD_MAX_BYTES within DISCARD_TIMEOUT_MS,
 * and the connection serves the next request. A body declared larger, or of unknown length, is not
 * waited for: the answer says `Connection: close`. While the server drains, every answer says it.
 */
function closeOrKeepConnections(server: Server, drain: Drain | undefined): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const withBody = req.method !== 'GET' && req.method !== 'HEAD';
    if (!withBody && !drain) return;
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (drain?.draining || (withBody && !req.complete && !fitsDiscard(req))) res.shouldKeepAlive = false;
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    if (withBody) res.once('finish', () => discardRest(req, res));
  });
}

/** Reads and drops the rest of a body its answer did not need, so its keep-alive connection goes on. */
function discardRest(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || req.destroyed || !res.shouldKeepAlive || !fitsDiscard(req)) return;
  // Whatever was reading it (the request's body stream) stops; the rest goes nowhere.
  req.removeAllListeners('data');
  let read = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', count);
  };
  const giveUp = () => {
    stop();
    req.socket.destroy();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DISCARD_MAX_BYTES) giveUp();
  };
  const timer = setTimeout(giveUp, DISCARD_TIMEOUT_MS);
  timer.unref();
  req.on('data', count);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

function fitsDiscard(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isSafeInteger(length) && length <= DISCARD_MAX_BYTES;
}

/** Counts every answer in progress (an event stream until it ends), for the drain to wait on. */
function countAnswers(server: Server, drain: Drain): void {
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => res.once('close', drain.track()));
}

/**
 * Stops accepting connections and resolves once every open one has closed. Unlike http's close(),
 * a connection that is open but has not sent its request yet (a proxy's, whose request is on its
 * way) is not cut: it is answered (with `Connection: close` while draining), then it closes.
 */
export function stopAccepting(server: unknown): Promise<void> {
  return new Promise((resolve) => NetServer.prototype.close.call(server as Server, () => resolve()));
}
