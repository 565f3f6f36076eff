/**
 * A bench script run in a Node process of its own (its heap, its pauses and its CPU time apart from
 * the bench's): it prints its result as JSON on its last line of output.
 */
import { execFile } from 'node:child_process';

export function runScriptApart<T>(what: string, script: string, args: string[], nodeArgs: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...nodeArgs, script, ...args],
      { maxBuffer: 64 * 1024 * 1024, env: process.env },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${what}: ${err.message}\n${stderr}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T);
      },
    );
  });
}
