/**
 * `npm start` runs this first: it builds the web app only when what the build is made of changed
 * since the last build (docs/decisions/014-start-and-bundle.md). A fresh clone builds once; a
 * restart of an unchanged checkout starts the server at once.
 *
 * What the build is made of: the web sources, the shared sources they import, the Vite and
 * TypeScript settings and the installed packages (package-lock.json). Their contents are hashed
 * (not their times, which a checkout or a copy changes); the hash is kept beside the build.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

/** Every file under `path` (or `path` itself), sorted, skipping tests. */
function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => files(join(path, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .sort();
}

/** One hash of the names and contents of the build's inputs under `root`. */
export function sourceHash(root: string, inputs = INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => files(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether the build in `outDir` was made from exactly these inputs. */
export function isBuildCurrent(outDir: string, hash: string): boolean {
  const stamp = join(outDir, '.source-hash');
  return existsSync(join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

export function stampBuild(outDir: string, hash: string) {
  writeFileSync(join(outDir, '.source-hash'), `${hash}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = process.cwd();
  const outDir = join(root, 'dist/web');
  const hash = sourceHash(root);
  if (isBuildCurrent(outDir, hash)) {
    console.log('web app: built from these sources already, not rebuilding');
  } else {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
    stampBuild(outDir, hash);
  }
}
