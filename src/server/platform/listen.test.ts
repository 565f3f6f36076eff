/**
 * The HTTP server against slow and greedy clients (listen.ts), over real sockets: thousands of
 * half-open connections from one address neither keep another client from an answer nor stay
 * open past the header timeout; the per-address cap counts direct clients, not a trusted proxy; a
 * 413 says it closes the connection, and does; an answer that left a body unread does not leave a
 * keep-alive client to be reset.
 */
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionCount, DISCARD_MAX_BYTES, listen, socketCap } from './listen';
import { createHarness, type Harness } from '../testing/harness';

const HEADERS_TIMEOUT_MS = 2_000;
const CAP = 500;
let h: Harness;
let server: ReturnType<typeof listen>;
let port: number;

beforeAll(async () => {
  h = await createHarness();
  await new Promise<void>((resolve) => {
    server = listen(h.app.fetch, { port: 0, headersTimeoutMs: HEADERS_TIMEOUT_MS, maxConnectionsPerAddress: CAP }, (p) => {
      port = p;
      resolve();
    });
  });
});
afterAll(async () => {
  server.close();
  await h.close();
});

/** GET /api/health from `localAddress` (another loopback address is another client). */
function health(localAddress: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    req.end();
  });
}

describe('half-open connections', () => {
  it('from one address: another client is still answered, the ones over the cap close at once, the rest within the header timeout', async () => {
    const stalls = monitorEventLoopDelay({ resolution: 20 });
    stalls.enable();
    const sockets: Socket[] = [];
    // Judged where the server sees them: a connection counts once the server has accepted it, and its
    // lifetime runs from then to the server's close. The server accepts one connection per turn of
    // the event loop (libuv/libuv#3696; decisions/037), while a turn can see hundreds of this test's
    // connects complete: past the listening queue's 511 the kernel drops the handshake and the client
    // retries for seconds (286 of 1,000 had not reached the server after 22 s in CI on 2026-12-07).
    // Such a connection never was the server's to close.
    let accepted = 0;
    const lifetimes: number[] = [];
    const onConnection = (socket: Socket) => {
      accepted += 1;
      const at = Date.now();
      socket.once('close', () => lifetimes.push(Date.now() - at));
    };
    server.on('connection', onConnection);
    let connected = 0;
    // Twice the cap, 250 at a time, each batch accepted by the server before the next is sent, so the
    // queue of connections not yet accepted (511) never fills.
    for (let batch = 0; batch < 4; batch++) {
      await connectHalfOpen(250);
      await waitFor(() => accepted >= connected, 5_000);
    }
    function connectHalfOpen(count: number) {
      return Promise.all(
        Array.from(
          { length: count },
          () =>
            new Promise<void>((resolve) => {
              const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' });
              sockets.push(socket);
              socket.on('error', () => {});
              // Part of a request's headers, and then nothing.
              socket.on('connect', () => {
                connected += 1;
                socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
                resolve();
              });
              socket.on('close', () => resolve());
            }),
        ),
      );
    }

    try {
      const other = await health('127.0.0.2');
      expect(other.status).toBe(200);
      expect(other.ms).toBeLessThan(2_000);

      // All of them are closed by the server: over the cap at once, the others at the header timeout.
      // (How many are over the cap depends on how fast they connect: when the first close, room is made.)
      // Waited for generously: when this process is not scheduled for seconds (CI's two lanes on two
      // cores, 2026-11-29), the closes are late by as much and are judged by their lifetimes below.
      await waitFor(() => lifetimes.length >= accepted, HEADERS_TIMEOUT_MS + 20_000);
      stalls.disable();
      // More than the cap reached the server, so the cap was in play.
      expect(accepted).toBeGreaterThan(CAP);
      expect({ accepted, closed: lifetimes.length }).toEqual({ accepted, closed: accepted });
      // The timeout is checked every second; a stall of this process delays each close by its length.
      const longestStallMs = stalls.max / 1e6;
      expect(Math.max(...lifetimes)).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500 + longestStallMs);

      // Once they are gone, that address is served again.
      expect((await health('127.0.0.1')).status).toBe(200);
    } finally {
      server.off('connection', onConnection);
      for (const socket of sockets) socket.destroy();
    }
  }, 60_000);
});

/** Resolves once `done()` holds, or after `ms` (the assertions after it say what did not happen). */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe('connections per address', () => {
  it('are capped: past the cap, a new connection from that address is closed at once; the ones within it stay', async () => {
    const small = await new Promise<{ server: ReturnType<typeof listen>; port: number }>((resolve) => {
      const s = listen(h.app.fetch, { port: 0, headersTimeoutMs: 30_000, maxConnectionsPerAddress: 20 }, (p) =>
        resolve({ server: s, port: p }),
      );
    });
    const sockets: Socket[] = [];
    let closed = 0;
    try {
      for (let i = 0; i < 30; i++) {
        const socket = connect({ host: '127.0.0.1', port: small.port });
        socket.on('error', () => {});
        socket.on('close', () => closed++);
        await new Promise((resolve) => socket.once('connect', resolve));
        sockets.push(socket);
      }
      await new Promise((r) => setTimeout(r, 500));
      expect(closed).toBe(10);
      // Another address is not affected.
      const other = await new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port: small.port, path: '/api/health', localAddress: '127.0.0.3', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
      expect(other).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      small.server.close();
    }
  });
});

describe('a body over the limit', () => {
  it('answers 413 with Connection: close, and closes the connection instead of leaving it to die later', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (d) => (received += d));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${2 * 1024 * 1024}\r\nConnection: keep-alive\r\n\r\n${'x'.repeat(64 * 1024)}`,
    );
    const answeredBy = Date.now();
    const closedAt = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).not.toMatch(/keep-alive/i);
    expect(closedAt - answeredBy).toBeLessThan(2_000);
  });
});

describe('the per-address cap', () => {
  it('admits up to the cap per address, each address on its own, and frees a place when a connection closes', () => {
    const count = new ConnectionCount(2);
    expect([count.admit('10.0.0.1'), count.admit('10.0.0.1'), count.admit('10.0.0.1')]).toEqual([true, true, false]);
    expect(count.admit('10.0.0.2')).toBe(true);
    count.release('10.0.0.1');
    expect(count.of('10.0.0.1')).toBe(1);
    expect(count.admit('10.0.0.1')).toBe(true);
    count.release('10.0.0.2');
    expect(count.of('10.0.0.2')).toBe(0);
  });

  it('with 0 admits any number', () => {
    const count = new ConnectionCount(0);
    const admitted = Array.from({ length: 20_000 }, () => count.admit('10.0.0.1'));
    expect(admitted.every(Boolean)).toBe(true);
  });

  it('applies to clients reaching the instance directly; behind a trusted proxy every socket is the proxy, which caps its clients', () => {
    expect(socketCap(10_000, 0)).toBe(10_000);
    expect(socketCap(0, 0)).toBe(0);
    expect(socketCap(10_000, 1)).toBe(0);
    expect(socketCap(50, 2)).toBe(0);
  });

  it('leaves a trusted proxy (TRUST_PROXY_HOPS=1) every connection it opens, past the cap', async () => {
    const proxied = await new Promise<{ server: ReturnType<typeof listen>; port: number }>((resolve) => {
      const s = listen(h.app.fetch, { port: 0, headersTimeoutMs: 30_000, maxConnectionsPerAddress: 20, trustProxyHops: 1 }, (p) =>
        resolve({ server: s, port: p }),
      );
    });
    const sockets: Socket[] = [];
    let closed = 0;
    try {
      for (let i = 0; i < 30; i++) {
        const socket = connect({ host: '127.0.0.1', port: proxied.port });
        socket.on('error', () => {});
        socket.on('close', () => closed++);
        await new Promise((resolve) => socket.once('connect', resolve));
        sockets.push(socket);
      }
      await new Promise((r) => setTimeout(r, 500));
      expect(closed).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      proxied.server.close();
    }
  });
});

/** One request on `agent`; resolves with the answer and the local port of the socket it went over. */
function send(agent: Agent, method: string, path: string, body?: Buffer, declaredLength?: number) {
  return new Promise<{ status: number; connection: string | undefined; socket: number; text: string }>((resolve, reject) => {
    const headers: Record<string, string | number> = { origin: `http://127.0.0.1:${port}` };
    if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': declaredLength ?? body.length });
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket?.localPort ?? 0, text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('an answer that left the body unread', () => {
  const TEAM = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['POST', '/api/auth/sign-out'],
    ['POST', `/api/teams/${TEAM}/leave`],
    ['POST', `/api/invitations/${TEAM}/accept`],
  ])('%s %s with a 700 KB body: the next request on the same keep-alive socket is answered', async (method, path) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, method, path, Buffer.alloc(700 * 1024, 'x'));
      expect(first.status, first.text).toBeGreaterThanOrEqual(200);
      expect(first.connection).toBe('keep-alive');
      // Straight away, and after the moment the old adapter gave up on the body (500 ms).
      const second = await send(agent, 'GET', '/api/health');
      expect(second.status).toBe(200);
      expect(second.socket, 'the same connection').toBe(first.socket);
      await new Promise((r) => setTimeout(r, 700));
      const third = await send(agent, 'GET', '/api/health');
      expect(third.status).toBe(200);
      expect(third.socket, 'the same connection').toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  it('a body larger than is worth reading (a 7 MB avatar, signed out): the answer says Connection: close, and the next request opens a new connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await new Promise<{ status: number; connection: string | undefined; socket: number }>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/profiles/${TEAM}/avatar`,
            agent,
            headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': DISCARD_MAX_BYTES + 1024 * 1024 },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket?.localPort ?? 0 }),
            );
          },
        );
        // The server stops reading: the rest of the body cannot be written.
        req.on('error', () => {});
        req.write(Buffer.alloc(64 * 1024, 'x'));
      });
      expect(first.status).toBe(401);
      expect(first.connection).toBe('close');
      const next = await send(agent, 'GET', '/api/health');
      expect(next.status).toBe(200);
      expect(next.socket).not.toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
