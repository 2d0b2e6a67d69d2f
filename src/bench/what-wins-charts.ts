/**
 * `npm run what-wins:charts [-- --data FILE --doc FILE --out DIR]`: draws the charts of
 * docs/what-wins.md — one SVG per game, each player's (or pairing's) estimate with its 95% CI —
 * from docs/charts/what-wins.json, the figures of the runs the document's tables report, into
 * docs/charts/<name>.svg. Before writing, it checks that every figure is in a row of a table of
 * the document (the row's `table` text and the three numbers on one line), so that the charts and
 * the tables cannot drift apart; exit status 1 names any row that does not match.
 */
import { mkdirSync } from 'node:fs';
import { READ_LIMITS, readBoundedFile, writeWholeFile } from '../lab/files.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intervalChartSvg, type IntervalChart, type IntervalRow } from './interval-chart.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'what-wins:charts',
  'usage: npm run what-wins:charts -- [--data FILE] [--doc FILE] [--out DIR]\n' +
    'The charts of docs/what-wins.md from the figures of its tables\' runs.',
  { valued: ['--data', '--doc', '--out'] },
);

export interface ChartRow extends IntervalRow {
  /** Text that identifies the row's line in a table of what-wins.md (e.g. "`casual` | `beginner`"). */
  readonly table: string;
}

export interface ChartSpec extends IntervalChart {
  /** The file's name, without `.svg`. */
  readonly name: string;
  /** The commands that produced the figures. */
  readonly commands: readonly string[];
  readonly rows: readonly ChartRow[];
}

export interface ChartData {
  readonly charts: readonly ChartSpec[];
}

/** Reads and checks the chart data (a RangeError names what is wrong). */
export function parseChartData(text: string): ChartData {
  const data = JSON.parse(text) as Partial<ChartData>;
  if (!Array.isArray(data.charts) || data.charts.length === 0) throw new RangeError('The chart data needs a non-empty "charts" list');
  for (const chart of data.charts) {
    if (typeof chart.name !== 'string' || !/^[a-z0-9-]+$/.test(chart.name)) throw new RangeError(`Invalid chart name ${JSON.stringify(chart.name)} (lower-case letters, digits and '-')`);
    if (!Array.isArray(chart.rows) || chart.rows.length === 0) throw new RangeError(`Chart '${chart.name}' has no rows`);
    for (const row of chart.rows) {
      if (typeof row.label !== 'string' || typeof row.table !== 'string' || ![row.estimate, row.low, row.high].every(Number.isFinite)) {
        throw new RangeError(`Chart '${chart.name}': each row needs a label, a table text and finite estimate, low and high (got ${JSON.stringify(row)})`);
      }
    }
  }
  return data as ChartData;
}

/** The numbers written on a line (thousands separators and a leading minus sign, − or -, understood). */
function numbersOn(line: string): number[] {
  return [...line.replace(/(\d),(\d{3})/g, '$1$2').matchAll(/[-−]?\d+(?:\.\d+)?/g)].map((match) => Number(match[0].replace('−', '-')));
}

/** The rows of the data that no table line of `markdown` matches: its `table` text and its estimate, low and high. */
export function rowsMissingFromDoc(data: ChartData, markdown: string): string[] {
  const tableLines = markdown.split('\n').filter((line) => line.trimStart().startsWith('|'));
  const missing: string[] = [];
  for (const chart of data.charts) {
    for (const row of chart.rows) {
      const found = tableLines.some((line) => {
        if (!line.includes(row.table)) return false;
        const numbers = numbersOn(line);
        return [row.estimate, row.low, row.high].every((value) => numbers.some((n) => Math.abs(n - value) < 1e-9));
      });
      if (!found) missing.push(`${chart.name}: '${row.label}' (${String(row.estimate)} [${String(row.low)}, ${String(row.high)}]) is in no table row containing '${row.table}'`);
    }
  }
  return missing;
}

/** Each chart's SVG, by file name. */
export function chartFiles(data: ChartData): { file: string; svg: string }[] {
  return data.charts.map((chart) => ({ file: `${chart.name}.svg`, svg: intervalChartSvg(chart) }));
}

function main(): void {
  const option = (name: string): string | undefined => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const dataFile = option('--data') ?? join(root, 'docs/charts/what-wins.json');
  const docFile = option('--doc') ?? join(root, 'docs/what-wins.md');
  const outDir = option('--out') ?? join(root, 'docs/charts');
  const data = parseChartData(readBoundedFile(dataFile, READ_LIMITS.journal, 'the chart data').toString('utf8'));
  const missing = rowsMissingFromDoc(data, readBoundedFile(docFile, READ_LIMITS.journal, 'the page').toString('utf8'));
  if (missing.length > 0) {
    process.stderr.write(`what-wins:charts: the chart data and the tables of ${docFile} disagree:\n${missing.map((m) => `  ${m}\n`).join('')}`);
    process.exit(1);
  }
  mkdirSync(outDir, { recursive: true });
  for (const { file, svg } of chartFiles(data)) {
    writeWholeFile(join(outDir, file), svg, 'the chart');
    console.log(`wrote ${join(outDir, file)}`);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
