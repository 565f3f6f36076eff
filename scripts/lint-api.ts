/**
 * Lints the API document as an outside developer's tools read it: writes the served document
 * (/api/openapi.json) to a temporary file and runs Redocly (`recommended`, no errors: redocly.yaml)
 * and Spectral (`spectral:oas`, no warnings: .spectral.yaml) on it. `npm run lint:api`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiDocument } from '../src/server/app';

const dir = mkdtempSync(join(tmpdir(), 'hackteams-api-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(apiDocument(), null, 2));
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (command: string, args: string[]) =>
  spawnSync(join('node_modules', '.bin', command), args, { stdio: 'inherit', env }).status ?? 1;
let failed = 0;
failed += run('redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish']);
failed += run('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn']);
rmSync(dir, { recursive: true, force: true });
if (failed) {
  console.error('lint:api: the API document has problems (above)');
  process.exit(1);
}
console.log('lint:api: Redocly and Spectral found no problems');
