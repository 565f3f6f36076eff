/**
 * Prints the gzipped size of what the browser needs for the first paint of `/` (run after
 * `npm run build`): the entry script and stylesheets of index.html, its modulepreload links, the
 * lazily loaded home page chunk, and every chunk those import statically. Dynamic imports (other
 * routes) are not counted. Informational: it never fails the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET_BYTES = 100 * 1024;
const root = process.argv[2] ?? 'dist/web';
const assets = join(root, 'assets');

if (!existsSync(join(root, 'index.html'))) {
  console.log(`bundle size: no ${root}/index.html, nothing to measure`);
  process.exit(0);
}

const html = readFileSync(join(root, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const homeChunks = readdirSync(assets).filter((f) => /^home-page-[\w-]+\.(js|css)$/.test(f));
if (homeChunks.length === 0) console.log('bundle size: no home-page chunk found (is / still lazily loaded?)');

// Static imports between chunks: `from"./x.js"` and bare `import"./x.js"` in minified output.
const needed = new Set<string>();
const visit = (file: string) => {
  if (needed.has(file) || !existsSync(join(assets, file))) return;
  needed.add(file);
  if (!file.endsWith('.js')) return;
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(m[1]);
};
for (const f of [...referenced, ...homeChunks]) visit(f);

const rows = [...needed].map((file) => {
  const raw = readFileSync(join(assets, file));
  return { file, bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

console.log('\nFirst paint of / (gzipped):');
for (const r of rows) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file} (${kb(r.bytes)} raw)`);
const verdict = total <= TARGET_BYTES ? 'PASS' : 'FAIL';
console.log(`  ${kb(total).padStart(9)}  total, target <= ${kb(TARGET_BYTES)}: ${verdict}\n`);
