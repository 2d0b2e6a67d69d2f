/**
 * Builds the browser app into dist/web (next to the CLI in dist/, so the package ships it and
 * `tabletop serve` finds it). The engines are imported straight from src/games: one copy of the rules.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Preact's automatic JSX runtime (the same setting as web/tsconfig.json), without a Babel preset.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
  },
  worker: { format: 'es' },
});
