/**
 * What the proxy test needs around the app: a self-signed certificate, nginx running
 * deploy/nginx/hackteams.conf from a temporary folder, and an HTTPS client that can choose its
 * loopback source address (so nginx sees different clients) and skips certificate checks.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export { freePort } from '../../src/server/testing/process';

export const TEMPLATE = fileURLToPath(new URL('../../deploy/nginx/hackteams.conf', import.meta.url));

/** A self-signed certificate for 127.0.0.1, valid two days: returns the file paths. */
export function selfSignedCertificate(dir: string) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  return { cert, key };
}

export interface NginxSettings {
  dir: string;
  httpsPort: number;
  httpPort: number;
  cert: string;
  key: string;
  apps: number[];
  /** An instance taken out of rotation (`down` on its upstream line): the first step of a stop that fails nothing. */
  down?: number;
}

/**
 * Fills the template in and wraps it in a main config whose pid, logs and temporary files are in
 * `dir`. The wrapper also adds `X-Upstream: <instance>` to every answer (test only), to tell
 * which instance answered.
 */
export function writeNginxConfig(s: NginxSettings): string {
  if (s.apps.length !== 2) throw new Error('the template has two upstream servers');
  const values: Record<string, string> = {
    APP_1: `127.0.0.1:${s.apps[0]}${s.down === s.apps[0] ? ' down' : ''}`,
    APP_2: `127.0.0.1:${s.apps[1]}${s.down === s.apps[1] ? ' down' : ''}`,
    HTTPS_PORT: String(s.httpsPort),
    HTTP_PORT: String(s.httpPort),
    SERVER_NAME: '127.0.0.1',
    CERT: s.cert,
    KEY: s.key,
  };
  const site = readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}}`);
    return values[name];
  });
  writeFileSync(join(s.dir, 'site.conf'), site);
  const main = join(s.dir, 'nginx.conf');
  writeFileSync(
    main,
    [
      // Run as root, workers would become `nobody` and could not read this private folder.
      process.getuid?.() === 0 ? 'user root root;' : '',
      'daemon off;',
      'worker_processes 2;',
      // Thousands of event streams: two connections each (client and instance), in either worker.
      'worker_rlimit_nofile 16384;',
      `pid ${join(s.dir, 'nginx.pid')};`,
      `error_log ${join(s.dir, 'error.log')} warn;`,
      'events { worker_connections 8192; }',
      'http {',
      `  access_log ${join(s.dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(s.dir, t)};`),
      '  add_header X-Upstream $upstream_addr always;',
      `  include ${join(s.dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return main;
}

/** Starts nginx in the foreground on that config; `reload()` re-reads it (SIGHUP), `stop()` ends it. */
export function startNginx(dir: string, config: string) {
  execFileSync('nginx', ['-t', '-q', '-e', join(dir, 'error.log'), '-p', dir, '-c', config], { stdio: 'pipe' });
  const child = spawn('nginx', ['-e', join(dir, 'error.log'), '-p', dir, '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output + readLog(join(dir, 'error.log')),
    reload: () => {
      execFileSync('nginx', ['-t', '-q', '-e', join(dir, 'error.log'), '-p', dir, '-c', config], { stdio: 'pipe' });
      child.kill('SIGHUP');
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

function readLog(path: string) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** One keep-alive agent per source address: requests from one "client" reuse its connection. */
const agents = new Map<string, https.Agent>();
function agentFor(from: string) {
  let agent = agents.get(from);
  if (!agent) {
    agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
    agents.set(from, agent);
  }
  return agent;
}
/** The instance that answered: the last nginx tried (`$upstream_addr` lists one that refused or dropped the connection first). */
export const answeredBy = (res: Response) => res.headers.get('x-upstream')?.split(', ').at(-1) ?? null;

/** Closes every client connection (after a reload, so new requests reach nginx's new workers). */
export function dropConnections() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export interface TlsInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  from?: string;
  /** A connection of its own, closed after the answer (no keep-alive). */
  fresh?: boolean;
}

/**
 * An HTTPS request with certificate checks off (this self-signed test only), sent from the
 * loopback address `from` (Linux routes all of 127/8 to lo), answered as a fetch Response.
 */
export function tlsFetch(url: string, init: TlsInit = {}): Promise<Response> {
  const from = init.from ?? '127.0.0.1';
  const method = init.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method, headers: init.headers, agent: init.fresh ? false : agentFor(from), localAddress: from, rejectUnauthorized: false },
      (res) => {
        const headers = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        const status = res.statusCode ?? 0;
        const empty = method === 'HEAD' || status === 204 || status === 304;
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
