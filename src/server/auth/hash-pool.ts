/**
 * The threads that hash passwords (docs/decisions/020). A sign-in rush must not take the CPU the
 * pages need: hashes run on worker threads whose scheduling priority is lowered (nice 19 by
 * default, HASH_NICE), so the operating system runs them only on what serving pages leaves.
 * How many hashes run or wait at once is still the hash limiter's (hash-limiter.ts); the pool
 * has as many threads as it lets run.
 *
 * Piscina runs the pool; it lowers each thread's priority with @napi-rs/nice (on Linux the nice
 * value is per thread). The work runs on the thread itself (argon2's and scrypt's synchronous
 * forms): their asynchronous forms would hand it on to libuv's shared pool, at normal priority.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { HashTask } from './hash-worker';
import { defaultHashConcurrency } from './hash-limiter';

export interface HashPoolOptions {
  /** Threads (default: the hash limiter's default concurrency, max(1, cores - 1)). */
  threads?: number;
  /** How much lower than the server's the threads' priority is, 0-19 (default 19: the lowest). */
  nice?: number;
}

export const DEFAULT_HASH_NICE = 19;

const workerFile = fileURLToPath(new URL(`./hash-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));

/** Node options for the threads: the TypeScript loader when the worker is a .ts file and the process has none. */
function workerExecArgv(): string[] {
  const argv = process.execArgv;
  if (!workerFile.endsWith('.ts') || argv.some((a) => a.includes('tsx'))) return argv;
  return [...argv, '--import', 'tsx'];
}

let pool: Piscina<HashTask, unknown> | undefined;
let settings: HashPoolOptions = {};

/** Sets the pool's size and priority; call before the first hash (index.ts does, from the environment). */
export function configureHashPool(opts: HashPoolOptions): void {
  if (pool) throw new Error('configureHashPool: the hashing threads have already started');
  settings = opts;
}

export function hashPool(): { run<T>(task: HashTask): Promise<T> } {
  pool ??= new Piscina<HashTask, unknown>({
    filename: workerFile,
    name: 'default',
    minThreads: settings.threads ?? defaultHashConcurrency(),
    maxThreads: settings.threads ?? defaultHashConcurrency(),
    // The threads start with the pool and stay: a sign-in does not wait for one to start.
    niceIncrement: settings.nice ?? DEFAULT_HASH_NICE,
    execArgv: workerExecArgv(),
  });
  const p = pool;
  return { run: <T>(task: HashTask) => p.run(task) as Promise<T> };
}

/** Stops the threads (tests; a server's exit stops them too). */
export async function closeHashPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
