import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The page is plain static files with relative addresses, so any web host (or a USB stick
// served by `puzzlepress web`) can serve it from any folder.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] } },
});
