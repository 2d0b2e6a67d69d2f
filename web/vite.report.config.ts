/**
 * Builds the `--html` report's chart script, dist/report/charts.js: the lab page's chart module
 * (web/src/lab/charts.ts, with Observable Plot) as one classic script that the CLI inlines into
 * each report, so a report needs no network. Run by `npm run build` after the app's build.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/report', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    lib: {
      entry: fileURLToPath(new URL('./src/lab/report-entry.ts', import.meta.url)),
      formats: ['iife'],
      name: 'TabletopReport',
      fileName: () => 'charts.js',
    },
  },
});
