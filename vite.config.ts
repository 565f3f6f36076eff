import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import prefresh from '@prefresh/vite';
import { defineConfig, type Alias, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` copies of the built scripts, styles and SVGs, once at build time, so the
 * server can send them to browsers that accept them without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'hackteams:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(join(dir, file));
          if (raw.length < 1024) return; // not worth a round of decompression
          await writeFile(join(dir, `${file}.br`), await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(join(dir, `${file}.gz`), await gzipAsync(raw, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The web app is written against React's API and runs on Preact (`preact/compat`), which does the
 * same in a tenth of the size: the first paint of `/` is under 100 KB of script (decision 014).
 * Exact names only, so `react-router` or `react-hook-form` are not caught by the `react` prefix.
 * The component tests use the same aliases (vitest.config.ts), so they test what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  root: 'src/web',
  // JSX compiles straight to Preact's runtime; in `npx vite`, an edited component is swapped in place (Prefresh).
  plugins: [prefresh(), tailwindcss(), precompress()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: preactAliases },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router reads React 19's `use` and `useOptimistic` where they exist and does without them
        // where they do not, as on Preact: that is not a fault.
        const where = warning.id ?? warning.loc?.file ?? '';
        if (warning.code === 'IMPORT_IS_UNDEFINED' && where.includes('react-router')) return;
        // 'use client' marks server components' boundaries; there are none here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
