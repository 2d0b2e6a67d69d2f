/**
 * `--html FILE` and `--csv FILE` of the experiment commands, `merge` and `connect-four tournament`: the results as one
 * self-contained HTML report with the lab page's charts (src/lab/html-report.ts, its chart script
 * inlined from the build's dist/report/charts.js) and as CSV (src/lab/lab-results.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExperimentConfig, Tally } from '../../lab/experiment.js';
import { renderHtmlReport } from '../../lab/html-report.js';
import { labResults, resultsCsv, type LabResults, type ResultsBatch } from '../../lab/lab-results.js';

export interface ReportFiles {
  readonly html?: string;
  readonly csv?: string;
}

/** dist/report/charts.js: beside dist/cli in the build; from the sources (tests), the built copy. */
export function chartScriptPath(): string {
  for (const relative of ['../../report/charts.js', '../../../dist/report/charts.js']) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('The HTML report needs its chart script, dist/report/charts.js, which is missing: run `npm run build` first.');
}

/** Writes the files asked for; an unwritable file is an Error naming it (the report on stdout stands). */
export function writeReportFiles(files: ReportFiles, config: ExperimentConfig, tally: Tally, batches: readonly ResultsBatch[]): void {
  if (files.html === undefined && files.csv === undefined) return;
  writeResultsFiles(files, labResults(config, tally, batches));
}

/** The same from results already built (a tournament the lab runner did not play). */
export function writeResultsFiles(files: ReportFiles, results: LabResults): void {
  const write = (path: string, text: string, what: string): void => {
    try {
      writeFileSync(path, text);
    } catch (error) {
      throw new Error(`Cannot write the ${what} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (files.csv !== undefined) write(files.csv, resultsCsv(results), 'CSV file');
  if (files.html !== undefined) {
    const chartScript = readFileSync(chartScriptPath(), 'utf8');
    write(files.html, renderHtmlReport(results, { chartScript, generated: new Date().toISOString() }), 'HTML report');
  }
}
