import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      await Promise.all(files.map(async (file) => {
        const raw = await readFile(join(dir, file));
        if (raw.length < 1024) return; // not worth a round of decompression
        await writeFile(join(dir, `${file}.br`), await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(join(dir, `${file}.gz`), await gzipAsync(raw, { level: 9 }));
      }));
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
