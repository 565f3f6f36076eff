/**
 * What a hashing thread runs (hash-pool.ts): one hash or verify at a time, on this thread, whose
 * priority the pool lowered when it started it.
 */
import { readlinkSync } from 'node:fs';
import { hashPasswordHere, verifyPasswordHere } from './password';

export type HashTask =
  | { op: 'hash'; password: string }
  | { op: 'verify'; stored: string; password: string }
  /** This thread's id in the operating system (Linux), to check its priority with os.getPriority. */
  | { op: 'thread' };

export default function run(task: HashTask): string | boolean | number {
  switch (task.op) {
    case 'hash':
      return hashPasswordHere(task.password);
    case 'verify':
      return verifyPasswordHere(task.stored, task.password);
    case 'thread':
      // /proc/thread-self is /proc/<pid>/task/<tid>.
      return Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  }
}
