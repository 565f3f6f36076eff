/**
 * Before each server test file: password hashes at the tests' own priority. The server runs them at
 * the lowest (hash-pool.ts, HASH_NICE), so that a sign-in rush leaves the CPU to its pages; on a CI
 * machine the other lane's browser takes that CPU instead, and every sign-up of a test waited a
 * second or more for it (a property test of 60 sign-ups ran out of time). hash-pool.test.ts checks
 * the server's default.
 */
import { closeHashPool, configureHashPool } from '../auth/hash-pool';

await closeHashPool();
configureHashPool({ nice: 0 });
