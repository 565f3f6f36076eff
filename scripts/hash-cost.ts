/**
 * What one password hash costs on this machine (docs/decisions/009): `npx tsx scripts/hash-cost.ts [rounds]`.
 * Hashes and verifies one after another, and reports wall time and CPU time per operation (the CPU
 * time counts the thread-pool thread that does the work), for argon2id with our parameters and for
 * better-auth's earlier scrypt. Run it on an idle machine: other load inflates the wall time.
 */
import os from 'node:os';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../src/server/auth/password';

const rounds = Number(process.argv[2] ?? 50);
const password = 'correct horse battery';

async function measure(name: string, op: () => Promise<unknown>) {
  await op();
  await op();
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await op();
  const cpu = process.cpuUsage(cpuStart);
  const wall = (performance.now() - wallStart) / rounds;
  console.log(`| ${name} | ${wall.toFixed(1)} | ${((cpu.user + cpu.system) / 1000 / rounds).toFixed(1)} |`);
}

console.log(
  `${os.cpus()[0]?.model}, ${os.availableParallelism()} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${rounds} rounds`,
);
console.log(`argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}\n`);
console.log('| operation | wall ms | CPU ms |\n|---|---:|---:|');
const argon = await hashPassword(password);
await measure('argon2id hash', () => hashPassword(password));
await measure('argon2id verify', () => verifyPassword(argon, password));
const scrypt = await scryptHash(password);
await measure('scrypt hash (N=16384, r=16, p=1)', () => scryptHash(password));
await measure('scrypt verify', () => scryptVerify({ hash: scrypt, password }));
