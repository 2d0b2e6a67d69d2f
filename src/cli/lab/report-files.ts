/**
 * `--html FILE` and `--csv FILE` of the experiment commands, `merge` and `connect-four tournament`: the results as one
 * self-contained HTML report with the lab page's charts (src/lab/html-report.ts, its chart script
 * inlined from the build's dist/report/charts.js) and as CSV (src/lab/lab-results.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExperimentConfig, Tally } from '../../lab/experiment.js';
import { checkWholeFileTarget, FileSafetyError, refuseSameFiles, writeWholeFile, type NamedPath } from '../../lab/files.js';
import { renderHtmlReport } from '../../lab/html-report.js';
import { labResults, resultsCsv, type LabResults, type ResultsBatch } from '../../lab/lab-results.js';
import { userModuleOf } from '../../lab/user-agents.js';
import { UsageError } from '../options.js';

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

/** The report files asked for, named by their options. */
const reportPaths = (files: ReportFiles): NamedPath[] => [
  ...(files.csv === undefined ? [] : [{ option: '--csv', path: files.csv }]),
  ...(files.html === undefined ? [] : [{ option: '--html', path: files.html }]),
];

/** The player module files among `lineups` (inputs a report must not replace). */
export function moduleFilesOf(lineups: readonly (readonly string[])[]): NamedPath[] {
  const urls = new Set(lineups.flat().flatMap((id) => userModuleOf(id)?.url ?? []));
  return [...urls].filter((url) => url.startsWith('file:')).map((url) => ({ option: 'the player module', path: fileURLToPath(url) }));
}

/**
 * Before anything runs: refuses report files that would replace an input (a results file, a
 * module, a merged file), each other, a device, pipe or link, or another run's file — a usage
 * error, and nothing written. (A folder that is missing shows only when the files are written.)
 */
export function checkReportFiles(files: ReportFiles, inputs: readonly NamedPath[]): void {
  const outputs = reportPaths(files);
  try {
    refuseSameFiles(outputs, inputs);
    for (const { option, path } of outputs) checkWholeFileTarget(path, option);
  } catch (error) {
    if (error instanceof FileSafetyError) throw new UsageError(error.message);
    throw error;
  }
}

/** Writes the files asked for; an unwritable file is an Error naming it (the report on stdout stands). */
export function writeReportFiles(files: ReportFiles, config: ExperimentConfig, tally: Tally, batches: readonly ResultsBatch[]): void {
  if (files.html === undefined && files.csv === undefined) return;
  writeResultsFiles(files, labResults(config, tally, batches));
}

/**
 * The same from results already built (a tournament the lab runner did not play). Each file is
 * written whole (files.ts); one that fails does not keep the other from being written, and the
 * error says which were written and which not.
 */
export function writeResultsFiles(files: ReportFiles, results: LabResults): void {
  const written: string[] = [];
  const failed: string[] = [];
  const write = (path: string, text: () => string, what: string): void => {
    try {
      writeWholeFile(path, text(), what);
      written.push(`${what} ${path}`);
    } catch (error) {
      failed.push(error instanceof Error ? error.message : String(error));
    }
  };
  if (files.csv !== undefined) write(files.csv, () => resultsCsv(results), 'the CSV file');
  if (files.html !== undefined) {
    write(files.html, () => renderHtmlReport(results, { chartScript: readFileSync(chartScriptPath(), 'utf8'), generated: new Date().toISOString() }), 'the HTML report');
  }
  if (failed.length === 0) return;
  throw new Error(`${failed.join('; ')}${written.length === 0 ? '' : `. Written: ${written.join(', ')}`}.`);
}
